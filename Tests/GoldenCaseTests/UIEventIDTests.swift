import Foundation
import ScenarioKit
import TestSupport
import Testing
import TouchEngine

/// The UIEvent id of a trace event (issue 31 §2): one per script step with a touch, none for timers; the
/// `event e<n>` qualifier of `callbacks:` entries and the JSON trace's `uiEvent`.
@Suite struct UIEventIDTests {
    @Test func eachStepWithATouchIsTheNextUIEventAndTimersBelongToNone() throws {
        let steps = try MultiTouchExpectationTests.golden("MT-14-one-uievent-per-step.yaml")
        let trace = Engine.trace(steps.scene)
        let calls = trace.compactMap { e -> Int? in
            if case .callback = e.kind { return e.event }
            return nil
        }
        #expect(calls == [1, 2, 3, 4, 5])
        let press = try MultiTouchExpectationTests.golden("GR-07b-long-press-520ms.yaml")
        let timed = Engine.trace(press.scene).filter { $0.time == .ms(500) }
        #expect(!timed.isEmpty && timed.allSatisfy { $0.event == 0 }, "\(timed)")
        let lift = Engine.trace(press.scene).filter { $0.time == .ms(520) }
        #expect(!lift.isEmpty && lift.allSatisfy { $0.event == 2 }, "\(lift)")
    }

    @Test func aWrongEventIdFailsAndShowsTheObservedOnes() throws {
        let file = "MT-14-one-uievent-per-step.yaml"
        let shared = "  callbacks: {V: [\"began@0 event e1\", \"...\", \"began@1000 touch 4 event e4\", \"...\"]}\n"
        #expect(try MultiTouchExpectationTests.failures(file, shared) == [])
        let same = try MultiTouchExpectationTests.failures(
            file, "  callbacks: {V: [\"...\", \"began@1000 event e3\", \"began@1000 event e3\", \"...\"]}\n")
        #expect(
            same == [
                "expect.callbacks.V (line 18): expected [..., began@1000 event e3, began@1000 event e3, ...], got "
                    + "[began@0 touches (1,2) allTouches (1,2) event e1, ended@80 touches (1,2) allTouches (1,2) event e2, "
                    + "began@1000 touch 3 event e3, began@1000 touch 4 allTouches (3,4) event e4, "
                    + "ended@1080 touches (3,4) allTouches (3,4) event e5]"
            ])
    }

    @Test func aMalformedEventQualifierIsOneSentence() throws {
        do {
            _ = try MultiTouchExpectationTests.failures("MT-14-one-uievent-per-step.yaml", "  callbacks: {V: [began@0 event 1]}\n")
            Issue.record("expected a load error")
        } catch let error as ScenarioError {
            #expect(error.message.hasSuffix("needs a UIEvent number 'e<n>' (n ≥ 1) after 'event'"), "\(error.message)")
        }
    }

    @Test func theJSONTraceEndsAnEventOfAUIEventWithItsId() throws {
        let press = try MultiTouchExpectationTests.json("GR-07b-long-press-520ms.yaml")
        let timer = try #require(press.events.first { $0["type"] as? String == "timer" })
        #expect(timer["uiEvent"] == nil)
        let down = try #require(press.events.first)
        #expect(down["uiEvent"] as? Int == 1 && down.count == 6)
        let calls = try #require((press.outcome["callbacks"] as? [String: Any])?["V"] as? [[String: Any]])
        #expect(calls.map { $0["uiEvent"] as? Int } == [1, nil])
    }
}
