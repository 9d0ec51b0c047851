import TouchEngine
import TouchScenarios

/// Names the cause of a defect from an untraced run's summary (`RunSummary`'s record of what decided the run:
/// the first hit, drop, cancel, filtered or withheld touch, and what ended each recognizer's chance), so every
/// defective run of a sweep gets one cause at no tracing cost (causes.csv). It reads the same decisions a trace
/// shows (`CauseFinder` re-runs a kept example traced and words them for a person); where the summary holds
/// nothing that explains a defect, the cause is ``CauseKind/unknown``, never a guess.
public enum CauseAnalysis {
    /// The cause of `defect`, which the classifier counted for this run. Classes this analysis does not know
    /// get ``CauseKind/unknown``.
    public static func cause(of defect: DefectClass, gesture: Gesture, scene: Scene, summary: RunSummary) -> CauseKind {
        if let kind = systemGestureCause(of: defect, gesture: gesture, scene: scene, summary: summary) { return kind }
        if defect == .deadButton { return deadButton(target: gesture.target, scene: scene, summary: summary) }
        if defect == .swallowedScroll || defect == .wrongScroller {
            guard let pan = intendedPan(gesture, scene) else { return .unknown }
            return panFate(pan, scene: scene, summary: summary)
        }
        if defect == .ghostTap { return ghostTap(gesture, scene: scene, summary: summary) }
        if defect == .swallowedZoom {
            guard let pinch = intendedPinch(gesture, scene) else { return .unknown }
            return pinchFate(pinch, scene: scene, summary: summary)
        }
        // Feedback never seen: the touch's began was held (the content delay or an edge gate) and replayed at the
        // lift, so the highlight came on and went off after the finger was up; or the target never highlighted.
        if defect == .invisibleFeedback {
            return heldBegan(scene, summary) ?? (summary.firstHighlight[gesture.target] == .never ? .neverHighlighted : .unknown)
        }
        if defect == .lateFeedback { return heldBegan(scene, summary) ?? (summary.firstHighlight[gesture.target] == .never ? .neverHighlighted : .unknown) }
        if defect == .lateAction {
            if let r = summary.firstWithheldEndedBy {
                if case .edgeGate = scene.recognizers[r].kind { return .edgeGateDelay }
                return .touchesEndedHeld
            }
            return heldBegan(scene, summary) ?? .unknown
        }
        return .unknown
    }

    /// Dead button: where the first touch went, then what took it from the target.
    static func deadButton(target: ViewID, scene: Scene, summary: RunSummary) -> CauseKind {
        guard let hit = summary.firstHit else { return .unknown }
        guard let view = hit else { return .hitNothing }
        if view != target && !scene.isView(view, inside: target) { return .hitOtherView }
        // The control fired, but what it sent reached no responder that performs it (§5.5).
        if scene.declaresActions(target) && summary.primaryActions[target] > 0 && summary.performedActions[target] == 0 {
            return .actionNotPerformed
        }
        if let by = summary.firstDropBy {
            guard let r = by else { return .cancelledBySystem }
            switch scene.recognizers[r].kind {
            case .scrollDelay: return .refusedByTouchesShouldBegin
            case .scrollPan: return .droppedByScrollView
            default: return scene.recognizers[r].delaysTouchesBegan ? .droppedByDelayingRecognizer : taken(by: r, scene)
            }
        }
        if let cancel = summary.firstCancel {
            guard let r = cancel.by else { return .cancelledBySystem }
            if case .scrollPan = scene.recognizers[r].kind { return .cancelledByScrollPan }
            return taken(by: r, scene)
        }
        if summary.firstFilteredView != nil { return .filteredMultiTouch }
        if summary.count(.touchUpOutside, of: view) > 0 { return .liftedOutside }
        return .unknown
    }

    /// A recognizer that recognized and took the touch from the view (G4).
    static func taken(by r: RecognizerID, _ scene: Scene) -> CauseKind {
        switch scene.recognizers[r].kind {
        case .tap: return .takenByTap
        case .longPress: return .takenByLongPress
        case .pan: return .takenByPan
        case .swipe: return .takenBySwipe
        case .edgeGate: return .takenByEdgeGate
        case .scrollPan: return .cancelledByScrollPan
        case .scrollDelay: return .refusedByTouchesShouldBegin
        case .pinch, .rotation, .scrollZoom: return .takenByPinchOrRotation
        // Sweeps generate stock recognizers only; a custom one (issue 15 §4) has no cause of its own yet.
        case .custom: return .unknown
        // An app's own edge pan, or a back swipe that took the touch (the pop itself is `accidental_back`).
        case .screenEdgePan, .navigationPop: return .takenByPan
        // A sheet's dismiss pan takes touches as any pan does (spec M2, G4).
        case .sheetPan, .panelPan: return .takenByPan
        }
    }

    /// The pan of the scroll view a scroll intent is about.
    static func intendedPan(_ gesture: Gesture, _ scene: Scene) -> RecognizerID? {
        guard case let .scroll(sv, _, _) = gesture.intent else { return nil }
        return scene.scrollRecognizers(of: sv)?.pan
    }

    /// The zoom pinch (`<sv>.pinch`, §6.1) of the scroll view a zoom intent is about.
    static func intendedPinch(_ gesture: Gesture, _ scene: Scene) -> RecognizerID? {
        guard case let .zoom(sv, _) = gesture.intent else { return nil }
        return scene.recognizers.firstIndex { if case .scrollZoom(let s) = $0.kind { s == sv } else { false } }
    }

    /// Why the intended scroll view's pinch did not zoom its content: what failed it (another recognizer that
    /// began first, G7 — a dismiss pan whose fingers' centre moved 10 pt before their distance changed by the pinch
    /// hysteresis; a delegate; a requirement), else it never began (§4.5) or began and zoomed too little (§6.1).
    static func pinchFate(_ pinch: RecognizerID, scene: Scene, summary: RunSummary) -> CauseKind {
        switch summary.decisions[pinch] {
        case .ownGesture, .none:
            guard summary.collected[pinch] else { return .panNeverSawTouch }
            return summary.recognized[pinch] ? .zoomedTooLittle : .pinchDidNotBegin
        default:
            return panFate(pinch, scene: scene, summary: summary)
        }
    }

    /// Why the intended scroll view's pan did not scroll its content.
    static func panFate(_ pan: RecognizerID, scene: Scene, summary: RunSummary) -> CauseKind {
        guard summary.collected[pan] else { return .panNeverSawTouch }
        switch summary.decisions[pan] {
        case .touchesShouldCancelFalse: return .touchesShouldCancelFalse
        case .contentCannotBeCancelled: return .cannotCancelContentTouches
        case .excludedBy, .blockedByActive: return won(by: summary.decidedBy[pan], scene)
        case .requirementRecognized: return .requiredRecognizerRecognized
        case .delegateShouldBegin: return .delegateRefusedBegin
        case .vetoedByView: return .viewVetoedBegin
        case .disabled: return .recognizerDisabled
        case .transferredToParent: return .transferredToParent
        case .ownGesture, .none: return summary.recognized[pan] ? .scrolledTooLittle : .panDidNotBegin
        }
    }

    /// A recognizer that began or recognized first and so failed the pan (G7).
    static func won(by r: RecognizerID, _ scene: Scene) -> CauseKind {
        guard scene.recognizers.indices.contains(r) else { return .unknown }
        switch scene.recognizers[r].kind {
        case .scrollPan: return .otherScrollViewWon
        case .pan: return .panRecognizerWon
        case .swipe: return .swipeRecognizerWon
        case .longPress: return .longPressWon
        case .tap: return .tapRecognizerWon
        case .edgeGate: return .edgeGateWon
        case .sheetPan, .panelPan: return .panRecognizerWon
        case .screenEdgePan, .navigationPop: return .panRecognizerWon
        case .scrollDelay, .custom: return .unknown
        case .pinch, .rotation, .scrollZoom: return .pinchOrRotationWon
        }
    }

    /// Ghost tap: why the scroll did not take the touch from what fired; when the pan did begin, what fired.
    static func ghostTap(_ gesture: Gesture, scene: Scene, summary: RunSummary) -> CauseKind {
        if let pan = intendedPan(gesture, scene), !summary.recognized[pan] {
            return panFate(pan, scene: scene, summary: summary)
        }
        // The first view in view order that fired; only views the run changed can have (`RunSummary.changedViews`).
        if let v = summary.changedViews.filter({ Classifier.firesPrimaryAction($0, scene, summary) }).min() {
            return scene.kind(of: v) == .cell ? .cellSelectedDuringScroll : .controlFiredDuringScroll
        }
        return summary.changedRecognizers.contains { summary.actions[$0] > 0 && Classifier.isTapHandlerOfCellOrControl($0, scene) }
            ? .cellSelectedDuringScroll : .unknown
    }

    /// Late feedback and late action: the recognizer that withheld the touch's began.
    static func heldBegan(_ scene: Scene, _ summary: RunSummary) -> CauseKind? {
        guard let r = summary.firstWithheldBeganBy else { return nil }
        switch scene.recognizers[r].kind {
        case .scrollDelay: return .contentTouchDelay
        case .edgeGate: return .edgeGateDelay
        default: return .delaysTouchesBegan
        }
    }
}
