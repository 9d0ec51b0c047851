import TouchEngine
import TouchScenarios

/// Names what the engine saw happen to a defective scenario, by re-running it traced: the recognizer that
/// took or cancelled the target's touch, why the intended scroll view's pan did not scroll, or which
/// recognizer held a phase back. Used for the few examples a report keeps, never in the hot loop.
public enum CauseFinder {
    public static func cause(of defect: DefectClass, gesture: Gesture, scene: Scene) -> String {
        cause(of: defect, gesture: gesture, prepared: PreparedScene(scene))
    }

    /// ``cause(of:gesture:scene:)`` on a scene already prepared (the caller runs it untraced too).
    public static func cause(of defect: DefectClass, gesture: Gesture, prepared: PreparedScene) -> String {
        var traced = prepared.scene
        traced.script = gesture.script
        let trace = Engine.trace(prepared, script: gesture.script)
        func describe(_ kind: TraceEventKind) -> String { TraceText.describe(kind, scene: traced) }
        func rn(_ r: RecognizerID) -> String { traced.recognizers[r].name }
        let target = gesture.target
        let targetName = traced.views[target].name

        switch defect {
        case .deadButton:
            return deadButtonCause(gesture: gesture, trace: trace, scene: traced)
        case .swallowedScroll, .wrongScroller:
            return scrollCause(of: defect, gesture: gesture, trace: trace, scene: traced)
        case .ghostTap:
            for event in trace {
                if case let .control(view, e, _) = event.kind, e == .touchUpInside || e == .valueChanged,
                    !traced.declaresActions(view)
                {
                    return "\(traced.views[view].name) sent \(e.rawValue) during the scroll (S7: content kept the touch)"
                }
                if case let .controlAction(view, _, delivery) = event.kind, delivery.performed {
                    return "\(traced.views[view].name) performed \(TraceText.describe(delivery, scene: traced)) during the scroll (§5.5)"
                }
                if case let .selected(view) = event.kind { return "\(traced.views[view].name) was selected during the scroll" }
            }
            return "an action fired during the scroll"
        case .lateFeedback:
            for event in trace {
                if case let .withheld(_, .began, by) = event.kind { return "touchesBegan withheld by \(rn(by)) (G5)" }
                if case let .highlight(view, true) = event.kind, view == target { break }
            }
            return "\(targetName) did not highlight before its action"
        case .invisibleFeedback:
            var withheldBy: RecognizerID?
            for event in trace {
                if case let .withheld(_, .began, by) = event.kind, withheldBy == nil { withheldBy = by }
                guard case let .highlight(view, true) = event.kind, view == target else { continue }
                guard !Classifier.fingerDown(at: event.time, script: gesture.script) else {
                    return "\(targetName)'s highlight lasted less than one frame"
                }
                if let by = withheldBy { return "touchesBegan withheld by \(rn(by)) until the lift (G5): \(targetName) lit only at touch-up" }
                return "\(targetName) lit only at touch-up"
            }
            return "\(targetName) never highlighted"
        case .lateAction:
            // The hold on touchesEnded is what delays an action past the lift; a withheld began only explains
            // the rest.
            for event in trace {
                if case let .withheld(_, .ended, by) = event.kind { return "touchesEnded held by \(rn(by)) until it failed (G6)" }
            }
            for event in trace {
                if case let .withheld(_, .began, by) = event.kind { return "touchesBegan withheld by \(rn(by)) (G5)" }
            }
            return "the action came late"
        case .swallowedZoom:
            guard let pinch = CauseAnalysis.intendedPinch(gesture, traced) else { return "no zoom pinch" }
            for event in trace {
                if case let .transition(r, _, .failed, reason) = event.kind, r == pinch {
                    return "\(rn(pinch)) failed: " + TraceText.describe(reason, scene: traced)
                }
            }
            if trace.contains(where: { if case let .transition(r, _, .began, _) = $0.kind { r == pinch } else { false } }) {
                return "\(rn(pinch)) began but the zoom scale moved less than half the pinch (§6.1: a zoom limit)"
            }
            return "the distance between the fingers never changed by the pinch hysteresis (§4.5)"
        case .swallowedBack, .accidentalBack, .accidentalDismiss, .stuckSheet, .doubleMotion:
            return systemGestureCause(of: defect, gesture: gesture, scene: traced, trace: trace)
        }
    }

    /// Why a tap aimed at a control or cell fired nothing: where the touch went, who took or cancelled it, or which
    /// of the target's actions went unperformed.
    static func deadButtonCause(gesture: Gesture, trace: [TraceEvent], scene traced: Scene) -> String {
        func describe(_ kind: TraceEventKind) -> String { TraceText.describe(kind, scene: traced) }
        func rn(_ r: RecognizerID) -> String { traced.recognizers[r].name }
        let target = gesture.target
        let targetName = traced.views[target].name
        if case let .trigger(view, handler) = gesture.intent { return handlerCause(handler, on: view, trace: trace, scene: traced) }
        var hit: ViewID?? = nil
        for event in trace {
            switch event.kind {
            case let .hitTest(_, view, _, _) where hit == nil:
                hit = .some(view)
                if let v = view, v != target, !traced.isView(v, inside: target) {
                    return "the touch hit \(traced.views[v].name), not \(targetName) (H1–H3)"
                }
                if view == nil { return "the touch hit no view" }
            case let .dropped(_, by):
                return "the touch was dropped before \(targetName) saw it: " + (by.map { "\(rn($0)) took it" } ?? "system cancel")
            case let .control(view, .touchCancel, _) where view == target:
                return "\(targetName) got touchesCancelled: " + lastCommit(before: event, in: trace, traced)
            case let .control(view, .touchUpOutside, _) where view == target:
                return "the finger lifted outside \(targetName)'s tracking area (§5.2)"
            case let .callback(responder, .cancelled, _, _, _, _) where responder == .view(target):
                return "\(targetName) got touchesCancelled: " + lastCommit(before: event, in: trace, traced)
            case let .filtered(_, view, reason):
                return "the touch was not sent to \(traced.views[view].name): \(reason) (H5)"
            default:
                break
            }
        }
        if traced.declaresActions(target) {
            let sent = trace.compactMap { e -> String? in
                guard case let .controlAction(view, _, delivery) = e.kind, view == target, !delivery.performed else { return nil }
                return describe(e.kind)
            }
            if let first = sent.first { return "\(targetName) fired, but no responder performed its action: \(first) (§5.5)" }
            return "\(targetName) fired, but no action it registers was sent (§5.5: removed, or registered for other events)"
        }
        return "\(targetName) tracked the touch but never fired its action"
    }

    /// Why the intended scroll view did not scroll (its pan failed, was held, never reached its hysteresis or never
    /// got the touch), or which other scroll view's pan began first.
    static func scrollCause(of defect: DefectClass, gesture: Gesture, trace: [TraceEvent], scene traced: Scene) -> String {
        func rn(_ r: RecognizerID) -> String { traced.recognizers[r].name }
        guard case let .scroll(sv, _, _) = gesture.intent,
            let pan = traced.scrollRecognizers(of: sv)?.pan
        else { return "no scroll pan" }
        var moved: String?
        for event in trace {
            switch event.kind {
            case let .transition(r, _, .failed, reason) where r == pan:
                return "\(rn(pan)) failed: " + TraceText.describe(reason, scene: traced)
            case let .held(r, reason) where r == pan:
                return "\(rn(pan)) " + TraceText.describe(reason, scene: traced)
            case let .transition(r, _, .began, _) where r != pan && defect == .wrongScroller:
                if case .scrollPan(let other) = traced.recognizers[r].kind, other != sv {
                    moved = "\(rn(r)) began first and scrolled \(traced.views[other].name) (G7)"
                }
            default:
                break
            }
        }
        if let moved { return moved }
        if !trace.contains(where: { if case .hitTest(_, let v?, _, let recs) = $0.kind { return recs.contains(pan) && v >= 0 } else { return false } }) {
            return "the touch never reached \(traced.views[sv].name)'s pan (hit test or pass-through, §6.5)"
        }
        return "\(rn(pan)) never reached its hysteresis on a scrollable axis (S5)"
    }

    /// The recognizer that began or recognized most recently before `event` (whose commit cancelled touches).
    static func lastCommit(before event: TraceEvent, in trace: [TraceEvent], _ scene: Scene) -> String {
        var found: String?
        for e in trace {
            if e == event { break }
            if case let .transition(r, .possible, to, _) = e.kind, to == .began || to == .ended {
                found = "\(scene.recognizers[r].name) \(to == .began ? "began" : "recognized") (G4)"
            }
        }
        return found ?? "the system"
    }
}
