import Foundation
import SweepPlanning
import TestSupport
import Testing

@testable import SweepCore

/// `sweep run` on a plan of few trees and many configurations: the tree blocks are cut into parts so that every thread
/// has work to the end, and the tallies do not depend on the cut.
@Suite struct ParallelSweepBalanceTests {
    /// The quickstart at `trees` trees per configuration.
    static func quickstart(trees: Int) throws -> SweepPlan { try BegunPanMoveSweepTests.plan("quickstart.yaml", trees: trees).plan }

    @Test func fewTreeBlocksAreCutIntoPartsOfTheSameTreesInOrder() throws {
        let plan = try Self.quickstart(trees: 2)
        let units = plan.unitsByTreeBlock(treesPerUnit: 1)
        let blocks = ParallelSweep.treeBlocks(units)
        #expect(blocks.count == 2, "one block per tree")
        let parts = ParallelSweep.balanced(blocks, threads: 2)
        // Every unit once, in order; each part within one tree block.
        #expect(parts.flatMap { Array($0) } == Array(units.indices))
        #expect(parts.allSatisfy { part in part.allSatisfy { units[$0].trees == units[part.lowerBound].trees } })
        #expect(parts.count > blocks.count, "\(parts.count) parts of \(blocks.count) blocks")
        #expect(ParallelSweep.balanced(blocks, threads: 1) == blocks, "one thread takes the blocks whole")
    }

    @Test func theTalliesDoNotDependOnTheThreadsOrTheCut() throws {
        let plan = try Self.quickstart(trees: 2)
        let one = ParallelSweep.run(plan, threads: 1)
        #expect(one.runs > 0)
        #expect(ParallelSweep.run(plan, threads: 2) == one)
        #expect(ParallelSweep.run(plan, threads: 3) == one)
    }
}
