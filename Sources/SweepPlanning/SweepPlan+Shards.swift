/// How a sweep splits into shards that run with no coordinator (`sweep run --shard I/N`, `sweep merge`).
///
/// The partition depends on the plan and N only, never on threads or machines: the plan's units of
/// ``shardTreesPerUnit`` trees, listed tree block by tree block (then configuration), are cut into N
/// contiguous ranges whose sizes differ by at most one unit. Every unit belongs to exactly one shard; when N
/// exceeds the number of units, some shards are empty.
extension SweepPlan {
    /// Trees per work unit of a sharded sweep: small units (1 tree up to 64 trees per configuration, at most 8)
    /// so that shards balance on small plans. Depends on the plan only.
    public var shardTreesPerUnit: Int { max(1, min(8, treeCount / 64)) }

    /// Every unit of `treesPerUnit` trees, tree block by tree block and, within a block, configuration by
    /// configuration: the order in which one thread can reuse a generated tree for every configuration.
    public func unitsByTreeBlock(treesPerUnit: Int) -> [WorkUnit] {
        units(treesPerUnit: treesPerUnit).sorted {
            ($0.trees.lowerBound, $0.configuration) < ($1.trees.lowerBound, $1.configuration)
        }
    }

    /// The units of shard `index` of `count` (0 ≤ index < count), in tree-block order.
    public func shardUnits(_ index: Int, of count: Int) -> [WorkUnit] {
        precondition(count >= 1 && (0 ..< count).contains(index), "shard \(index) of \(count) does not exist")
        let all = unitsByTreeBlock(treesPerUnit: shardTreesPerUnit)
        let bounds = Self.shardBounds(index, of: count, units: all.count)
        return Array(all[bounds])
    }

    /// Shard `index` of `count` over `units` units: `index·units/count ..< (index+1)·units/count`.
    public static func shardBounds(_ index: Int, of count: Int, units: Int) -> Range<Int> {
        (index * units / count) ..< ((index + 1) * units / count)
    }
}
