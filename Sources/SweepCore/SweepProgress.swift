/// How far a sweep has got, as a person reads it (issue 16 §1), shared by `sweep run` and `sweep submit`.
///
/// Trees (one configuration × one tree) are the exact measure of how far it has got; scenarios are counted as they
/// run against the true total (`SweepPlan.scenarioTotal`: the gestures each tree really has, counted before the
/// sweep starts), so the count ends at the total. The rate and the ETA count only this run's work: what a resumed
/// sweep found done (`resumedTrees`, `resumedScenarios`) is left out.
public struct SweepProgress: Sendable, Equatable {
    public var treesDone: Int
    public var treesTotal: Int
    public var scenariosDone: Int
    public var scenariosTotal: Int
    public var elapsedSeconds: Double
    public var resumedTrees = 0
    public var resumedScenarios = 0

    public init(
        treesDone: Int, treesTotal: Int, scenariosDone: Int, scenariosTotal: Int, elapsedSeconds: Double,
        resumedTrees: Int = 0, resumedScenarios: Int = 0
    ) {
        self.treesDone = treesDone; self.treesTotal = treesTotal
        self.scenariosDone = scenariosDone; self.scenariosTotal = scenariosTotal
        self.elapsedSeconds = elapsedSeconds
        self.resumedTrees = resumedTrees; self.resumedScenarios = resumedScenarios
    }

    /// Whole percent of the trees done (100 for a plan without trees).
    public var percent: Int { treesTotal > 0 ? 100 * treesDone / treesTotal : 100 }

    /// Scenarios per second in this run.
    public var scenarioRate: Double { Double(scenariosDone - resumedScenarios) / max(elapsedSeconds, 0.001) }

    /// Seconds left at this run's tree rate; nil before any tree of this run is done.
    public var etaSeconds: Double? {
        let rate = Double(treesDone - resumedTrees) / max(elapsedSeconds, 0.001)
        return rate > 0 ? Double(treesTotal - treesDone) / rate : nil
    }

    /// `trees 96/192 (50%), scenarios 1712 of 3424, 3000 scenarios/s, ETA 1 s`.
    public var text: String {
        let eta = etaSeconds.map { "\(Int($0.rounded())) s" } ?? "unknown"
        return "trees \(treesDone)/\(treesTotal) (\(percent)%), scenarios \(scenariosDone) of \(scenariosTotal), "
            + "\(Int(scenarioRate)) scenarios/s, ETA \(eta)"
    }

    /// The same in fewer characters, for a narrow terminal: `50% · trees 96/192 · 1712/3424 scenarios · 3000/s · ETA 1 s`.
    public var compactText: String {
        let eta = etaSeconds.map { "\(Int($0.rounded())) s" } ?? "?"
        return "\(percent)% · trees \(treesDone)/\(treesTotal) · \(scenariosDone)/\(scenariosTotal) scenarios · "
            + "\(Int(scenarioRate))/s · ETA \(eta)"
    }

    /// Its figures as log metadata (`--log-format json` fields): `trees_done`, `trees_total`, `percent`,
    /// `scenarios_done`, `scenarios_total`, `scenarios_per_second`, `elapsed_seconds` and, once known, `eta_seconds`.
    public var fields: [(String, Double)] {
        var fields: [(String, Double)] = [
            ("trees_done", Double(treesDone)), ("trees_total", Double(treesTotal)), ("percent", Double(percent)),
            ("scenarios_done", Double(scenariosDone)), ("scenarios_total", Double(scenariosTotal)),
            ("scenarios_per_second", scenarioRate.rounded(.down)), ("elapsed_seconds", (elapsedSeconds * 1000).rounded() / 1000)
        ]
        if let eta = etaSeconds { fields.append(("eta_seconds", eta.rounded())) }
        return fields
    }

    /// `3424 scenarios in 0.49 s (6976 scenarios/s on 2 threads)`: the line a finished sweep ends with.
    public func finalText(on workers: Int, _ unit: (one: String, many: String)) -> String {
        let seconds = max(elapsedSeconds, 1e-9)
        return "\(scenariosDone) scenarios in \(Self.formatted(elapsedSeconds)) s (\(Int(Double(scenariosDone - resumedScenarios) / seconds)) "
            + "scenarios/s on \(workers) \(workers == 1 ? unit.one : unit.many))"
    }

    /// Seconds with two decimals: `0.49`.
    public static func formatted(_ seconds: Double) -> String {
        let hundredths = Int((seconds * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }
}
