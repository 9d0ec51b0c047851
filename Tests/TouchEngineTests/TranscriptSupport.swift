import ScenarioKit
import TouchEngine

/// Loads an inline YAML scenario and runs it: the test reads as a transcript of what UIKit does.
struct Transcript {
    let scene: Scene
    let trace: [TraceEvent]
    let outcome: Outcome

    init(_ yaml: String) throws {
        scene = try ScenarioLoader.load(yaml: yaml, path: "inline.yaml").scene
        trace = Engine.trace(scene)
        outcome = Outcome(scene: scene, trace: trace)
    }

    func view(_ name: String) -> ViewID { scene.view(named: name)! }
    func recognizer(_ name: String) -> RecognizerID { scene.recognizer(named: name)! }

    /// "began@0, ended@80" style list of the callbacks a view handled or observed.
    func callbacks(_ name: String) -> [String] {
        (outcome.callbacks[.view(view(name))] ?? []).filter { $0.handling != .forwarded }
            .map { "\($0.phase.rawValue)@\(ms($0.time))" }
    }
    func controls(_ name: String) -> [String] {
        (outcome.controlEvents[view(name)] ?? []).map { "\($0.event.rawValue)@\(ms($0.time))" }
    }
    func actions(_ name: String) -> [String] {
        (outcome.actions[recognizer(name)] ?? []).map { "\($0.state.rawValue)@\(ms($0.time))" }
    }
    func transitions(_ name: String) -> [String] {
        (outcome.transitions[recognizer(name)] ?? []).map { "\($0.state.rawValue)@\(ms($0.time))" }
    }
    func offsets(_ name: String) -> [String] {
        (outcome.scrollViews[view(name)]?.offsets ?? []).map { "(\(num($0.value.x)),\(num($0.value.y)))@\(ms($0.time))" }
    }
    var text: String { TraceText.render(scene: scene, trace: trace) }

    private func ms(_ t: VirtualTime) -> String { num(t.milliseconds) }
    private func num(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : String(r)
    }
}
