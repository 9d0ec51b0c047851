import Foundation
import SweepPlanning
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// The specialised step for a move of a begun scroll pan (`MovePath`) against the general step, on what sweeps run:
/// generated scenarios compared run by run, and every shipped config's sweep compared whole.
@Suite struct BegunPanMoveSweepTests {
    /// A shipped config with `trees.perConfiguration` set to `trees` where the config generates trees (the screen
    /// configs run their screens as they are).
    static func plan(_ name: String, trees: Int) throws -> (plan: SweepPlan, text: String) {
        let path = Repository.url("configs/\(name)").path
        let yaml = try String(contentsOfFile: path, encoding: .utf8)
        let generates = yaml.contains("perConfiguration:")
        let overrides = generates ? [try ConfigOverride(parsing: "trees.perConfiguration=\(trees)")] : []
        let (config, text) = try SweepConfigLoader.load(yaml: yaml, path: path, overrides: overrides)
        return (SweepPlan(config), text)
    }

    static var shippedConfigs: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: Repository.url("configs").path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    /// Property: for every generated scenario (tree × configuration × gesture) of three configs whose screens differ
    /// (scroll views and controls; sheets, panels and back swipes; every template beside real screens), the untraced
    /// summaries are equal, and so are the traces of one scenario in eight. (A zooming scroll view's pinch tracks the
    /// pan's touch too, so photo-zoom's moves take the general step: its sweep is compared below.)
    @Test(arguments: [("quickstart.yaml", 3), ("system-gestures.yaml", 3), ("templates-vs-real.yaml", 12)])
    func everyGeneratedScenarioRunsTheSameOnBothPaths(config: String, trees: Int) throws {
        let (plan, _) = try Self.plan(config, trees: trees)
        var runner = UnitRunner(plan: plan)
        var scenarios = 0, specialisedMoves = 0, differing: [String] = []
        for t in 0 ..< plan.treeCount {
            let base = runner.baseTree(t)
            for c in plan.configurations.indices {
                let scene = plan.configured(base.tree, configuration: c).scene
                let prepared = PreparedScene(scene)
                for (g, entry) in base.gestures.enumerated() {
                    var general = Simulation(prepared: prepared, recorder: NoTrace())
                    general.movePath = .general
                    general.run(script: entry.gesture.script)
                    var specialised = Simulation(prepared: prepared, recorder: NoTrace())
                    specialised.run(script: entry.gesture.script)
                    specialisedMoves += specialised.specialisedMoves
                    scenarios += 1
                    if general.summary != specialised.summary { differing.append("tree \(t), configuration \(c), gesture \(g)") }
                    if scenarios % 8 == 0 {
                        var scene = scene
                        scene.script = entry.gesture.script
                        let traces = [MovePath.general, .specialised].map { TraceText.render(scene: scene, trace: Engine.trace(scene, movePath: $0)) }
                        if traces[0] != traces[1] { differing.append("tree \(t), configuration \(c), gesture \(g) (trace)") }
                    }
                }
            }
        }
        #expect(differing.isEmpty, "\(config): \(differing.count) of \(scenarios) scenarios differ, first \(differing.prefix(3))")
        #expect(scenarios > 200 && specialisedMoves > scenarios, "\(config): \(specialisedMoves) specialised moves in \(scenarios) scenarios")
    }

    /// Every shipped config, its generating ones at one tree per configuration: the sweep's tallies are equal with the
    /// path on and off. The report files are a function of the plan and the tallies, so they are then the same bytes;
    /// the quickstart's are compared as well.
    @Test(arguments: shippedConfigs)
    func everyShippedConfigSweepsTheSameOnBothPaths(config: String) throws {
        let (plan, text) = try Self.plan(config, trees: 1)
        let general = ParallelSweep.run(plan, threads: 2, movePath: .general)
        let specialised = ParallelSweep.run(plan, threads: 2)
        #expect(general.runs > 0 && general == specialised, "\(config): \(general.runs) scenarios")
        if config == "quickstart.yaml" {
            let files = [general, specialised].map {
                Reports.files(plan: plan, tallies: $0, configText: text, outputDirectory: "out/quickstart").map(\.contents)
            }
            #expect(files[0] == files[1])
        }
    }
}
