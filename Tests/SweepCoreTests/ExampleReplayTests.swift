import Foundation
import SweepPlanning
import SweepReporting
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// examples.csv replays each kept run from one prepared scene per configured state of its tree
/// (`ConfiguredStates`) and one per counterfactual tree (`CounterfactualScenes`). Each row must say what replaying its
/// scenario alone says: the scenario `sweep trace --replay` rebuilds, prepared from scratch.
@Suite struct ExampleReplayTests {
    /// The seeds' sweep, whose what-if values make rows that need a counterfactual run, on three of its hysteresis values.
    @Test(arguments: [
        ("quickstart.yaml", ["trees.perConfiguration=3"]), ("system-gestures.yaml", ["trees.perConfiguration=3"]),
        ("seeds-sweep.yaml", ["trees.perConfiguration=1", "axes.scrollHysteresis=2,10,30"])
    ])
    func everyRowSaysWhatItsScenarioReplayedAloneSays(config: String, overrides: [String]) throws {
        let path = Repository.url("configs/\(config)").path
        let (loaded, _) = try SweepConfigLoader.load(
            yaml: try String(contentsOfFile: path, encoding: .utf8), path: path, overrides: try overrides.map(ConfigOverride.init(parsing:)))
        let plan = SweepPlan(loaded)
        let tallies = ParallelSweep.run(plan, threads: 2)
        let table = try CSVReader.parse(Reports.examples(plan, tallies, outputDirectory: "out"), name: "examples.csv")
        let categories = DefectCategories(plan: plan)
        var rows = 0, whatIfs = 0
        for row in table.records {
            let id = try #require(row["example_id"])
            let defect = try #require(DefectClass.allCases.first { $0.name == row["defect"] })
            let s = try #require(Replay.scenario(plan: plan, exampleID: id), "\(id)")
            let parts = try #require(Replay.ExampleID(id))
            let prepared = PreparedScene(s.scene)
            let summary = Engine.summary(prepared)
            let kind = CauseAnalysis.cause(of: defect, gesture: s.gesture, scene: s.scene, summary: summary)
            let designed = DefectCategories.isDesigned(defect, cause: kind, gesture: s.gesture, prepared: prepared, summary: summary)
            let c = try #require(plan.configurations.firstIndex { $0.id == parts.configurationID })
            let whatIf = categories.owed(
                DefectSet([defect]), plan, configuration: c, tree: parts.treeIndex, base: plan.baseTree(parts.treeIndex), gesture: s.gesture)
            let category = DefectCategories.category(defect, designed: designed, whatIf: whatIf)
            #expect(row["cause_kind"] == kind.name, "\(id)")
            #expect(row["rule"] == kind.rule, "\(id)")
            #expect(row["category"] == category.name, "\(id)")
            #expect(row["cause"] == CauseFinder.cause(of: defect, gesture: s.gesture, scene: s.scene), "\(id)")
            rows += 1
            if category == .whatIf { whatIfs += 1 }
        }
        #expect(rows > 10, "\(config) keeps examples to compare")
        if config == "seeds-sweep.yaml" { #expect(whatIfs > 0, "the what-if rows, which need a counterfactual run, are compared too") }
    }
}
