import Foundation
import TestSupport
import Testing
import TouchEngine

@testable import ScenarioKit

/// The target-action keys (§5.5): what they load to, their one-sentence errors, the writer's round trip and the
/// `controlActions` expectations.
@Suite struct TargetActionLoaderTests {
    static func yaml(button: [String] = [], controller: String = "{ id: VC, view: R, implements: [save] }", top: [String] = []) -> String {
        ([
            "views:", "  - id: R", "    frame: [0, 0, 390, 844]", "    subviews:",
            "      - id: B", "        kind: button", "        frame: [20, 100, 100, 44]"
        ]
            + button.map { "        " + $0 }
            + ["      - { id: L, kind: label, frame: [20, 300, 100, 44] }", "controllers:", "  - " + controller] + top)
            .joined(separator: "\n") + "\n"
    }

    @Test func theSetupLoadsInOrderWithItsTargetsResolved() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.yaml(
                button: [
                    "primaryAction: open",
                    "targetActions:",
                    "  - { addTarget: VC, action: save, for: [touchUpInside, touchDown] }",
                    "  - { addTarget: ~, action: share, for: allEvents }",
                    "  - { removeTarget: ~, for: touchDown }",
                    "  - { addAction: log, for: primaryActionTriggered }",
                    "  - { removeAction: log, for: primaryActionTriggered }"
                ], top: ["firstResponder: L"]), path: "s.yaml"
        ).scene
        let b = try #require(scene.view(named: "B"))
        #expect(scene.views[b].primaryAction == "open")
        #expect(
            scene.views[b].actionSetup == [
                .addTarget(.controller(0), action: "save", events: [.of(.touchUpInside), .of(.touchDown)]),
                .addTarget(nil, action: "share", events: .all),
                .removeTarget(nil, action: nil, events: .of(.touchDown)),
                .addAction("log", events: .of(.primaryActionTriggered)),
                .removeAction("log", events: .of(.primaryActionTriggered))
            ])
        #expect(scene.controllers[0].actions.implements == ["save"])
        #expect(scene.firstResponder == .view(scene.view(named: "L")!))
    }

    @Test(
        arguments: [
            (
                ["targetActions: [{ addTarget: VC, action: share, for: touchUpInside }]"], "{ id: VC, view: R, implements: [save] }",
                "s.yaml:8:50: view 'B' adds target 'VC' for action 'share', which 'VC' does not implement (UIKit would raise 'unrecognized selector'); list it in its 'implements'"
            ),
            (
                ["targetActions: [{ addTarget: Nope, action: save, for: touchUpInside }]"], "{ id: VC, view: R }",
                "s.yaml:8:38: view 'B' adds target 'Nope', which is not a view or controller"
            ),
            (
                ["targetActions: [{ addTarget: VC, addAction: x, for: touchUpInside }]"], "{ id: VC, view: R }",
                "s.yaml:8:25: a 'targetActions' entry of view 'B' must make exactly one call: addTarget, addAction, removeTarget, removeAction; it has addTarget and addAction"
            ),
            (
                ["targetActions: [{ addAction: x, for: touchUpSide }]"], "{ id: VC, view: R }",
                "s.yaml:8:46: expected one of touchDown, touchDownRepeat, touchDragInside, touchDragOutside, touchDragEnter, touchDragExit, touchUpInside, touchUpOutside, touchCancel, valueChanged, primaryActionTriggered, allEvents for 'for' of a 'targetActions' entry of view 'B', got 'touchUpSide'"
            ),
            (
                ["targetActions: [{ addAction: x }]"], "{ id: VC, view: R }",
                "s.yaml:8:25: a 'targetActions' entry of view 'B' (addAction) is missing the required key 'for'"
            ),
            (
                ["primaryAction: 'save:'"], "{ id: VC, view: R }",
                "s.yaml:8:24: expected a method name such as save (letters, digits and _) for 'primaryAction' of view 'B', got 'save:'"
            ),
            (
                ["implements: [save]", "refuses: [share]"], "{ id: VC, view: R }",
                "s.yaml:9:19: view 'B' refuses 'share' in canPerformAction but does not implement it; add it to 'implements' (a responder that lacks the method never performs it anyway)"
            )
        ] as [([String], String, String)])
    func errorsAreOneLocatedSentence(button: [String], controller: String, message: String) {
        #expect(loadError(Self.yaml(button: button, controller: controller)) == message)
    }

    @Test func controlKeysOnAPlainViewAndAnUnknownFirstResponderAreRefused() {
        let onLabel = "views:\n  - { id: L, kind: label, frame: [0, 0, 10, 10], primaryAction: open }\n"
        #expect(
            loadError(onLabel) == "s.yaml:2:50: key 'primaryAction' applies only to controls (button, control, switch, slider, "
                + "stepper, segmentedControl, pageControl, textField), but view 'L' is a label")
        #expect(loadError(Self.yaml(top: ["firstResponder: Ghost"])) == "s.yaml:11:17: the first responder 'Ghost' is not a view or controller")
    }

    static let goldenFiles: [String] = {
        let dir = Repository.url("configs/scenarios/golden").path
        return ((try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []).filter { $0.hasPrefix("TA-") }.sorted()
    }()

    @Test(arguments: goldenFiles)
    func theWriterWritesWhatTheLoaderReadsBack(file: String) throws {
        let scene = try ScenarioLoader.load(path: Repository.url("configs/scenarios/golden/\(file)").path).scene
        let written = ScenarioWriter.yaml(scene, description: nil)
        #expect(try ScenarioLoader.load(yaml: written, path: file).scene == scene, "\(written)")
    }

    @Test func controlActionExpectationsFailWithTheObservedList() throws {
        let text =
            Self.yaml(button: ["targetActions: [{ addTarget: ~, action: share, for: touchUpInside }]"])
            + "script: \"0 down (70,122) · 100 up\"\nexpect:\n  controlActions:\n    B: [VC.share@100]\n"
        let loaded = try ScenarioLoader.load(yaml: text, path: "s.yaml")
        let trace = Engine.trace(loaded.scene)
        let failures = loaded.expectations!.check(scene: loaded.scene, trace: trace, outcome: Outcome(scene: loaded.scene, trace: trace))
        #expect(failures.map(\.description) == ["expect.controlActions.B (line 15): expected [VC.share@100], got [nobody.share@100]"])
        #expect(
            loadError(text.replacingOccurrences(of: "VC.share@100", with: "share@100"))
                == "s.yaml:15:9: entry 'share@100' in 'expect.controlActions.B' is malformed; expected '<receiver>.<action>@<t> [for <Event>]', the receiver a responder, UIAction or nobody"
        )
    }
}
