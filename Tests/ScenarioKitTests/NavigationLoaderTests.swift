import Testing
import TouchEngine

@testable import ScenarioKit

/// `navigation:` on a view, `kind: screenEdgePan`, the back-swipe parameters and `expect: pop:` (issue 32 §1): what
/// they load as, what they are refused with, and that the writer keeps them.
@Suite struct NavigationLoaderTests {
    /// TREE-NAV with `navigation` as the block; `more` goes after the views.
    static func tree(_ navigation: String, more: String = "") -> String {
        """
        views:
          - id: NC
            frame: [0, 0, 390, 844]
            navigation: \(navigation)
            subviews:
              - id: R
                frame: [0, 0, 390, 844]
                subviews:
                  - { id: HC, kind: scrollView, frame: [0, 300, 390, 200], contentSize: [1170, 200] }
              - { id: NB, frame: [0, 47, 390, 56] }
          - { id: Other, frame: [0, 0, 10, 10] }

        """ + more
    }

    @Test func aNavigationBlockInstallsTwoNamedBackSwipes() throws {
        let scene = try ScenarioLoader.load(yaml: Self.tree("{bar: NB}"), path: "s.yaml").scene
        let nc = try #require(scene.view(named: "NC")), bar = try #require(scene.view(named: "NB"))
        let edge = try #require(scene.recognizer(named: "NC.edge")), content = try #require(scene.recognizer(named: "NC.content"))
        var expected = NavigationSpec(view: nc)
        expected.bar = bar
        #expect(scene.navigations == [expected])
        #expect(scene.recognizers[edge].kind == .navigationPop(expected, role: .edge))
        #expect(scene.recognizers[edge].delaysTouchesBegan && scene.recognizers[edge].cancelsTouchesInView)
        #expect(scene.recognizers[edge].policies.shouldReceive == .notInViews([bar]))
        #expect(!scene.recognizers[content].delaysTouchesBegan && scene.recognizers[content].cancelsTouchesInView)
        #expect(scene.recognizers[content].policies.requireToFail == [edge])
        #expect(scene.recognizers[edge].kind.uikitClass == "_UIParallaxTransitionPanGestureRecognizer")
    }

    @Test func everyKeyLoads() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.tree(
                "{depth: 3, bar: NB, layoutDirection: rightToLeft, delegateReplaced: true, edgeDelaysTouchesBegan: false, "
                    + "edgeEnabled: false, contentPop: false, contentPopEnabled: false, leadingEdgeYield: true}"),
            path: "s.yaml"
        ).scene
        let spec = try #require(scene.navigations.first)
        #expect(spec.depth == 3 && spec.layoutDirection == .rightToLeft && spec.delegateReplaced)
        #expect(spec.contentPop == false && spec.leadingEdgeYield == true && spec.leadingEdge == .right)
        let ids = try #require(scene.navigationRecognizers(of: spec.view))
        #expect(!scene.recognizers[ids.edge].delaysTouchesBegan && !scene.recognizers[ids.edge].isEnabled)
        #expect(!scene.recognizers[ids.content].isEnabled)
        // A replaced delegate takes the bar exclusion with it (N4).
        #expect(scene.recognizers[ids.edge].policies.shouldReceive == .always)
    }

    @Test func theSwitchesFollowTheVersionUntilSet() {
        var p = Parameters()
        var spec = NavigationSpec(view: 1)
        #expect(spec.hasContentPop(p) && spec.yieldsAtLeadingEdge(p))
        p.iosVersion = OSVersion(18, 2)
        #expect(!spec.hasContentPop(p) && spec.yieldsAtLeadingEdge(p))
        p.iosVersion = OSVersion(17, 4)
        #expect(!spec.hasContentPop(p) && !spec.yieldsAtLeadingEdge(p))
        spec.contentPop = true
        spec.leadingEdgeYield = true
        #expect(spec.hasContentPop(p) && spec.yieldsAtLeadingEdge(p))
    }

    @Test func otherRecognizersAndScrollPansMayNameTheBackSwipes() throws {
        let yaml =
            Self.tree("{}").replacingOccurrences(of: "contentSize: [1170, 200] }", with: "contentSize: [1170, 200], pan: {requireToFail: [NC.edge]} }")
            + "recognizers:\n  - {id: P, kind: pan, view: R, simultaneousWith: all, delegateRequiredToFailBy: [NC.content]}\n"
        let scene = try ScenarioLoader.load(yaml: yaml, path: "s.yaml").scene
        let edge = try #require(scene.recognizer(named: "NC.edge")), content = try #require(scene.recognizer(named: "NC.content"))
        let hc = try #require(scene.view(named: "HC")), p = try #require(scene.recognizer(named: "P"))
        #expect(scene.recognizers[try #require(scene.scrollRecognizers(of: hc)?.pan)].policies.requireToFail == [edge])
        #expect(scene.recognizers[p].policies.delegateRequiredToFailBy == .only([content]))
    }

    @Test func anAppScreenEdgePanDelaysTouchesByDefault() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.tree(
                "{}",
                more: "recognizers:\n  - {id: E, kind: screenEdgePan, view: R, edges: [right, bottom]}\n"
                    + "  - {id: F, kind: screenEdgePan, view: R, edges: [left], delaysTouchesBegan: false}\n"),
            path: "s.yaml"
        ).scene
        let e = try #require(scene.recognizer(named: "E")), f = try #require(scene.recognizer(named: "F"))
        #expect(scene.recognizers[e].kind == .screenEdgePan(edges: [.right, .bottom]) && scene.recognizers[e].delaysTouchesBegan)
        #expect(scene.recognizers[f].kind == .screenEdgePan(edges: [.left]) && !scene.recognizers[f].delaysTouchesBegan)
        #expect(scene.recognizers[e].kind.isContinuous && scene.recognizers[e].kind.uikitClass == "UIScreenEdgePanGestureRecognizer")
    }

    @Test func theParametersLoadAndDefault() throws {
        let p = try ScenarioLoader.load(
            yaml: "parameters: {edgeRegion: 13, edgeBackProjectionFactor: 2, edgeHysteresis: 12, edgeTimeLimit: 400, "
                + "contentPopHysteresis: 50, contentPopVerticalBase: 8, contentPopVerticalSlope: 0.5, contentPopVerticalCap: 20, "
                + "popFinishProjectionTime: 300, popFinishDistance: 150, popFinishMaximumProgress: 0.4}\n" + Self.tree("{}"),
            path: "s.yaml"
        ).scene.parameters
        #expect(p.edgeRegion == 13 && p.edgeBackProjectionFactor == 2 && p.edgeHysteresis == 12 && p.edgeTimeLimit == .ms(400))
        #expect(p.contentPopHysteresis == 50 && p.contentPopVerticalBase == 8 && p.contentPopVerticalSlope == 0.5)
        #expect(p.contentPopVerticalCap == 20 && p.popFinishProjectionTime == .ms(300) && p.popFinishDistance == 150)
        #expect(p.popFinishMaximumProgress == 0.4 && p.popFinishThreshold(width: 390) == 150.0 / 390)
        let d = Parameters()
        #expect(d.edgeRegion == 35 && d.edgeBackProjectionFactor == 1 && d.edgeHysteresis == 15 && d.edgeTimeLimit == .ms(250))
        #expect(d.contentPopHysteresis == 30 && d.popFinishProjectionTime == .ms(350))
        #expect(abs(d.popFinishThreshold(width: 390) - 0.4808) < 0.0001 && d.popFinishThreshold(width: 300) == 0.5)
    }

    @Test(arguments: [
        ("{depth: 0}", "s.yaml:4:25: expected an integer from 1 to 100 (the number of view controllers on the stack; 1 is the root) for 'depth', got '0'"),
        ("{depth: -2}", "s.yaml:4:25: expected an integer from 1 to 100 (the number of view controllers on the stack; 1 is the root) for 'depth', got '-2'"),
        ("{layoutDirection: sideways}", "s.yaml:4:35: expected one of leftToRight, rightToLeft for 'layoutDirection', got 'sideways'"),
        (
            "{bar: Other}",
            "s.yaml:4:23: navigation controller 'NC' has bar 'Other', which is not inside its view (a navigation bar is a subview of the navigation controller's view)"
        ),
        (
            "{bar: NC}",
            "s.yaml:4:23: navigation controller 'NC' has bar 'NC', which is not inside its view (a navigation bar is a subview of the navigation controller's view)"
        ),
        ("{bar: Nope}", "s.yaml:4:23: navigation controller 'NC' has bar 'Nope', which is not defined"),
        ("{contentPop: maybe}", "s.yaml:4:30: expected true or false for 'contentPop', got 'maybe'"),
        (
            "{swipe: true}",
            "s.yaml:4:18: unknown key 'swipe' in 'navigation' of view 'NC'; allowed keys are depth, bar, layoutDirection, delegateReplaced, edgeDelaysTouchesBegan, edgeEnabled, contentPop, contentPopEnabled, leadingEdgeYield"
        ),
        ("[2]", "s.yaml:4:17: expected a map for 'navigation' of view 'NC', got a list of 1 item")
    ])
    func badNavigationValuesAreOneLocatedSentence(navigation: String, message: String) {
        #expect(loadError(Self.tree(navigation)) == message)
    }

    @Test(arguments: [
        (
            "recognizers:\n  - {id: E, kind: screenEdgePan, view: R, edges: [leading]}\n",
            "s.yaml:13:51: expected one of top, left, bottom, right for 'edges', got 'leading'"
        ),
        (
            "recognizers:\n  - {id: E, kind: screenEdgePan, view: R, edges: []}\n",
            "s.yaml:13:50: expected at least one edge (top, left, bottom, right) for 'edges'"
        ),
        ("recognizers:\n  - {id: E, kind: screenEdgePan, view: R}\n", "s.yaml:13:5: recognizer 'E' is missing the required key 'edges'"),
        (
            "recognizers:\n  - {id: E, kind: pan, view: R, edges: [left]}\n",
            "s.yaml:13:33: key 'edges' applies only to screenEdgePan recognizers, but recognizer 'E' is a pan"
        ),
        (
            "recognizers:\n  - {id: NC.edge, kind: pan, view: R}\n",
            "s.yaml:13:10: duplicate id 'NC.edge', already defined as the edge back swipe of navigation controller 'NC' at line 2"
        ),
        ("parameters: {edgeRegion: 60}\n", "s.yaml:12:26: expected a distance from 13 to 55 pt for 'edgeRegion', got '60'"),
        ("parameters: {edgeBackProjectionFactor: 0.5}\n", "s.yaml:12:40: expected a number from 1 to 2 for 'edgeBackProjectionFactor', got '0.5'"),
        ("parameters: {edgeTimeLimit: -1}\n", "s.yaml:12:29: expected a time from 0 to 3600000 ms for 'edgeTimeLimit', got '-1'"),
        ("expect:\n  pop: {R: []}\n", "s.yaml:13:9: 'expect.pop' names view 'R', which declares no navigation controller ('navigation:')"),
        (
            "expect:\n  pop: {NC: [popped@3]}\n",
            "s.yaml:13:14: entry 'popped@3' in 'expect.pop.NC' has unknown pop phase 'popped'; expected began, changed, finished or cancelled"
        )
    ])
    func badRecognizerParameterAndExpectationValuesAreOneLocatedSentence(more: String, message: String) {
        #expect(loadError(Self.tree("{}", more: more)) == message)
    }

    @Test func theWriterKeepsTheBlockTheKindAndTheParameters() throws {
        let yaml =
            "parameters: {edgeRegion: 20, edgeTimeLimit: 300, popFinishMaximumProgress: 0.45}\n"
            + Self.tree(
                "{depth: 1, bar: NB, layoutDirection: rightToLeft, edgeDelaysTouchesBegan: false, contentPop: true, "
                    + "contentPopEnabled: false, leadingEdgeYield: false}",
                more: "recognizers:\n  - {id: Menu, kind: screenEdgePan, view: R, edges: [top, right]}\n"
                    + "  - {id: P, kind: pan, view: R, requireToFail: [NC.edge, Menu]}\n")
        let scene = try ScenarioLoader.load(yaml: yaml, path: "s.yaml").scene
        let written = ScenarioWriter.yaml(scene, description: nil)
        #expect(
            written.contains(
                "navigation: {depth: 1, bar: NB, layoutDirection: rightToLeft, edgeDelaysTouchesBegan: false, contentPop: true, contentPopEnabled: false, leadingEdgeYield: false}"
            ))
        #expect(written.contains("{id: Menu, kind: screenEdgePan, view: R, edges: [top, right]}"))
        #expect(!written.contains("NC.edge, kind"))
        let reread = try ScenarioLoader.load(yaml: written, path: "w.yaml").scene
        #expect(reread == scene)
        // Defaults write an empty block, which loads to the same navigation controller.
        let plain = try ScenarioLoader.load(yaml: Self.tree("{}"), path: "s.yaml").scene
        let plainWritten = ScenarioWriter.yaml(plain, description: nil)
        #expect(plainWritten.contains("navigation: {}"))
        #expect(try ScenarioLoader.load(yaml: plainWritten, path: "w.yaml").scene == plain)
    }

    @Test func popEntriesParseWithOrWithoutTimeAndProgress() throws {
        let loaded = try ScenarioLoader.load(
            yaml: Self.tree("{}", more: "expect:\n  pop:\n    NC: [began@33, \"...\", \"changed@50 progress=0.18±0.01\", finished]\n"),
            path: "s.yaml")
        let pops = try #require(loaded.expectations?.pops.first)
        #expect(pops.path == "expect.pop.NC")
        #expect(
            pops.pattern == [
                .entry(PopEntry(phase: .began, time: 33)), .anything,
                .entry(PopEntry(phase: .changed, time: 50, progress: 0.18, progressTolerance: 0.01)),
                .entry(PopEntry(phase: .finished))
            ])
    }
}
