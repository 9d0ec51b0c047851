/// What a tree-clustered interval needs to know about a proportion: per cluster (a sweep's tree, in one
/// configuration) with `n` attempts and `x` successes, five sums and the number of clusters.
///
/// Sums are exact integers, so moments merged in any order are equal (the reports do not depend on the
/// order units finish in), and their size does not grow with the number of trees or scenarios.
public struct ClusterMoments: Sendable, Equatable {
    /// Clusters with at least one attempt.
    public var clusters: Int
    /// Σn.
    public var attempts: Int
    /// Σx.
    public var count: Int
    /// Σn².
    public var attemptsSquared: Int
    /// Σx².
    public var countSquared: Int
    /// Σx·n.
    public var crossProduct: Int

    public init(
        clusters: Int = 0, attempts: Int = 0, count: Int = 0, attemptsSquared: Int = 0, countSquared: Int = 0,
        crossProduct: Int = 0
    ) {
        self.clusters = clusters; self.attempts = attempts; self.count = count
        self.attemptsSquared = attemptsSquared; self.countSquared = countSquared; self.crossProduct = crossProduct
    }

    /// One cluster with `attempts` attempts and `count` successes (no cluster at all when `attempts == 0`).
    /// - Precondition: `0 <= count <= attempts`.
    public init(cluster attempts: Int, count: Int) {
        precondition(0 <= count && count <= attempts, "a cluster needs 0 <= count <= attempts, got \(count)/\(attempts)")
        self.init(
            clusters: attempts > 0 ? 1 : 0, attempts: attempts, count: count, attemptsSquared: attempts * attempts,
            countSquared: count * count, crossProduct: count * attempts)
    }

    /// Each of `attempts` runs its own cluster: what moments are when nothing groups the runs.
    public static func independent(attempts: Int, count: Int) -> ClusterMoments {
        ClusterMoments(
            clusters: attempts, attempts: attempts, count: count, attemptsSquared: attempts, countSquared: count,
            crossProduct: count)
    }

    public mutating func merge(_ other: ClusterMoments) {
        clusters += other.clusters
        attempts += other.attempts
        count += other.count
        attemptsSquared += other.attemptsSquared
        countSquared += other.countSquared
        crossProduct += other.crossProduct
    }

    /// Whether these sums can come from clusters of `0 ≤ x ≤ n` (n ≥ 1): what a decoder checks before it
    /// believes them. `clusters ≤ Σn`, no clusters exactly when no attempts, `Σn ≤ Σn² ≤ (Σn)²`,
    /// `Σx ≤ Σx² ≤ Σx·n ≤ Σn²` and `Σx² ≤ (Σx)²`.
    public var isPlausible: Bool {
        guard clusters >= 0, attempts >= 0, count >= 0, count <= attempts, clusters <= attempts,
            (clusters == 0) == (attempts == 0)
        else { return false }
        let (n2, overflowN) = attempts.multipliedReportingOverflow(by: attempts)
        let (x2, overflowX) = count.multipliedReportingOverflow(by: count)
        return attempts <= attemptsSquared && (overflowN || attemptsSquared <= n2)
            && count <= countSquared && countSquared <= crossProduct && crossProduct <= attemptsSquared
            && (overflowX || countSquared <= x2)
    }

    /// The pooled rate Σx / Σn, `nil` without attempts.
    public var rate: Double? { attempts > 0 ? Double(count) / Double(attempts) : nil }

    /// Σ(x − p·n)² over the clusters = Σx² − 2p·Σx·n + p²·Σn², never below 0 (rounding).
    public func residualSquares(at p: Double) -> Double {
        max(0, Double(countSquared) - 2 * p * Double(crossProduct) + p * p * Double(attemptsSquared))
    }
}
