import ScenarioKit
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore
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

    /// A sheet at its medium detent (top 422, not a multiple of 10): rounding frames keeps its top, so the minimal
    /// reproduction the sweep writes loads (the loader checks the top against the detent) and shows the defect.
    @Test func aShrunkSheetKeepsItsDetentsTopAndItsFileReproduces() throws {
        let yaml = """
            name: stroke in a medium sheet
            views:
              - { id: P, frame: [0, 0, 390, 844] }
              - id: S
                frame: [0, 422, 390, 422]
                sheet: {detents: [medium, large], selected: medium}
                subviews:
                  - { id: H, frame: [0, 0, 390, 56] }
                  - { id: D, frame: [16.5, 64, 357, 280], touches: logs }
                  - { id: Save, kind: button, frame: [274, 356, 100, 44] }
            script: "0 down (195,520) · 16 move (195,532) · 33 move (196,570) · 50 move (198,620) · 66 up (198,620)"
            """
        let scene = try ScenarioLoader.load(yaml: yaml, path: "stroke.yaml").scene
        let d = try #require(scene.view(named: "D"))
        let gesture = Gesture(
            family: .stroke, target: d, intent: .draw(d), script: scene.script, liftTime: .ms(66), downTime: .zero)
        let result = try Shrinker.shrink(scene: scene, gesture: gesture, defect: .accidentalDismiss)
        #expect(result.subject.scene.views[result.subject.scene.sheets[0].view].frame.origin.y == 422)
        let file = MinimalReproFile(
            exampleID: "c1-t0-stroke-p0", defect: .accidentalDismiss, cause: result.cause, gesture: result.subject.gesture,
            scene: result.subject.scene, command: "test")
        let text = file.text(result)
        #expect(text.contains("# intent: draw D\n"))
        #expect(MinimalReproFile.reproduces(text, path: "minimal.yaml"))
    }
}
