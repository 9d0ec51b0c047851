import SweepProtocol
import Testing

@testable import SweepDistributed

/// The cluster simulation behind `engine-bench --cluster-sim`: its bookkeeping (commits, latencies, the
/// coordinator's charged time), not its timings.
@Suite struct ClusterSimulationTests {
    static func config(
        workers: Int, slots: Int, configurations: Int, trees: Int, unitMs: Int64, latencyMs: Int64,
        prefetch: Int? = nil
    ) -> ClusterSimulation.Config {
        var config = ClusterSimulation.Config(
            workers: workers, slots: slots, configurations: configurations, trees: trees,
            treeNanoseconds: unitMs * 1_000_000, latencyNanoseconds: latencyMs * 1_000_000)
        config.coordinator.maximumTreesPerUnit = 1
        config.prefetch = prefetch
        return config
    }

    @Test func aFreeCoordinatorCommitsEveryTreeOnceAndEachUnitTakesTwoLatenciesAndItsDuration() {
        // No prefetch: a unit starts the moment it reaches its worker, and nothing waits for the coordinator.
        var simulation = ClusterSimulation(
            Self.config(workers: 3, slots: 2, configurations: 2, trees: 30, unitMs: 10, latencyMs: 2, prefetch: 0),
            cpu: .free)
        let report = simulation.run()
        #expect(report.finished)
        #expect(report.units == 60 && report.trees == 60)
        #expect(report.treesCommittedTwice == 0 && report.treesNeverCommitted == 0)
        #expect(report.latencies.count == 60)
        #expect(report.latencies.allSatisfy { $0 == (2 * 2 + 10) * 1_000_000 }, "assign → commit is 2 × latency + duration for every unit")
        #expect(report.busyNanoseconds == 0 && report.cpuShare == 0)
        #expect(report.leaseExpiries == 0 && report.retries == 0 && report.reconnects == 0)
        // The last assignment reaches its worker, runs, and its result comes back: the sweep ends then.
        #expect(report.tailNanoseconds == (2 * 2 + 10) * 1_000_000)
    }

    @Test func aFixedCostPerMessageIsChargedToTheCoordinatorAndSaturatesIt() {
        // 16 slots of 10 ms units ask for 1,600 units a second; at 1 ms a message the coordinator manages under 1,000.
        let cost: Int64 = 1_000_000
        var simulation = ClusterSimulation(
            Self.config(workers: 4, slots: 4, configurations: 2, trees: 200, unitMs: 10, latencyMs: 1),
            cpu: .fixed(nanosecondsPerEvent: cost))
        let report = simulation.run()
        #expect(report.finished)
        #expect(report.treesCommittedTwice == 0 && report.treesNeverCommitted == 0 && report.units == 400)
        #expect(report.busyNanoseconds == Int64(report.messagesReceived + report.ticks) * cost, "every message and tick costs the same")
        #expect(report.cpuShare > 0.9 && report.cpuShare <= 1.0)
        #expect(report.dispatchRate <= 1e9 / Double(cost), "every unit needs at least its result handled")
        #expect(report.latency(quantile: 0.5) > (2 * 1 + 10) * 1_000_000, "units wait for a busy coordinator")
    }

    @Test func theEventQueueGivesEventsByTimeAndInPushOrderAtEqualTimes() {
        var queue = EventQueue()
        for (i, t) in [30, 10, 20, 10, 30].enumerated() { queue.push(.workerTick(i), at: Int64(t)) }
        var order: [String] = []
        while let (t, event) = queue.pop() {
            if case .workerTick(let i) = event { order.append("\(t):\(i)") }
        }
        #expect(order == ["10:1", "10:3", "20:2", "30:0", "30:4"])
    }
}
