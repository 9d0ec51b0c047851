import Testing
import TouchEngine

@testable import ScenarioKit

/// Multi-touch script steps (several fingers in one UIEvent) and the tap-count and swipe-rate parameters:
/// what they load as, what they are refused with, and that older files load as before.
@Suite struct MultiTouchScriptTests {
    static func script(_ steps: String) throws -> [ScriptEvent] {
        try ScenarioLoader.load(yaml: "views: [{id: V, frame: [0, 0, 390, 844]}]\nscript:\n" + steps, path: "s.yaml").scene.script
    }

    static func event(_ ms: Double, _ touch: Int, _ action: ScriptAction, sameEvent: Bool = false) -> ScriptEvent {
        ScriptEvent(time: .ms(ms), touch: touch, action: action, sameEvent: sameEvent)
    }

    @Test func aStringStepPutsTwoFingersInOneEvent() throws {
        let loaded = try Self.script(
            "  - 0 down 1:(100,200) 2:(250,200)\n  - 40 move 2:(260,210) 1:(110,200)\n  - 80 up 1 2:(270,220)\n  - 90 down 3:(5,5)\n  - 95 cancel 3\n")
        #expect(
            loaded == [
                Self.event(0, 1, .down(Point(100, 200))), Self.event(0, 2, .down(Point(250, 200)), sameEvent: true),
                Self.event(40, 2, .move(Point(260, 210))), Self.event(40, 1, .move(Point(110, 200)), sameEvent: true),
                Self.event(80, 1, .up(nil)), Self.event(80, 2, .up(Point(270, 220)), sameEvent: true),
                Self.event(90, 3, .down(Point(5, 5))), Self.event(95, 3, .cancel)
            ])
    }

    @Test func aMapStepSaysTheSame() throws {
        let strings = try Self.script("  - 0 down 1:(100,200) 2:(250,200)\n  - 80 up 1 2\n  - 100 down 1:(1,1) 2:(2,2)\n  - 120 cancel 1 2\n")
        let maps = try Self.script(
            "  - {t: 0, down: {1: [100, 200], 2: [250, 200]}}\n  - {t: 80, up: {1: ~, 2: ~}}\n"
                + "  - {t: 100, down: {1: [1, 1], 2: [2, 2]}}\n  - {t: 120, cancel: [1, 2]}\n")
        #expect(strings == maps)
    }

    @Test func aTwoFingerTapIsTwoEvents() throws {
        let loaded = try Self.script("  - {t: 10, tap: {1: [100, 200], 2: [250, 200]}, duration: 70}\n")
        #expect(
            loaded == [
                Self.event(10, 1, .down(Point(100, 200))), Self.event(10, 2, .down(Point(250, 200)), sameEvent: true),
                Self.event(80, 1, .up(Point(100, 200))), Self.event(80, 2, .up(Point(250, 200)), sameEvent: true)
            ])
    }

    @Test func oneFingerStepsAreSeparateEventsAsBefore() throws {
        let loaded = try Self.script("  - 0 down (100,200)\n  - 0 down (250,200) touch 2\n  - {t: 80, up: ~, touch: 2}\n")
        #expect(loaded.allSatisfy { !$0.sameEvent })
        #expect(loaded.count == 3)
    }

    @Test(arguments: [
        ("  - 0 down 1:(1,1) 1:(2,2)\n", "s.yaml:3:20: script step 1 ('0 down 1:(1,1) 1:(2,2)') names touch 1 twice; each finger changes once in one event"),
        ("  - 0 down 1:(1,1) 2\n", "s.yaml:3:20: script step 1 ('0 down 1:(1,1) 2') needs a location for touch 2: '2:(x,y)'"),
        (
            "  - 0 down 1:(1,1) 2:(x,2)\n",
            "s.yaml:3:22: script step 1 ('0 down 1:(1,1) 2:(x,2)') has a malformed location for touch 2; expected '2:(x,y)' with two numbers"
        ),
        ("  - 0 down 1:(1,1)\n  - 5 cancel 1:(1,1)\n", "s.yaml:4:16: script step 2 ('5 cancel 1:(1,1)') cannot give touch 1 a location; 'cancel' takes none"),
        (
            "  - 0 down 1:(1,1) touch 2\n",
            "s.yaml:3:20: script step 1 ('0 down 1:(1,1) touch 2') has a malformed finger; a multi-touch 'down' lists '<n>:(x,y)' for each finger"
        ),
        (
            "  - 0 down 1:(1,1),2:(2,2)\n",
            "s.yaml:3:19: script step 1 ('0 down 1:(1,1),2:(2,2)') has unexpected ',' after touch 1; a multi-touch 'down' lists '<n>:(x,y)' for each finger, separated by spaces"
        ),
        ("  - 0 down 101:(1,1)\n", "s.yaml:3:12: script step 1 ('0 down 101:(1,1)') has touch '101'; expected an integer from 1 to 100"),
        ("  - 0 down 1:(1,1) 2:(2,2)\n  - 9 up 1 3\n", "s.yaml:4:5: script step 2 lifts touch 3 at 9 ms, but touch 3 is not down"),
        ("  - {t: 0, down: {1: [1, 1]}, touch: 2}\n", "s.yaml:3:31: script step 1 ('down') lists its fingers, so it cannot also have 'touch'"),
        ("  - {t: 0, down: {1: [1, 1], 1: [2, 2]}}\n", "s.yaml:3:19: key '1' appears more than once in the same map"),
        ("  - {t: 0, down: {}}\n", "s.yaml:3:18: script step 1 ('down') lists no fingers; give at least one"),
        ("  - {t: 0, cancel: [0]}\n", "s.yaml:3:21: expected an integer from 1 to 100 for a finger of 'cancel', got '0'"),
        // Several verbs in one step (a mixed event).
        (
            "  - 0 down 1:(1,1) 2:(2,2)\n  - 5 move 1:(3,3) up 1\n",
            "s.yaml:4:23: script step 2 ('5 move 1:(3,3) up 1') names touch 1 twice; each finger changes once in one event"
        ),
        (
            "  - 0 down 1:(1,1) 2:(2,2)\n  - 5 up 1 move 2:(3,3) up 3\n",
            "s.yaml:4:25: script step 2 ('5 up 1 move 2:(3,3) up 3') names 'up' twice; list every finger that does 'up' after one 'up'"
        ),
        (
            "  - 0 down 1:(1,1) 2:(2,2)\n  - 5 move 1:(3,3) up\n",
            "s.yaml:4:22: script step 2 ('5 move 1:(3,3) up') lists no fingers after 'up'; a multi-touch 'up' lists '<n>' or '<n>:(x,y)' for each finger"
        ),
        (
            "  - 0 down 1:(1,1) 2:(2,2)\n  - 5 move (3,3) up 2\n",
            "s.yaml:4:18: script step 2 ('5 move (3,3) up 2') changes several fingers in one event, so each needs its number: 'move <n>:(x,y) up <n>…'"
        ),
        (
            "  - 0 down 1:(1,1) 2:(2,2)\n  - 5 up 1 disable P\n",
            "s.yaml:4:12: script step 2 ('5 up 1 disable P') has 'disable' after its fingers; code steps cannot share an event with touches, give 'disable' its own step"
        ),
        (
            "  - {t: 0, down: {1: [1, 1], 2: [2, 2]}}\n  - {t: 5, move: {1: [3, 3]}, up: {1: ~}}\n",
            "s.yaml:4:36: script step 2 names touch 1 twice; each finger changes once in one event"
        ),
        (
            "  - {t: 0, down: {1: [1, 1], 2: [2, 2]}}\n  - {t: 5, move: [3, 3], up: {2: ~}}\n",
            "s.yaml:4:18: script step 2 has several actions, so 'move' lists its fingers as a map of finger numbers ('move: {1: [x, y]}')"
        ),
        (
            "  - {t: 0, down: {1: [1, 1], 2: [2, 2]}}\n  - {t: 5, cancel: true, up: {2: ~}}\n",
            "s.yaml:4:20: script step 2 has several actions, so 'cancel' lists its fingers as a list of finger numbers ('cancel: [2]')"
        ),
        (
            "  - {t: 0, down: {1: [1, 1], 2: [2, 2]}}\n  - {t: 5, move: {1: [3, 3]}, up: {2: ~}, hz: 60}\n",
            "s.yaml:4:43: unknown key 'hz' in script step 2; allowed keys are move, up, t"
        ),
        (
            "  - {t: 0, tap: {1: [1, 1]}, up: {2: ~}, duration: 80}\n",
            "s.yaml:3:30: script step 1 has both 'tap' and 'up'; a step has exactly one action"
        )
    ])
    func malformedMultiTouchStepsAreOneSentence(steps: String, message: String) {
        #expect(loadError("views: [{id: V, frame: [0, 0, 390, 844]}]\nscript:\n" + steps) == message)
    }

    @Test func theWriterKeepsTheEvents() throws {
        let yaml =
            "views: [{id: V, frame: [0, 0, 390, 844], multipleTouchEnabled: true}]\nscript:\n"
            + "  - 0 down 1:(100,200) 2:(250,200)\n  - 40 move 1:(110,200) 2:(260,200)\n  - 80 up 1 2:(270,200)\n  - 90 down (5,5)\n"
            + "  - 100 move 1:(7,7) down 2:(6,6) 3:(9,9)\n  - 120 cancel 2 up 1 move 3:(10,10)\n"
        let scene = try ScenarioLoader.load(yaml: yaml, path: "s.yaml").scene
        let written = ScenarioWriter.yaml(scene, description: nil)
        #expect(written.contains("- 0 down 1:(100,200) 2:(250,200)\n"))
        #expect(written.contains("- 80 up 1 2:(270,200)\n"))
        // A mixed event is one step, its verbs in phase order.
        #expect(written.contains("- 100 down 2:(6,6) 3:(9,9) move 1:(7,7)\n") && written.contains("- 120 move 3:(10,10) up 1 cancel 2\n"))
        #expect(try ScenarioLoader.load(yaml: written, path: "w.yaml").scene.script == scene.script)

        // A scene built in code may list an event's touches in any order: the writer still puts them in phase order.
        var coded = scene
        let k = try #require(coded.script.firstIndex { $0.time == .ms(100) })
        coded.script[k ..< k + 3] = [
            Self.event(100, 1, .move(Point(7, 7))), Self.event(100, 2, .down(Point(6, 6)), sameEvent: true),
            Self.event(100, 3, .down(Point(9, 9)), sameEvent: true)
        ]
        #expect(ScenarioWriter.yaml(coded, description: nil) == written)
    }

    @Test func aStepWithSeveralVerbsIsOneEventInPhaseOrder() throws {
        let loaded = try Self.script(
            "  - 0 down 1:(100,200) 2:(250,200)\n  - 40 up 2 move 1:(110,200) down 3:(5,5)\n"
                + "  - 60 cancel 3 move 1:(120,200)\n  - 80 up 1\n")
        #expect(
            loaded == [
                Self.event(0, 1, .down(Point(100, 200))), Self.event(0, 2, .down(Point(250, 200)), sameEvent: true),
                Self.event(40, 3, .down(Point(5, 5))), Self.event(40, 1, .move(Point(110, 200)), sameEvent: true),
                Self.event(40, 2, .up(nil), sameEvent: true),
                Self.event(60, 1, .move(Point(120, 200))), Self.event(60, 3, .cancel, sameEvent: true),
                Self.event(80, 1, .up(nil))
            ])
        // The listed order of the verbs does not matter; the golden cases' one-line notation says the same.
        #expect(
            try Self.script(
                "  - 0 down 1:(100,200) 2:(250,200)\n  - 40 down 3:(5,5) move 1:(110,200) up 2\n"
                    + "  - 60 move 1:(120,200) cancel 3\n  - 80 up 1\n") == loaded)
        let oneLine = try ScenarioLoader.load(
            yaml: "views: [{id: V, frame: [0, 0, 390, 844]}]\nscript: \"0 down 1:(100,200) "
                + "2:(250,200) · 40 up 2 move 1:(110,200) down 3:(5,5) · 60 cancel 3 move 1:(120,200) · 80 up 1\"\n", path: "s.yaml"
        ).scene.script
        #expect(oneLine == loaded)
    }

    @Test func aMapStepWithSeveralVerbsSaysTheSame() throws {
        let strings = try Self.script("  - 0 down 1:(100,200) 2:(250,200)\n  - 40 move 1:(110,200) up 2:(260,200)\n  - 60 down 2:(1,1) cancel 1\n")
        let maps = try Self.script(
            "  - {t: 0, down: {1: [100, 200], 2: [250, 200]}}\n  - {t: 40, up: {2: [260, 200]}, move: {1: [110, 200]}}\n"
                + "  - {t: 60, cancel: [1], down: {2: [1, 1]}}\n")
        #expect(strings == maps)
        #expect(maps.map(\.sameEvent) == [false, true, false, true, false, true])
    }

    @Test func tapCountAndSwipeRateParameters() throws {
        let p = try ScenarioLoader.load(
            yaml: "parameters: {tapCountInterval: 500, tapCountDistance: 20, swipeMinimumRate: 80}\n"
                + "views: [{id: V, frame: [0, 0, 390, 844]}]\n", path: "s.yaml"
        ).scene.parameters
        #expect(p.tapCountInterval == .ms(500) && p.tapCountDistance == 20 && p.swipeMinimumRate == 80)
        let d = Parameters()
        #expect(d.tapCountInterval == d.multiTapInterval && d.tapCountDistance == d.tapAllowableMovement && d.swipeMinimumRate == 0)
        #expect(
            loadError("parameters: {swipeMinimumRate: -1}\n")
                == "s.yaml:1:32: expected a speed from 0 to 1000000 pt/s for 'swipeMinimumRate', got '-1'")
        #expect(
            loadError("parameters: {tapCountInterval: 4000000}\n")
                == "s.yaml:1:32: expected a time from 0 to 3600000 ms for 'tapCountInterval', got '4000000'")
    }
}
