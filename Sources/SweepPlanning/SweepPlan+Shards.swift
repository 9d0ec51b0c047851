/// How a sweep splits into shards that run with no coordinator (`sweep run --shard I/N`, `sweep merge`).
///
/// The partition depends on the plan and N only, never on threads or machines: the plan's units of
/// ``shardTreesPerUnit`` trees, listed tree block by tree block (then configuration), are cut into N
/// contiguous ranges whose sizes differ by at most one unit. Every unit belongs to exactly one shard; when N
/// exceeds the number of units, some shards are empty.
extension SweepPlan {
    /// Trees per work unit of a sharded sweep: one tree below 128 trees per configuration, so that shards
    /// balance on small plans, then trees / 64, at most 8. Depends on the plan only.
    public var shardTreesPerUnit: Int { max(1, min(8, treeCount / 64)) }

    /// Every unit of `treesPerUnit` trees, tree block by tree block and, within a block, configuration by
    /// configuration: the order in which one thread can reuse a generated tree for every configuration.
    public func unitsByTreeBlock(treesPerUnit: Int) -> [WorkUnit] {
        (0 ..< unitCount(treesPerUnit: treesPerUnit)).map { unitByTreeBlock($0, treesPerUnit: treesPerUnit) }
    }

    /// The units of shard `index` of `count` (0 ≤ index < count), in tree-block order; computed without listing
    /// the other shards' units.
    public func shardUnits(_ index: Int, of count: Int) -> [WorkUnit] {
        precondition(count >= 1 && (0 ..< count).contains(index), "shard \(index) of \(count) does not exist")
        let perUnit = shardTreesPerUnit
        let bounds = Self.shardBounds(index, of: count, units: unitCount(treesPerUnit: perUnit))
        return bounds.map { unitByTreeBlock($0, treesPerUnit: perUnit) }
    }

    /// Shard `index` of `count` over `units` units: `index·units/count ..< (index+1)·units/count`, the products
    /// taken at double width, so no count (a shard file's seal may say up to 2³² − 1) overflows them.
    public static func shardBounds(_ index: Int, of count: Int, units: Int) -> Range<Int> {
        func cut(_ k: Int) -> Int { count.dividingFullWidth(k.multipliedFullWidth(by: units)).quotient }
        return cut(index) ..< cut(index + 1)
    }

    /// Units of `treesPerUnit` trees in the whole plan: every configuration has one per tree block.
    func unitCount(treesPerUnit: Int) -> Int {
        configurations.count * ((treeCount + treesPerUnit - 1) / treesPerUnit)
    }

    /// Unit `k` of the tree-block order: block `k / C`, configuration `k % C` (C configurations).
    func unitByTreeBlock(_ k: Int, treesPerUnit: Int) -> WorkUnit {
        let first = k / configurations.count * treesPerUnit
        return workUnit(configuration: k % configurations.count, trees: first ..< min(treeCount, first + treesPerUnit))
    }
}
