import ScenarioKit
import TestSupport
import Testing
import TouchEngine

@testable import SweepShrinker

/// A shrink step keeps a sheet, a panel and a navigation controller whose views it keeps: each is added again as the
/// loader adds it (its pan renamed to nothing new, its requirements and tracked list mapped), so the rebuilt scene
/// runs as the original did and a written minimal reproduction loads back equal.
@Suite struct RebuildSystemGestureTests {
    static func load(_ file: String) throws -> Scene {
        try ScenarioLoader.load(path: Repository.path + "/configs/scenarios/golden/" + file).scene
    }

    static func keepingAll(_ scene: Scene, but removed: [String] = []) -> Scene {
        var views = [Bool](repeating: true, count: scene.views.count)
        for name in removed { views[scene.view(named: name)!] = false }
        return scene.rebuilt(
            keepingViews: views, recognizers: [Bool](repeating: true, count: scene.recognizers.count),
            controllers: [Bool](repeating: true, count: scene.controllers.count)
        ).scene
    }

    @Test func aKeptSheetInsideWhichANavigationControllerSitsRunsAsBefore() throws {
        let scene = try Self.load("SH-08-navigation-in-sheet-back-swipe-pops.yaml")
        let rebuilt = Self.keepingAll(scene)
        #expect(rebuilt.sheets.count == 1 && rebuilt.navigations.count == 1)
        // N7.6's requirement is made again: the dismiss pan waits for both back swipes of the navigation inside it.
        let pan = rebuilt.sheets[0].dismissPan
        #expect(rebuilt.recognizers[pan].name == "S.dismissPan")
        #expect(rebuilt.recognizers[pan].policies.requireToFail.map { rebuilt.recognizers[$0].name } == ["NC.edge", "NC.content"])
        #expect(Engine.summary(rebuilt) == Engine.summary(scene))
        // Written and read back, the rebuilt scene is the same scene.
        let reread = try ScenarioLoader.load(yaml: ScenarioWriter.yaml(rebuilt, description: nil), path: "minimal.yaml").scene
        #expect(reread == rebuilt)
    }

    @Test func aPanelKeepsItsTrackedListOrLosesItWithTheList() throws {
        let scene = try Self.load("PN-02-floating-panel-full-list-then-panel.yaml")
        let rebuilt = Self.keepingAll(scene)
        #expect(rebuilt.panels.count == 1 && rebuilt.panels[0].trackedScrollView == rebuilt.view(named: "TV"))
        #expect(Engine.summary(rebuilt) == Engine.summary(scene))
        let withoutList = Self.keepingAll(scene, but: ["TV"])
        #expect(withoutList.panels.count == 1 && withoutList.panels[0].trackedScrollView == nil)
        let withoutSurface = Self.keepingAll(scene, but: ["FP"])
        #expect(withoutSurface.panels.isEmpty && !withoutSurface.recognizers.contains { $0.name == "FP.pan" })
    }
}
