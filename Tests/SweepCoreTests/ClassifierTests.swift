import ScenarioKit
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// Each defect class of docs/defects.md on a hand-made scenario, both ways.
@Suite struct ClassifierTests {
    /// Loads a scene, runs `script` untraced and classifies it against `family`/`intent`.
    func verdict(_ yaml: String, family: GestureFamily, intent: (Scene) -> Intent, script: [ScriptEvent]) throws -> ScenarioVerdict {
        let scene = try ScenarioLoader.load(yaml: yaml, path: "t.yaml").scene
        let prepared = PreparedScene(scene)
        var runner = EngineRunner()
        let summary = runner.summary(prepared, script: script)
        let down = script.first { if case .down = $0.action { return true } else { return false } }?.time ?? .zero
        let lift = script.last { if case .up = $0.action { return true } else { return false } }?.time ?? .zero
        let gesture = Gesture(family: family, target: 0, intent: intent(scene), script: script, liftTime: lift, downTime: down)
        return Classifier.classify(gesture: gesture, prepared: prepared, summary: summary)
    }

    static func tree(delays: Bool = true, shouldCancel: String = "default", dismissTap: Bool = false, cancels: Bool = true) -> String {
        """
        name: t
        views:
          - id: R
            frame: [0, 0, 390, 844]
            subviews:
              - id: SV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                delaysContentTouches: \(delays)
                touchesShouldCancel: \(shouldCancel)
                subviews:
                  - { id: B, kind: button, frame: [20, 100, 100, 44] }
                  - { id: Cell, kind: cell, frame: [0, 300, 390, 60] }
        \(dismissTap ? "recognizers:\n  - { id: T, kind: tap, view: R, cancelsTouchesInView: \(cancels) }" : "")
        """
    }

    static func tap(_ x: Double, _ y: Double, hold: Double = 60) -> [ScriptEvent] {
        [ScriptEvent(time: .zero, action: .down(Point(x, y))), ScriptEvent(time: .ms(hold), action: .up(nil))]
    }

    static func swipe(from: Point, dy: Double, steps: Int = 6, dt: Double = 16) -> [ScriptEvent] {
        var script = [ScriptEvent(time: .zero, action: .down(from))]
        for i in 1 ... steps {
            script.append(ScriptEvent(time: .ms(Double(i) * dt), action: .move(Point(from.x, from.y + dy * Double(i) / Double(steps)))))
        }
        script.append(ScriptEvent(time: .ms(Double(steps + 1) * dt), action: .up(nil)))
        return script
    }

    @Test func aHeldTapOnAButtonInAScrollViewWorksButItsFeedbackIsLate() throws {
        let v = try verdict(Self.tree(), family: .heldTap, intent: { .activate($0.view(named: "B")!) }, script: Self.tap(70, 122, hold: 300))
        #expect(!v.defects.contains(.deadButton))
        #expect(v.defects.contains(.lateFeedback), "the highlight waits for the 150 ms content delay (S1)")
        #expect(v.highlightLatency == 150 && v.actionLatency == 0)
        #expect(!v.defects.contains(.lateAction))
        #expect(!v.defects.contains(.invisibleFeedback), "lit from 150 ms to the lift at 300 ms: seen, but late")
        // A 60 ms tap lights up at touch-up, 60 ms after down: within the 100 ms bound, so not late — but the
        // highlight is on and off at the lift, never seen (B1): invisible feedback (InvisibleFeedbackTests).
        let quick = try verdict(Self.tree(), family: .quickTap, intent: { .activate($0.view(named: "B")!) }, script: Self.tap(70, 122))
        #expect(quick.highlightLatency == 60 && !quick.defects.contains(.lateFeedback))
        #expect(quick.defects.contains(.invisibleFeedback))
    }

    @Test func withoutTheDelayTheFeedbackIsImmediate() throws {
        let v = try verdict(Self.tree(delays: false), family: .quickTap, intent: { .activate($0.view(named: "B")!) }, script: Self.tap(70, 122))
        #expect(v.defects.isEmpty && v.highlightLatency == 0)
    }

    @Test func theDismissTapKillsCellSelection() throws {
        let dead = try verdict(
            Self.tree(dismissTap: true), family: .quickTap, intent: { .select($0.view(named: "Cell")!) },
            script: Self.tap(195, 330))
        #expect(dead.defects.contains(.deadButton), "B4")
        let fixed = try verdict(
            Self.tree(dismissTap: true, cancels: false), family: .quickTap,
            intent: { .select($0.view(named: "Cell")!) }, script: Self.tap(195, 330))
        #expect(!fixed.defects.contains(.deadButton))
    }

    @Test func aSwipeFromAButtonWithoutTheDelayIsSwallowedAndFiresTheButton() throws {
        let script = Self.swipe(from: Point(70, 122), dy: -60) // lifts 40 pt above B: still inside its 70 pt tolerance
        let v = try verdict(
            Self.tree(delays: false), family: .dragFromControl,
            intent: { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 60) }, script: script)
        #expect(v.defects.contains(.swallowedScroll), "B2")
        #expect(v.defects.contains(.ghostTap), "the button fired TouchUpInside")
        let fixed = try verdict(
            Self.tree(delays: false, shouldCancel: "always"), family: .dragFromControl,
            intent: { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 60) }, script: script)
        #expect(fixed.defects.isEmpty)
    }

    @Test func anActionHeldBackByADoubleTapIsLate() throws {
        let yaml = """
            name: t
            views:
              - id: R
                frame: [0, 0, 390, 844]
                subviews:
                  - { id: B, kind: button, frame: [20, 100, 100, 44] }
            recognizers:
              - { id: D2, kind: tap, taps: 2, view: R }
            """
        let v = try verdict(yaml, family: .quickTap, intent: { .activate($0.view(named: "B")!) }, script: Self.tap(70, 122))
        #expect(v.defects.contains(.lateAction), "B5: TouchUpInside 350 ms after touch-up")
        #expect(v.actionLatency == 350)
    }

    @Test func theInnerScrollerTakingAVerticalDragIsAWrongScroller() throws {
        let yaml = """
            name: t
            parameters: { iosVersion: "17.0" }
            views:
              - id: OV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                subviews:
                  - { id: IV, kind: scrollView, frame: [0, 200, 390, 300], contentSize: [390, 1000] }
            """
        let v = try verdict(
            yaml, family: .fastSwipe, intent: { .scroll($0.view(named: "OV")!, axis: .vertical, distance: 100) },
            script: Self.swipe(from: Point(195, 400), dy: -100))
        #expect(v.defects.contains(.swallowedScroll) && v.defects.contains(.wrongScroller))
        #expect(!v.defects.contains(.ghostTap))
    }

    @Test func classesThatDoNotApplyAreNotCounted() throws {
        let v = try verdict(
            Self.tree(), family: .fastSwipe, intent: { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 100) },
            script: Self.swipe(from: Point(195, 600), dy: -120))
        #expect(!v.applicable.contains(.deadButton) && v.applicable.contains(.swallowedScroll))
        #expect(v.defects.isEmpty)
    }
    /// iOS 26 drives UISwitch by private recognizers (§5.4): a tap on a switch, and a drag that starts on one, count in
    /// no class there; with an earlier `iosVersion` they count as any control's.
    @Test func aSwitchOnIOS26CountsInNoClassAndOnIOS18AsAControl() throws {
        func yaml(_ version: String) -> String {
            """
            name: t
            parameters: { iosVersion: "\(version)" }
            views:
              - id: SV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 3000]
                subviews:
                  - { id: S, kind: switch, frame: [300, 300, 51, 31] }
            """
        }
        for (version, counted) in [("26.1", false), ("26.0", false), ("18.0", true)] {
            let tap = try verdict(yaml(version), family: .quickTap, intent: { .activate($0.view(named: "S")!) }, script: Self.tap(325, 315))
            #expect((tap.notCounted == nil) == counted && (tap.notCounted == .privateSwitch) == !counted, "tap, iOS \(version)")
            let drag = try verdict(
                yaml(version), family: .fastSwipe, intent: { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 100) },
                script: Self.swipe(from: Point(325, 315), dy: -100))
            #expect((drag.notCounted == .privateSwitch) == !counted, "drag from the switch, iOS \(version)")
            // A drag that starts beside the switch counts whatever the version.
            let beside = try verdict(
                yaml(version), family: .fastSwipe, intent: { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 100) },
                script: Self.swipe(from: Point(100, 315), dy: -100))
            #expect(beside.notCounted == nil, "drag beside the switch, iOS \(version)")
        }
    }

}

@Suite struct CauseFinderTests {
    @Test func aLateActionNamesTheRecognizerHoldingTouchesEnded() throws {
        let scene = try ScenarioLoader.load(
            yaml: """
                name: t
                views:
                  - id: R
                    frame: [0, 0, 390, 844]
                    subviews:
                      - { id: B, kind: button, frame: [20, 100, 100, 44] }
                recognizers:
                  - { id: Like, kind: tap, taps: 2, view: R }
                """, path: "t.yaml"
        ).scene
        let b = scene.view(named: "B")!
        let script = [ScriptEvent(time: .zero, action: .down(Point(70, 122))), ScriptEvent(time: .ms(60), action: .up(nil))]
        let gesture = Gesture(family: .quickTap, target: b, intent: .activate(b), script: script, liftTime: .ms(60), downTime: .zero)
        #expect(CauseFinder.cause(of: .lateAction, gesture: gesture, scene: scene) == "touchesEnded held by Like until it failed (G6)")
    }

    @Test func aSwallowedScrollNamesThePansFailure() throws {
        let scene = try ScenarioLoader.load(yaml: ClassifierTests.tree(delays: false), path: "t.yaml").scene
        let sv = scene.view(named: "SV")!
        let script = ClassifierTests.swipe(from: Point(70, 122), dy: -60)
        let gesture = Gesture(
            family: .dragFromControl, target: scene.view(named: "B")!, intent: .scroll(sv, axis: .vertical, distance: 60),
            script: script, liftTime: script.last!.time, downTime: .zero)
        #expect(
            CauseFinder.cause(of: .swallowedScroll, gesture: gesture, scene: scene)
                == "SV.pan failed: contentTouchDelivery: touchesShouldCancel(in: B) returned false (S7)")
    }

}
