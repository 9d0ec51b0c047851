import Prometheus
import SweepNode
import Synchronization

/// The coordinator's progress as Prometheus metrics (text exposition format 0.0.4).
///
/// Counters only grow: each snapshot adds the difference from the previous one. Gauges are set.
public final class CoordinatorMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    let unitsDone: Counter, unitsFailed: Counter, scenariosDone: Counter, treesDone: Counter
    let retries: Counter, leaseExpiries: Counter, refusals: Counter
    let unitsLeased: Gauge, unitsQueued: Gauge, treesUnassigned: Gauge, treesTotal: Gauge
    let workers: Gauge, slots: Gauge, scenariosPerSecond: Gauge
    /// Snapshot values the counters were last advanced to, and the last rate sample.
    struct Previous {
        var counts: [Int] = Array(repeating: 0, count: 7)
        var rate: (scenarios: Int, ms: Int64)?
    }
    let previous = Mutex(Previous())

    /// Metrics for the sweep named `sweep` of `trees` trees, none of them done yet.
    public init(sweep: String, trees: Int) {
        let labels = [("sweep", sweep)]
        let registry = self.registry
        func counter(_ name: String, _ help: String) -> Counter {
            let base = String(name.dropLast("_total".count))
            return registry.makeCounter(
                descriptor: MetricNameDescriptor(namespace: "touchsweep", metricName: base, unitName: "total", helpText: help), labels: labels)
        }
        func gauge(_ name: String, _ help: String) -> Gauge {
            registry.makeGauge(
                descriptor: MetricNameDescriptor(namespace: "touchsweep", metricName: name, unitName: "", helpText: help),
                labels: labels)
        }
        unitsDone = counter("units_done_total", "Work units committed (journaled).")
        unitsFailed = counter("units_failed_total", "Work units quarantined after their retry budget.")
        scenariosDone = counter("scenarios_done_total", "Scenario runs committed.")
        treesDone = counter("trees_done_total", "Trees (each with all its gestures) committed.")
        retries = counter("retries_total", "Units queued again after a failure, timeout or lost worker.")
        leaseExpiries = counter("lease_expiries_total", "Leases that ended without a result (worker died or silent, deadline passed).")
        refusals = counter("refused_connections_total", "Connections refused by CURVE or the allow-list.")
        unitsLeased = gauge("units_leased", "Work units held by workers now.")
        unitsQueued = gauge("units_queued", "Work units waiting to be run again.")
        treesUnassigned = gauge("trees_unassigned", "Trees not yet handed out to any worker.")
        treesTotal = gauge("trees", "Trees in the sweep (configurations x trees per configuration).")
        workers = gauge("workers", "Live workers.")
        slots = gauge("slots", "Live worker slots.")
        scenariosPerSecond = gauge("scenarios_per_second", "Scenario runs committed per second since the previous snapshot.")
        treesTotal.set(Double(trees))
        treesUnassigned.set(Double(trees))
    }

    /// Folds in a progress snapshot (called about twice a second by the coordinator).
    public func update(_ p: CoordinatorNode.Progress) {
        let counts = [p.unitsDone, p.failures, p.scenariosDone, p.treesDone, p.retries, p.leaseExpiries, p.refusals]
        let counters = [unitsDone, unitsFailed, scenariosDone, treesDone, retries, leaseExpiries, refusals]
        previous.withLock { previous in
            for i in counts.indices where counts[i] > previous.counts[i] {
                counters[i].increment(by: Int64(counts[i] - previous.counts[i]))
                previous.counts[i] = counts[i]
            }
            if let last = previous.rate, p.elapsedMs > last.ms {
                scenariosPerSecond.set(Double(p.scenariosDone - last.scenarios) * 1000 / Double(p.elapsedMs - last.ms))
            }
            previous.rate = (p.scenariosDone, p.elapsedMs)
        }
        unitsLeased.set(Double(p.unitsLeased))
        unitsQueued.set(Double(p.unitsQueued))
        treesUnassigned.set(Double(p.treesUnassigned))
        treesTotal.set(Double(p.treesTotal))
        workers.set(Double(p.workers))
        slots.set(Double(p.slots))
    }

    /// The exposition text.
    public func render() -> String {
        var buffer: [UInt8] = []
        registry.emit(into: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }
}
