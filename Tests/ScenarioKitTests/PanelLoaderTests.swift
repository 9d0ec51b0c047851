import Testing
import TouchEngine

@testable import ScenarioKit

/// A view's `panel:` block (spec K1, K2): the panel and pan it installs, what it is refused with, the writer's round
/// trip and the `panel:` expectations.
@Suite struct PanelLoaderTests {
    static func yaml(_ panel: String, frameY: Double = 422, top: String = "") -> String {
        top + "views:\n  - { id: M, frame: [0, 0, 390, 844] }\n  - id: FP\n    frame: [0, \(ScenarioWriter.number(frameY)), 390, 744]\n"
            + "    panel:\n" + panel
            + "    subviews:\n      - { id: G, frame: [0, 0, 390, 36] }\n"
            + "      - { id: TV, kind: tableView, frame: [0, 36, 390, 708], contentSize: [390, 3000] }\n"
    }

    static let floating = "      policy: floatingPanel\n      states: {full: 100, half: 422, tip: 760}\n      state: half\n      tracks: TV\n"

    @Test func thePanelBlockInstallsAPanSimultaneousWithTheTrackedList() throws {
        let scene = try ScenarioLoader.load(yaml: Self.yaml(Self.floating + "      grabber: 40\n      removal: true\n"), path: "s.yaml").scene
        let fp = try #require(scene.view(named: "FP")), tv = try #require(scene.view(named: "TV"))
        let spec = scene.panels[try #require(scene.panel(of: fp))]
        #expect(spec.policy == .floatingPanel && spec.states.map(\.name) == ["full", "half", "tip"] && spec.initialState == 1)
        #expect(spec.trackedScrollView == tv && spec.grabberHeight == 40 && spec.removal)
        let pan = try #require(scene.recognizer(named: "FP.pan"))
        #expect(spec.pan == pan && scene.recognizers[pan].kind == .panelPan(panel: 0) && scene.recognizers[pan].view == fp)
        let list = try #require(scene.scrollRecognizers(of: tv))
        #expect(scene.recognizers[pan].policies.simultaneousWith == .only([list.pan, list.delay]))
    }

    @Test func panModalRemovalDefaultsToDragToDismiss() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.yaml("      policy: panModal\n      states: {longForm: 100, shortForm: 422}\n      state: shortForm\n"), path: "s.yaml"
        ).scene
        #expect(scene.panels[0].removal && scene.panels[0].trackedScrollView == nil)
    }

    @Test(arguments: [
        ("      policy: pulley\n      states: {full: 100}\n", "s.yaml:6:15: expected one of floatingPanel, panModal for 'policy', got 'pulley'"),
        (
            "      policy: floatingPanel\n      states: {}\n",
            "s.yaml:7:15: the panel of view 'FP' has no states; give at least one, e.g. {full: 100, half: 422}"
        ),
        (
            "      policy: floatingPanel\n      states: {half: 422, gone: 900}\n",
            "s.yaml:7:33: the panel of view 'FP': state 'gone' puts the panel's top at window y 900, outside the window (0 to 844)"
        ),
        (
            "      policy: panModal\n      states: {half: 422}\n",
            "s.yaml:7:16: the panel of view 'FP': a panModal panel's states are longForm and shortForm, not 'half'"
        ),
        (
            "      policy: floatingPanel\n      states: {half: 422}\n      state: full\n",
            "s.yaml:8:14: the panel of view 'FP': 'state' names 'full', which is not one of its states (half)"
        ),
        (
            "      policy: floatingPanel\n      states: {half: 422}\n      tracks: G\n",
            "s.yaml:8:15: the panel of view 'FP' tracks view 'G', which is not a scroll view inside the panel"
        ),
        (
            "      policy: floatingPanel\n      states: {half: 422}\n      tracks: Nope\n",
            "s.yaml:8:15: the panel of view 'FP' tracks view 'Nope', which is not defined"
        ),
        (
            "      policy: floatingPanel\n      states: {full: 100}\n",
            "s.yaml:5:5: the panel of view 'FP': the view's top is at window y 422, but its state 'full' puts it at 100; set the frame's y to 100"
        )
    ])
    func badPanelValuesAreOneSentence(panel: String, message: String) {
        #expect(loadError(Self.yaml(panel)) == message)
    }

    @Test func theWriterKeepsThePanel() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.yaml(
                Self.floating + "      grabber: 40\n      removal: true\n",
                top: "parameters:\n  floatingPanelProjectionRate: 0.99\n  floatingPanelRemovalThreshold: 3\n  panModalSnapVelocity: 500\n"),
            path: "s.yaml"
        ).scene
        let written = ScenarioWriter.yaml(scene, description: nil)
        #expect(written.contains("policy: floatingPanel") && written.contains("tracks: TV") && !written.contains("FP.pan"))
        let reread = try ScenarioLoader.load(yaml: written, path: "w.yaml").scene
        #expect(reread == scene)
        #expect(reread.parameters.panModalSnapVelocity == 500 && reread.parameters.floatingPanelRemovalThreshold == 3)
    }

    @Test(arguments: [
        ("top<422@50", PanelAssertion.top(comparison: .less, value: 422, tolerance: nil, time: 50)),
        ("final top=500", .top(comparison: .equal, value: 500, tolerance: nil, time: nil)),
        ("state=full@66", .state("full", time: 66)),
        ("final state=tip", .state("tip", time: nil)),
        ("removed@90", .removed(time: 90)),
        ("no removal", .notRemoved),
        ("takesOver@33", .takesOver(time: 33)),
        ("no takesOver", .noTakeOver),
        ("ignored@16", .ignored(time: 16))
    ])
    func panelEntriesParse(text: String, assertion: PanelAssertion) throws {
        #expect(try PanelAssertion.parse(text).get() == assertion)
        #expect(assertion.description == text)
    }

    @Test func badPanelExpectationsAreOneSentence() {
        let base = Self.yaml(Self.floating) + "expect:\n  panel:\n"
        #expect(loadError(base + "    M: [no removal]\n") == "s.yaml:15:5: 'expect.panel' names 'M', which is not a panel view; known names are FP")
        #expect(
            loadError(base + "    FP: [state=full]\n")
                == "s.yaml:15:10: panel entry 'state=full' in 'expect.panel.FP' must read 'state=<name>@<t>' or 'final state=<name>'")
    }
}
