import Testing
import TouchEngine

/// One UIEvent whose touches are in several phases (a finger moves while another lifts or lands): the engine runs
/// it in phase order whatever order the script lists it in, and recognizers measure the moving finger against the
/// lifting one where it lifts.
@Suite struct MixedEventTests {
    static let pinch = """
        views:
          - { id: V, frame: [20, 100, 350, 400], touches: logs, multipleTouchEnabled: true }
        recognizers:
          - { id: P, kind: pinch, view: V, cancelsTouchesInView: false }
        script:
          - 0 down 1:(100,300) 2:(250,300)
          - 20 move 1:(62.5,300) 2:(287.5,300)
          - 40 move 1:(25,300) up 2
          - 60 up 1
        """

    @Test func theListedOrderOfAMixedEventDoesNotMatter() throws {
        let listed = try Transcript(Self.pinch)
        // A scene built in code with the lift listed before the move: the same run, line for line.
        var scene = listed.scene
        let k = try #require(scene.script.firstIndex { $0.time == .ms(40) })
        #expect(scene.script[k].action == .move(Point(25, 300)) && scene.script[k + 1].action == .up(nil))
        scene.script.swapAt(k, k + 1)
        scene.script[k].sameEvent = false
        scene.script[k + 1].sameEvent = true
        let trace = Engine.trace(scene)
        #expect(TraceText.render(scene: scene, trace: trace) == listed.text)
        #expect(listed.text.contains("one UIEvent changes touches {1, 2} (moved {1}, ended {2}); event.allTouches {1, 2}"))
    }

    /// The translations a pan reports, in window points.
    static func translations(_ t: Transcript, _ name: String) -> [String] {
        let id = t.recognizer(name)
        return t.trace.compactMap { event in
            guard case let .action(recognizer, state, translation?, _) = event.kind, recognizer == id else { return nil }
            return "\(state.rawValue)@\(Int(event.time.milliseconds)) (\(Int(translation.x)),\(Int(translation.y)))"
        }
    }

    @Test func aPanFollowsAFingerThatMovesWhileAnotherLifts() throws {
        // Both fingers move down 20 pt (the pan begins, 10 pt past its hysteresis); then finger 1 moves 20 pt more in
        // the event in which finger 2 lifts where it is: the centroid moves 10 pt (finger 2 counted where it
        // lifts), not 50 pt sideways to finger 1 alone; the lift then rebases, and finger 1's next 10 pt add 10.
        let t = try Transcript(
            """
            views:
              - { id: V, frame: [0, 0, 390, 844], multipleTouchEnabled: true }
            recognizers:
              - { id: P, kind: pan, view: V }
            script:
              - 0 down 1:(100,300) 2:(200,300)
              - 20 move 1:(100,320) 2:(200,320)
              - 40 move 1:(100,340) up 2
              - 60 move 1:(100,350)
              - 80 up 1
            """)
        #expect(Self.translations(t, "P") == ["began@20 (0,10)", "changed@40 (0,20)", "changed@60 (0,30)", "ended@80 (0,30)"])
    }

    @Test func aFingerLandingInTheEventAnotherLiftsDoesNotRepeatItsTap() throws {
        // Began runs before ended: finger 2 lands while finger 1 is still down, so it is no second tap [INF]; the
        // same lift and landing as two events at the same instant make a tap count of 2.
        let views = "views:\n  - { id: V, frame: [0, 0, 390, 844], touches: logs, multipleTouchEnabled: true }\n"
        let mixed = try Transcript(views + "script: \"0 down (100,300) · 40 up 1 down 2:(100,300) · 80 up 2\"\n")
        #expect(mixed.outcome.tapCounts[2] == [1] && !mixed.text.contains("tapCount = 2"))
        let separate = try Transcript(views + "script: \"0 down (100,300) · 40 up · 40 down (100,300) touch 2 · 80 up touch 2\"\n")
        #expect(separate.outcome.tapCounts[2] == [2])
    }

    @Test func theUntracedRunAgreesOnAMixedEvent() throws {
        let scene = try Transcript(Self.pinch).scene
        let p = scene.recognizer(named: "P")!
        #expect(Engine.summary(scene).actions[p] == 3 && Engine.outcome(scene).actions[p]?.count == 3)
        var runner = EngineRunner()
        let prepared = PreparedScene(scene)
        #expect(runner.summary(prepared) == Engine.summary(scene))
    }
}
