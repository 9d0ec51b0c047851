import Dispatch
import Foundation
import SweepPlanning
import Synchronization

extension SweepPlan {
    /// The true number of scenarios the sweep runs (issue 16 §1): every configuration runs every gesture of every
    /// tree, and a tree's gestures are aimed on its base tree whatever the configuration, so the total is the
    /// configurations × the gestures of each tree, summed over the trees. `totalRuns` is only the bound (gesture
    /// slots; a family with nothing to aim at on a tree gives no gesture).
    public func scenarioTotal(threads: Int = 1) -> Int {
        configurations.count * gestureCounts(threads: threads).reduce(0, +)
    }

    /// The scenarios of `units` (a shard's), from `gestureCounts`.
    public func scenarioTotal(of units: [WorkUnit], gestureCounts counts: [Int]) -> Int {
        units.reduce(0) { sum, unit in sum + counts[unit.trees].reduce(0, +) }
    }

    /// The number of gestures of each tree, in tree order. It generates each tree and its gestures once (no
    /// scenario runs), on `threads` threads: milliseconds for the quickstart, about a quarter of a second for the 4000 trees of
    /// configs/bench-distributed.yaml on one core (docs/operations.md, "Progress").
    public func gestureCounts(threads: Int = 1) -> [Int] {
        guard treeCount > 0 else { return [] }
        let chunks = max(1, min(threads, treeCount))
        let counts = Mutex([Int](repeating: 0, count: treeCount))
        DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
            var mine: [(Int, Int)] = []
            var t = chunk
            while t < treeCount {
                mine.append((t, gestureEntries(for: baseTree(t), treeIndex: t).count))
                t += chunks
            }
            counts.withLock { for (t, n) in mine { $0[t] = n } }
        }
        return counts.withLock { $0 }
    }
}

extension SweepPlan {
    /// The units of shard `index` of `count`, cut by scenarios (``SweepPlan/shardUnits(_:of:treeCosts:)`` with each
    /// tree's gesture count). The counts are computed once per plan in this process (``ShardCostCache``), so
    /// `sweep merge` of a thousand shards generates the trees once.
    public func shardUnits(_ index: Int, of count: Int) -> [WorkUnit] {
        shardUnits(index, of: count, treeCosts: ShardCostCache.shared.gestureCounts(self))
    }
}

/// Each plan's gesture counts per tree, by config hash, computed once per process (on every core: the counts do not
/// depend on how many threads make them).
final class ShardCostCache: Sendable {
    static let shared = ShardCostCache()
    private let counts = Mutex([String: [Int]]())

    func gestureCounts(_ plan: SweepPlan) -> [Int] {
        if let known = counts.withLock({ $0[plan.configHash] }) { return known }
        let made = plan.gestureCounts(threads: ProcessInfo.processInfo.activeProcessorCount)
        counts.withLock { $0[plan.configHash] = made }
        return made
    }
}
