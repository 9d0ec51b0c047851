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
    func everyUnitBelongsToExactlyOneShardAndShardsDifferByAtMostOneUnit(count: Int) throws {
        let p = try plan(Self.yaml)
        let all = p.unitsByTreeBlock(treesPerUnit: p.shardTreesPerUnit)
        let shards = (0 ..< count).map { p.shardUnits($0, of: count) }
        #expect(shards.flatMap { $0 } == all, "the shards, in order, are the plan's units in tree-block order")
        let sizes = shards.map(\.count)
        #expect(sizes.max()! - sizes.min()! <= 1, "\(sizes)")
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
}
