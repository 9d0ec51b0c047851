import TouchEngine
import TouchScenarios

/// Causes of the system-gesture classes (touch-model-system N, M, K; docs/defects.md), from the run's summary.
extension CauseAnalysis {
    /// The cause of a system-gesture class, nil for the older classes.
    static func systemGestureCause(
        of defect: DefectClass, gesture: Gesture, scene: Scene, summary: RunSummary
    ) -> CauseKind? {
        switch defect {
        case .swallowedBack:
            guard case .goBack(let navigation) = gesture.intent else { return .unknown }
            return swallowedBack(navigation, scene: scene, summary: summary)
        case .accidentalBack:
            guard let pop = summary.pop, scene.recognizers.indices.contains(pop.recognizer),
                case .navigationPop(_, let role) = scene.recognizers[pop.recognizer].kind
            else { return .unknown }
            return role == .edge ? .edgeSwipePopped : .contentSwipePopped
        case .accidentalDismiss:
            return accidentalDismiss(gesture.intent, scene: scene, summary: summary)
        case .stuckSheet:
            return stuckSheet(gesture.intent, scene: scene, summary: summary)
        case .doubleMotion:
            if summary.sheets.contains(where: \.doubleMotion) { return .listAndSheetMoved }
            if let p = scene.panels.indices.first(where: { summary.panels.indices.contains($0) && summary.panels[$0].doubleMotion }) {
                return scene.panels[p].policy == .floatingPanel ? .floatingPanelAndListMoved : .panModalAndListMoved
            }
            return .unknown
        default:
            return nil
        }
    }

    /// Why no pop began on `navigation`: what ended its back swipe's chance (the edge swipe's, or, when the edge
    /// swipe failed on its own rules and the content swipe (N6) saw the touch, the content swipe's).
    static func swallowedBack(_ navigation: ViewID, scene: Scene, summary: RunSummary) -> CauseKind {
        guard let ids = scene.navigationRecognizers(of: navigation) else { return .unknown }
        var r = ids.edge
        if ownFailure(summary.decisions[ids.edge]) && summary.collected[ids.content] && scene.recognizers[ids.content].isEnabled {
            r = ids.content
        }
        if !scene.recognizers[r].isEnabled { return .recognizerDisabled }
        guard summary.collected[r] else { return .panNeverSawTouch }
        switch summary.decisions[r] {
        case .excludedBy, .blockedByActive:
            let by = summary.decidedBy[r]
            guard scene.recognizers.indices.contains(by) else { return .backSwipeLostToRecognizer }
            if case .scrollPan = scene.recognizers[by].kind { return .backSwipeLostToScrollView }
            return .backSwipeLostToRecognizer
        case .requirementRecognized: return .requiredRecognizerRecognized
        case .delegateShouldBegin: return .popRefused
        case .vetoedByView: return .viewVetoedBegin
        case .disabled: return .recognizerDisabled
        case .ownGesture, .none: return .notABackSwipe
        case .touchesShouldCancelFalse, .contentCannotBeCancelled, .transferredToParent: return .unknown
        }
    }

    /// A recognizer that failed by its own rules (or never decided): nothing else ended its chance.
    static func ownFailure(_ decision: RecognizerDecision) -> Bool {
        switch decision {
        case .ownGesture, .none: return true
        default: return false
        }
    }

    /// What moved the sheet or panel the intent did not mean to: the sheet's own pan (M2) or a list's pan handing
    /// its drag to the sheet (M3), a panel following its pan (K1, K2).
    static func accidentalDismiss(_ intent: Intent, scene: Scene, summary: RunSummary) -> CauseKind {
        var threshold = Classifier.accidentalDismissDisplacement
        if case .draw = intent { threshold = Classifier.strokeTakenDisplacement }
        for (i, sheet) in scene.sheets.enumerated() where summary.sheets.indices.contains(i) {
            let outcome = summary.sheets[i]
            let moved = outcome.dismissed || outcome.maxDismissDisplacement >= threshold
            guard moved, intent.subject != sheet.view || outcome.dismissed else { continue }
            let pan = scene.recognizers.indices.first { if case .sheetPan(i) = scene.recognizers[$0].kind { true } else { false } }
            return pan.map { summary.recognized[$0] } == true ? .sheetPanTookDrag : .listDroveSheet
        }
        for (i, panel) in scene.panels.enumerated() where summary.panels.indices.contains(i) {
            let outcome = summary.panels[i]
            let moved = outcome.removed || outcome.maxDownDisplacement >= threshold
            guard moved, intent.subject != panel.view || outcome.removed else { continue }
            return panel.policy == .floatingPanel ? .floatingPanelFollowedDrag : .panModalFollowedDrag
        }
        return .unknown
    }

    /// Why the sheet or panel the intent is about rests where it was: it never moved (the handoff was refused, M3;
    /// the panel kept the list's drag, K1, K2), or it moved and settled back (M4, K1.7, K2.6).
    static func stuckSheet(_ intent: Intent, scene: Scene, summary: RunSummary) -> CauseKind {
        switch intent {
        case .dismissSheet(let v), .resizeSheet(let v, _):
            guard let i = scene.sheets.firstIndex(where: { $0.view == v }), summary.sheets.indices.contains(i) else { return .unknown }
            return summary.sheets[i].moved ? .sheetSettledBack : .sheetDidNotMove
        case .movePanel(let v, _):
            guard let i = scene.panels.firstIndex(where: { $0.view == v }), summary.panels.indices.contains(i) else { return .unknown }
            let moved = summary.panels[i].moved
            if scene.panels[i].policy == .floatingPanel { return moved ? .floatingPanelSettledBack : .floatingPanelDidNotMove }
            return moved ? .panModalSettledBack : .panModalDidNotMove
        default:
            return .unknown
        }
    }
}
