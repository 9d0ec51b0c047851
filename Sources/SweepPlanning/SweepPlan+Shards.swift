/// How a sweep splits into shards that run with no coordinator (`sweep run --shard I/N`, `sweep merge`).
///
/// The partition depends on the plan and N only, never on threads or machines: the plan's units of
/// ``shardTreesPerUnit`` trees, listed tree block by tree block (then configuration), are cut into N
/// contiguous ranges of about equal **cost**: the scenarios their trees hold (each tree's gesture count, the same in
/// every configuration), so a shard of screens with many targets is not twice another's work (docs/sharding.md).
/// Every unit belongs to exactly one shard; when N exceeds the number of units, some shards are empty.
extension SweepPlan {
    /// Trees per work unit of a sharded sweep: one tree below 128 trees per configuration, so that shards
    /// balance on small plans, then trees / 64, at most 8. Depends on the plan only.
    public var shardTreesPerUnit: Int { max(1, min(8, treeCount / 64)) }

    /// Every unit of `treesPerUnit` trees, tree block by tree block and, within a block, configuration by
    /// configuration: the order in which one thread can reuse a generated tree for every configuration.
    public func unitsByTreeBlock(treesPerUnit: Int) -> [WorkUnit] {
        (0 ..< unitCount(treesPerUnit: treesPerUnit)).map { unitByTreeBlock($0, treesPerUnit: treesPerUnit) }
    }

    /// The units of shard `index` of `count` (0 ≤ index < count), in tree-block order, cut by cost: `treeCosts[t]` is
    /// tree `t`'s scenarios (its gestures; `SweepPlan.gestureCounts`). Computed without listing the other shards' units.
    public func shardUnits(_ index: Int, of count: Int, treeCosts: [Int]) -> [WorkUnit] {
        precondition(count >= 1 && (0 ..< count).contains(index), "shard \(index) of \(count) does not exist")
        precondition(treeCosts.count == treeCount, "one cost per tree")
        let perUnit = shardTreesPerUnit
        let bounds = Self.shardBounds(index, of: count, costs: ShardCosts(plan: self, treesPerUnit: perUnit, treeCosts: treeCosts))
        return bounds.map { unitByTreeBlock($0, treesPerUnit: perUnit) }
    }

    /// The cost of every prefix of the tree-block order, in O(1) per question: each block's units (one per
    /// configuration) cost the block's trees' scenarios each.
    public struct ShardCosts: Sendable {
        /// `blockPrefix[b]`: the cost of one unit of each block before `b`, summed (a unit of each configuration).
        let blockPrefix: [Int]
        let configurations: Int
        public let units: Int

        public init(plan: SweepPlan, treesPerUnit: Int, treeCosts: [Int]) {
            configurations = plan.configurations.count
            units = plan.unitCount(treesPerUnit: treesPerUnit)
            var prefix = [0]
            var first = 0
            while first < treeCosts.count {
                let end = min(treeCosts.count, first + treesPerUnit)
                prefix.append(prefix.last! + treeCosts[first ..< end].reduce(0, +))
                first = end
            }
            blockPrefix = prefix
        }

        /// The cost of units `0 ..< k`.
        public func prefix(_ k: Int) -> Int {
            guard configurations > 0 else { return 0 }
            let block = k / configurations, within = k % configurations
            let blockCost = block + 1 < blockPrefix.count ? blockPrefix[block + 1] - blockPrefix[block] : 0
            return blockPrefix[block] * configurations + within * blockCost
        }

        public var total: Int { prefix(units) }
    }

    /// Shard `index` of `count` by cost: from the first unit at which the cost so far reaches `index/count` of the
    /// total to the one at which it reaches `(index+1)/count` (the last shard ends with the last unit, so units that
    /// cost nothing are never left out). A plan whose trees have no gestures at all is cut by unit count.
    public static func shardBounds(_ index: Int, of count: Int, costs: ShardCosts) -> Range<Int> {
        let total = costs.total
        guard total > 0 else { return shardBounds(index, of: count, units: costs.units) }
        func cut(_ i: Int) -> Int {
            if i == 0 { return 0 }
            if i == count { return costs.units }
            // The smallest k with prefix(k) · count ≥ i · total, at double width.
            let goal = i.multipliedFullWidth(by: total)
            var low = 0, high = costs.units
            while low < high {
                let middle = low + (high - low) / 2
                let reached = costs.prefix(middle).multipliedFullWidth(by: count)
                if reached.high > goal.high || (reached.high == goal.high && reached.low >= goal.low) { high = middle } else { low = middle + 1 }
            }
            return low
        }
        return cut(index) ..< cut(index + 1)
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
