import Foundation
import ScenarioKit
import TestSupport
import Testing
import TouchEngine

/// The tolerances of scroll entries (`±`), the `willEndDragging` entry, and the frames a deceleration shows in the
/// text and JSON traces, on the recorded SP scenarios.
@Suite struct ScrollPhysicsExpectationTests {
    static let flick = "SP-02b-flick-3-pt-per-ms-flies-2.85-s.yaml"

    @Test func anOffsetHoldsWithinItsToleranceAndFailsBeyondIt() throws {
        // The frame at 122.283 ms shows 5330.438; the recording 5330.333.
        #expect(try MultiTouchExpectationTests.failures(Self.flick, "  scroll: {SV: [\"y=5330.333±0.5@122.3\"]}\n") == [])
        #expect(try MultiTouchExpectationTests.failures(Self.flick, "  scroll: {SV: [\"y=5330.333+-0.2@122.3\"]}\n") == [])
        #expect(
            try MultiTouchExpectationTests.failures(Self.flick, "  scroll: {SV: [\"y=5330.333±0.1@122.3\"]}\n") == [
                "expect.scroll.SV (line 37): expected y=5330.333±0.1@122.3, got y=5330.437957@122.3"
            ])
        // Without a tolerance `=` is exact (to a millionth).
        #expect(try MultiTouchExpectationTests.failures(Self.flick, "  scroll: {SV: [\"y=5330.333@122.3\"]}\n").count == 1)
        #expect(try MultiTouchExpectationTests.failures(Self.flick, "  scroll: {SV: [\"final y=6818±0.5\"]}\n") == [])
        #expect(try MultiTouchExpectationTests.failures(Self.flick, "  scroll: {SV: [\"final y=6817±0.5\"]}\n").count == 1)
    }

    @Test func aDelegateCallTimeHoldsWithinItsTolerance() throws {
        // The flight ends at 2969.838 ms; the recording's didEndDecelerating came at 2972.4.
        #expect(try MultiTouchExpectationTests.failures(Self.flick, "  scroll: {SV: [\"didEndDecelerating@2972.4±5\"]}\n") == [])
        #expect(
            try MultiTouchExpectationTests.failures(Self.flick, "  scroll: {SV: [\"didEndDecelerating@2972.4±2\"]}\n") == [
                "expect.scroll.SV (line 37): expected didEndDecelerating@2972.4±2, got didEndDecelerating@2969.838"
            ])
    }

    @Test func willEndDraggingChecksVelocityAndTarget() throws {
        let good = "  scroll: {SV: [\"willEndDragging@120 velocity=(0,3)±0.001 target=(0,6819.667)±0.5\"]}\n"
        #expect(try MultiTouchExpectationTests.failures(Self.flick, good) == [])
        let wrong = "  scroll: {SV: [\"willEndDragging@120 velocity=(0,2.5)±0.001 target=(0,6819.667)±0.5\"]}\n"
        #expect(
            try MultiTouchExpectationTests.failures(Self.flick, wrong) == [
                "expect.scroll.SV (line 37): expected willEndDragging@120 velocity=(0,2.5)±0.001 target=(0,6819.667)±0.5, "
                    + "got willEndDragging@120 velocity=(0,3) target=(0,6819.504501)"
            ])
        // A rest before the lift releases at velocity zero (SP-01).
        let rest = "  scroll: {SV: [\"willEndDragging@1280 velocity=(0,0) target=(0,5170)\"]}\n"
        #expect(try MultiTouchExpectationTests.failures("SP-01-slow-drag-held-still-does-not-fly.yaml", rest) == [])
    }

    @Test func aToleranceMustBeANumberNotNegative() {
        for entry in ["y=1±@3", "y=1±-1@3", "final y=1±x", "didEndDragging@3±", "willEndDragging@3 target=(0,1)±-2"] {
            #expect(throws: ScenarioError.self, "\(entry)") {
                try ScenarioLoader.load(yaml: Self.minimal + "expect:\n  scroll: {SV: [\"\(entry)\"]}\n", path: "t.yaml")
            }
        }
    }

    static let minimal = """
        views:
          - id: SV
            kind: scrollView
            frame: [0, 0, 390, 844]
            contentSize: [390, 3000]
        script: ["0 down (10,10)", "20 up (10,10)"]

        """

    @Test func theTextTraceShowsEveryFrameOfTheFlight() throws {
        let path = Repository.url("configs/scenarios/golden/\(Self.flick)").path
        let scenario = try ScenarioLoader.load(path: path)
        let trace = Engine.trace(scenario.scene)
        let frames = trace.filter {
            if case .frame = $0.kind { return true }
            return false
        }
        // 60 Hz from 122.283 ms (the recording's frame phase) until the landing at 2969.838 ms, which `offset` shows.
        #expect(frames.count == 171)
        #expect(trace.last { if case .offset = $0.kind { return true } else { return false } }?.time == .ms(2969.838))
        #expect(frames.first?.time == VirtualTime(microseconds: 122_283))
        let gaps = zip(frames.dropFirst(), frames).map { ($0.time - $1.time).microseconds }
        #expect(gaps.dropLast().allSatisfy { (16_666 ... 16_667).contains($0) })
        let text = TraceText.render(scene: scenario.scene, trace: trace)
        #expect(text.contains(" 122.283  SV contentOffset = (0,5330.438)\n"))
        #expect(text.contains("     120  SV scrollViewWillEndDragging(withVelocity: (0,3) pt/ms, targetContentOffset: (0,6819.505))  [e16]\n"))
    }

    @Test func theJSONTraceCarriesFramesAndWillEndDragging() throws {
        let flight = try MultiTouchExpectationTests.json(Self.flick)
        let call = try #require(flight.events.first { $0["call"] as? String == "scrollViewWillEndDragging" })
        #expect(call["velocity"] as? [Double] == [0, 3] && call["targetContentOffset"] as? [Double] == [0, 6819.505])
        let frames = flight.events.filter { $0["type"] as? String == "offset" && ($0["t"] as? Double ?? 0) > 120 }
        #expect(frames.count == 172 && frames.filter { $0["frame"] as? Bool == true }.count == 171)
        #expect(frames.first?["t"] as? Double == 122.283 && frames.first?["offset"] as? [Double] == [0, 5330.438])
    }
}
