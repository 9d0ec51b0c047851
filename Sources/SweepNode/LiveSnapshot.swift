import SweepCore
import SweepPlanning
import SweepProtocol
import SweepReporting

/// What the live view of a running sweep shows (`--metrics-port`: `/live`, `/live.json`): the coordinator's status
/// report, built by the same code that answers `sweep status`, and the results merged so far. An immutable value
/// the coordinator's loop makes on its own thread and hands over; the HTTP server only ever reads copies.
public struct LiveSnapshot: Sendable, Equatable {
    /// The endpoint workers connect to (the status document's `endpoint`).
    public var endpoint: String
    public var status: StatusReport
    /// One per configuration, in plan order: its id (summary.csv's `config_id`) and the scenario runs merged.
    public var configurationIDs: [String]
    public var runs: [Int]
    /// One row per configuration (plan order), one outcome per defect class: attempts and counts so far, the table
    /// effects.csv and the report's heatmaps are drawn from.
    public var table: FactorTable
    /// The coordinator's CPU and memory (the live view samples it; empty when not sampled). Workers report their own in `status`.
    public var processes: [ProcessUsage] = []
    /// Scenarios done over the elapsed time, oldest first (the live view keeps the history; empty in a bare snapshot).
    public var throughput: [ThroughputSample] = []

    public init(endpoint: String, status: StatusReport, configurationIDs: [String], runs: [Int], table: FactorTable) {
        self.endpoint = endpoint; self.status = status; self.configurationIDs = configurationIDs; self.runs = runs; self.table = table
    }

    /// The snapshot of `tallies` (what the coordinator has merged) with `status`.
    public init(plan: SweepPlan, tallies: SweepTallies, status: StatusReport, endpoint: String) {
        self.init(
            endpoint: endpoint, status: status, configurationIDs: plan.configurations.map(\.id),
            runs: tallies.configurations.map(\.total.runs), table: EffectsReport.table(plan, tallies))
    }
}
