/// Renders a trace as a readable timeline, one line per event: `<time ms>  <what happened>`, and `  [eN]` after an
/// event that happened while UIEvent N was delivered (`TraceEvent.event`).
///
/// The text is stable (golden files compare it exactly): numbers print as integers when whole, else
/// with up to three decimals; names come from the scene.
public enum TraceText {
    public static func render(scene: Scene, trace: [TraceEvent]) -> String {
        var out = "== \(scene.name) ==\n"
        for event in trace {
            let time = fmt(event.time.milliseconds)
            let pad = String(repeating: " ", count: max(0, 8 - time.count))
            out += pad + time + "  " + describe(event.kind, scene: scene)
            out += event.event > 0 ? "  [e\(event.event)]\n" : "\n"
        }
        return out
    }

    static func point(_ p: Point) -> String { "(\(fmt(p.x)),\(fmt(p.y)))" }
    /// `, scale 1.2, velocity 0.5/s` or `, rotation 0.3 rad, velocity 1.5 rad/s` (pinch and rotation actions).
    public static func describe(_ m: GestureMeasure) -> String {
        m.kind == .scale
            ? ", scale \(fmt(m.value)), velocity \(fmt(m.velocity))/s"
            : ", rotation \(fmt(m.value)) rad, velocity \(fmt(m.velocity)) rad/s"
    }

    /// A set of touch numbers: `{1, 2}`.
    static func numbers(_ list: [Int]) -> String { "{" + list.map(String.init).joined(separator: ", ") + "}" }

    /// ` (began {2}, moved {1})` for a UIEvent whose touches are in several phases; empty when they share one.
    static func phaseGroups(_ touches: [Int], _ phases: [TouchPhase]) -> String {
        guard let first = phases.first, phases.contains(where: { $0 != first }) else { return "" }
        let groups = TouchPhase.allCases.compactMap { phase -> String? in
            let members = zip(touches, phases).filter { $0.1 == phase }.map(\.0)
            return members.isEmpty ? nil : "\(phase.rawValue) \(numbers(members))"
        }
        return " (" + groups.joined(separator: ", ") + ")"
    }

    static func name(_ r: Responder, _ scene: Scene) -> String {
        switch r {
        case .view(let v): return scene.views[v].name
        case .controller(let c): return scene.controllers[c].name
        }
    }

    public static func describe(_ kind: TraceEventKind, scene: Scene) -> String {
        let views = scene.views, recs = scene.recognizers
        func rn(_ id: RecognizerID) -> String { recs[id].name }
        switch kind {
        case let .touch(touch, phase, location):
            switch phase {
            case .began: return "touch \(touch) down at \(point(location))"
            case .moved: return "touch \(touch) moves to \(point(location))"
            case .ended: return "touch \(touch) up at \(point(location))"
            case .cancelled: return "touch \(touch) cancelled by the system"
            }
        case let .hitTest(touch, view, chain, recognizers):
            guard let view else { return "touch \(touch) hits no view: it is dropped" }
            var chainNames: [String] = []
            for v in chain {
                chainNames.append(views[v].name)
                if let c = scene.controllers.first(where: { $0.rootView == v }) { chainNames.append(c.name) }
            }
            let recNames = recognizers.isEmpty ? "none" : recognizers.map(rn).joined(separator: ", ")
            return "touch \(touch) hit-tests to \(views[view].name) (\(views[view].className ?? views[view].kind.uikitClass)); "
                + "chain \(chainNames.joined(separator: " → ")); recognizers \(recNames)"
        case let .transition(id, from, to, reason):
            let text = describe(reason, scene: scene)
            return "\(rn(id)): \(stateName(from, id, scene)) → \(stateName(to, id, scene))" + (text.isEmpty ? "" : " — \(text)")
        case let .held(id, reason):
            return "\(rn(id)): stays possible — \(describe(reason, scene: scene))"
        case let .pending(id, waiting):
            return "\(rn(id)): passed its threshold; waits for \(waiting.map(rn).joined(separator: ", ")) to fail (G10)"
        case let .action(id, state, translation, measure):
            let t = translation.map { ", translation \(point($0))" } ?? ""
            return "\(rn(id)) action (\(stateName(state, id, scene))\(t)\(measure.map(describe) ?? ""))"
        case let .timer(text):
            return "timer: \(text)"
        case let .withheld(touch, phase, by):
            return "withhold touch \(touch) \(phase.rawValue) from its view (\(rn(by)) delays touches\(phase == .began ? "Began" : "Ended"))"
        case let .released(touch):
            return "release withheld touch \(touch) to its view"
        case let .dropped(touch, by):
            return "drop touch \(touch): its view never hears of it" + (by.map { " (\(rn($0)) took it)" } ?? "")
        case let .filtered(touch, view, reason):
            return "touch \(touch) not sent to \(views[view].name): \(reason)"
        case let .callback(responder, phase, touches, hitView, handling, allTouches):
            let method = "touches" + phase.rawValue.prefix(1).uppercased() + phase.rawValue.dropFirst()
            let how: String
            switch handling {
            case .handled: how = "handled"
            case .observed: how = "observed, calls super"
            case .forwarded: how = "forwarded to next responder"
            }
            let viewNote = responder == .view(hitView) ? "" : " (touch.view \(views[hitView].name))"
            // One touch, tapCount 1, alone in its event: the single-finger form every golden trace uses.
            let samples = touches.map { t in
                "touch \(t.touch) ts=\(fmt(t.timestamp.milliseconds)) at \(point(t.location)) local \(point(t.local))"
                    + (t.tapCount > 1 ? " tapCount \(t.tapCount)" : "")
            }.joined(separator: ", ")
            let event = allTouches.count > 1 ? "; event.allTouches \(numbers(allTouches))" : ""
            return "\(name(responder, scene)).\(method) \(samples)\(viewNote)\(event) — \(how)"
        case let .tapCount(touch, count, after):
            let p = scene.parameters
            return "touch \(touch) tapCount = \(count): down within \(fmt(p.tapCountInterval.milliseconds)) ms and "
                + "\(fmt(p.tapCountDistance)) pt of touch \(after)'s lift"
        case let .touchEvent(touches, phases, allTouches):
            return "one UIEvent changes touches \(numbers(touches))\(phaseGroups(touches, phases)); event.allTouches \(numbers(allTouches))"
        case let .control(view, event, value):
            return "\(views[view].name) sends \(event.rawValue)" + (value.map { " (value \(fmt($0)))" } ?? "")
        case let .controlAction(view, event, delivery):
            return "\(views[view].name) → " + describe(delivery, scene: scene) + " (\(event.rawValue))" + outcome(delivery, scene: scene)
        case let .highlight(view, on):
            return "\(views[view].name) isHighlighted = \(on)"
        case let .selected(view):
            return "\(views[view].name) selected"
        case let .offset(view, offset), let .frame(view, offset):
            return "\(views[view].name) contentOffset = \(point(offset))"
        case let .zoom(view, scale, content):
            return "\(views[view].name) zoomScale = \(fmt(scale)), contentSize = \(fmt(content.width))×\(fmt(content.height))"
        case let .scroll(view, note):
            let n = views[view].name
            switch note {
            case .willBeginDragging: return "\(n) scrollViewWillBeginDragging"
            case let .willEndDragging(v, target):
                return "\(n) scrollViewWillEndDragging(withVelocity: \(point(v)) pt/ms, targetContentOffset: \(point(target)))"
            case .didEndDragging(let d): return "\(n) scrollViewDidEndDragging(willDecelerate: \(d))"
            case .didEndDecelerating: return "\(n) scrollViewDidEndDecelerating"
            case .tracking(let b): return "\(n) isTracking = \(b)"
            case .dragging(let b): return "\(n) isDragging = \(b)"
            case .decelerating(let b): return "\(n) isDecelerating = \(b)"
            case .willBeginZooming: return "\(n) scrollViewWillBeginZooming"
            case .didEndZooming(let scale): return "\(n) scrollViewDidEndZooming(atScale: \(fmt(scale)))"
            case .zoomBouncing(let b): return "\(n) isZoomBouncing = \(b)"
            }
        case let .asked(id, question, answer):
            return "delegate of \(rn(id)) asked \(ask(question, id, scene)) → \(answer)"
        case let .frameSet(view, frame, by):
            return "\(rn(by))'s action sets \(views[view].name).frame = (\(fmt(frame.origin.x)),\(fmt(frame.origin.y)),"
                + "\(fmt(frame.size.width)),\(fmt(frame.size.height)))"
        case let .enabledSet(id, enabled, by):
            return "\(rn(by))'s action sets \(rn(id)).isEnabled = \(enabled)"
        case let .translationReset(id):
            return "\(rn(id))'s action calls setTranslation(.zero, in:): translation and velocity restart from zero"
        case let .pop(pop):
            return popText(pop, navigation: scene.views[pop.navigation].name, recognizer: rn(pop.recognizer))
        case let .sheet(view, event):
            return describe(event, sheet: views[view].name, scene: scene)
        case let .panel(view, event):
            return describe(event, panel: views[view].name)
        case .privateRecognizers(let view):
            return "\(views[view].name) (UISwitch) is driven by private recognizers on this iOS, which the engine does "
                + "not model: it sends no tracking events here, and what this touch leads to is unknown (§5.4)"
        }
    }

    /// A delegate question as a call: `gestureRecognizer(P, shouldRecognizeSimultaneouslyWith: T)`.
    public static func ask(_ question: DelegateQuestion, _ id: RecognizerID, _ scene: Scene) -> String {
        let me = scene.recognizers[id].name
        switch question {
        case .shouldReceive(let touch): return "gestureRecognizer(\(me), shouldReceive: touch \(touch))"
        case .shouldBegin: return "gestureRecognizerShouldBegin(\(me))"
        case .shouldRecognizeSimultaneously(let other):
            return "gestureRecognizer(\(me), shouldRecognizeSimultaneouslyWith: \(scene.recognizers[other].name))"
        case .shouldRequireFailure(let other):
            return "gestureRecognizer(\(me), shouldRequireFailureOf: \(scene.recognizers[other].name))"
        case .shouldBeRequiredToFail(let other):
            return "gestureRecognizer(\(me), shouldBeRequiredToFailBy: \(scene.recognizers[other].name))"
        }
    }

    /// `UIAction open`, `VC.save(_:)`, `nil-targeted share(_:)`: what a control's registration sends (§5.5).
    public static func describe(_ delivery: ActionDelivery, scene: Scene) -> String {
        switch delivery.handler {
        case .uiAction(let name): return "UIAction \(name)"
        case let .target(responder, action): return "\(name(responder, scene)).\(action)(_:)"
        case .nilTarget(let action): return "nil-targeted \(action)(_:)"
        }
    }

    /// What came of a delivery, after the event: nothing for a UIAction or a target that performs the action; the
    /// responders asked for a nil-targeted one.
    static func outcome(_ delivery: ActionDelivery, scene: Scene) -> String {
        let action = delivery.handler.name
        switch delivery.handler {
        case .uiAction:
            return ""
        case .target(let responder, _):
            return delivery.performed ? "" : ": \(name(responder, scene)) does not implement \(action)(_:)"
        case .nilTarget:
            guard let chain = delivery.chain else { return "" }
            let start =
                chain.firstResponder.map { "first responder \(name($0, scene))" }
                ?? "\(chain.searched.first.map { name($0, scene) } ?? "the sender") (no first responder)"
            var asked = chain.searched.filter { $0 != chain.receiver }.map { r -> String in
                let actions = scene.actions(of: r)
                return name(r, scene)
                    + (actions.implements.contains(action) && actions.refuses.contains(action)
                        ? " (canPerformAction false)" : "")
            }
            if chain.receiver == nil { asked += ["UIApplication", "AppDelegate"] }
            let askedText = asked.isEmpty ? "" : ", asked \(asked.joined(separator: ", "))"
            let result = chain.receiver.map { "; \(name($0, scene)) performs it" } ?? "; no responder performs it"
            return ": from \(start)\(askedText)\(result)"
        }
    }

    /// Discrete recognizers report `.ended` as "recognized".
    static func stateName(_ state: RecognizerState, _ id: RecognizerID, _ scene: Scene) -> String {
        if state == .ended && !scene.recognizers[id].kind.isContinuous { return "recognized" }
        return state.rawValue
    }

    public static func describe(_ reason: Reason, scene: Scene) -> String {
        func rn(_ id: RecognizerID) -> String { scene.recognizers[id].name }
        switch reason {
        case .touchesEnded: return "the touches ended"
        case .touchesCancelled: return "the touches were cancelled"
        case .threshold(let s), .timer(let s), .note(let s): return s
        case .excludedBy(let r): return "excluded by \(rn(r)), which won first (G7)"
        case .blockedByActive(let r): return "\(rn(r)) is already active and excludes it (G7)"
        case .requirementRecognized(let r): return "\(rn(r)), which it requires to fail, recognized (G10)"
        case .systemGesture(let r): return "the system took the touch: \(rn(r)) recognized a system gesture (§8)"
        case .requirementsFailed: return "the recognizers it required to fail have failed (G10)"
        case .waitingFor(let ids): return "waiting for \(ids.map(rn).joined(separator: ", ")) to fail (G10)"
        case .delegateShouldBegin: return "delegate gestureRecognizerShouldBegin returned false (G11)"
        case let .vetoedBy(v, why): return "vetoed by \(scene.views[v].name): \(why) (§5.4)"
        case .contentTouchDelivery(let s): return "contentTouchDelivery: \(s) (S7)"
        case .transfersToParent(let v): return "leaves the axis to \(scene.views[v].name) (S11, iOS ≥ 17.4)"
        case .disabled: return "isEnabled set to false"
        case .caughtDeceleration: return "the touch caught the decelerating scroll view (S9)"
        case let .touchesShouldBegin(v, b):
            return "touchesShouldBegin(in: \(scene.views[v].name)) returned \(b)" + (b ? "" : ": the touch is never delivered (S2)")
        case .reset: return "reset"
        }
    }
}
