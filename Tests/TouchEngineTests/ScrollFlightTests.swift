import Foundation
import Testing
import TouchEngine

/// The released scroll view's flight (docs/ARCHITECTURE.md, "Scroll physics"): its curve, its end, the rest
/// before a lift, and that traced and untraced runs agree on what the summary sees.
@Suite struct ScrollFlightTests {
    /// A flick of `speed` pt/ms (constant moves every 8 ms) lifted `rest` ms after its last move.
    static func flick(
        speed: Double, rest: Double = 8, rate: String = "normal", contentHeight: Double = 40000, then extra: [String] = [], subviews: String = ""
    ) -> String {
        var steps = ["0 down (196,800)"]
        var y = 800.0
        for i in 1 ... 10 {
            y -= speed * 8
            steps.append("\(8 * i) move (196,\(y))")
        }
        steps.append("\(80 + rest) up (196,\(y))")
        steps += extra
        return """
            name: t
            views:
              - { id: SV, kind: scrollView, frame: [0, 0, 393, 852], contentSize: [393, \(contentHeight)], contentOffset: [0, 5000], decelerationRate: \(rate)\(subviews) }
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

    @Test func aFlightThatReachesTheEdgeOvershootsAndSettlesOnIt() throws {
        let t = try Transcript(Self.flick(speed: 2, contentHeight: 6500))
        let record = try #require(t.outcome.scrollViews[t.view("SV")])
        let edge = 6500.0 - 852
        #expect(record.finalOffset.y == edge)
        // It runs on past the edge (a critically damped spring at the impact speed, ω = 11/s) and comes back.
        let peak = record.offsets.map(\.value.y).max() ?? 0
        #expect(peak > edge + 30 && peak < edge + 70, "peak \(peak)")
        // Settles well before a free flight would have ended (2.65 s).
        let end = try #require(record.notifications.last { $0.value == .didEndDecelerating }?.time)
        #expect(end < .ms(1200))
        // The untraced summary's displacement counts the overshoot, as the frames show it (within a frame).
        let moved = Engine.summary(t.scene).displacement(of: t.view("SV"), along: .vertical)
        #expect(moved >= peak - 5000 && moved < peak - 5000 + 1)
        // Without bouncing it stops at the edge.
        let yaml = Self.flick(speed: 2, contentHeight: 6500)
        let stiff = try Transcript(yaml.replacingOccurrences(of: "decelerationRate:", with: "bounces: false, decelerationRate:"))
        #expect(try #require(stiff.outcome.scrollViews[stiff.view("SV")]).offsets.allSatisfy { $0.value.y <= edge })
    }

    /// A drag 70 pt past the top at 1.25 pt/ms, lifted while still moving.
    static let pulledPastTheTop = """
        name: t
        views:
          - { id: SV, kind: scrollView, frame: [0, 0, 393, 852], contentSize: [393, 40000] }
        script: ["0 down (196,100)", "8 move (196,110)", "16 move (196,120)", "24 move (196,130)", "32 move (196,140)",
          "40 move (196,150)", "48 move (196,160)", "56 move (196,170)", "64 move (196,180)", "72 up (196,180)"]
        """

    @Test func releasedPastTheEdgeWhileMovingOutwardItKeepsGoingOutwardFirst() throws {
        let t = try Transcript(Self.pulledPastTheTop)
        let offsets = try #require(t.outcome.scrollViews[t.view("SV")]).offsets.filter { $0.time > .ms(72) }
        let released = try #require(t.outcome.scrollViews[t.view("SV")]?.offsets.last { $0.time <= .ms(72) }?.value.y)
        let deepest = try #require(offsets.min { $0.value.y < $1.value.y })
        // Further out than at the lift, for about 50 ms (the errata's ≈ 50 ms), then back to 0.
        #expect(deepest.value.y < released - 10)
        #expect(deepest.time > .ms(72 + 30) && deepest.time < .ms(72 + 80), "\(deepest.time.milliseconds)")
        #expect(offsets.last?.value.y == 0)
    }

    @Test func releasedPastTheEdgeAtRestItSpringsBackWithoutGoingOutward() throws {
        let rested = Self.pulledPastTheTop.replacingOccurrences(of: "\"72 up (196,180)\"", with: "\"400 up (196,180)\"")
        let t = try Transcript(rested)
        let record = try #require(t.outcome.scrollViews[t.view("SV")])
        let after = record.offsets.filter { $0.time > .ms(400) }.map(\.value.y)
        #expect(zip(after.dropFirst(), after).allSatisfy { $0 > $1 }, "monotone back to the edge")
        // The pan's velocity is still reported (as the recording shows) but not carried.
        #expect(record.notifications.contains { $0.value == .willEndDragging(velocity: Point(0, -1.25), target: .zero) })
        // From 36.8 pt shown (70 pt pulled) back within 0.4 pt: ln(70/0.728)/9.6 s.
        let end = try #require(record.notifications.last { $0.value == .didEndDecelerating }?.time)
        #expect(abs(end.milliseconds - (400 + 1000 * log(70 / (852 * (1 / (1 - 0.4 / 852) - 1) / 0.55)) / 9.6)) < 0.01)
    }

    @Test func theUntracedSummaryIgnoresFrames() throws {
        let t = try Transcript(Self.flick(speed: 2))
        let summary = Engine.summary(t.scene)
        #expect(summary.finalOffsets[t.view("SV")] == t.outcome.scrollViews[t.view("SV")]?.finalOffset)
        #expect(abs(summary.displacement(of: t.view("SV"), along: .vertical) - (150 + 1.99 * 499)) < 1e-6)
    }

    /// A touch that lands during a flight hits the content that is under it then (the flight's offset at the
    /// touch-down), the offset S9's catch stops the scroll view at, not the content that was there at the lift.
    @Test func aTouchDuringAFlightHitsTheContentUnderItNow() throws {
        // Released at 5150 moving 2 pt/ms; 411 ms into the flight it has travelled about 560 pt, so window point
        // (50, 100) shows content y ≈ 5810 (inside B), where at the lift it showed 5250 (the scroll view's background).
        let yaml = Self.flick(
            speed: 2, then: ["500 down (50,100)", "520 up (50,100)"], subviews: ", subviews: [{ id: B, kind: button, frame: [0, 5600, 100, 400] }]")
        let t = try Transcript(yaml)
        let hits = t.trace.compactMap { e -> ViewID?? in
            if case let .hitTest(_, view, _, _) = e.kind { return view }
            return nil
        }
        #expect(hits == [t.view("SV"), t.view("B")], "the flick starts on the background (x 196); \(t.text)")
        // The catch stops the scroll view at that same offset.
        let caught = try #require(t.outcome.scrollViews[t.view("SV")]?.offsets.first { $0.time == .ms(500) }?.value.y)
        #expect(caught > 5600 - 100 && caught < 6000 - 100, "offset \(caught) at the catch puts B under y 100")
        // The untraced run hits the same view: the summary's first hit is the first touch's, and B's touch is
        // withheld by the scroll view's delay and then cancelled by the caught pan, so B never highlights.
        #expect(Engine.summary(t.scene).firstHit == .some(t.view("SV")))
    }
}
