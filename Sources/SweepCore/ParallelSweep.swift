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
        // A thread takes a whole block of trees and runs it for every configuration, so each tree (and its
        // gestures) is generated once by one thread and reused from its cache. Results do not depend on it.
        var byBlock: [Int: [SweepPlan.WorkUnit]] = [:]
        for unit in plan.units(treesPerUnit: perUnit) { byBlock[unit.trees.lowerBound, default: []].append(unit) }
        let units = byBlock.keys.sorted().map { byBlock[$0]!.sorted { $0.configuration < $1.configuration } }
        let state = Mutex(SweepTallies(plan: plan))
        let next = Atomic<Int>(0)
        let workers = max(1, min(threads, units.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var runner = UnitRunner(plan: plan)
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < units.count else { return }
                for unit in units[i] {
                    let result = runner.run(unit)
                    let runs = state.withLock { tallies -> Int in
                        tallies.merge(result)
                        return tallies.runs
                    }
                    progress?(runs, plan.totalRuns)
                }
            }
        }
        return state.withLock { $0 }
    }

    /// Tree blocks small enough that every thread gets at least ten of them, at most 8 trees each.
    public static func defaultTreesPerUnit(plan: SweepPlan, threads: Int) -> Int {
        max(1, min(8, plan.treeCount / max(1, threads * 10)))
    }
}
