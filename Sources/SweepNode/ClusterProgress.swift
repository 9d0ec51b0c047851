import SweepCore

/// What a submitted sweep's progress line says, from the coordinator's progress reports: units, trees, scenarios
/// of the true total, rate and ETA, workers, retries and failures. A resumed sweep's rates and ETA count only this
/// run's work: the first report is the base. A value; the command's display shows its text.
public struct ClusterProgress: Sendable {
    /// The true total (`SweepPlan.scenarioTotal`), which the coordinator's status reports too.
    public let scenariosTotal: Int
    /// What the first report found already done (a resumed sweep's journal).
    public private(set) var resumed: (trees: Int, scenarios: Int)?
    /// The most workers that had joined at any report.
    public private(set) var mostWorkers = 0

    public init(scenariosTotal: Int) { self.scenariosTotal = scenariosTotal }

    /// Takes one report; returns the line (`32 units, trees 192/192 (100%), scenarios 3424 of 3424, …, 2 workers,
    /// 0 retries, 0 failures`) and the figures behind it.
    public mutating func update(_ p: CoordinatorNode.Progress) -> (text: String, progress: SweepProgress) {
        let base = resumed ?? (p.treesDone, p.scenariosDone)
        resumed = base
        mostWorkers = max(mostWorkers, p.workersJoined)
        let progress = SweepProgress(
            treesDone: p.treesDone, treesTotal: p.treesTotal, scenariosDone: p.scenariosDone,
            scenariosTotal: scenariosTotal, elapsedSeconds: Double(p.elapsedMs) / 1000,
            resumedTrees: base.trees, resumedScenarios: base.scenarios)
        let text =
            "\(Self.count(p.unitsDone, "unit", "units")), \(progress.text), \(Self.count(p.workers, "worker", "workers")), "
            + "\(Self.count(p.retries, "retry", "retries")), \(Self.count(p.failures, "failure", "failures"))"
        return (text, progress)
    }

    /// `3424 scenarios in 1.20 s (2853 scenarios/s on 2 workers)`: the whole command's duration and the workers that
    /// joined (`localWorkers` when no report was seen).
    public func finalText(scenarios: Int, seconds: Double, localWorkers: Int) -> String {
        let done = SweepProgress(
            treesDone: 0, treesTotal: 0, scenariosDone: scenarios, scenariosTotal: scenariosTotal,
            elapsedSeconds: seconds, resumedScenarios: resumed?.scenarios ?? 0)
        return done.finalText(on: mostWorkers > 0 ? mostWorkers : localWorkers, ("worker", "workers"))
    }

    static func count(_ n: Int, _ one: String, _ many: String) -> String { "\(n) \(n == 1 ? one : many)" }
}
