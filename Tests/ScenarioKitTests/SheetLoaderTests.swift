import Testing
import TouchEngine

@testable import ScenarioKit

/// A view's `sheet:` block and the sheet keys (`vetoesPans`, `refreshControl`, the sheet parameters): the sheet and
/// dismiss pan they install, what they are refused with, the writer's round trip and the `sheet:` expectations.
@Suite struct SheetLoaderTests {
    static func yaml(_ sheet: String, frameY: Double = 60, parent: String? = nil, top: String = "") -> String {
        let sheetView =
            "    frame: [0, \(ScenarioWriter.number(frameY)), 390, 784]\n    sheet:\n" + sheet
            + "    subviews:\n      - { id: D, frame: [0, 0, 390, 100], vetoesPans: true }\n"
            + "      - { id: TV, kind: tableView, frame: [0, 100, 390, 600], contentSize: [390, 3000], refreshControl: true }\n"
        let views: String
        if let parent {
            views =
                "  - id: \(parent)\n    frame: [0, 0, 390, 844]\n    subviews:\n      - id: S\n"
                + sheetView.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }.joined(separator: "\n")
        } else {
            views = "  - id: S\n" + sheetView
        }
        return top + "views:\n  - { id: P, frame: [0, 0, 390, 844] }\n" + views
    }

    @Test func theSheetBlockPresentsASheetWithItsDismissPan() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.yaml(
                "      detents: [medium, large, {id: short, height: 200}]\n      selected: large\n      modal: true\n"
                    + "      delegate: {shouldDismiss: false, logs: false}\n      expandsOnScroll: false\n      undimmedUpTo: medium\n"),
            path: "s.yaml"
        ).scene
        let s = try #require(scene.view(named: "S"))
        let sheet = try #require(scene.sheet(of: s))
        let spec = scene.sheets[sheet]
        #expect(spec.detents == [.medium, .large, .custom(identifier: "short", height: 200)])
        #expect(spec.selectedDetent == 1 && spec.isModalInPresentation && !spec.prefersScrollingExpandsWhenScrolledToEdge)
        #expect(spec.delegate == SheetDelegate(shouldDismiss: false, logsCallbacks: false) && spec.largestUndimmedDetent == 0)
        #expect(scene.detentTops(of: sheet) == [422, 60, 644])
        let pan = try #require(scene.recognizer(named: "S.dismissPan"))
        #expect(spec.dismissPan == pan && scene.recognizers[pan].kind == .sheetPan(sheet: sheet) && scene.recognizers[pan].view == s)
        #expect(scene.recognizers[pan].cancelsTouchesInView && !scene.recognizers[pan].delaysTouchesBegan)
        #expect(scene.recognizers[pan].kind.uikitClass == "_UISheetInteractionBackgroundDismissRecognizer")
        #expect(scene.views[try #require(scene.view(named: "D"))].vetoesForeignPans)
        #expect(scene.views[try #require(scene.view(named: "TV"))].scroll?.hasRefreshControl == true)
    }

    @Test func theDefaultsAreALargeDismissibleSheetWithoutDelegate() throws {
        let scene = try ScenarioLoader.load(yaml: Self.yaml("      {}\n".replacingOccurrences(of: "      {}", with: "      modal: false")), path: "s.yaml")
            .scene
        let spec = scene.sheets[0]
        #expect(spec.detents == [.large] && spec.selectedDetent == 0 && !spec.isModalInPresentation)
        #expect(spec.delegate == nil && spec.prefersScrollingExpandsWhenScrolledToEdge && spec.largestUndimmedDetent == nil)
    }

    @Test func withoutSelectedTheSmallestDetentIsSelected() throws {
        let scene = try ScenarioLoader.load(yaml: Self.yaml("      detents: [large, medium]\n", frameY: 422), path: "s.yaml").scene
        #expect(scene.sheets[0].selectedDetent == 1)
    }

    @Test func aPresentationContainerUnderTheWindowIsAccepted() throws {
        let scene = try ScenarioLoader.load(yaml: Self.yaml("      modal: true\n", parent: "SC"), path: "s.yaml").scene
        #expect(scene.sheets.count == 1)
    }

    @Test(arguments: [
        ("      detents: [huge]\n", "s.yaml:6:17: unknown detent 'huge' in the sheet of view 'S'; a detent is large, medium or {id: name, height: pt}"),
        ("      detents: []\n", "s.yaml:6:16: the sheet of view 'S' lists no detents; give at least one (large, medium or {id: …, height: …})"),
        ("      detents: [large, large]\n", "s.yaml:6:24: the sheet of view 'S' lists detent 'large' twice"),
        (
            "      detents: [{id: tall, height: 800}]\n",
            "s.yaml:6:36: custom detent 'tall' in the sheet of view 'S' is 800 pt tall, which puts its top above the large detent's (window y 60); the most a detent may be is 784 pt"
        ),
        (
            "      detents: [{id: flat, height: 0}]\n",
            "s.yaml:6:36: custom detent 'flat' in the sheet of view 'S' has height 0; a detent must be taller than 0 pt"
        ),
        ("      detents: [{id: large, height: 100}]\n", "s.yaml:6:22: a custom detent may not be called 'large', the name of a system detent"),
        ("      selected: medium\n", "s.yaml:6:17: the sheet of view 'S': 'selected' names detent 'medium', which is not one of its detents (large)"),
        ("      undimmedUpTo: short\n", "s.yaml:6:21: the sheet of view 'S': 'undimmedUpTo' names detent 'short', which is not one of its detents (large)"),
        (
            "      wobble: true\n",
            "s.yaml:6:7: unknown key 'wobble' in 'sheet'; allowed keys are detents, selected, modal, delegate, expandsOnScroll, undimmedUpTo"
        ),
        ("      delegate: {answer: no}\n", "s.yaml:6:18: unknown key 'answer' in 'delegate'; allowed keys are shouldDismiss, logs")
    ])
    func badSheetValuesAreOneSentence(sheet: String, message: String) {
        #expect(loadError(Self.yaml(sheet)) == message)
    }

    @Test func theFrameMustStartAtTheSelectedDetent() {
        #expect(
            loadError(Self.yaml("      detents: [medium, large]\n      selected: medium\n"))
                == "s.yaml:5:5: the sheet of view 'S': the view's top is at window y 60, but its selected detent 'medium' puts the "
                + "sheet's top at 422; set the frame's y to 422")
    }

    @Test func aSheetDeepInTheTreeIsRefused() {
        let yaml =
            "views:\n  - id: A\n    frame: [0, 0, 390, 844]\n    subviews:\n      - id: B\n        frame: [0, 0, 390, 844]\n"
            + "        subviews:\n          - id: S\n            frame: [0, 60, 390, 784]\n            sheet: {modal: true}\n"
        #expect(
            loadError(yaml)
                == "s.yaml:10:13: the sheet of view 'S': it must be a subview of the window or of a presentation container "
                + "directly under the window, but 'S' is inside 'B', which is not")
    }

    @Test func theSheetParametersHaveTheirRanges() throws {
        #expect(
            loadError("parameters:\n  sheetDecelerationRate: 1\n")
                == "s.yaml:2:26: expected a number from 0.9 to 0.999 for 'sheetDecelerationRate', got '1'")
        #expect(
            loadError("parameters:\n  sheetMediumDetentTop: 20\n")
                == "s.yaml:2:25: expected a window y from 100 to 800 pt for 'sheetMediumDetentTop', got '20'")
        #expect(
            loadError("parameters:\n  sheetQuickReswipeInterval: 5000\n")
                == "s.yaml:2:30: expected a duration from 0 to 2000 ms for 'sheetQuickReswipeInterval', got '5000'")
        let p = try ScenarioLoader.load(
            yaml: "parameters:\n  sheetLargeDetentTop: 50\n  sheetMediumDetentTop: 400\n  sheetDecelerationRate: 0.95\n"
                + "  sheetQuickReswipeInterval: 300\n  sheetDismissDuration: 500\n", path: "s.yaml"
        ).scene.parameters
        #expect(p.sheetLargeDetentTop == 50 && p.sheetMediumDetentTop == 400 && p.sheetDecelerationRate == 0.95)
        #expect(p.sheetQuickReswipeInterval == .ms(300) && p.sheetDismissDuration == .ms(500))
    }

    @Test func theWriterKeepsTheSheet() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.yaml(
                "      detents: [medium, large, {id: short, height: 200}]\n      selected: large\n      modal: true\n"
                    + "      delegate: {shouldDismiss: false, logs: false}\n      expandsOnScroll: false\n      undimmedUpTo: medium\n",
                top: "parameters:\n  sheetDismissDuration: 500\n  sheetDecelerationRate: 0.95\n"),
            path: "s.yaml"
        ).scene
        let written = ScenarioWriter.yaml(scene, description: nil)
        #expect(written.contains("undimmedUpTo: medium") && written.contains("vetoesPans: true") && written.contains("refreshControl: true"))
        #expect(!written.contains("dismissPan"))
        let reread = try ScenarioLoader.load(yaml: written, path: "w.yaml").scene
        #expect(reread == scene)
    }

    @Test func theGoldenSheetsRoundTrip() throws {
        for file in ["SH-01a-list-at-top-drags-sheet-dismissed", "SH-03a-modal-rubber-band-attempt", "SH-07b-undimmed-detent-passes-touch"] {
            let root = String(#filePath.dropLast("Tests/ScenarioKitTests/SheetLoaderTests.swift".count))
            let scene = try ScenarioLoader.load(path: root + "configs/scenarios/golden/\(file).yaml").scene
            let reread = try ScenarioLoader.load(yaml: ScenarioWriter.yaml(scene, description: nil), path: "w.yaml").scene
            #expect(reread == scene, "\(file)")
        }
    }

    // MARK: Expectations

    @Test(arguments: [
        ("top=62@16", SheetAssertion.top(comparison: .equal, value: 62, tolerance: nil, time: 16)),
        ("top<130±0.5@33", .top(comparison: .less, value: 130, tolerance: 0.5, time: 33)),
        ("final top=60", .finalTop(comparison: .equal, value: 60, tolerance: nil)),
        ("detent=large@100", .detent("large", time: 100)),
        ("final detent=medium", .detent("medium", time: nil)),
        ("dismissed@83", .dismissed(time: 83)),
        ("no dismiss", .noDismiss),
        ("didAttempt@66", .call(.didAttempt, time: 66)),
        ("shouldDismiss", .call(.shouldDismiss, time: nil)),
        ("no willDismiss", .noCall(.willDismiss)),
        ("didAttempt count=1", .callCount(.didAttempt, 1)),
        ("drives TV@16", .handoff(list: "TV", drives: true, time: 16)),
        ("refuses TV@382", .handoff(list: "TV", drives: false, time: 382))
    ])
    func sheetEntriesParse(text: String, assertion: SheetAssertion) throws {
        #expect(try SheetAssertion.parse(text).get() == assertion)
        #expect(assertion.description == text)
    }

    @Test func badSheetExpectationsAreOneSentence() {
        let base = Self.yaml("      modal: true\n") + "expect:\n  sheet:\n"
        #expect(
            loadError(base + "    P: [no dismiss]\n")
                == "s.yaml:12:5: 'expect.sheet' names 'P', which is not a sheet view; known names are S")
        #expect(
            loadError(base + "    S: [top=62]\n")
                == "s.yaml:12:9: sheet entry 'top=62' in 'expect.sheet.S' needs '@<time in ms>' after the value")
        #expect(loadError(base + "    S: [wobble@3]\n").hasPrefix("s.yaml:12:9: sheet entry 'wobble@3' in 'expect.sheet.S' is not a sheet assertion; expected"))
    }
}
