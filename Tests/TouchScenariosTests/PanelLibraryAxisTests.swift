import Testing
import TouchEngine

@testable import TouchScenarios

/// `panel.library` (touch-model-system K4): the same two-state panel built with FloatingPanel or with PanModal.
@Suite struct PanelLibraryAxisTests {
    static let trees = (0 ..< 40 as Range<UInt64>).map { TreeGenerator.generate(.mapPanel, seed: $0, options: TreeOptions()) }

    static func first(_ policy: PanelPolicy, states: Int) throws -> GeneratedTree {
        try #require(trees.first { $0.scene.panels[0].policy == policy && $0.scene.panels[0].states.count == states })
    }

    static func apply(_ library: String, to tree: GeneratedTree) throws -> GeneratedTree {
        let axis = try #require(AxisCatalog.definition(named: "panel.library"))
        var t = tree
        axis.apply(.text(library), to: &t)
        return t
    }

    @Test func theTemplateBuildsEachForm() throws {
        // FloatingPanel with its tip or without, and PanModal's two forms.
        _ = try Self.first(.floatingPanel, states: 3)
        _ = try Self.first(.floatingPanel, states: 2)
        _ = try Self.first(.panModal, states: 2)
        let axis = try #require(AxisCatalog.definition(named: "panel.library"))
        #expect(axis.allowedValues == "one of floatingPanel, panModal")
        #expect(!axis.accepts(.text("pulley")))
    }

    @Test func aPanModalBuiltWithFloatingPanelKeepsItsTopsAndTakesFloatingPanelsNamesAndDefaults() throws {
        let base = try Self.first(.panModal, states: 2)
        let t = try Self.apply("floatingPanel", to: base)
        let before = base.scene.panels[0], after = t.scene.panels[0]
        #expect(after.policy == .floatingPanel && !after.removal)
        #expect(after.states.map(\.name) == ["full", "half"] && after.states.map(\.top) == before.states.map(\.top))
        #expect(after.initialState == before.initialState && after.trackedScrollView == before.trackedScrollView)
        #expect(t.scene.views[after.view].className == "FloatingPanel.SurfaceView")
        #expect(AxisCatalog.twoStatePanels(base) == [after.view])
    }

    @Test func aTwoStateFloatingPanelBuiltWithPanModalMayBeDraggedAway() throws {
        let base = try Self.first(.floatingPanel, states: 2)
        let t = try Self.apply("panModal", to: base)
        #expect(t.scene.panels[0].policy == .panModal && t.scene.panels[0].removal)
        #expect(t.scene.panels[0].states.map(\.name) == ["longForm", "shortForm"])
        #expect(t.scene.views[t.scene.panels[0].view].className == "PanModal.PanContainerView")
        // The same value leaves a tree as it was.
        #expect(try Self.apply("floatingPanel", to: base).scene == base.scene)
    }

    @Test func aPanelWithATipHasNoPanModalFormAndKeepsItsLibrary() throws {
        let base = try Self.first(.floatingPanel, states: 3)
        let axis = try #require(AxisCatalog.definition(named: "panel.library"))
        #expect(!axis.mayChange(base))
        #expect(try Self.apply("panModal", to: base).scene == base.scene)
    }

    @Test func aFastFlickDownFromHalfRemovesThePanModalButNotTheFloatingPanel() throws {
        let base = try #require(
            Self.trees.first {
                $0.scene.panels[0].policy == .floatingPanel && $0.scene.panels[0].states.count == 2 && $0.scene.panels[0].initialState == 1
            })
        // From the grabber, 300 pt down in 130 ms (2.3 pt/ms): faster than PanModal's 300 pt/s snap (K2.6).
        let top = base.scene.panels[0].states[1].top
        var script = [ScriptEvent(time: .zero, action: .down(Point(195, top + 18)))]
        for k in 1 ... 12 { script.append(ScriptEvent(time: .ms(Double(k) * 10), action: .move(Point(195, top + 18 + 25 * Double(k))))) }
        script.append(ScriptEvent(time: .ms(130), action: .up(Point(195, top + 318))))
        func run(_ tree: GeneratedTree) -> RunSummary {
            var s = tree.scene
            s.script = script
            return Engine.summary(s)
        }
        let floating = run(base), modal = run(try Self.apply("panModal", to: base))
        #expect(!floating.panels[0].removed && floating.panels[0].finalState == 1)
        #expect(modal.panels[0].removed)
    }
}
