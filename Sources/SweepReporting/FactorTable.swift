import Synchronization

/// The numbers factor effects are computed from: one row per configuration, with the level it sets on each
/// axis and, per outcome (defect class), how many scenarios it applied to and how many showed it.
///
/// Nothing here knows about plans or defect classes: `Reports.effects` (SweepCore) fills a table from a
/// plan and its tallies, and the HTML report fills one from summary.csv, so both compute the same numbers.
public struct FactorTable: Sendable, Equatable {
    public struct Axis: Sendable, Equatable {
        public var name: String
        /// The axis's values as written in the reports, in the config's order.
        public var levels: [String]
        public init(name: String, levels: [String]) { self.name = name; self.levels = levels }
        /// An axis with one value is fixed for the whole sweep: it has no effect to measure.
        public var isVaried: Bool { levels.count > 1 }
    }

    public struct Row: Sendable, Equatable {
        /// The level index on each axis (`axes` order).
        public var levels: [Int]
        /// Per outcome (`outcomes` order): scenarios it applied to, and scenarios that showed it.
        public var attempts: [Int]
        public var counts: [Int]
        /// Per outcome, the per-tree sums of its tree-clustered interval (`nil`: each run counts as its own tree).
        public var trees: [ClusterMoments]?
        public init(levels: [Int], attempts: [Int], counts: [Int], trees: [ClusterMoments]? = nil) {
            self.levels = levels; self.attempts = attempts; self.counts = counts; self.trees = trees
        }

        /// The per-tree sums of `outcome`.
        public func moments(_ outcome: Int) -> ClusterMoments {
            trees?[outcome] ?? .independent(attempts: attempts[outcome], count: counts[outcome])
        }
    }

    public var axes: [Axis]
    public var outcomes: [String]
    public private(set) var rows: [Row] = [] {
        didSet { matchedRowsMemo = MatchedRowsMemo() }
    }
    /// ``FactorEffects/matchedRows(_:axis:)`` per axis, once per table: they depend on the rows' levels alone, and
    /// every outcome's main effects ask for them (a fresh memo whenever the rows change).
    private(set) var matchedRowsMemo = MatchedRowsMemo()

    public static func == (a: FactorTable, b: FactorTable) -> Bool {
        a.axes == b.axes && a.outcomes == b.outcomes && a.rows == b.rows
    }

    public init(axes: [Axis], outcomes: [String]) { self.axes = axes; self.outcomes = outcomes }

    /// - Precondition: one level per axis, in range; one attempt and one count per outcome, `0 ≤ count ≤ attempts`.
    public mutating func append(_ row: Row) {
        precondition(
            row.levels.count == axes.count && row.levels.indices.allSatisfy { axes[$0].levels.indices.contains(row.levels[$0]) },
            "a factor row needs one valid level per axis")
        precondition(
            row.attempts.count == outcomes.count && row.counts.count == outcomes.count
                && zip(row.counts, row.attempts).allSatisfy { 0 <= $0 && $0 <= $1 },
            "a factor row needs 0 <= count <= attempts for every outcome")
        precondition(
            row.trees.map { t in
                t.count == outcomes.count
                    && t.indices.allSatisfy {
                        t[$0].attempts == row.attempts[$0] && t[$0].count == row.counts[$0]
                    }
            } ?? true, "a factor row's per-tree sums must match its attempts and counts")
        rows.append(row)
    }

    /// Counts pooled over every row that matches all of `conditions` (axis index, level index): Σcount / Σattempts.
    public func pooled(outcome: Int, where conditions: [(axis: Int, level: Int)] = []) -> PooledRate {
        pooled(outcome: outcome, rows: rows.indices.filter { r in conditions.allSatisfy { rows[r].levels[$0.axis] == $0.level } })
    }

    /// Counts pooled over the rows at positions `indices`.
    public func pooled(outcome: Int, rows indices: [Int]) -> PooledRate {
        var p = PooledRate()
        for r in indices { p.add(rows[r], outcome: outcome) }
        return p
    }
}

/// What ``FactorTable`` remembers of its rows' levels.
final class MatchedRowsMemo: Sendable {
    let byAxis = Mutex<[Int: [Int]]>([:])
}

/// A rate pooled over several configurations: the sum of their counts over the sum of their attempts (not a
/// mean of their rates, so a configuration with more applicable scenarios weighs more), with the per-tree sums of
/// each configuration for its interval.
public struct PooledRate: Sendable, Equatable {
    public var count: Int
    public var attempts: Int
    /// Configurations pooled.
    public private(set) var configurations = 0
    /// The per-tree sums of each configuration pooled (those with attempts).
    public private(set) var groups: [ClusterMoments] = []

    public init() { count = 0; attempts = 0 }

    /// One configuration whose runs each count as their own tree.
    public init(count: Int, attempts: Int) {
        self.count = count; self.attempts = attempts
        configurations = 1
        if attempts > 0 { groups = [.independent(attempts: attempts, count: count)] }
    }

    /// Adds one configuration's counts and, with `moments`, its per-tree sums (without them ``trees`` and
    /// ``interval95`` do not count this configuration: for a caller that reads the rate alone).
    public mutating func add(_ row: FactorTable.Row, outcome: Int, moments: Bool = true) {
        attempts += row.attempts[outcome]
        count += row.counts[outcome]
        configurations += 1
        if moments, row.attempts[outcome] > 0 { groups.append(row.moments(outcome)) }
    }

    /// `nil` without attempts.
    public var rate: Double? { attempts > 0 ? Double(count) / Double(attempts) : nil }
    /// Trees behind the rate: the configurations pooled ran the same trees, so the most any of them had.
    public var trees: Int { groups.map(\.clusters).max() ?? 0 }
    /// The tree-clustered 95% interval (`TreeClusteredInterval.interval95(pooling:)`: the configurations pooled
    /// ran the same trees, so copies do not narrow it), `nil` without attempts.
    public var interval95: (low: Double, high: Double)? { TreeClusteredInterval.interval95(pooling: groups) }
}
