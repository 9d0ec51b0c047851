import Foundation
import Testing
import TouchEngine

/// The released scroll view's flight (docs/ARCHITECTURE.md, "Scroll physics"): its curve, its end, the rest
/// before a lift, and that traced and untraced runs agree on what the summary sees.
@Suite struct ScrollFlightTests {
    /// A flick of `speed` pt/ms (constant moves every 8 ms) lifted `rest` ms after its last move.
    static func flick(speed: Double, rest: Double = 8, rate: String = "normal", contentHeight: Double = 40000) -> String {
        var steps = ["0 down (196,800)"]
        var y = 800.0
        for i in 1 ... 10 {
            y -= speed * 8
            steps.append("\(8 * i) move (196,\(y))")
        }
        steps.append("\(80 + rest) up (196,\(y))")
        return """
            name: t
            views:
              - { id: SV, kind: scrollView, frame: [0, 0, 393, 852], contentSize: [393, \(contentHeight)], contentOffset: [0, 5000], decelerationRate: \(rate) }
            script: [\(steps.map { "\"\($0)\"" }.joined(separator: ", "))]
            """
    }

    @Test func aFlightLandsWhereItsSpeedFallsToTheStoppingSpeed() throws {
        let t = try Transcript(Self.flick(speed: 2))
        let record = try #require(t.outcome.scrollViews[t.view("SV")])
        // Released at 5000 + 160 − 10; travels (2 − 0.01)·0.998/0.002 = 993.01 pt in ln(0.01/2)/ln(0.998) ms.
        #expect(abs(record.finalOffset.y - (5150 + 1.99 * 499)) < 1e-6)
        let duration = log(0.01 / 2) / log(0.998)
        let end = try #require(record.notifications.last { $0.value == .didEndDecelerating }?.time)
        #expect(abs(end.milliseconds - (88 + 0.8 + duration)) < 0.001)
        // Frame by frame the offset only grows, and every frame is on the 60 Hz grid.
        let frames = t.trace.compactMap { e -> (VirtualTime, Double)? in
            if case let .frame(_, offset) = e.kind { return (e.time, offset.y) }
            return nil
        }
        #expect(frames.count > 150)
        #expect(zip(frames.dropFirst(), frames).allSatisfy { $0.1 > $1.1 })
        #expect(frames.allSatisfy { abs(($0.0.milliseconds * 60 / 1000).rounded() - $0.0.milliseconds * 60 / 1000) < 0.001 })
    }

    @Test func aFastRateStopsSoonerAndShorter() throws {
        let normal = try Transcript(Self.flick(speed: 2)), fast = try Transcript(Self.flick(speed: 2, rate: "fast"))
        let n = try #require(normal.outcome.scrollViews[normal.view("SV")]?.finalOffset.y)
        let f = try #require(fast.outcome.scrollViews[fast.view("SV")]?.finalOffset.y)
        // .fast: (2 − 0.01)·0.99/0.01 = 197.01 pt.
        #expect(abs(f - (5150 + 1.99 * 99)) < 1e-6 && n > f)
    }

    @Test(arguments: [(99.0, true), (100.0, false), (320.0, false)])
    func aRestBeforeTheLiftReleasesAtRest(rest: Double, flies: Bool) throws {
        let t = try Transcript(Self.flick(speed: 2, rest: rest))
        let record = try #require(t.outcome.scrollViews[t.view("SV")])
        let call = try #require(
            record.notifications.compactMap { s -> Point? in
                if case let .willEndDragging(velocity, _) = s.value { return velocity }
                return nil
            }.first)
        #expect(call == (flies ? Point(0, 2) : .zero))
        #expect(record.notifications.contains { $0.value == .didEndDragging(willDecelerate: flies) })
        #expect((record.finalOffset.y > 5150) == flies)
    }

    @Test func aFlightThatReachesTheEdgeStopsThere() throws {
        let t = try Transcript(Self.flick(speed: 2, contentHeight: 6500))
        let record = try #require(t.outcome.scrollViews[t.view("SV")])
        #expect(record.finalOffset.y == 6500 - 852)
        #expect(record.offsets.allSatisfy { $0.value.y <= 6500 - 852 })
    }

    @Test func theUntracedSummaryIgnoresFrames() throws {
        let t = try Transcript(Self.flick(speed: 2))
        let summary = Engine.summary(t.scene)
        #expect(summary.finalOffsets[t.view("SV")] == t.outcome.scrollViews[t.view("SV")]?.finalOffset)
        #expect(abs(summary.displacement(of: t.view("SV"), along: .vertical) - (150 + 1.99 * 499)) < 1e-6)
    }
}
