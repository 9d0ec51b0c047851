import Foundation
import ScenarioKit
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore
@testable import SweepShrinker

/// A control that declares actions is judged by whether its action was performed (docs/defects.md, §5.5).
@Suite struct TargetActionClassifierTests {
    /// Runs a golden file's script untraced and classifies it as a quick tap meant to activate `target`.
    func verdict(_ file: String, target: String) throws -> (ScenarioVerdict, CauseKind?) {
        let scene = try ScenarioLoader.load(path: Repository.url("configs/scenarios/golden/\(file)").path).scene
        let prepared = PreparedScene(scene)
        let summary = Engine.summary(prepared)
        let v = try #require(scene.view(named: target))
        let gesture = Gesture(
            family: .quickTap, target: v, intent: .activate(v), script: scene.script,
            liftTime: scene.script.last!.time, downTime: scene.script.first!.time)
        let verdict = Classifier.classify(gesture: gesture, prepared: prepared, summary: summary)
        let cause =
            verdict.defects.contains(.deadButton)
            ? CauseAnalysis.cause(of: .deadButton, gesture: gesture, scene: scene, summary: summary) : nil
        return (verdict, cause)
    }

    @Test func aButtonWhoseActionReachesNobodyIsDead() throws {
        // TA-07: TouchUpInside fires (the old rule would count that), but the nil-targeted share finds no responder.
        let (verdict, cause) = try verdict("TA-07-nil-target-nobody-performs.yaml", target: "B")
        #expect(verdict.defects.contains(.deadButton))
        #expect(verdict.actionLatency == nil)
        #expect(cause == .actionNotPerformed)
        #expect(CauseKind.actionNotPerformed.name == "action_not_performed" && CauseKind.actionNotPerformed.rule == "§5.5")
    }

    @Test func aButtonWhoseActionTheControllerPerformsIsNot() throws {
        let (verdict, _) = try verdict("TA-06a-nil-target-reaches-controller.yaml", target: "B")
        #expect(!verdict.defects.contains(.deadButton))
        #expect(verdict.actionLatency == 0)
    }

    @Test func aButtonLeftWithOnlyATouchDownActionIsJudgedOnIt() throws {
        // TA-05: the TouchUpInside targets were removed; what is left, VC.save at touch-down, is the button's action.
        let (verdict, _) = try verdict("TA-05-remove-target.yaml", target: "B")
        #expect(!verdict.defects.contains(.deadButton))
        #expect(verdict.actionLatency == -100, "performed at touch-down, 100 ms before the lift")
    }

    @Test func theGoldenCasesTruthBlockAgreesWithTheClassifier() throws {
        let loaded = try ScenarioLoader.load(
            path: Repository.url(
                "configs/scenarios/golden/TA-07-nil-target-nobody-performs.yaml"
            ).path)
        let truth = try #require(loaded.truth)
        #expect(truth.defects.map(\.text) == ["dead_button"])
        let (verdict, _) = try verdict("TA-07-nil-target-nobody-performs.yaml", target: "B")
        #expect(verdict.defects.map(\.name) == ["dead_button"])
    }

    @Test func theCauseFinderWordsAnActionNobodyPerformed() throws {
        let scene = try ScenarioLoader.load(
            path: Repository.url(
                "configs/scenarios/golden/TA-07-nil-target-nobody-performs.yaml"
            ).path
        ).scene
        let b = try #require(scene.view(named: "B"))
        let gesture = Gesture(
            family: .quickTap, target: b, intent: .activate(b), script: scene.script,
            liftTime: .ms(100), downTime: .zero)
        let text = CauseFinder.cause(of: .deadButton, gesture: gesture, scene: scene)
        #expect(text.hasPrefix("B fired, but no responder performed its action: B → nil-targeted share(_:) (TouchUpInside)"))
    }

    @Test func shrinkingKeepsTheRegistrationsOfKeptViewsAndDropsThoseOfRemovedTargets() throws {
        let scene = try ScenarioLoader.load(
            path: Repository.url(
                "configs/scenarios/golden/TA-04-several-targets-registration-order.yaml"
            ).path
        ).scene
        #expect(scene.canonical().scene == scene)
        // Remove C (B moves up to R): the registration targeting C goes, the others are remapped.
        var keep = Array(repeating: true, count: scene.views.count)
        keep[scene.view(named: "C")!] = false
        let rebuilt = scene.rebuilt(
            keepingViews: keep, recognizers: Array(repeating: true, count: scene.recognizers.count),
            controllers: [true]
        ).scene
        let b = try #require(rebuilt.view(named: "B"))
        let r = try #require(rebuilt.view(named: "R"))
        #expect(rebuilt.registrations(of: b).map(\.handler) == [.target(.controller(0), action: "save"), .target(.view(r), action: "track")])
    }
}
