import ScenarioKit
import ScreenImport
import SweepCore
import SweepPlanning
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

/// The public dumps of configs/screens: each imports, traces and sweeps (their hand counts: CorpusCountTests).
@Suite struct SharedDumpTests {
    @Test func theDumpsAreThere() {
        #expect(sharedDumps.count >= 16, "expected at least 16 dumps (*.txt) in \(screensDirectory), found \(sharedDumps.count)")
    }

    /// Every dump is named `NN-slug.txt` and has its own entry (a `### <file name>` heading) in SOURCES.md, and
    /// every entry names a dump that is there.
    @Test func everyDumpHasItsEntryInSOURCES() throws {
        let sources = try fixtureText(screensDirectory + "/SOURCES.md")
        let headings = sources.split(separator: "\n").filter { $0.hasPrefix("### ") }.map { String($0.dropFirst(4)) }
        #expect(!headings.isEmpty, "SOURCES.md has no '### <dump>.txt' entries")
        for name in sharedDumps {
            #expect(headings.contains(name), "\(name) has no '### \(name)' entry in configs/screens/SOURCES.md")
            let number = name.prefix(3)
            #expect(
                number.count == 3 && number.prefix(2).allSatisfy(\.isNumber) && number.last == "-",
                "\(name) is not named NN-slug.txt")
        }
        for heading in headings { #expect(sharedDumps.contains(heading), "SOURCES.md describes \(heading), which is not there") }
    }

    @Test(arguments: sharedDumps)
    func importsAndTraces(_ name: String) throws {
        let screen = try importShared(name)
        // (Its counts and warnings: CorpusCountTests.)
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

    /// configs/real-screens.yaml names `screens/*.txt`, relative to its own directory: every dump of configs/screens.
    @Test func theRealScreensConfigReadsEveryDumpBesideIt() throws {
        let path = Repository.path + "/configs/real-screens.yaml"
        let config = try SweepConfigLoader.load(yaml: try fixtureText(path), path: path)
        #expect(config.trees.screens.map(\.file) == sharedDumps.map { "screens/" + $0 })
        #expect(config.trees.screens.count >= 16)
    }

    @Test func everySharedDumpSweeps() throws {
        let config = try SweepConfigLoader.load(
            yaml: """
                name: shared
                axes: {scrollViews.delaysContentTouches: [true, false]}
                trees: {screens: ["\(screensDirectory)/*.txt"]}
                """, path: "shared.yaml")
        let plan = SweepPlan(config)
        #expect(plan.screenCount == sharedDumps.count)
        var runner = UnitRunner(plan: plan)
        var tallies = SweepTallies(plan: plan)
        for unit in plan.units(treesPerUnit: 4) { tallies.merge(runner.run(unit)) }
        #expect(tallies.runs == plan.totalRuns)
        #expect(plan.totalRuns > 0)
        // Every screen with a target some gesture family aims at got gestures (a slider outside a scroll view, or a
        // scroll view that cannot scroll, has none), and by_screen.csv lists each target once per screen.
        for t in 0 ..< plan.screenCount where plan.screenTrees[t].elements.contains(where: { !GestureGenerator.families(for: $0).isEmpty }) {
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
