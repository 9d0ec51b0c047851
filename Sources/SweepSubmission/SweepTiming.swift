import Logging
import SweepPlanning

/// The figures every command that runs a sweep logs the same way (docs/operations.md, "Progress").
public enum SweepTiming {
    /// The sweep's true scenario total (`SweepPlan.scenarioTotal`), counted on `threads` threads before it runs; a
    /// debug event says how long the count took.
    public static func countScenarios(_ plan: SweepPlan, threads: Int, logger: Logger) -> Int {
        let clock = ContinuousClock(), start = clock.now
        let total = plan.scenarioTotal(threads: threads)
        logger.debug(
            "counted the scenarios",
            metadata: [
                "scenarios": .stringConvertible(total), "trees": .stringConvertible(plan.treeCount),
                "ms": .stringConvertible(Int(seconds(since: start, clock) * 1000))
            ])
        return total
    }

    /// The debug event that ends a sweep's own work, before its reports: `sweep finished` with `ms`, the time since the
    /// sweep started (`sweep run`: counting and running the scenarios; `submit`: serving the workers until the last
    /// tree; `merge`: reading and merging the shards). `make bench` divides the command's wall time by it.
    public static func logSweepTime(_ seconds: Double, component: String) {
        Logger(label: component).debug("sweep finished", metadata: ["ms": .stringConvertible(Int((seconds * 1000).rounded()))])
    }

    /// Seconds on `clock` since `start`.
    public static func seconds(since start: ContinuousClock.Instant, _ clock: ContinuousClock) -> Double {
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}
