import Foundation
import SweepReporting

/// `sweep check --baseline DIR` (docs/ci.md, "Against a baseline"): fail where a class's rate **rose** from a
/// baseline sweep beyond what the two runs' tree-to-tree variation explains, not where it merely sits above a level.
///
/// A configuration is matched by its axis values (ids follow plan order, which a changed config renumbers). A class
/// rose when both hold:
/// - the intervals do not overlap upwards: the current 95% tree interval's low end is above the baseline's high
///   end (`<class>_tree_ci95_low` > baseline `<class>_tree_ci95_high`, summary.csv's intervals, which count the runs
///   of one tree as correlated: `TreeClusteredInterval`). These are the class's whole rate, every category: the one
///   rate summary.csv gives an interval for;
/// - the counted rate rose: the categories `sweep check` counts (hazards by default, `--include` adds designed and
///   what-if) are a larger share of the attempts than in the baseline, compared exactly (`count × attempts′ >
///   count′ × attempts`). A rise made only of UIKit's designed behaviour does not fail a hazards gate.
///
/// A configuration without intervals (one tree: the interval is undefined) or without attempts on either side
/// has nothing to compare and is skipped; one the baseline does not have is reported as new, never failed.
public enum BaselineGate {
    public struct Check: Sendable, Equatable {
        public enum Outcome: Sendable, Equatable {
            case held
            case rose
            /// No attempts, or no tree interval, on one side: nothing to compare.
            case skipped(String)
            /// The baseline has no configuration with these axis values.
            case new
        }

        public let configID: String
        public let axisValues: [String]
        public let defect: DefectClass
        public let included: CategorySet
        public let outcome: Outcome
        /// Current and baseline figures: counted runs, attempts, whole rate and its tree interval.
        public let current: Side
        public let baseline: Side?

        public struct Side: Sendable, Equatable {
            public let count: Int
            public let attempts: Int
            public let rate: Double?
            public let low: Double?
            public let high: Double?
        }

        public var configurationLabel: String {
            axisValues.isEmpty ? configID : "\(configID) (\(axisValues.joined(separator: ", ")))"
        }

        /// `dead_button rose from 1.19% [0.50%, 2.10%] to 4.00% [3.00%, 5.20%] (hazards 4/336 → 12/300)`.
        public var verdict: String {
            let name = defect.name
            switch outcome {
            case .new: return "\(name): no configuration with these axis values in the baseline (not compared)"
            case .skipped(let why): return "\(name): not compared (\(why))"
            case .held, .rose:
                guard let baseline else { return name }
                let verb = outcome == .rose ? "rose beyond the trees' variation" : "did not rise beyond the trees' variation"
                return "\(name) \(verb): \(Self.text(baseline)) → \(Self.text(current)) (\(included.description) "
                    + "\(baseline.count)/\(baseline.attempts) → \(current.count)/\(current.attempts))"
            }
        }

        public var line: String { "\(configurationLabel): \(verdict)" }

        static func text(_ side: Side) -> String {
            let rate = side.rate.map(RateGate.percent) ?? "-"
            guard let low = side.low, let high = side.high else { return rate }
            return "\(rate) [\(RateGate.percent(low)), \(RateGate.percent(high))]"
        }
    }

    /// Every configuration of `summary` × every class of `classes`, compared with `baseline` (both summary.csv
    /// tables, `names` naming them in errors), in class order then configuration order.
    public static func evaluate(
        summary: CSVReader.Table, baseline: CSVReader.Table, names: (current: String, baseline: String), classes: [DefectClass],
        included: CategorySet = .hazardOnly
    ) throws(CSVReader.Failure) -> [Check] {
        let current = try Rows(summary, name: names.current, classes: classes, included: included)
        let before = try Rows(baseline, name: names.baseline, classes: classes, included: included)
        let baselineByAxes = Dictionary(before.rows.map { ($0.axisValues, $0) }, uniquingKeysWith: { first, _ in first })
        var checks: [Check] = []
        for defect in classes {
            for row in current.rows {
                let now = row.sides[defect]!
                guard let old = baselineByAxes[row.axisValues] else {
                    checks.append(
                        Check(configID: row.id, axisValues: row.axisValues, defect: defect, included: included, outcome: .new, current: now, baseline: nil))
                    continue
                }
                let then = old.sides[defect]!
                let outcome: Check.Outcome
                if now.attempts == 0 || then.attempts == 0 {
                    outcome = .skipped("no attempts \(now.attempts == 0 ? "now" : "in the baseline")")
                } else if now.low == nil || then.high == nil {
                    outcome = .skipped("no tree interval: one tree per configuration")
                } else {
                    let apart = now.low! > then.high!
                    let counted = now.count * then.attempts > then.count * now.attempts
                    outcome = apart && counted ? .rose : .held
                }
                checks.append(
                    Check(configID: row.id, axisValues: row.axisValues, defect: defect, included: included, outcome: outcome, current: now, baseline: then))
            }
        }
        return checks
    }

    /// The rows of one summary.csv, read for the classes compared.
    struct Rows {
        struct Row {
            let id: String
            let axisValues: [String]
            let sides: [DefectClass: Check.Side]
        }
        let rows: [Row]

        init(_ table: CSVReader.Table, name: String, classes: [DefectClass], included: CategorySet) throws(CSVReader.Failure) {
            guard let idColumn = table.column("config_id"), let runsColumn = table.column("runs"), idColumn < runsColumn else {
                throw CSVReader.Failure(description: "\(name) is not a sweep's summary.csv: it has no config_id and runs columns.")
            }
            let axes = Array(table.columns[(idColumn + 1) ..< runsColumn])
            func column(_ wanted: String) throws(CSVReader.Failure) -> Int {
                guard let c = table.column(wanted) else {
                    throw CSVReader.Failure(description: "\(name) has no \(wanted) column; was it written by an older sweep?")
                }
                return c
            }
            var columns: [DefectClass: (attempts: Int, counts: [Int], rate: Int, low: Int, high: Int)] = [:]
            for d in classes {
                let countNames = included.isAll ? ["\(d.name)_count"] : included.members.map { "\(d.name)_\($0.name)_count" }
                var counts: [Int] = []
                for countName in countNames { counts.append(try column(countName)) }
                columns[d] = (
                    try column("\(d.name)_attempts"), counts, try column("\(d.name)_rate"), try column("\(d.name)_tree_ci95_low"),
                    try column("\(d.name)_tree_ci95_high")
                )
            }
            var rows: [Row] = []
            for (r, row) in table.rows.enumerated() {
                var sides: [DefectClass: Check.Side] = [:]
                for d in classes {
                    let c = columns[d]!
                    let parts = c.counts.compactMap { Int(row[$0]) }
                    guard let attempts = Int(row[c.attempts]), attempts >= 0, parts.count == c.counts.count,
                        parts.allSatisfy({ $0 >= 0 }), parts.reduce(0, +) <= attempts
                    else {
                        throw CSVReader.Failure(
                            description: "\(name) record \(r + 2) has \(d.name) counts that are not counts of at most its "
                                + "\(d.name)_attempts '\(row[c.attempts])'.")
                    }
                    sides[d] = Check.Side(
                        count: parts.reduce(0, +), attempts: attempts, rate: Double(row[c.rate]), low: Double(row[c.low]),
                        high: Double(row[c.high]))
                }
                rows.append(
                    Row(id: row[idColumn], axisValues: axes.enumerated().map { "\($0.element)=\(row[idColumn + 1 + $0.offset])" }, sides: sides))
            }
            self.rows = rows
        }
    }
}
