import Testing
import TouchEngine

/// One UIEvent that changes several touches (a multi-touch step): recognizers hear each touch once but change
/// state once per event, views get one call per view and phase, and the tap count and swipe rate follow their
/// parameters.
@Suite struct MultiTouchEventTests {
    static let twoFingerPan = """
        views:
          - { id: V, frame: [0, 0, 390, 844], touches: logs, multipleTouchEnabled: true }
        recognizers:
          - { id: P, kind: pan, view: V, minimumTouches: 2, cancelsTouchesInView: false }
        script:
          - 0 down 1:(100,300) 2:(200,300)
          - 20 move 1:(100,315) 2:(200,315)
          - 40 move 1:(100,330) 2:(200,330)
          - 60 up 1 2
        """

    @Test func aTwoFingerPanChangesOncePerEvent() throws {
        let t = try Transcript(Self.twoFingerPan)
        // Both fingers move in each event: the pan begins once, changes once per event, and ends once.
        #expect(t.actions("P") == ["began@20", "changed@40", "ended@60"])
        #expect(t.callbacks("V") == ["began@0", "moved@20", "moved@40", "ended@60"])
        let moved = t.outcome.callbacks[.view(t.view("V"))]![1]
        #expect(moved.touches == [1, 2] && moved.allTouches == [1, 2])
    }

    @Test func theSameFingersInSeparateEventsChangeTwice() throws {
        // The one-finger-per-step script of the same gesture: each step is its own event, so the pan sees a
        // half-moved centroid first (7.5 pt: not yet) and then changes on every step.
        let yaml = Self.twoFingerPan.replacingStep("0 down 1:(100,300) 2:(200,300)", with: "0 down (100,300)\n  - 0 down (200,300) touch 2")
            .replacingStep("20 move 1:(100,315) 2:(200,315)", with: "20 move (100,315)\n  - 20 move (200,315) touch 2")
            .replacingStep("40 move 1:(100,330) 2:(200,330)", with: "40 move (100,330)\n  - 40 move (200,330) touch 2")
        let t = try Transcript(yaml)
        #expect(t.actions("P") == ["began@20", "changed@40", "changed@40", "ended@60"])
        #expect(t.callbacks("V") == ["began@0", "began@0", "moved@20", "moved@20", "moved@40", "moved@40", "ended@60"])
    }

    @Test func theTapCountParametersMoveTheLimits() throws {
        let base = """
            views:
              - { id: B, kind: button, frame: [20, 100, 100, 44] }
            script: "0 down (70,122) · 80 up · 500 down (90,122) · 580 up"
            """
        // 420 ms after the lift and 20 pt away: a new tap by default, a repeat with wider limits.
        #expect(try Transcript(base).outcome.tapCounts[1] == [1, 1])
        let wide = try Transcript("parameters: {tapCountInterval: 420, tapCountDistance: 20}\n" + base)
        #expect(wide.outcome.tapCounts[1] == [1, 2])
        #expect(wide.controls("B") == ["TouchDown@0", "TouchUpInside@80", "TouchDown@500", "TouchDownRepeat@500", "TouchUpInside@580"])
        #expect(try Transcript("parameters: {tapCountInterval: 419, tapCountDistance: 20}\n" + base).outcome.tapCounts[1] == [1, 1])
    }

    @Test func aTwoFingerSwipeMeasuresItsRateOncePerEvent() throws {
        // Two fingers move together in each event; the rate is the centroid's travel since the previous event
        // (30 pt in 100 ms = 300 pt/s), not the second finger's zero interval.
        let yaml = """
            parameters: {swipeMinimumRate: 299}
            views:
              - { id: V, frame: [0, 0, 390, 844] }
            recognizers:
              - { id: S, kind: swipe, view: V, touches: 2 }
            script:
              - 0 down 1:(100,300) 2:(100,400)
              - 100 move 1:(130,300) 2:(130,400)
              - 200 move 1:(160,300) 2:(160,400)
              - 250 up 1 2
            """
        #expect(try Transcript(yaml).transitions("S") == ["ended@200"])
        #expect(try Transcript(yaml.replacingStep("swipeMinimumRate: 299", with: "swipeMinimumRate: 301")).transitions("S") == ["failed@250"])
    }

    @Test func theUntracedRunAgreesOnAMultiTouchScene() throws {
        let scene = try Transcript(Self.twoFingerPan).scene
        let summary = Engine.summary(scene)
        let outcome = Engine.outcome(scene)
        let p = scene.recognizer(named: "P")!
        #expect(summary.actions[p] == outcome.actions[p]?.count)
        var runner = EngineRunner()
        let prepared = PreparedScene(scene)
        #expect(runner.summary(prepared) == summary && runner.summary(prepared) == summary)
    }
}

extension String {
    fileprivate func replacingStep(_ old: String, with new: String) -> String {
        precondition(contains(old), "no '\(old)' in the scenario")
        return replacing(old, with: new)
    }
}
