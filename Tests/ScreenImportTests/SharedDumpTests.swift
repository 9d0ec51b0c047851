import ScenarioKit
import ScreenImport
import SweepCore
import SweepPlanning
import Testing
import TouchEngine
import TouchScenarios

/// The public dumps of shared/screens: each imports, traces and sweeps; the counts match SOURCES.md.
@Suite struct SharedDumpTests {
    @Test func theSharedDumpsAreThere() {
        #expect(sharedDumps.count >= 16, "shared/screens not found beside the checkout (set TOUCHSWEEP_SCREENS)")
    }

    /// Views per file (SOURCES.md, minus the records the truncated files cut mid-line).
    static let views: [String: Int] = [
        "01": 82, "03": 31, "04": 36, "05": 32, "06": 36, "07": 15, "09": 10, "10": 10, "12": 16, "13": 19, "14": 18,
        "16": 22, "17": 12, "19": 20, "21": 13, "22": 12,
    ]

    @Test(arguments: sharedDumps)
    func importsAndTraces(_ name: String) throws {
        let screen = try importShared(name)
        if let expected = Self.views[String(name.prefix(2))] { #expect(screen.report.views == expected) }
        // Only the truncated files warn, once each, about their cut last record.
        let cut = screen.report.warnings.filter { $0.message.contains("is cut short") }
        #expect(cut.count == (name.contains("TRUNCATED") && !name.hasPrefix("19") ? 1 : 0), "\(screen.report.warnings)")
        // The written scenario loads back to the same scene.
        let yaml = screen.scenarioYAML(source: name)
        let loaded = try ScenarioLoader.load(yaml: yaml, path: name + ".yaml")
        // (The window comes back as a UIWindow: scenario files keep no class for it.)
        var imported = screen.scene
        imported.modifyView(0) { $0.className = "UIWindow" }
        #expect(loaded.scene == imported)
        // And traces: a tap on the first target, or the middle of the screen.
        var scene = loaded.scene
        let target = screen.elements.first?.visibleRect ?? Rect(origin: .zero, size: scene.windowSize)
        let p = Point(target.midX, target.midY)
        scene.script = [ScriptEvent(time: .ms(0), touch: 1, action: .down(p)), ScriptEvent(time: .ms(80), touch: 1, action: .up(p))]
        let trace = Engine.trace(scene)
        #expect(trace.contains { if case .hitTest = $0.kind { return true } else { return false } })
    }

    @Test func everySharedDumpSweeps() throws {
        let dir = try #require(screensDirectory)
        let config = try SweepConfigLoader.load(yaml: """
            name: shared
            axes: {scrollViews.delaysContentTouches: [true, false]}
            trees: {screens: ["\(dir)/*.txt"]}
            """, path: "shared.yaml")
        let plan = SweepPlan(config)
        #expect(plan.screenCount == sharedDumps.count)
        var runner = UnitRunner(plan: plan)
        var tallies = SweepTallies(plan: plan)
        for unit in plan.units(treesPerUnit: 4) { tallies.merge(runner.run(unit)) }
        #expect(tallies.runs == plan.totalRuns)
        #expect(plan.totalRuns > 0)
        // Every screen with a target got gestures, and by_screen.csv lists each target once per screen.
        for t in 0 ..< plan.screenCount where !plan.screenTrees[t].elements.isEmpty {
            #expect(!plan.screenGestures[t].isEmpty, "\(config.trees.screens[t].file)")
        }
        let csv = ScreenReport.csv(plan, tallies)
        // The element tallies add up to the screens' runs.
        for c in plan.configurations.indices {
            #expect(tallies.elements[c].reduce(0) { $0 + $1.runs } == tallies.configurations[c].template(.screen).runs)
        }
        let rows = csv.split(separator: "\r\n").count - 1
        #expect(rows == plan.screenTrees.reduce(0) { $0 + $1.elements.count })
    }
}
