/// The 95% interval the reports give every rate: a Wilson score interval whose sample size is the *effective*
/// number of runs once runs are grouped by tree (docs/reports.md, "Intervals").
///
/// Runs of one tree under one configuration share the screen, so their outcomes are correlated: twelve runs of a
/// tree whose overlay swallows every tap are one piece of evidence about overlays, not twelve. With trees t = 1…m,
/// n_t attempts and x_t counts, N = Σn_t, the rate p = Σx_t / N is a ratio estimator, and its cluster-robust
/// (linearisation) variance is
///
///     v = m / (m − 1) · Σ(x_t − p·n_t)² / N²
///
/// (Cochran, *Sampling Techniques*, 3rd ed., 1977, ch. 6 on ratio estimators and ch. 9A on cluster sampling with
/// clusters of unequal size; Cameron & Miller 2015, "A practitioner's guide to cluster-robust inference", J. Human
/// Resources 50(2), for the m/(m − 1) factor). Against the binomial variance p(1 − p)/N that a Wilson interval over
/// runs assumes, the design effect is deff = v / (p(1 − p)/N); the interval is Wilson's with N/deff runs and, for
/// m trees, Student's t quantile with m − 1 degrees of freedom in place of z: the effective sample size and
/// degrees-of-freedom adjustments of Korn & Graubard 1998 ("Confidence intervals for proportions with small
/// expected number of positive counts estimated from survey data", Survey Methodology 24(2)), with the design
/// effect never taken below 1, applied to Wilson's interval as Dean & Pagano 2015 evaluate it ("Evaluating
/// confidence interval methods for binomial proportions in clustered surveys", J. Survey Statistics and
/// Methodology 3(4)). Where p is 0 or 1 the residuals are all 0 and nothing measures the correlation: deff is 1
/// and only the t quantile widens the interval. With a single tree there is nothing to compare it with: [0, 1].
///
/// Pooled rates (effects.csv) add configurations that ran the *same* trees, so their residuals are correlated
/// across configurations as well. Summing per-configuration sums cannot see that correlation; the interval takes
/// its upper bound instead (Cauchy–Schwarz: Var(Σ_g e_g) ≤ (Σ_g √Var e_g)²), with S_g = Σ_t (x_gt − p·n_gt)²:
///
///     Σ_t (Σ_g (x_gt − p·n_gt))² ≤ (Σ_g √S_g)²
///
/// which is exact when the configurations' residuals are proportional tree by tree — in particular when they are
/// copies of each other (an axis without effect), so copies never narrow an interval.
public enum TreeClusteredInterval {
    /// The interval of one group of clusters (a configuration, or a configuration × template or × gesture family).
    /// `nil` without attempts; otherwise `0 <= low <= p <= high <= 1`, `low` exactly 0 when the count is 0 and
    /// `high` exactly 1 when it equals the attempts.
    public static func interval95(_ moments: ClusterMoments) -> (low: Double, high: Double)? {
        interval95(pooling: [moments])
    }

    /// The interval of several groups that ran the same trees, pooled (see the type's comment): their trees are
    /// the same clusters, so the degrees of freedom come from the group with the most trees.
    public static func interval95(pooling groups: [ClusterMoments]) -> (low: Double, high: Double)? {
        var attempts = 0, count = 0, trees = 0
        for g in groups {
            attempts += g.attempts
            count += g.count
            trees = max(trees, g.clusters)
        }
        guard attempts > 0 else { return nil }
        let n = Double(attempts), p = Double(count) / n
        var root = 0.0
        for g in groups where g.attempts > 0 { root += g.residualSquares(at: p).squareRoot() }
        return interval(rate: p, attempts: n, residualSquares: root * root, trees: trees,
                        allFail: count == 0, allSucceed: count == attempts)
    }

    /// The design effect and the interval for rate `p` over `attempts` runs in `trees` trees whose residuals
    /// square to `residualSquares`.
    static func interval(rate p: Double, attempts n: Double, residualSquares s: Double, trees m: Int,
                         allFail: Bool, allSucceed: Bool) -> (low: Double, high: Double) {
        guard m >= 2 else { return (0, 1) }
        let binomial = p * (1 - p) / n
        let clustered = Double(m) / Double(m - 1) * s / (n * n)
        let deff = binomial > 0 ? max(1, clustered / binomial) : 1
        return wilson(rate: p, runs: n / deff, z: StudentT.quantile975(df: m - 1), allFail: allFail, allSucceed: allSucceed)
    }

    /// Wilson's score interval for rate `p` over `runs` (not necessarily whole) runs with quantile `z`:
    /// (p + z²/2n ∓ z·√(p(1 − p)/n + z²/4n²)) / (1 + z²/n).
    static func wilson(rate p: Double, runs n: Double, z: Double, allFail: Bool, allSucceed: Bool) -> (low: Double, high: Double) {
        let z2n = z * z / n
        let center = (p + z2n / 2) / (1 + z2n)
        let half = z / (1 + z2n) * (p * (1 - p) / n + z2n / (4 * n)).squareRoot()
        let low = allFail ? 0 : min(max(center - half, 0), p)
        let high = allSucceed ? 1 : max(min(center + half, 1), p)
        return (low, high)
    }
}
