import SweepPlanning
import SweepReporting
import TestSupport
import Testing

@testable import SweepCore

/// examples.csv keeps one row per distinct run (issue 34 §3): configurations that run a tree alike run its gestures
/// alike, so their kept examples of one gesture and class are one run, shown once with the number of runs it stands for.
@Suite struct DistinctExamplesTests {
    @Test func examplesCSVHoldsEachRunOnceWithTheRunsIdenticalToIt() throws {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path))
        let tallies = ParallelSweep.run(plan, threads: 2)
        let table = try CSVReader.parse(Reports.examples(plan, tallies, outputDirectory: "out"), name: "examples.csv")
        let kept = tallies.examples.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } }
        #expect(table.records.count < kept, "the configurations repeat runs: \(table.records.count) rows of \(kept) kept")
        var same = SameRuns(plan: plan)
        var seen = Set<String>()
        for row in table.records {
            let c = try #require(plan.configurations.firstIndex { $0.id == row["config_id"] })
            let t = try #require(Int(row["tree_index"] ?? ""))
            let key = same.key(tree: t, configuration: c)
            let run = "\(t) \(row["gesture"]!) \(row["placement"]!) \(row["defect"]!) \(key)"
            #expect(seen.insert(run).inserted, "\(row["example_id"]!) is a run an earlier row shows")
            // Every configuration that gives the tree's acting axes those values runs it alike.
            let identical = plan.configurations.indices.filter { same.key(tree: t, configuration: $0) == key }.count
            #expect(row["identical_runs"] == String(identical), "\(row["example_id"]!)")
        }
        // The first row of a run is the first configuration, in plan order, that kept it.
        let first = try #require(table.records.first)
        #expect(first["config_id"] == plan.configurations[0].id)
    }
}
