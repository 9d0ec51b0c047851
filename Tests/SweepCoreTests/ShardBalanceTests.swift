import Foundation
import SweepPlanning
import TestSupport
import Testing

@testable import SweepCore

/// Issue 35: `sweep run --shard` cut the quickstart into 2016 and 1408 scenarios (by unit count); cut by scenarios,
/// its shards hold nearly the same work.
@Suite struct ShardBalanceTests {
    @Test(arguments: [2, 3, 5, 8])
    func theQuickstartsShardsHoldAboutTheSameScenarios(count: Int) throws {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path))
        let gestures = plan.gestureCounts(threads: 2)
        let shards = (0 ..< count).map { plan.shardUnits($0, of: count) }
        let scenarios = shards.map { plan.scenarioTotal(of: $0, gestureCounts: gestures) }
        #expect(scenarios.reduce(0, +) == plan.scenarioTotal())
        let largestUnit = plan.unitsByTreeBlock(treesPerUnit: plan.shardTreesPerUnit).map { gestures[$0.trees].reduce(0, +) }.max()!
        #expect(scenarios.max()! - scenarios.min()! <= 2 * largestUnit, "\(scenarios)")
        if count == 2 { #expect(scenarios == [1716, 1708]) }
    }
}
