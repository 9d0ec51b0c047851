import ScenarioKit
import Testing
import TouchEngine

/// A custom recognizer's failure timer (`failsAfter`, issue 31 §2) against its delay to begin: the earlier one
/// decides, and a recognizer that has left `possible` no longer fails on a timer.
@Suite struct CustomTimerTests {
    func transitions(_ keys: String, script: String = "0 down (100,150) · 500 up (100,150)") throws -> [String] {
        let yaml = """
            name: t
            views:
              - { id: V, frame: [50, 100, 200, 200], touches: logs }
            recognizers:
              - { id: C, kind: custom, view: V, \(keys) }
            script: "\(script)"
            """
        let scene = try ScenarioLoader.load(yaml: yaml, path: "t.yaml").scene
        return Engine.trace(scene).compactMap { event in
            guard case let .transition(_, _, to, reason) = event.kind, reason != .reset else { return nil }
            return "\(to.rawValue)@\(Int(event.time.milliseconds))"
        }
    }

    @Test func theEarlierTimerDecides() throws {
        #expect(try transitions("begins: delay, delay: 300, failsAfter: 200") == ["failed@200"])
        #expect(try transitions("begins: delay, delay: 300, failsAfter: 400, continuous: true") == ["began@300", "ended@500"])
    }

    @Test func aTouchUpRecognizerFailsIfHeldTooLongAndRecognizesIfLiftedInTime() throws {
        #expect(try transitions("begins: touchUp, failsAfter: 200") == ["failed@200"])
        #expect(try transitions("begins: touchUp, failsAfter: 200", script: "0 down (100,150) · 150 up (100,150)") == ["ended@150"])
    }

    @Test func theTimerStartsAtTheFirstTouchOnly() throws {
        let script = "0 down (100,150) · 100 down (150,150) touch 2 · 250 up (100,150) · 260 up (150,150) touch 2"
        #expect(try transitions("begins: never, failsAfter: 200", script: script) == ["failed@200"])
    }
}
