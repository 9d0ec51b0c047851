import SweepPlanning
import TestSupport
import Testing
import TouchScenarios

@testable import SweepCore
@testable import TouchEngine

/// Model bands (issue 34 §2): the runs that read an inferred parameter run again at its range's ends, and the counts
/// there are what a sweep with the parameter fixed at that end counts.
@Suite struct ModelBandTests {
    static func quickstart(_ extra: [SweepAxis] = []) throws -> SweepPlan {
        var config = try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path)
        config.axes += extra
        return SweepPlan(config)
    }

    /// Each configuration's count of every class at each end of the tap's maximum duration is what the sweep with
    /// `tapMaximumDuration` fixed at that end counts: running again only the runs that read it misses nothing.
    @Test func theCountsAtARangeEndAreWhatASweepWithTheValueFixedThereCounts() throws {
        let plan = try Self.quickstart()
        let tallies = ParallelSweep.run(plan, threads: 2)
        #expect(ModelBands.considered(plan).contains(InferredParameterSet(.tapMaximumDuration)))
        var moved = 0
        for end in RangeEnd.allCases {
            let fixed = try Self.quickstart([SweepAxis(name: "tapMaximumDuration", values: [.number(end.value(of: .tapMaximumDuration))])])
            #expect(!ModelBands.considered(fixed).contains(InferredParameterSet(.tapMaximumDuration)), "an axis is not banded")
            let there = ParallelSweep.run(fixed, threads: 2)
            for c in plan.configurations.indices {
                for d in DefectClass.allCases {
                    let base = tallies.configurations[c].total.count(d)
                    let change = tallies.configurations[c].modelBands.change(.tapMaximumDuration, end, d)
                    if change != 0 { moved += 1 }
                    #expect(base + change == there.configurations[c].total.count(d), "c\(c) \(d.name) at the \(end) end")
                }
            }
        }
        #expect(moved > 0, "the quickstart has late actions that hinge on the tap's maximum duration")
    }

    /// The quickstart's late actions: 5.1% with the engine's 750 ms, 1.3% at 650 ms (16 of 64).
    @Test func theQuickstartsLateActionsBandIsTheTapsMaximumDuration() throws {
        let plan = try Self.quickstart()
        let tallies = ParallelSweep.run(plan, threads: 2)
        let band = ModelBands.band(.lateAction, tallies)
        #expect(band.count == 64 && band.low == 16 && band.high == 64)
        #expect(band.parameter == .tapMaximumDuration && band.moving == 1)
        #expect(band.sentence == "1.3–5.1% as the tap's maximum duration runs 650–850 ms")
        let terminal = TerminalSummary.render(plan: plan, tallies: tallies)
        #expect(terminal.contains("late_action          5.1% (1.3–5.1% as the tap's maximum duration runs 650–850 ms)"))
    }

    /// A band is the lowest and highest count across every parameter's ends and the value in force; the parameter named
    /// is the one whose own span is widest (the first declared at a tie); a class no parameter moves has none.
    @Test func aBandSpansEveryEndAndNamesTheWidestParameter() {
        var changes = ModelBandCounts()
        changes.add(.tapMaximumDuration, .low, .lateAction, -2)
        changes.add(.edgeRegion, .low, .lateAction, 3)
        changes.add(.edgeRegion, .high, .lateAction, -1)
        let band = ModelBands.band(.lateAction, count: 10, attempts: 100, changes: changes)
        #expect(band.low == 8 && band.high == 13 && band.parameter == .edgeRegion && band.moving == 2)
        #expect(band.sentence == "8.0–13.0%, most as the back swipe's edge region runs 13–55 pt")
        let none = ModelBands.band(.deadButton, count: 4, attempts: 100, changes: changes)
        #expect(none.low == 4 && none.high == 4 && none.parameter == nil && none.sentence == "no inferred value moves it")
    }

    /// Changes add up and cancel out: a key whose changes sum to zero is dropped, so equal tallies compare equal.
    @Test func changesThatCancelLeaveNothing() {
        var a = ModelBandCounts()
        a.add(.pinchHysteresis, .high, .swallowedZoom, 2)
        var b = ModelBandCounts()
        b.add(.pinchHysteresis, .high, .swallowedZoom, -2)
        a.merge(b)
        #expect(a.isEmpty && a == ModelBandCounts())
        #expect(ModelBandCounts(entries: [(0, 0)]) == nil && ModelBandCounts(entries: [(ModelBandCounts.keyCount, 1)]) == nil)
        #expect(ModelBandCounts(entries: [(3, 1), (3, 2)]) == nil)
    }

    /// Held in key order, the changes are what adding them one by one into a table of every key gives, however the
    /// adds are split into parts and in whatever order the parts merge; changes that cancel leave no key behind.
    @Test(arguments: [UInt64(7), 8, 9])
    func splitAndMergedChangesEqualATableOfEveryKey(seed: UInt64) {
        var g = SplitMix64(seed: seed)
        let pool = (0 ..< 12).map { _ in Int(g.next() % UInt64(ModelBandCounts.keyCount)) }
        let adds = (0 ..< 400).map { _ in (key: pool[Int(g.next() % 12)], change: Int(g.next() % 5) - 2) }
        var table = [Int](repeating: 0, count: ModelBandCounts.keyCount)
        for a in adds { table[a.key] += a.change }
        let expected = table.indices.filter { table[$0] != 0 }.map { (key: $0, change: table[$0]) }
        func counts(_ part: ArraySlice<(key: Int, change: Int)>) -> ModelBandCounts {
            var c = ModelBandCounts()
            for a in part {
                let parameter = InferredParameter.allCases[a.key / (2 * DefectClass.allCases.count)]
                let end = RangeEnd.allCases[a.key / DefectClass.allCases.count % 2]
                c.add(parameter, end, DefectClass.allCases[a.key % DefectClass.allCases.count], a.change)
            }
            return c
        }
        let whole = counts(adds[...])
        #expect(whole.entries.map(\.key) == expected.map(\.key) && whole.entries.map(\.change) == expected.map(\.change))
        let parts = stride(from: 0, to: adds.count, by: 37).map { counts(adds[$0 ..< min(adds.count, $0 + 37)]) }
        var forward = ModelBandCounts(), backward = ModelBandCounts()
        for p in parts { forward.merge(p) }
        for p in parts.reversed() { backward.merge(p) }
        #expect(forward == whole && backward == whole)
        #expect(ModelBandCounts(entries: whole.entries) == whole)
    }
}
