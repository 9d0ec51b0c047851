import ScenarioKit
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// `invisible_feedback` (docs/defects.md) on hand-made scenarios, both ways: a press whose highlight the user
/// never sees while the action still fires (seed 004, B1), and the look-alikes that are not.
@Suite struct InvisibleFeedbackTests {
    let classifier = ClassifierTests()

    func tapOnB(_ yaml: String, family: GestureFamily = .quickTap, hold: Double, at p: Point = Point(70, 122)) throws -> ScenarioVerdict {
        try classifier.verdict(yaml, family: family, intent: { .activate($0.view(named: "B")!) }, script: ClassifierTests.tap(p.x, p.y, hold: hold))
    }

    @Test func aQuickTapOnAButtonInAScrollViewLightsOnlyAtTheLift() throws {
        // Seed 004: "a quick tap on a button in a cell shows no highlight". The 150 ms content delay withholds
        // touchesBegan until the lift at 60 ms; the button lights and unlights in that same turn (§5.1).
        let v = try tapOnB(ClassifierTests.tree(), hold: 60)
        #expect(v.applicable.contains(.invisibleFeedback))
        #expect(v.defects.contains(.invisibleFeedback))
        #expect(!v.defects.contains(.deadButton), "the action fires: TouchUpInside at 60")
        #expect(!v.defects.contains(.lateFeedback), "invisible and late never count for the same run")
        #expect(v.highlightLatency == 60 && v.actionLatency == 0)
    }

    @Test func theFixShowsTheHighlightAtTouchDown() throws {
        // Seed 004's fix: delaysContentTouches = false ("按钮一点即亮", the button lights at once).
        let v = try tapOnB(ClassifierTests.tree(delays: false), hold: 60)
        #expect(v.applicable.contains(.invisibleFeedback) && v.defects.isEmpty)
        #expect(v.highlightLatency == 0)
    }

    @Test func aHighlightShorterThanOneFrameIsInvisibleAndOneFrameLongIsLate() throws {
        // Held 160 ms: lit at 150 (the delay), unlit at the lift 10 ms later, under one 60 Hz frame.
        let short = try tapOnB(ClassifierTests.tree(), family: .heldTap, hold: 160)
        #expect(short.highlightLatency == 150)
        #expect(short.defects.contains(.invisibleFeedback) && !short.defects.contains(.lateFeedback))
        // Held 170 ms: 20 ms lit while the finger is down, more than a frame: seen, 150 ms after down: late.
        let longer = try tapOnB(ClassifierTests.tree(), family: .heldTap, hold: 170)
        #expect(!longer.defects.contains(.invisibleFeedback) && longer.defects.contains(.lateFeedback))
        #expect(DefectThresholds.minimumVisibleHighlight > 16 && DefectThresholds.minimumVisibleHighlight < 17)
    }

    static let bottomButton = """
        name: t
        window: { edgeGate: [bottom] }
        views:
          - id: R
            frame: [0, 0, 390, 844]
            subviews:
              - { id: B, kind: button, frame: [20, 800, 100, 44] }
        """

    @Test func theBottomEdgeGateHidesTheHighlightOfAQuickTapAndOfAHeldOne() throws {
        // B6: the gate withholds touchesBegan until the lift (or its 1000 ms delay).
        let quick = try tapOnB(Self.bottomButton, hold: 80, at: Point(70, 830))
        #expect(quick.defects.contains(.invisibleFeedback))
        // Held 300 ms: the highlight comes at the lift, 300 ms after down. Past the 100 ms bound, but never seen
        // while the finger was down: invisible, not late.
        let held = try tapOnB(Self.bottomButton, family: .heldTap, hold: 300, at: Point(70, 830))
        #expect(held.highlightLatency == 300)
        #expect(held.defects.contains(.invisibleFeedback) && !held.defects.contains(.lateFeedback))
    }

    @Test func aDeadButtonIsNotInvisibleFeedback() throws {
        // A custom control (no §5.4 veto) under a tap-to-dismiss recognizer: cancelled at the lift, no action.
        let yaml = """
            name: t
            views:
              - id: R
                frame: [0, 0, 390, 844]
                subviews:
                  - { id: B, kind: control, frame: [20, 100, 100, 44] }
            recognizers:
              - { id: T, kind: tap, view: R }
            """
        let v = try tapOnB(yaml, hold: 60)
        #expect(v.defects.contains(.deadButton))
        #expect(v.applicable.contains(.invisibleFeedback) && !v.defects.contains(.invisibleFeedback))
    }

    @Test func cellsAndValueControlsAreNotInTheDenominator() throws {
        // A selected cell shows its selection, a switch its new value: their missing highlight is no missed feedback.
        let cell = try classifier.verdict(
            ClassifierTests.tree(), family: .quickTap, intent: { .select($0.view(named: "Cell")!) },
            script: ClassifierTests.tap(195, 330))
        #expect(!cell.applicable.contains(.invisibleFeedback) && cell.defects.isEmpty)
        // (iOS 18: on iOS 26 a switch's runs count in no class, docs/defects.md.)
        let yaml = """
            name: t
            parameters: { iosVersion: "18.0" }
            views:
              - id: SV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                subviews:
                  - { id: B, kind: switch, frame: [20, 100, 51, 31] }
            """
        let toggle = try tapOnB(yaml, hold: 60, at: Point(40, 115))
        #expect(toggle.applicable.contains(.deadButton) && !toggle.applicable.contains(.invisibleFeedback))
        #expect(toggle.defects.isEmpty)
    }

    @Test func aFingerIsDownFromItsDownUpToButNotIncludingItsLift() {
        let script = [
            ScriptEvent(time: .ms(10), action: .down(Point(1, 1))), ScriptEvent(time: .ms(60), action: .up(nil)),
            ScriptEvent(time: .ms(100), touch: 2, action: .down(Point(1, 1)))
        ]
        #expect(!Classifier.fingerDown(at: .ms(5), script: script))
        #expect(Classifier.fingerDown(at: .ms(10), script: script))
        #expect(Classifier.fingerDown(at: .ms(59.999), script: script))
        #expect(!Classifier.fingerDown(at: .ms(60), script: script), "lit at the lift: the finger is already up")
        #expect(!Classifier.fingerDown(at: .ms(80), script: script))
        #expect(Classifier.fingerDown(at: .ms(500), script: script), "touch 2 never lifts")
    }

    @Test func theCauseNamesWhatHeldTheTouchBack() throws {
        let scene = try ScenarioLoader.load(yaml: ClassifierTests.tree(), path: "t.yaml").scene
        let b = scene.view(named: "B")!
        let script = ClassifierTests.tap(70, 122)
        let gesture = Gesture(family: .quickTap, target: b, intent: .activate(b), script: script, liftTime: .ms(60), downTime: .zero)
        #expect(
            CauseFinder.cause(of: .invisibleFeedback, gesture: gesture, scene: scene)
                == "touchesBegan withheld by SV.delay until the lift (G5): B lit only at touch-up")
        let held = ClassifierTests.tap(70, 122, hold: 160)
        let short = Gesture(family: .heldTap, target: b, intent: .activate(b), script: held, liftTime: .ms(160), downTime: .zero)
        #expect(CauseFinder.cause(of: .invisibleFeedback, gesture: short, scene: scene) == "B's highlight lasted less than one frame")
    }
}
