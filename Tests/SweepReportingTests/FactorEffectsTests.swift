import Testing

@testable import SweepReporting

/// FactorEffects on hand-made tables: pooling, ranking, and the pairs it refuses to measure.
@Suite struct FactorEffectsTests {
    /// Two axes, each configuration with `attempts` scenarios of one outcome and the given counts.
    static func table(_ cells: [(a: Int, b: Int, count: Int, attempts: Int)]) -> FactorTable {
        var t = FactorTable(
            axes: [.init(name: "A", levels: ["a0", "a1"]), .init(name: "B", levels: ["b0", "b1"])],
            outcomes: ["defect"])
        for c in cells { t.append(.init(levels: [c.a, c.b], attempts: [c.attempts], counts: [c.count])) }
        return t
    }

    @Test func levelRatesPoolCountsRatherThanAveragingRates() {
        // a0: 1/10 and 9/90 pool to 10/100 = 0.1 (the mean of the two rates would be 0.1 too); a1: 0/10 and 50/50 pool
        // to 50/60 (the mean of rates would be 0.5).
        let t = Self.table([(0, 0, 1, 10), (0, 1, 9, 90), (1, 0, 0, 10), (1, 1, 50, 50)])
        let main = FactorEffects.mainEffects(t, outcome: 0)
        #expect(main[0].levels.map(\.count) == [10, 50] && main[0].levels.map(\.attempts) == [100, 60])
        #expect(main[0].effect == 50.0 / 60.0 - 0.1)
    }

    @Test func zippedAxesHaveNoInteraction() {
        // Only the diagonal is swept: A and B always change together.
        let t = Self.table([(0, 0, 1, 10), (1, 1, 8, 10)])
        #expect(FactorEffects.interactions(t, outcome: 0).isEmpty)
        #expect(FactorEffects.mainEffects(t, outcome: 0).allSatisfy { abs($0.effect! - 0.7) < 1e-12 })
    }

    @Test func threeCellsOfATwoByTwoCannotMeasureAnInteraction() {
        let t = Self.table([(0, 0, 1, 10), (0, 1, 1, 10), (1, 0, 8, 10)])
        #expect(FactorEffects.interactions(t, outcome: 0).isEmpty)
    }

    @Test func anAdditiveTableHasStrengthZeroAndAnInteractingOneDoesNot() {
        let additive = Self.table([(0, 0, 1, 10), (0, 1, 3, 10), (1, 0, 2, 10), (1, 1, 4, 10)])
        #expect(FactorEffects.interactions(additive, outcome: 0).map(\.strength) == [0])
        let only11 = Self.table([(0, 0, 0, 10), (0, 1, 0, 10), (1, 0, 0, 10), (1, 1, 8, 10)])
        let i = FactorEffects.interactions(only11, outcome: 0)
        // rate(a1,b1) − rate(a1) − rate(b1) + overall = 0.8 − 0.4 − 0.4 + 0.2. All four cells tie at |0.2|; (a0, b0)
        // and (a1, b1) are above what the axes predict apart, and (a1, b1) has the higher rate.
        #expect(i.count == 1 && i[0].level == 1 && i[0].level2 == 1)
        #expect(abs(i[0].strength - 0.2) < 1e-12)
    }

    @Test func rankingPutsTheLargestEffectFirstAndAxesWithoutAttemptsLast() {
        var t = FactorTable(
            axes: [
                .init(name: "none", levels: ["x", "y"]), .init(name: "small", levels: ["x", "y"]),
                .init(name: "big", levels: ["x", "y"]), .init(name: "fixed", levels: ["x"])
            ],
            outcomes: ["defect"])
        t.append(.init(levels: [0, 0, 0, 0], attempts: [10], counts: [1]))
        t.append(.init(levels: [0, 1, 1, 0], attempts: [10], counts: [9]))
        t.append(.init(levels: [0, 0, 1, 0], attempts: [10], counts: [7]))
        let ranked = FactorEffects.ranked(FactorEffects.mainEffects(t, outcome: 0)).map { t.axes[$0.axis].name }
        #expect(ranked == ["big", "small", "none"], "the axis with one value has no effect; 'none' has one level with attempts")
    }
}
