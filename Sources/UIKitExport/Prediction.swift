import ScenarioKit
import TouchEngine

/// What the simulator predicts for a scenario, as comment lines in the same words as the device log:
/// a timeline of what a device can observe (hit tests, `touches…` calls, control events, highlights,
/// selections, recognizer actions, scroll offsets and drags), the final offsets, and the `expect:` check.
struct Prediction {
    let scenario: LoadedScenario
    let trace: [TraceEvent]
    let outcome: Outcome

    init(scenario: LoadedScenario) {
        self.scenario = scenario
        trace = Engine.trace(scenario.scene)
        outcome = Outcome(scene: scenario.scene, trace: trace)
    }

    var scene: Scene { scenario.scene }

    /// The timeline: `t=80 ms  Btn TouchUpInside`.
    var timeline: [String] {
        trace.flatMap { event -> [String] in
            guard let text = describe(event.kind) else { return [] }
            return text.split(separator: "\n").map { "t=\(SwiftLiteral.ms(event.time)) ms  " + $0 }
        }
    }

    /// Whether the log must print tap counts, call sets and `event.allTouches` (the scenario has a multi-touch
    /// step, a repeated tap or touches that overlap); single-finger exports keep the short log.
    var isDetailed: Bool {
        scene.script.contains { $0.sameEvent }
            || trace.contains { event in
                switch event.kind {
                case .tapCount: return true
                case let .callback(_, _, touches, _, _, allTouches): return touches.count > 1 || allTouches.count > 1
                default: return false
                }
            }
    }

    func numbers(_ list: [Int]) -> String { "{" + list.map(String.init).joined(separator: ", ") + "}" }

    func name(_ responder: Responder) -> String {
        switch responder {
        case .view(let v): return scene.views[v].name
        case .controller(let c): return scene.controllers[c].name
        }
    }

    func point(_ p: Point) -> String { "(\(SwiftLiteral.number(p.x)),\(SwiftLiteral.number(p.y)))" }

    func describe(_ kind: TraceEventKind) -> String? {
        switch kind {
        case let .hitTest(touch, view, _, _):
            let location =
                trace.lazy.compactMap { e -> Point? in
                    if case let .touch(t, .began, p) = e.kind, t == touch { return p } else { return nil }
                }.first ?? .zero
            return "hit test at \(point(location)) → \(view.map { scene.views[$0].name } ?? "none") (touch \(touch))"
        case let .callback(responder, phase, touches, _, handling, allTouches):
            // One line per touch of the call, as the log writes them; a multi-touch call, a repeated tap and an
            // event of several touches add what the detailed log prints (`Prediction.isDetailed`).
            let set = touches.count > 1 ? " call=" + numbers(touches.map(\.touch)) : ""
            let all = allTouches.count > 1 ? " allTouches=" + numbers(allTouches) : ""
            return touches.map { t in
                "\(name(responder)) \(phase.rawValue) touch \(t.touch) ts=\(SwiftLiteral.ms(t.timestamp)) at \(point(t.location))"
                    + (t.tapCount > 1 ? " tapCount=\(t.tapCount)" : "") + set + all + " (\(handling.rawValue))"
            }.joined(separator: "\n")
        case .tapCount, .touchEvent:
            return nil // the log shows them on the touches… lines (tapCount=, call=, allTouches=)
        case let .control(view, event, value):
            let suffix = event == .valueChanged ? " value=" + (value.map { SwiftLiteral.number($0) } ?? "-") : ""
            return "\(scene.views[view].name) \(event.rawValue)\(suffix)"
        case let .controlAction(view, _, delivery):
            // The device's lines: the control's sendAction(_:to:for:) override, then the action method's own line.
            let control = scene.views[view].name
            switch delivery.handler {
            case .uiAction(let action): return "\(control) UIAction \(action)"
            case let .target(target, action): return "\(control) sendAction \(action): to \(name(target))" + performed(delivery, control)
            case .nilTarget(let action): return "\(control) sendAction \(action): to nil" + performed(delivery, control)
            }
        case let .highlight(view, on):
            return "\(scene.views[view].name) \(on ? "on" : "off") (highlight)"
        case let .selected(view):
            return "\(scene.views[view].name) selected"
        case let .action(recognizer, state, translation, measure):
            let r = scene.recognizers[recognizer]
            // The system's gate is not the app's and logs nothing: what a device shows is the system's panel.
            if case .edgeGate = r.kind { return "the system takes the touch (\(r.name): Notification Center or Control Center comes down; not logged)" }
            let stateName = state == .ended && !r.kind.isContinuous ? "recognized" : "\(state)"
            return "\(r.name) action \(stateName)" + (translation.map { " translation=" + point($0) } ?? "")
                + (measure.map { " \($0.kind.rawValue)=" + SwiftLiteral.number($0.value) } ?? "")
        case let .offset(view, offset):
            return "\(scene.views[view].name) offset \(point(offset))"
        case let .scroll(view, note):
            switch note {
            case .willBeginDragging: return "\(scene.views[view].name) willBeginDragging"
            case .didEndDragging(let decelerate): return "\(scene.views[view].name) didEndDragging willDecelerate=\(decelerate)"
            case .didEndDecelerating: return "\(scene.views[view].name) didEndDecelerating"
            case .willBeginZooming: return "\(scene.views[view].name) willBeginZooming"
            case .didEndZooming(let scale): return "\(scene.views[view].name) didEndZooming atScale=" + SwiftLiteral.number(scale)
            default: return nil
            }
        case let .dropped(touch, _):
            return "touch \(touch) dropped: no view will hear of it"
        case let .asked(recognizer, question, answer):
            return "delegate of \(scene.recognizers[recognizer].name) asked \(TraceText.ask(question, recognizer, scene)) → \(answer)"
        case let .frameSet(view, frame, by):
            return "\(scene.recognizers[by].name)'s action sets \(scene.views[view].name).frame = (\(SwiftLiteral.number(frame.origin.x)), "
                + "\(SwiftLiteral.number(frame.origin.y)), \(SwiftLiteral.number(frame.size.width)), \(SwiftLiteral.number(frame.size.height)))"
        case .pop, .sheet:
            // The pop transition (N9) and the sheets (M1–M6) in the trace's words; the export logs the same lines.
            return TraceText.describe(kind, scene: scene)
        default:
            return nil
        }
    }

    /// `; VC performs save: from B`, or that no responder did (nothing more is logged).
    func performed(_ delivery: ActionDelivery, _ control: String) -> String {
        guard let receiver = delivery.receiver else { return "; no responder performs it (nothing more is logged)" }
        return "; \(name(receiver)) performs \(delivery.handler.name): from \(control)"
    }

    /// `SV: (0,0) → (0,40), dragged` per scroll view.
    var scrollSummary: [String] {
        scene.views.indices.compactMap { id in
            guard let record = outcome.scrollViews[id] else { return nil }
            let moved = record.initialOffset != record.finalOffset || !record.offsets.isEmpty
            let text = moved ? "\(point(record.initialOffset)) → \(point(record.finalOffset))" : "stays at \(point(record.initialOffset))"
            return "\(scene.views[id].name): \(text)\(record.everDragged ? ", dragged" : ", never dragging")"
        }
    }

    /// The `expect:` check: nil without an `expect:` block, else one line per failure (empty: all hold).
    var expectationFailures: [String]? {
        guard let expectations = scenario.expectations else { return nil }
        return expectations.check(scene: scene, trace: trace, outcome: outcome).map(\.description)
    }

    /// The hit view's name per touch number, for the script's steps.
    func hitViewName(touch: Int) -> String? {
        guard let hit = outcome.hitViews[touch] else { return nil }
        return hit.map { scene.views[$0].name } ?? "no view"
    }
}
