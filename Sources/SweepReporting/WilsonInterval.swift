/// The Wilson score interval for a binomial proportion.
public enum WilsonInterval {
    /// The two-sided 95% normal quantile, Φ⁻¹(0.975).
    public static let z95 = 1.959963984540054

    /// The 95% Wilson score interval for `successes` out of `trials`:
    /// (s + z²/2 ∓ z·√(s(n−s)/n + z²/4)) / (n + z²), with z = ``z95``.
    ///
    /// Contract: `nil` when `trials == 0` (no rate to bound); otherwise `0 <= low <= s/n <= high <= 1`,
    /// with `low` exactly 0 when `successes == 0` and `high` exactly 1 when `successes == trials`.
    /// - Precondition: `0 <= successes <= trials`.
    public static func interval95(successes: Int, trials: Int) -> (low: Double, high: Double)? {
        precondition(
            trials >= 0 && (0 ... trials).contains(successes),
            "Wilson interval needs 0 <= successes <= trials, got \(successes)/\(trials)")
        guard trials > 0 else { return nil }
        let n = Double(trials), s = Double(successes), z = z95, z2 = z * z
        let center = (s + z2 / 2) / (n + z2)
        let half = z * (s * (n - s) / n + z2 / 4).squareRoot() / (n + z2)
        let low = successes == 0 ? 0 : min(max(center - half, 0), s / n)
        let high = successes == trials ? 1 : max(min(center + half, 1), s / n)
        return (low, high)
    }
}
