import Foundation
import SweepPlanning
import TestSupport
import Testing

@testable import SweepCore

/// The progress `sweep run` and `sweep submit` show (issue 16 §1): trees are the exact measure, scenarios run
/// against the true total, and the rate and ETA count only this run's work.
@Suite struct SweepProgressTests {
    /// The true total is what the sweep runs, whatever the threads that count it, and below the gesture slots when
    /// some family has nothing to aim at; a real screen's gestures count too (configs/templates-vs-real.yaml).
    @Test(arguments: ["quickstart", "templates-vs-real"])
    func theScenarioTotalIsWhatTheSweepRuns(_ name: String) throws {
        let path = Repository.url("configs/\(name).yaml").path
        let plan = SweepPlan(try SweepConfigLoader.load(path: path))
        let total = plan.scenarioTotal(threads: 1)
        let tallies = ParallelSweep.run(plan, threads: 2)
        #expect(total == tallies.runs && total <= plan.totalRuns, "\(total) counted, \(tallies.runs) ran, \(plan.totalRuns) slots")
        #expect(plan.scenarioTotal(threads: 3) == total)
        let counts = plan.gestureCounts(threads: 2)
        let shards = (0 ..< 3).map { plan.scenarioTotal(of: plan.shardUnits($0, of: 3), gestureCounts: counts) }
        #expect(shards.reduce(0, +) == total, "the shards' totals add up: \(shards)")
    }

    @Test func halfTheTreesInTwoSecondsLeaveTwoSeconds() {
        let p = SweepProgress(treesDone: 96, treesTotal: 192, scenariosDone: 1712, scenariosTotal: 3424, elapsedSeconds: 2)
        #expect(p.percent == 50)
        #expect(p.etaSeconds == 2)
        #expect(p.text == "trees 96/192 (50%), scenarios 1712 of 3424, 856 scenarios/s, ETA 2 s")
    }

    @Test func beforeAnyTreeTheETAIsUnknown() {
        let p = SweepProgress(treesDone: 0, treesTotal: 1600, scenariosDone: 0, scenariosTotal: 35200, elapsedSeconds: 0.5)
        #expect(p.etaSeconds == nil)
        #expect(p.text == "trees 0/1600 (0%), scenarios 0 of 35200, 0 scenarios/s, ETA unknown")
    }

    @Test func aResumedSweepCountsOnlyThisRunsWork() {
        // 100 trees and 2000 scenarios came from the journal; this run did 50 trees and 1000 scenarios in 5 s.
        let p = SweepProgress(
            treesDone: 150, treesTotal: 200, scenariosDone: 3000, scenariosTotal: 4400, elapsedSeconds: 5,
            resumedTrees: 100, resumedScenarios: 2000)
        #expect(p.scenarioRate == 200)
        #expect(p.etaSeconds == 5)
        #expect(p.finalText(on: 1, ("worker", "workers")) == "3000 scenarios in 5.00 s (200 scenarios/s on 1 worker)")
    }

    @Test func theFinalLineNamesItsThreadsInTheRightNumber() {
        let p = SweepProgress(treesDone: 192, treesTotal: 192, scenariosDone: 3424, scenariosTotal: 3424, elapsedSeconds: 0.49)
        #expect(p.finalText(on: 2, ("thread", "threads")) == "3424 scenarios in 0.49 s (6987 scenarios/s on 2 threads)")
        #expect(p.finalText(on: 1, ("thread", "threads")).hasSuffix("on 1 thread)"))
    }
}
