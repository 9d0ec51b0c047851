import Foundation
import TestSupport
import Testing

/// The goldens of issue 32 (NV-*, SH-*: the back swipe and sheets) exported, read as transcripts: a golden in, the
/// UIKit lines that let a device check it.
@Suite struct SystemGestureExportTests {
    static let goldens: [String] = {
        let dir = Repository.path + "/configs/scenarios/golden"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
        return names.filter { ($0.hasPrefix("NV-") || $0.hasPrefix("SH-")) && $0.hasSuffix(".yaml") }.sorted()
            .map { "configs/scenarios/golden/" + $0 }
    }()

    func golden(_ prefix: String) throws -> String {
        let path = try #require(Self.goldens.first { $0.hasPrefix("configs/scenarios/golden/" + prefix) })
        return try exportFile(path)
    }

    /// Every line is in the export.
    func expectLines(_ swift: String, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        for line in lines { #expect(swift.contains(line), "the export lacks: \(line)", sourceLocation: sourceLocation) }
    }

    /// Every line is in the export of the golden whose file name starts with `prefix`.
    func expectGolden(_ prefix: String, _ lines: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        expectLines(try golden(prefix), lines, sourceLocation: sourceLocation)
    }

    @Test func thereAreNavigationAndSheetGoldens() {
        #expect(Self.goldens.filter { $0.contains("/NV-") }.count >= 19)
        #expect(Self.goldens.filter { $0.contains("/SH-") }.count >= 16)
    }

    @Test func theCarouselFixRequiresThePopGestureToFail() throws {
        let swift = try golden("NV-03C")
        #expect(
            swift.contains(
                "if let other = ncNavigationController.interactivePopGestureRecognizer { hcScrollView.panGestureRecognizer.require(toFail: other) }"
            ))
        expectLines(
            swift,
            [
                "let ncNavigationController = UINavigationController() // NC",
                "ncNavigationController.pushViewController(vcController, animated: false)",
                "vcController.view = rView",
                "edge.delaysTouchesBegan = true // edgeDelaysTouchesBegan (N2.2)"
            ])
        // The prediction and the log use the same words for the pop.
        expectLines(
            swift,
            [
                "//   t=33 ms  NC pop began (NC.edge), progress 0.054",
                "//   t=66 ms  NC pop finished: progress 0.259, release velocity 4.223/s, threshold 0.481",
                "Log.line(\"\\(name) pop began (\\(Log.name(recognizer))), progress \\(Log.number(progress))\")",
                "nav.transitionCoordinator?.notifyWhenInteractionChanges { context in",
                "leadingEdgeYield off (N7.2): NOT REPRODUCED, UIKit decides it"
            ])
    }

    @Test func theBarIsUIKitsNavigationBarAndNotAViewOfItsOwn() throws {
        let swift = try golden("NV-03C")
        expectLines(
            swift,
            [
                "Log.register(ncNavigationController.navigationBar, \"NB\", kind: \"navigationBar\")",
                "ncNavigationController.setNavigationBarHidden(false, animated: false) // bar: NB"
            ])
        #expect(!swift.contains("final class NBView"))
    }

    @Test func atTheRootTheStackHoldsOnlyTheScenariosControllerAndTheDelegateIsReplaced() throws {
        let swift = try golden("NV-01b")
        #expect(swift.contains("ncNavigationController.setViewControllers([vcController], animated: false)"))
        #expect(!swift.contains("pushViewController"))
    }

    @Test func aReplacedDelegateAllowsEveryBegin() throws {
        let swift = try export(
            yaml: scenarioYAML(navigation: "{depth: 1, bar: NB, delegateReplaced: true}"))
        expectLines(
            swift,
            [
                "final class PopGestureDelegate: NSObject, UIGestureRecognizerDelegate {",
                "func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }",
                "edge.delegate = popGestureDelegate"
            ])
    }

    @Test func theContentPopFollowsTheModelledVersion() throws {
        try expectGolden(
            "NV-05a",
            [
                "if #available(iOS 26, *), let content = ncNavigationController.interactiveContentPopGestureRecognizer {",
                "content.isEnabled = true",
                "The scenario models iOS 26.1; contentPop: true."
            ])
        try expectGolden(
            "NV-05b",
            [
                "content.isEnabled = false",
                "The scenario models iOS 18.0; contentPop\n",
                "// follows the version: off before iOS 26."
            ])
    }

    @Test func rightToLeftForcesTheLayoutDirection() throws {
        try expectGolden(
            "NV-10a",
            [
                "ncNavigationController.view.semanticContentAttribute = .forceRightToLeft",
                "rightToLeft: true)"
            ])
    }

    @Test func anAppsScreenEdgePanWatchesItsEdges() throws {
        try expectGolden(
            "NV-11a",
            [
                "let eRecognizer = UIScreenEdgePanGestureRecognizer()",
                "eRecognizer.edges = [.right] // edges (N2)",
                "eRecognizer.delaysTouchesBegan = true"
            ])
    }

    @Test func aModalSheetLogsTheAttemptToDismiss() throws {
        try expectGolden(
            "SH-03a",
            [
                "sSheetController.isModalInPresentation = true // modal (M4)",
                "sSheetController.modalPresentationStyle = .pageSheet",
                "func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {",
                "Log.line(\"S delegate: presentationControllerDidAttemptToDismiss\")",
                "//   t=66 ms  S delegate: presentationControllerDidAttemptToDismiss",
                "//   t=16 ms  S.top = 61.099",
                "presentSheets()"
            ])
    }

    @Test func aDismissibleDimmedSheetWarnsThatATapOutsideDismissesIt() throws {
        let dimmed = try golden("SH-07a")
        #expect(dimmed.contains("a tap on the dimmed area outside the sheet dismisses it on a device"))
        let modal = try golden("SH-03a")
        #expect(!modal.contains("a tap on the dimmed area"))
        let undimmed = try golden("SH-07b")
        #expect(!undimmed.contains("a tap on the dimmed area"))
    }

    @Test func theDismissPanIsFoundByItsClassName() throws {
        try expectGolden(
            "SH-03a",
            [
                "if let dismiss = ancestorRecognizer(of: sView, className: \"_UISheetInteractionBackgroundDismissRecognizer\") {",
                "Log.register(dismiss, \"S.dismissPan\")",
                "has no public property"
            ])
    }

    @Test func anUndimmedMediumSheetSetsItsDetents() throws {
        try expectGolden(
            "SH-07b",
            [
                "sheet.detents = [.medium(), .large()] // detents (M5)",
                "sheet.selectedDetentIdentifier = .medium // selected",
                "sheet.largestUndimmedDetentIdentifier = .medium // undimmedUpTo"
            ])
    }

    @Test func aCustomDetentNeedsIOS16() throws {
        let swift = try export(
            yaml: scenarioYAML(extraViews: ["{ id: S, frame: [0, 644, 390, 200], sheet: {detents: [large, {id: peek, height: 200}]} }"]))
        expectLines(
            swift,
            [
                "sheet.detents = [.large()]",
                "sheet.detents = [.large(), .custom(identifier: .init(\"peek\")) { _ in 200 }]",
                "if #available(iOS 16, *) {\n                    sheet.selectedDetentIdentifier = .init(\"peek\") // selected"
            ])
    }

    @Test func aVetoingViewRefusesOtherViewsPans() throws {
        let swift = try golden("SH-06e")
        #expect(swift.contains("if gestureRecognizer is UIPanGestureRecognizer && gestureRecognizer.view !== self { return false }"))
        let refresh = try golden("SH-06a")
        #expect(refresh.contains("tvTableView.refreshControl = UIRefreshControl()"))
    }

    @Test func aVetoingScrollViewWithAPanAnswerTestsBothInOneOverride() throws {
        let swift = try export(yaml: scenarioYAML(scrollView: ["pan: {shouldBegin: vertical}", "vetoesPans: true"]))
        let override = "override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {"
        #expect(swift.components(separatedBy: override).count == 2, "one override, not two")
        #expect(swift.contains("if gestureRecognizer is UIPanGestureRecognizer && gestureRecognizer.view !== self { return false }"))
    }

    @Test func codeStepsAndTogglesReachTheBackSwipesThroughTheirOptionalProperties() throws {
        let swift = try export(
            yaml: scenarioYAML(
                recognizers: ["{ id: Hold, kind: longPress, view: Btn, toggleEnabledOnBegin: [NC.content] }"],
                script: "0 down (60,132) · 20 disable NC.edge · 80 up", navigation: "{bar: NB}"))
        expectLines(
            swift,
            [
                "ncNavigationController.interactivePopGestureRecognizer?.isEnabled = false",
                "contentPopRecognizer(of: ncNavigationController)?.isEnabled = false",
                "contentPopRecognizer(of: ncNavigationController)?.isEnabled = true"
            ])
    }

    @Test func aDetentChangeLogsTheIdentifierThenTheCallbackAsTheTraceDoes() throws {
        let swift = try golden("SH-04a")
        let identifier = try #require(swift.range(of: "Log.line(\"S selectedDetentIdentifier = \\(id)\")"))
        let callback = try #require(swift.range(of: "Log.line(\"S delegate: sheetPresentationControllerDidChangeSelectedDetentIdentifier\")"))
        #expect(identifier.lowerBound < callback.lowerBound)
    }

    @Test func aNavigationWhoseContentIsNotOneControllerPushesAPlainOne() throws {
        let yaml = """
            name: plain top
            views:
              - id: NC
                frame: [0, 0, 390, 844]
                navigation: {}
                subviews:
                  - { id: A, frame: [0, 0, 390, 400] }
                  - { id: B, frame: [0, 400, 390, 444] }
            recognizers: []
            script: "0 down (4,400) · 80 up"
            """
        let swift = try export(yaml: yaml)
        expectLines(
            swift,
            [
                "let ncTopController = UIViewController()",
                "ncTopController.view.addSubview(aView)",
                "ncNavigationController.setNavigationBarHidden(true, animated: false) // no bar declared"
            ])
        if swiftcPath != nil {
            let result = try swiftcParse(swift, name: "plainTop")
            #expect(result.status == 0, "\(result.diagnostics)")
        }
    }

    @Test(.enabled(if: swiftcPath != nil, "swiftc is not on PATH"), arguments: goldens)
    func theExportParses(golden: String) throws {
        let name = String(golden.split(separator: "/").last!.dropLast(".yaml".count))
        let result = try swiftcParse(try exportFile(golden), name: name)
        #expect(result.status == 0, "swiftc -parse rejected the export of \(golden):\n\(result.diagnostics)")
    }
}
