import SweepPlanning
import TestSupport
import Testing
import TouchScenarios

@testable import SweepCore
@testable import TouchEngine

/// The unit runner's configured trees and prepared scenes, made once per tree for every configuration that leaves
/// it the same (`ConfiguredStates`), are what configuring and preparing each from scratch gives.
@Suite struct ConfiguredStatesTests {
    /// configs/quickstart.yaml with two engine-parameter axes added last: configurations that differ only in
    /// parameters share the tables of a prepared scene, those whose role-scoped axes the tree lacks share it whole.
    static func plan() throws -> SweepPlan {
        let path = Repository.url("configs/quickstart.yaml").path
        var config = try SweepConfigLoader.load(path: path)
        config.axes.append(SweepAxis(name: "contentTouchDelay", values: [.number(0), .number(150)]))
        config.axes.append(SweepAxis(name: "scrollHysteresis", values: [.number(5), .number(10)]))
        return SweepPlan(config)
    }

    @Test func everyConfiguredTreeAndRunIsWhatConfiguringItAfreshGives() throws {
        let plan = try Self.plan()
        var runner = UnitRunner(plan: plan)
        var engine = EngineRunner(), fresh = EngineRunner()
        var shared = 0
        for t in 0 ..< plan.treeCount {
            let base = runner.baseTree(t)
            var seen: [ObjectIdentifier] = []
            for c in plan.configurations.indices {
                let (tree, prepared) = runner.preparedTree(t, configuration: c)
                let expected = plan.configured(base.tree, configuration: c)
                #expect(tree == expected, "tree \(t), configuration \(c)")
                if seen.contains(ObjectIdentifier(prepared)) { shared += 1 } else { seen.append(ObjectIdentifier(prepared)) }
                let scratch = PreparedScene(expected.scene)
                for entry in base.gestures {
                    let a = engine.summary(prepared, script: entry.gesture.script)
                    let b = fresh.summary(scratch, script: entry.gesture.script)
                    #expect(a == b, "tree \(t), configuration \(c), \(entry.family) p\(entry.placement)")
                }
            }
            runner.forgetConfiguredTrees()
        }
        #expect(shared > 0, "some configurations leave a tree as another left it")
    }

    /// A tree keeps at most `ConfiguredStates.stateLimit` states, then starts again from the base; the runs a
    /// configuration shares (`UnitRunner.sharesRuns`, by the values of the tree's acting axes) stay those of its own
    /// configured tree across the restart. Here every delay value is a state of its own and the dismiss tap, which
    /// most trees lack, makes each state twice.
    @Test func sharedRunsStayExactWhenTheStatesStartAgain() throws {
        var config = try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path)
        let delays = (0 ..< ConfiguredStates.stateLimit + 6).map { AxisValue.number(Double($0)) }
        config.axes = [
            SweepAxis(name: "contentTouchDelay", values: delays),
            SweepAxis(name: "dismissTap.cancelsTouchesInView", values: [.bool(true), .bool(false)])
        ]
        config.zip = []
        let plan = SweepPlan(config)
        let units = plan.configurations.indices.map { SweepPlan.WorkUnit(id: "c\($0)", configuration: $0, trees: 0 ..< 3) }
        var sharing = UnitRunner(plan: plan), running = UnitRunner(plan: plan, sharesRuns: false)
        #expect(units.map { sharing.run($0) } == units.map { running.run($0) })
        #expect(sharing.sharedScenarios > 0)
    }

    @Test func sharedTablesEqualFreshOnes() throws {
        let plan = try Self.plan()
        let tree = plan.baseTree(plan.treeCount - 1)
        let first = PreparedScene(plan.configured(tree, configuration: 0).scene)
        // The views some axis may write on this tree: every configuration leaves the others as they are.
        let mayDiffer = Array(Set(plan.config.axes.indices.flatMap { plan.viewsItMayWrite(axis: $0, tree) })).sorted()
        #expect(!mayDiffer.isEmpty && mayDiffer.count < tree.scene.views.count)
        // A group added to PreparedScene must join the comparisons below and `sameTables(as:)`: the scene, ten
        // groups and the poppable navigations.
        #expect(Mirror(reflecting: first).children.count == 12)
        var sharedRanks = 0, sharedViewInfo = 0
        for c in plan.configurations.indices {
            let scene = plan.configured(tree, configuration: c).scene
            let fresh = PreparedScene(scene)
            for prepared in [
                PreparedScene(scene, reusingTablesOf: first), PreparedScene(scene, sharingEqualPartsOf: first),
                PreparedScene(scene, sharingEqualPartsOf: first, viewsThatMayDiffer: mayDiffer)
            ] {
                // Every group whole, and the scene: equal to the preparation from scratch.
                #expect(prepared.scene == fresh.scene)
                #expect(prepared.viewTables == fresh.viewTables)
                #expect(prepared.subviews == fresh.subviews)
                #expect(prepared.scrollRanges == fresh.scrollRanges)
                #expect(prepared.transforms == fresh.transforms)
                #expect(prepared.recognizerTables == fresh.recognizerTables)
                #expect(prepared.ranks == fresh.ranks)
                #expect(prepared.arbitration == fresh.arbitration)
                #expect(prepared.requirements == fresh.requirements)
                #expect(prepared.controllers == fresh.controllers)
                #expect(prepared.targetActions == fresh.targetActions)
                #expect(prepared.poppableNavigations == fresh.poppableNavigations)
                #expect(prepared.sameTables(as: fresh))
                if sameStorage(prepared.ranks.rankOrder, first.ranks.rankOrder) { sharedRanks += 1 }
                if sameStorage(prepared.viewTables.initialOffsets, first.viewTables.initialOffsets) { sharedViewInfo += 1 }
            }
        }
        // The groups were shared, not only computed equal: the rank order in every preparation that may share, the
        // view lists wherever the configured views agreed on what they read.
        #expect(sharedRanks == 3 * plan.configurations.count)
        #expect(sharedViewInfo > 0)
    }
}
