import Testing

@testable import SweepPlanning

@Suite struct ShardPartitionTests {
    static let yaml = """
        name: shards
        axes:
          scrollViews.delaysContentTouches: [true, false]
          contentTouchDelay: [0, 150, 300]
        trees:
          perConfiguration: 7
        """

    @Test(arguments: [1, 2, 3, 4, 5, 7, 41, 50])
    func everyUnitBelongsToExactlyOneShardAndEqualCostsGiveShardsThatDifferByAtMostOneUnit(count: Int) throws {
        let p = try plan(Self.yaml)
        let all = p.unitsByTreeBlock(treesPerUnit: p.shardTreesPerUnit)
        let shards = (0 ..< count).map { p.shardUnits($0, of: count, treeCosts: Array(repeating: 5, count: p.treeCount)) }
        #expect(shards.flatMap { $0 } == all, "the shards, in order, are the plan's units in tree-block order")
        let sizes = shards.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1, "\(sizes)")
    }

    /// Issue 35: shards were cut by unit count, so a shard of screens with many targets did far more work (the
    /// quickstart's two shards: 2016 and 1408 scenarios). Cut by cost, shards differ by at most two units' cost.
    @Test(arguments: [2, 3, 4, 7, 41])
    func unequalTreesGiveShardsOfAboutEqualCost(count: Int) throws {
        let p = try plan(Self.yaml)
        let costs = (0 ..< p.treeCount).map { [40, 3, 0, 11, 25, 1, 60][$0 % 7] }
        let shards = (0 ..< count).map { p.shardUnits($0, of: count, treeCosts: costs) }
        #expect(shards.flatMap { $0 } == p.unitsByTreeBlock(treesPerUnit: p.shardTreesPerUnit))
        let cost = { (units: [SweepPlan.WorkUnit]) in units.reduce(0) { $0 + costs[$1.trees].reduce(0, +) } }
        let sums = shards.map(cost)
        #expect(sums.reduce(0, +) == 6 * costs.reduce(0, +))
        // Each cut lands within one unit of its ideal place, so two shards differ by at most two units' cost.
        #expect(sums.max()! - sums.min()! <= 2 * costs.max()!, "\(sums)")
        let byCount = (0 ..< count).map { i in
            SweepPlan.shardBounds(i, of: count, units: p.unitsByTreeBlock(treesPerUnit: 1).count).map { p.unitsByTreeBlock(treesPerUnit: 1)[$0] }
        }
        if count == 2 { #expect(byCount.map(cost).max()! - byCount.map(cost).min()! > sums.max()! - sums.min()!, "cost beats count") }
    }

    @Test func treesWithoutGesturesAtTheEndStillBelongToTheLastShardAndNoCostAtAllCutsByCount() throws {
        let p = try plan(Self.yaml)
        var costs = Array(repeating: 4, count: p.treeCount)
        costs[p.treeCount - 1] = 0
        costs[p.treeCount - 2] = 0
        let shards = (0 ..< 3).map { p.shardUnits($0, of: 3, treeCosts: costs) }
        #expect(shards.flatMap { $0 } == p.unitsByTreeBlock(treesPerUnit: 1))
        #expect(shards[2].last?.trees == p.treeCount - 1 ..< p.treeCount)
        let none = (0 ..< 4).map { p.shardUnits($0, of: 4, treeCosts: Array(repeating: 0, count: p.treeCount)).count }
        #expect(none == (0 ..< 4).map { SweepPlan.shardBounds($0, of: 4, units: 42).count })
    }

    @Test func unitsAreSmallOnSmallPlansAndListedTreeBlockByTreeBlock() throws {
        let p = try plan(Self.yaml)
        #expect(p.shardTreesPerUnit == 1)
        let units = p.unitsByTreeBlock(treesPerUnit: 1)
        #expect(units.count == 6 * 7)
        for perUnit in [1, 2, 3, 7, 8] {
            #expect(
                Set(p.unitsByTreeBlock(treesPerUnit: perUnit)) == Set(p.units(treesPerUnit: perUnit)),
                "the plan's own units, \(perUnit) trees each, reordered")
        }
        #expect(
            units.prefix(7).map { "c\($0.configuration):t\($0.trees.lowerBound)" }
                == ["c0:t0", "c1:t0", "c2:t0", "c3:t0", "c4:t0", "c5:t0", "c0:t1"])
        let big = try plan(Self.yaml.replacingOccurrences(of: "perConfiguration: 7", with: "perConfiguration: 1000"))
        #expect(big.shardTreesPerUnit == 8)
    }

    /// Issue 30 §7: `--shard 0/9223372036854775807` crashed (exit 132) multiplying the shard index by the units. The
    /// bounds are taken at double width: the last of 2⁶³ − 1 shards and of 2³² − 1 (the most a shard file's seal says)
    /// are what the formula gives, without overflow.
    @Test func shardBoundsOfHugeCountsDoNotOverflow() {
        let units = 1_000_000_000_000
        #expect(SweepPlan.shardBounds(0, of: Int.max, units: units) == 0 ..< 0)
        #expect(SweepPlan.shardBounds(Int.max - 1, of: Int.max, units: units) == units - 1 ..< units)
        let seal = Int(UInt32.max)
        #expect(SweepPlan.shardBounds(seal - 1, of: seal, units: units) == 999_999_999_767 ..< units) // ⌊(2³² − 2)·10¹² / (2³² − 1)⌋
        #expect(SweepPlan.shardBounds(1, of: 3, units: 7) == 2 ..< 4)
        let p = try! plan(Self.yaml)
        let costs = SweepPlan.ShardCosts(plan: p, treesPerUnit: 1, treeCosts: Array(repeating: Int(Int32.max), count: p.treeCount))
        #expect(SweepPlan.shardBounds(seal - 1, of: seal, costs: costs) == 42 ..< 42) // the last unit goes where its cost is reached
        #expect(SweepPlan.shardBounds(0, of: Int.max, costs: costs) == 0 ..< 1)
        #expect(SweepPlan.shardBounds(Int.max - 1, of: Int.max, costs: costs) == 42 ..< 42)
    }
}
