import Testing

@testable import SweepNode

/// The line `sweep submit` shows from the coordinator's progress reports.
@Suite struct ClusterProgressTests {
    static func report(
        units: Int, trees: Int, scenarios: Int, workers: Int, joined: Int, elapsedMs: Int64,
        retries: Int = 0, failures: Int = 0
    ) -> CoordinatorNode.Progress {
        var p = CoordinatorNode.Progress(
            unitsDone: units, treesDone: trees, treesTotal: 192, scenariosDone: scenarios, workers: workers,
            retries: retries, failures: failures, elapsedMs: elapsedMs)
        p.workersJoined = joined
        return p
    }

    @Test func aFreshSweepCountsEverythingAndSaysOneOrMany() {
        var progress = ClusterProgress(scenariosTotal: 3424)
        _ = progress.update(Self.report(units: 0, trees: 0, scenarios: 0, workers: 0, joined: 0, elapsedMs: 0))
        let (text, figures) = progress.update(
            Self.report(
                units: 1, trees: 96, scenarios: 1712, workers: 1, joined: 2, elapsedMs: 1000,
                retries: 1, failures: 1))
        #expect(text == "1 unit, trees 96/192 (50%), scenarios 1712 of 3424, 1712 scenarios/s, ETA 1 s, 1 worker, 1 retry, 1 failure")
        #expect(figures.resumedScenarios == 0)
        #expect(progress.finalText(scenarios: 3424, seconds: 2, localWorkers: 4) == "3424 scenarios in 2.00 s (1712 scenarios/s on 2 workers)")
    }

    @Test func aResumedSweepsRateCountsOnlyThisRunsWork() {
        var progress = ClusterProgress(scenariosTotal: 3424)
        // The journal held half the sweep: the first report is the base.
        _ = progress.update(Self.report(units: 16, trees: 96, scenarios: 1712, workers: 0, joined: 0, elapsedMs: 0))
        let (text, _) = progress.update(Self.report(units: 32, trees: 192, scenarios: 3424, workers: 2, joined: 2, elapsedMs: 2000))
        #expect(text == "32 units, trees 192/192 (100%), scenarios 3424 of 3424, 856 scenarios/s, ETA 0 s, 2 workers, 0 retries, 0 failures")
        #expect(progress.finalText(scenarios: 3424, seconds: 2, localWorkers: 4) == "3424 scenarios in 2.00 s (856 scenarios/s on 2 workers)")
    }

    @Test func withoutAnyReportTheFinalLineNamesTheLocalWorkers() {
        let progress = ClusterProgress(scenariosTotal: 0)
        #expect(progress.finalText(scenarios: 0, seconds: 0.5, localWorkers: 3).hasSuffix("on 3 workers)"))
    }
}
