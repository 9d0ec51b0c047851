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
        public init(levels: [Int], attempts: [Int], counts: [Int]) {
            self.levels = levels; self.attempts = attempts; self.counts = counts
        }
    }

    public var axes: [Axis]
    public var outcomes: [String]
    public private(set) var rows: [Row] = []

    public init(axes: [Axis], outcomes: [String]) { self.axes = axes; self.outcomes = outcomes }

    /// - Precondition: one level per axis, in range; one attempt and one count per outcome, `0 ≤ count ≤ attempts`.
    public mutating func append(_ row: Row) {
        precondition(row.levels.count == axes.count && row.levels.indices.allSatisfy { axes[$0].levels.indices.contains(row.levels[$0]) },
                     "a factor row needs one valid level per axis")
        precondition(row.attempts.count == outcomes.count && row.counts.count == outcomes.count
                     && zip(row.counts, row.attempts).allSatisfy { 0 <= $0 && $0 <= $1 },
                     "a factor row needs 0 <= count <= attempts for every outcome")
        rows.append(row)
    }

    /// Counts pooled over every row that matches all of `conditions` (axis index, level index): Σcount / Σattempts.
    public func pooled(outcome: Int, where conditions: [(axis: Int, level: Int)] = []) -> PooledRate {
        var n = 0, k = 0
        for row in rows where conditions.allSatisfy({ row.levels[$0.axis] == $0.level }) {
            n += row.attempts[outcome]
            k += row.counts[outcome]
        }
        return PooledRate(count: k, attempts: n)
    }
}

/// A rate pooled over several configurations: the sum of their counts over the sum of their attempts (not a
/// mean of their rates, so a configuration with more applicable scenarios weighs more).
public struct PooledRate: Sendable, Equatable {
    public var count: Int
    public var attempts: Int
    public init(count: Int, attempts: Int) { self.count = count; self.attempts = attempts }

    /// `nil` without attempts.
    public var rate: Double? { attempts > 0 ? Double(count) / Double(attempts) : nil }
    /// The Wilson 95% interval, `nil` without attempts.
    public var interval95: (low: Double, high: Double)? { WilsonInterval.interval95(successes: count, trials: attempts) }
}
