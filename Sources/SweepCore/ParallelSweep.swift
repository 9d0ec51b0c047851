import Dispatch
import Synchronization
import SweepPlanning

/// Runs a whole plan in this process: `threads` workers (Dispatch) pull work units in plan order and merge
/// each result into one `SweepTallies` as soon as it is done, so memory stays flat however many scenarios
/// there are. Merging is commutative, so the tallies do not depend on `threads` or on scheduling.
public enum ParallelSweep {
    /// Progress after each unit: (scenarios run so far, total scenarios planned).
    public typealias Progress = @Sendable (_ runs: Int, _ total: Int) -> Void

    public static func run(_ plan: SweepPlan, threads: Int, treesPerUnit: Int? = nil,
                           progress: Progress? = nil) -> SweepTallies {
        let perUnit = treesPerUnit ?? defaultTreesPerUnit(plan: plan, threads: threads)
        let units = plan.units(treesPerUnit: perUnit)
        let state = Mutex(SweepTallies(configurationCount: plan.configurations.count,
                                       examplesPerClass: plan.config.examples))
        let next = Atomic<Int>(0)
        let workers = max(1, min(threads, units.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var runner = UnitRunner(plan: plan)
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < units.count else { return }
                let result = runner.run(units[i])
                let runs = state.withLock { tallies -> Int in
                    tallies.merge(result)
                    return tallies.runs
                }
                progress?(runs, plan.totalRuns)
            }
        }
        return state.withLock { $0 }
    }

    /// Small enough units that every thread gets at least ten, large enough to amortise tree generation.
    public static func defaultTreesPerUnit(plan: SweepPlan, threads: Int) -> Int {
        let totalTrees = plan.configurations.count * plan.treeCount
        return max(1, min(8, totalTrees / max(1, threads * 10)))
    }
}
