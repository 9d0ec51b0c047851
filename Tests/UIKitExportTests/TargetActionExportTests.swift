import Foundation
import Testing

/// What the export writes for target-action (§5.5): the setup calls in the scenario's order, the responders'
/// action methods and refusals, the control's `sendAction` logging, the first responder and the prediction.
@Suite struct TargetActionExportTests {
    static let goldenDirectory = "configs/scenarios/golden/"

    @Test func theSetupCallsComeInTheScenariosOrder() throws {
        let swift = try exportFile(Self.goldenDirectory + "TA-05-remove-target.yaml")
        let calls = [
            "bButton.addTarget(vcController, action: Selector((\"save:\")), for: [.touchDown, .touchUpInside])",
            "bButton.addTarget(rView, action: Selector((\"track:\")), for: .touchUpInside)",
            "bButton.removeTarget(vcController, action: Selector((\"save:\")), for: .touchUpInside)",
            "bButton.removeTarget(rView, action: nil, for: .allEvents)"
        ]
        let positions = calls.map { swift.range(of: $0)?.lowerBound }
        #expect(positions.allSatisfy { $0 != nil }, "missing one of \(calls)")
        #expect(positions.compactMap { $0 } == positions.compactMap { $0 }.sorted())
        #expect(swift.contains("Log.register(vcController, \"VC\")"))
    }

    @Test func thePrimaryActionIsAUIActionRegisteredFirst() throws {
        let swift = try exportFile(Self.goldenDirectory + "TA-01a-button-primary-action.yaml")
        let primary = try #require(
            swift.range(
                of:
                    "bButton.addAction(UIAction(identifier: UIAction.Identifier(\"open\")) { _ in Log.line(\"B UIAction open\") }, for: .primaryActionTriggered)"
            ))
        let target = try #require(swift.range(of: "bButton.addTarget(vcController, action: Selector((\"save:\")), for: .touchUpInside)"))
        #expect(primary.lowerBound < target.lowerBound)
        // The prediction names both, in the words of the device log.
        #expect(swift.contains("//   t=100 ms  B sendAction save: to VC; VC performs save: from B"))
        #expect(swift.contains("//   t=100 ms  B UIAction open"))
    }

    @Test func respondersGetTheirActionMethodsAndRefusals() throws {
        let swift = try exportFile(Self.goldenDirectory + "TA-06c-can-perform-action-refuses.yaml")
        #expect(swift.contains("@objc func share(_ sender: Any?) {"))
        #expect(swift.contains("if [Selector((\"share:\"))].contains(action) { return false }"))
        #expect(swift.contains("override func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?) {"))
        #expect(swift.contains("bButton.addTarget(nil, action: Selector((\"share:\")), for: .touchUpInside)"))
    }

    @Test func theFirstResponderBecomesOneWhenTheViewAppears() throws {
        let swift = try exportFile(Self.goldenDirectory + "TA-06b-nil-target-from-first-responder.yaml")
        #expect(swift.contains("_ = tfTextField.becomeFirstResponder()"))
        // A text field can become first responder already; no override is written for it.
        #expect(!swift.contains("override var canBecomeFirstResponder: Bool { true }"))
        #expect(swift.contains("//   t=100 ms  B sendAction share: to nil; Form performs share: from B"))
    }

    @Test func anActionNobodyPerformsIsPredictedAsSuch() throws {
        let swift = try exportFile(Self.goldenDirectory + "TA-07-nil-target-nobody-performs.yaml")
        #expect(swift.contains("B sendAction share: to nil; no responder performs it (nothing more is logged)"))
    }

    @Test func scenesWithoutActionsGetNoneOfIt() throws {
        let swift = try exportFile(Self.goldenDirectory + "UC-01-plain-tap.yaml")
        #expect(!swift.contains("buildTargetActions"))
        #expect(!swift.contains("override func sendAction"))
    }

    @Test(
        .enabled(if: swiftcPath != nil, "swiftc is not on PATH"),
        arguments: [
            "TA-01a-button-primary-action.yaml", "TA-04-several-targets-registration-order.yaml",
            "TA-05-remove-target.yaml", "TA-06b-nil-target-from-first-responder.yaml",
            "TA-06c-can-perform-action-refuses.yaml", "TA-08b-primary-action-dispatch-combined.yaml"
        ])
    func theExportParses(file: String) throws {
        let result = try swiftcParse(try exportFile(Self.goldenDirectory + file), name: String(file.dropLast(5)))
        #expect(result.status == 0, "\(result.diagnostics)")
    }
}
