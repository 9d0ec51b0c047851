import TestSupport
import Testing

@testable import SweepReporting

/// The reports' 95% interval over trees (docs/reports.md, "Intervals"): the t quantile, a case worked by hand,
/// and a planted population whose runs cluster by tree, where it covers the truth and Wilson's does not.
@Suite struct TreeClusteredIntervalTests {
    /// Trees given as (attempts, count).
    static func moments(_ trees: [(n: Int, x: Int)]) -> ClusterMoments {
        var m = ClusterMoments()
        for t in trees { m.merge(ClusterMoments(cluster: t.n, count: t.x)) }
        return m
    }

    @Test func theTQuantileMatchesTheTables() {
        // t₀.₉₇₅ from standard tables (e.g. NIST/SEMATECH e-Handbook, table 1.3.6.7.2), to the 6 decimals they give.
        let table: [(Int, Double)] = [
            (1, 12.706205), (2, 4.302653), (3, 3.182446), (4, 2.776445), (5, 2.570582),
            (9, 2.262157), (10, 2.228139), (11, 2.200985), (20, 2.085963), (29, 2.045230),
            (30, 2.042272), (60, 2.000298), (100, 1.983972)
        ]
        for (df, t) in table { #expect(abs(StudentT.quantile975(df: df) - t) < 1e-6, "df \(df): \(StudentT.quantile975(df: df))") }
        #expect(StudentT.quantile975(df: 0) == .infinity)
        #expect(abs(StudentT.quantile975(df: 1_000_000) - WilsonInterval.z95) < 1e-5)
        // Newton's result (below 1000) is the exact CDF's root; the expansion (from 1000) agrees with it there.
        for df in [1, 2, 3, 7, 30, 31, 998, 999] {
            #expect(abs(StudentT.centralProbability(StudentT.quantile975(df: df), df: df) - 0.95) < 1e-13, "df \(df)")
        }
        #expect(abs(StudentT.centralProbability(StudentT.quantile975(df: 1000), df: 1000) - 0.95) < 1e-13)
    }

    @Test func threeTreesByHand() throws {
        // Trees (n, x): (4, 0), (4, 2), (2, 1). N = 10, p = 0.3; Σn² = 36, Σx² = 5, Σxn = 10;
        // Σ(x − pn)² = 5 − 2·0.3·10 + 0.09·36 = 2.24 (= 1.44 + 0.64 + 0.16 tree by tree).
        let m = Self.moments([(4, 0), (4, 2), (2, 1)])
        #expect(m == ClusterMoments(clusters: 3, attempts: 10, count: 3, attemptsSquared: 36, countSquared: 5, crossProduct: 10))
        #expect(abs(m.residualSquares(at: 0.3) - 2.24) < 1e-12)
        // v = 3/2 · 2.24 / 100 = 0.0336 against the binomial 0.021: deff 1.6, so 6.25 effective runs; t with 2 df, 4.302653.
        #expect(abs(TreeClusteredInterval.effectiveRuns(m) - 6.25) < 1e-12)
        let ci = try #require(TreeClusteredInterval.interval95(m))
        // Wilson with n = 6.25 and z = t: center 0.449521, half-width 0.423502.
        #expect(abs(ci.low - 0.026019372567868793) < 1e-9 && abs(ci.high - 0.8730228226228974) < 1e-9)
        // Wilson over the 10 runs as if independent: [0.1078, 0.6032], far narrower.
        let wilson = try #require(WilsonInterval.interval95(successes: 3, trials: 10))
        #expect(ci.low < wilson.low && ci.high > wilson.high)
    }

    @Test func edgeCases() throws {
        #expect(TreeClusteredInterval.interval95(ClusterMoments()) == nil)
        // One tree: nothing to compare it with.
        #expect(try #require(TreeClusteredInterval.interval95(Self.moments([(12, 3)]))) == (0, 1))
        // No defect: low is exactly 0 and only the t quantile (11 df) widens the upper bound beyond Wilson's.
        let none = try #require(TreeClusteredInterval.interval95(Self.moments(Array(repeating: (8, 0), count: 12))))
        let wilson = try #require(WilsonInterval.interval95(successes: 0, trials: 96))
        #expect(none.low == 0 && none.high > wilson.high && none.high < 0.06)
        // Every run defective: high is exactly 1.
        #expect(try #require(TreeClusteredInterval.interval95(Self.moments([(3, 3), (5, 5)]))).high == 1)
        // Trees as alike as can be (every tree at the rate) keep the runs' own count: deff is never below 1.
        #expect(TreeClusteredInterval.effectiveRuns(Self.moments(Array(repeating: (10, 2), count: 5))) == 50)
    }

    @Test func mergingInAnyOrderGivesTheSameSums() {
        let trees: [(n: Int, x: Int)] = [(3, 1), (7, 0), (1, 1), (9, 4), (2, 2)]
        let forward = Self.moments(trees), backward = Self.moments(trees.reversed())
        var split = Self.moments(Array(trees.prefix(2)))
        split.merge(Self.moments(Array(trees.dropFirst(2))))
        #expect(forward == backward && forward == split && forward.isPlausible)
        #expect(ClusterMoments(clusters: 2, attempts: 1, count: 0, attemptsSquared: 1).isPlausible == false, "more trees than attempts")
        #expect(
            ClusterMoments(clusters: 1, attempts: 4, count: 1, attemptsSquared: 17, countSquared: 1, crossProduct: 4).isPlausible == false,
            "Σn² above (Σn)²")
        #expect(
            ClusterMoments(clusters: 1, attempts: 4, count: 2, attemptsSquared: 16, countSquared: 4, crossProduct: 3).isPlausible == false,
            "Σx² above Σx·n")
    }

    @Test func copiesOfAGroupGiveTheGroupsInterval() throws {
        let g = Self.moments([(10, 0), (10, 6), (8, 1), (12, 2)])
        let one = try #require(TreeClusteredInterval.interval95(g))
        let four = try #require(TreeClusteredInterval.interval95(pooling: [g, g, g, g]))
        #expect(abs(one.low - four.low) < 1e-12 && abs(one.high - four.high) < 1e-12)
        // Two different groups over the same trees: between the narrower and the wider of the two, never narrower than both.
        let h = Self.moments([(10, 1), (10, 1), (8, 1), (12, 1)])
        let pooled = try #require(TreeClusteredInterval.interval95(pooling: [g, h]))
        let alone = try #require(TreeClusteredInterval.interval95(h))
        #expect(pooled.high - pooled.low >= min(one.high - one.low, alone.high - alone.low) - 1e-12)
    }

    @Test func onAPopulationThatClustersByTreeItCoversTheTruthAndWilsonDoesNot() throws {
        // Planted: one tree in five is a "bad screen" where half the runs fail, the others fail 2% of the time, so the
        // true rate is 0.2·0.5 + 0.8·0.02 = 0.116. A sample is 20 trees of 15 runs. 2000 samples.
        let truth = 0.2 * 0.5 + 0.8 * 0.02
        var rng = SplitMix64(seed: 13) // a reproducible planted population
        var treeCovers = 0, wilsonCovers = 0, wider = 0, samples = 0
        for _ in 0 ..< 2000 {
            var trees: [(n: Int, x: Int)] = []
            for _ in 0 ..< 20 {
                let rate = Double.random(in: 0 ..< 1, using: &rng) < 0.2 ? 0.5 : 0.02
                trees.append((15, (0 ..< 15).filter { _ in Double.random(in: 0 ..< 1, using: &rng) < rate }.count))
            }
            let m = Self.moments(trees)
            let tree = try #require(TreeClusteredInterval.interval95(m))
            let wilson = try #require(WilsonInterval.interval95(successes: m.count, trials: m.attempts))
            samples += 1
            if tree.low <= truth && truth <= tree.high { treeCovers += 1 }
            if wilson.low <= truth && truth <= wilson.high { wilsonCovers += 1 }
            if tree.high - tree.low >= wilson.high - wilson.low { wider += 1 }
        }
        let treeCoverage = Double(treeCovers) / Double(samples), wilsonCoverage = Double(wilsonCovers) / Double(samples)
        // Measured with this seed: tree 0.9425, Wilson 0.5735 (for a nominal 0.95); the tree interval is never the narrower.
        #expect(treeCoverage > 0.92, "tree-clustered coverage \(treeCoverage)")
        #expect(wilsonCoverage < 0.65, "Wilson coverage \(wilsonCoverage)")
        #expect(wider == samples)
    }
}
