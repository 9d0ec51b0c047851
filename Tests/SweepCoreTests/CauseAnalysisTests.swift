import ScenarioKit
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// The cause causes.csv gives a defective run, read from the untraced run's summary, on hand-made scenes (the
/// scenes of ClassifierTests), each with the rule that decides it.
@Suite struct CauseAnalysisTests {
    /// Runs `script` untraced on the scene and returns each defect the classifier counted with its cause.
    func causes(_ yaml: String, family: GestureFamily, intent: (Scene) -> Intent, script: [ScriptEvent]) throws -> [DefectClass: CauseKind] {
        let scene = try ScenarioLoader.load(yaml: yaml, path: "t.yaml").scene
        let prepared = PreparedScene(scene)
        var runner = EngineRunner()
        let down = script.first { if case .down = $0.action { return true } else { return false } }?.time ?? .zero
        let lift = script.last { if case .up = $0.action { return true } else { return false } }?.time ?? .zero
        let i = intent(scene)
        let target: ViewID
        switch i {
        case .activate(let v), .select(let v), .scroll(let v, _, _): target = v
        default: target = 0
        }
        let gesture = Gesture(family: family, target: target, intent: i, script: script, liftTime: lift, downTime: down)
        return runner.withSummary(prepared, script: script) { summary in
            let verdict = Classifier.classify(gesture: gesture, prepared: prepared, summary: summary)
            var found: [DefectClass: CauseKind] = [:]
            for d in verdict.defects { found[d] = CauseAnalysis.cause(of: d, gesture: gesture, scene: scene, summary: summary) }
            return found
        }
    }

    @Test func aHeldTapWaitsForTheScrollViewsContentDelay() throws {
        let found = try causes(
            ClassifierTests.tree(), family: .heldTap, intent: { .activate($0.view(named: "B")!) },
            script: ClassifierTests.tap(70, 122, hold: 300))
        #expect(found == [.lateFeedback: .contentTouchDelay])
        #expect(CauseKind.contentTouchDelay.name == "content_touch_delay" && CauseKind.contentTouchDelay.rule == "S1")
    }

    @Test func theDismissTapTakesTheCellsTouch() throws {
        let found = try causes(
            ClassifierTests.tree(dismissTap: true), family: .quickTap, intent: { .select($0.view(named: "Cell")!) },
            script: ClassifierTests.tap(195, 330))
        #expect(found[.deadButton] == .takenByTap)
        #expect(CauseKind.takenByTap.name == "taken_by_tap" && CauseKind.takenByTap.rule == "G4")
    }

    @Test func aSwipeFromAButtonThatKeepsItsTouchIsSwallowedAndFiresIt() throws {
        // Without the delay the button has the touch when the pan wants to begin, and touchesShouldCancel(in:) says
        // no for controls by default: the pan fails and the button fires (seed 004; the finger lifts 40 pt above the
        // button, inside its 70 pt tracking tolerance).
        let script = ClassifierTests.swipe(from: Point(70, 122), dy: -60)
        let found = try causes(
            ClassifierTests.tree(delays: false), family: .dragFromControl,
            intent: { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 60) }, script: script)
        #expect(found[.swallowedScroll] == .touchesShouldCancelFalse)
        #expect(found[.ghostTap] == .touchesShouldCancelFalse)
        #expect(CauseKind.touchesShouldCancelFalse.name == "touches_should_cancel_false" && CauseKind.touchesShouldCancelFalse.rule == "S7")
        // touchesShouldCancel = always: the pan cancels the button and scrolls, nothing to explain.
        #expect(
            try causes(
                ClassifierTests.tree(delays: false, shouldCancel: "always"), family: .dragFromControl,
                intent: { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 60) }, script: script
            ).isEmpty)
    }

    static let covered = """
        name: covered
        views:
          - id: R
            frame: [0, 0, 390, 844]
            subviews:
              - { id: B, kind: button, frame: [20, 100, 100, 44] }
              - { id: Overlay, frame: [0, 0, 390, 400] }
        """

    @Test func anOverlayInFrontOfAButtonTakesTheHit() throws {
        let found = try causes(
            Self.covered, family: .quickTap, intent: { .activate($0.view(named: "B")!) },
            script: ClassifierTests.tap(70, 122))
        #expect(found == [.deadButton: .hitOtherView])
        #expect(CauseKind.hitOtherView.rule == "H1")
    }

    static let fits = """
        name: fits
        views:
          - id: R
            frame: [0, 0, 390, 844]
            subviews:
              - id: SV
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 844]
        """

    /// A drag on a scroll view whose content fits and that does not bounce: the pan never begins (S5), which is what
    /// UIKit is asked to do, so the run counts in no class (`cannot_scroll`), not as a swallowed scroll.
    @Test func aDragOnAScrollViewWhoseContentFitsIsCountedInNoClass() throws {
        let found = try causes(
            Self.fits, family: .fastSwipe, intent: { .scroll($0.view(named: "SV")!, axis: .vertical, distance: 100) },
            script: ClassifierTests.swipe(from: Point(195, 500), dy: -200))
        #expect(found == [:])
        let scene = try ScenarioLoader.load(yaml: Self.fits, path: "t.yaml").scene
        let script = ClassifierTests.swipe(from: Point(195, 500), dy: -200)
        let gesture = Gesture(
            family: .fastSwipe, target: scene.view(named: "SV")!, intent: .scroll(scene.view(named: "SV")!, axis: .vertical, distance: 100),
            script: script, liftTime: script.last!.time, downTime: .zero)
        var runner = EngineRunner()
        let prepared = PreparedScene(scene)
        let verdict = runner.withSummary(prepared, script: script) { Classifier.classify(gesture: gesture, prepared: prepared, summary: $0) }
        #expect(verdict.notCounted == .cannotScroll)
        #expect(NotCounted.cannotScroll.name == "cannot_scroll")
        #expect(CauseKind.panDidNotBegin.rule == "S5")
    }

    @Test func everyKindHasAStableSnakeCaseNameAndOneRule() {
        let names = CauseKind.allCases.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.allSatisfy { $0.isLowercase || $0 == "_" } })
        #expect(CauseKind.unknown.name == "unknown" && CauseKind.unknown.rule == "-")
        // Rule ids are those of docs/rules.md, or a touch-model section (§…), or "-".
        let ruleIDs = Set(["P", "H", "R", "G", "S", "N", "M", "K"])
        #expect(
            CauseKind.allCases.allSatisfy { k in
                k.rule == "-" || k.rule.hasPrefix("§") || (ruleIDs.contains(String(k.rule.prefix(1))) && Int(k.rule.dropFirst()) != nil)
            })
    }
}
