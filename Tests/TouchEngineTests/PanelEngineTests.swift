import ScenarioKit
import Testing
import TouchEngine

/// Library panels (spec K1, K2) where no golden pins the rule: the summary's panel record and the release rules.
@Suite struct PanelEngineTests {
    static func tree(_ panel: String, frameY: Int, offset: Int = 0) -> String {
        "views:\n  - { id: M, frame: [0, 0, 390, 844], touches: logs }\n  - id: FP\n    frame: [0, \(frameY), 390, 744]\n    panel:\n" + panel
            + "    subviews:\n      - { id: TV, kind: tableView, frame: [0, 36, 390, 708], contentSize: [390, 3000], contentOffset: [0, \(offset)] }\n"
    }

    @Test func theHandoffAtTheListsTopIsNotDoubleMotion() throws {
        let root = String(#filePath.dropLast("Tests/TouchEngineTests/PanelEngineTests.swift".count))
        let scene = try ScenarioLoader.load(path: root + "configs/scenarios/golden/PN-02-floating-panel-full-list-then-panel.yaml").scene
        let summary = Engine.summary(scene)
        // The list's last 10 pt to its top and the panel's first 90 pt come in one sample: FloatingPanel's handoff.
        #expect(summary.panels.count == 1 && !summary.panels[0].doubleMotion && !summary.panels[0].removed)
        #expect(scene.panels[0].states[summary.panels[0].finalState].name == "tip")
        // From full (100) to tip (760).
        #expect(summary.panels[0].maxDownDisplacement == 660)
    }

    @Test func aPanelThatDoesNotPinItsListMovesWithItDoubleMotion() throws {
        // At half the list is held (K1.4); without pinning (older releases, B21) it scrolls while the panel rises.
        let script =
            "script:\n  - 0 down (195,650)\n  - 16 move (195,638)\n  - 33 move (195,600)\n  - 50 move (195,550)\n  - 66 move (195,500)\n  - 83 up (195,500)\n"
        let panel = "      policy: floatingPanel\n      states: {full: 100, half: 422}\n      state: half\n      tracks: TV\n"
        let pinned = try Transcript(Self.tree(panel, frameY: 422) + script)
        let loose = try Transcript(Self.tree(panel + "      pinsList: false\n", frameY: 422) + script)
        #expect(!Engine.summary(pinned.scene).panels[0].doubleMotion)
        #expect(Engine.summary(loose.scene).panels[0].doubleMotion)
        #expect(loose.text.contains("TV contentOffset") && !pinned.text.contains("TV contentOffset = (0,50)"))
    }

    @Test func aPanModalHaltsItsDraggedListAtTheTrackedOffsetWhateverItsSign() throws {
        // Anchored at long form with the list at its top, a pull down moves the modal; the list's rubber band past its
        // top is halted back to 0 (slackhq/PanModal's haltScrolling while the list is dragged, K2.4).
        let t = try Transcript(
            Self.tree("      policy: panModal\n      states: {longForm: 100, shortForm: 500}\n      state: longForm\n      tracks: TV\n", frameY: 100)
                + "script:\n  - 0 down (195,300)\n  - 16 move (195,312)\n  - 33 move (195,340)\n  - 50 move (195,380)\n  - 66 up (195,380)\n")
        let summary = Engine.summary(t.scene)
        #expect(!summary.panels[0].doubleMotion && summary.panels[0].maxDownDisplacement > 50)
        #expect(t.text.contains("TV contentOffset = (0,0)"))
    }

    @Test func aFloatingPanelThatAllowsRemovalIsRemovedByAFastDownwardFlick() throws {
        let t = try Transcript(
            Self.tree(
                "      policy: floatingPanel\n      states: {full: 100, half: 422}\n      state: half\n      tracks: TV\n      removal: true\n", frameY: 422)
                + "script:\n  - 0 down (195,500)\n  - 16 move (195,512)\n  - 33 move (195,560)\n  - 50 move (195,680)\n  - 66 up (195,680)\n")
        let summary = Engine.summary(t.scene)
        // 2.6 pt/ms down over the 302 pt left to the bottom: more than 5.5 per second.
        #expect(summary.panels[0].removed)
        #expect(t.text.contains("FP is removed: dragged off screen"))
    }

    @Test func aPanModalReleasedSlowlyRestsAtTheNearestForm() throws {
        let t = try Transcript(
            Self.tree("      policy: panModal\n      states: {longForm: 100, shortForm: 500}\n      state: longForm\n      tracks: TV\n", frameY: 100)
                + "script:\n  - 0 down (195,300)\n  - 16 move (195,312)\n  - 33 move (195,450)\n  - 300 move (195,451)\n  - 600 up (195,451)\n")
        let summary = Engine.summary(t.scene)
        // The list starts at its top, so the modal moves at once; released at rest 151 pt down: long form is nearest.
        #expect(!summary.panels[0].removed && summary.panels[0].finalState == 0)
        #expect(summary.panels[0].maxDownDisplacement > 100)
    }
}
