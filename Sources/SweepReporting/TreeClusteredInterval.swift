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
/// Pooled rates (effects.csv) add configurations g that ran the *same* trees. The pooled rate is
/// p = Σ_g w_g·p_g with w_g = N_g/N, a weighted mean of the configurations' rates with weights fixed by the design
/// (every configuration runs the same gestures on the same trees; the configurations are chosen, not sampled, so
/// the differences between their rates are not sampling error). The rates p_g are correlated through the shared
/// trees, and per-configuration sums cannot see how much: the interval takes the upper bound
/// sd(Σ_g w_g·p_g) ≤ Σ_g w_g·sd(p_g) (Cauchy–Schwarz), each configuration's variance being p(1 − p)/n_g with
/// n_g = N_g / deff_g its own effective number of runs (its design effect from its residuals around its own rate,
/// S_g = Σ_t (x_gt − p_g·n_gt)²). So the pooled interval is Wilson's with
///
///     n = (Σ_g w_g / √n_g)⁻²
///
/// runs: exact when the configurations' errors are perfectly correlated, as they are when they are copies of each
/// other (an axis without effect) — copies never narrow an interval: k copies of one configuration give its own
/// interval. For one configuration, n = N/deff as above.
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
        guard trees >= 2 else { return (0, 1) }
        var inverseRoot = 0.0
        for g in groups where g.attempts > 0 {
            inverseRoot += Double(g.attempts) / Double(attempts) / effectiveRuns(g).squareRoot()
        }
        return wilson(
            rate: Double(count) / Double(attempts), runs: 1 / (inverseRoot * inverseRoot),
            z: StudentT.quantile975(df: trees - 1), allFail: count == 0, allSucceed: count == attempts)
    }

    /// N / deff for one group: deff = v / (p(1 − p)/N) with v = m/(m − 1)·Σ(x_t − p·n_t)²/N², never below 1; N itself
    /// when the rate is 0 or 1 (nothing measures the correlation) or with fewer than two trees.
    public static func effectiveRuns(_ g: ClusterMoments) -> Double {
        let n = Double(g.attempts)
        guard g.clusters >= 2, g.count > 0, g.count < g.attempts else { return n }
        let p = Double(g.count) / n, m = Double(g.clusters)
        let clustered = m / (m - 1) * g.residualSquares(at: p) / (n * n)
        return clustered > 0 ? min(n, p * (1 - p) / clustered) : n
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
