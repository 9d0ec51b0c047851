import Dispatch
import SweepPlanning
import Synchronization
import TouchEngine

/// Runs a whole plan in this process: `threads` workers (Dispatch) pull blocks of work units in plan order; each
/// worker adds its runs into its own tallies, one accumulator per configuration, and merges them into one
/// `SweepTallies` when the plan is done (a plan of more than `accumulatedConfigurationLimit` configurations merges
/// each unit as it finishes instead), so memory stays flat however many scenarios there are. Merging is
/// commutative, so the tallies do not depend on `threads` or on scheduling.
public enum ParallelSweep {
    /// Progress after each unit: the trees (configuration × tree) and the scenarios run so far.
    public typealias Progress = @Sendable (_ trees: Int, _ runs: Int) -> Void

    /// Up to this many configurations a worker keeps an accumulator for each until the end; above it, a worker's
    /// accumulators (a configuration's tallies each) would hold as much as the sweep's own, once per thread.
    public static let accumulatedConfigurationLimit = 64

    /// `sharesRuns`: see ``UnitRunner/sharesRuns`` (off only to measure the engine path); `modelBands`: see
    /// ``UnitRunner/init(plan:cacheLimit:sharesRuns:modelBands:movePath:)`` (off only to measure what the bands cost);
    /// `movePath`: the engine's ``MovePath`` (`.general` only to test and measure the specialised path).
    public static func run(
        _ plan: SweepPlan, threads: Int, treesPerUnit: Int? = nil, sharesRuns: Bool = true, modelBands: Bool = true,
        movePath: MovePath = .specialised, progress: Progress? = nil
    ) -> SweepTallies {
        let perUnit = treesPerUnit ?? defaultTreesPerUnit(plan: plan, threads: threads)
        let units = plan.unitsByTreeBlock(treesPerUnit: perUnit)
        let blocks = balanced(treeBlocks(units), threads: threads)
        let state = Mutex(SweepTallies(plan: plan))
        let done = Mutex((trees: 0, runs: 0))
        let next = Atomic<Int>(0)
        let workers = max(1, min(threads, blocks.count))
        let keep = plan.configurations.count <= accumulatedConfigurationLimit
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var runner = UnitRunner(plan: plan, sharesRuns: sharesRuns, modelBands: modelBands, movePath: movePath)
            // One accumulator per configuration for everything this worker runs: no result per unit to build,
            // merge and free. A worker takes blocks in plan order, so it visits each configuration's trees in
            // order and keeps, as a unit does, the earliest examples it sees (SweepTallies.keepSmallest keeps
            // the same ones whatever the split).
            var accumulators: [UnitRunner.Accumulator?] = Array(repeating: nil, count: plan.configurations.count)
            var lastTrees: Range<Int>?
            while true {
                let b = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard b < blocks.count else { break }
                // A block of other trees: this worker will not run the last ones again.
                if let lastTrees, lastTrees != units[blocks[b].lowerBound].trees { runner.forgetConfiguredTrees() }
                lastTrees = units[blocks[b].lowerBound].trees
                for i in blocks[b] {
                    let unit = units[i]
                    var acc = accumulators[unit.configuration].take() ?? UnitRunner.Accumulator(configuration: unit.configuration)
                    let before = acc.result.tallies.runs
                    for t in unit.trees { runner.runTree(t, into: &acc) }
                    let ran = acc.result.tallies.runs - before
                    if keep {
                        accumulators[unit.configuration] = acc
                    } else {
                        state.withLock { $0.merge(acc.finish()) }
                    }
                    let (trees, runs) = done.withLock { d -> (Int, Int) in
                        d.trees += unit.trees.count
                        d.runs += ran
                        return d
                    }
                    progress?(trees, runs)
                }
            }
            state.withLock { tallies in
                for case let acc? in accumulators { tallies.merge(acc.finish()) }
            }
        }
        return state.withLock { $0 }
    }

    /// Runs `units` on `threads` threads and hands each result to `body` (with the unit's position in `units`)
    /// on the thread that ran it, so `body` is called concurrently and does its own locking.
    ///
    /// A thread takes a whole block of consecutive units over the same trees (``SweepPlan/unitsByTreeBlock(treesPerUnit:)``
    /// lists them so) and runs it for every configuration, so each tree and its gestures are generated once by
    /// one thread and reused from its cache. Results do not depend on it.
    public static func forEachResult(
        _ plan: SweepPlan, units: [SweepPlan.WorkUnit], threads: Int,
        _ body: @Sendable (Int, SweepPlan.WorkUnit, UnitResult) -> Void
    ) {
        let blocks = treeBlocks(units)
        let next = Atomic<Int>(0)
        let workers = max(1, min(threads, blocks.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            var runner = UnitRunner(plan: plan)
            while true {
                let b = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard b < blocks.count else { return }
                for i in blocks[b] { body(i, units[i], runner.run(units[i])) }
            }
        }
    }

    /// The runs of consecutive units that start at the same tree, as positions in `units`.
    static func treeBlocks(_ units: [SweepPlan.WorkUnit]) -> [Range<Int>] {
        var blocks: [Range<Int>] = []
        var start = 0
        while start < units.count {
            var end = start + 1
            while end < units.count && units[end].trees.lowerBound == units[start].trees.lowerBound { end += 1 }
            blocks.append(start ..< end)
            start = end
        }
        return blocks
    }

    /// `blocks` cut into parts of consecutive units (configurations of the same trees) until every thread has about
    /// sixteen to take (parts of at least four units): a plan of few trees and many configurations (seeds-sweep at 8 trees: 8 blocks of 4,800 units)
    /// otherwise left one thread with the costliest trees while the other waited. A worker keeps a tree's configured
    /// states from one part to the next it takes of the same trees, so most runs shared between configurations stay
    /// shared. Results do not depend on the cut.
    static func balanced(_ blocks: [Range<Int>], threads: Int) -> [Range<Int>] {
        guard threads > 1, !blocks.isEmpty else { return blocks }
        let parts = (threads * 16 + blocks.count - 1) / blocks.count
        guard parts > 1 else { return blocks }
        return blocks.flatMap { block -> [Range<Int>] in
            let n = min(parts, max(1, block.count / 4))
            return (0 ..< n).map { k in
                block.lowerBound + block.count * k / n ..< block.lowerBound + block.count * (k + 1) / n
            }
        }
    }

    /// Tree blocks small enough that every thread gets at least ten of them, at most 8 trees each.
    public static func defaultTreesPerUnit(plan: SweepPlan, threads: Int) -> Int {
        max(1, min(8, plan.treeCount / max(1, threads * 10)))
    }
}
