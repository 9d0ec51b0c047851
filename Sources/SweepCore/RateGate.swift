import Foundation
import SweepReporting

/// `sweep check`'s rule (docs/ci.md): every configuration's rate of each named defect class must be at most its
/// maximum. Read from summary.csv, with exact arithmetic: a rate passes when `count ≤ maximum × attempts`, so
/// `--max dead_button=0.29` passes 29 of 100 (a floating-point 0.29 × 100 would not). The count is the class's
/// hazards by default (`<class>_hazard_count`, docs/defects.md "What a count rests on"); `--include designed,what-if`
/// adds those categories, and with both it is the class's whole `<class>_count`.
public enum RateGate {
    /// One `--max CLASS=RATE`: a fraction from 0 to 1 (`0.01`) or a percentage (`1%`).
    public struct Limit: Sendable, Equatable {
        public let defect: DefectClass
        /// The maximum rate, as a fraction from 0 to 1.
        public let maximum: Decimal
        /// The option as given, e.g. `dead_button=0.01`.
        public let option: String

        /// A malformed option is a one-sentence ``UsageError`` naming it.
        public init(parsing option: String) throws(UsageError) {
            self.option = option
            let classes = DefectClass.allCases.map(\.name).joined(separator: ", ")
            guard let equals = option.firstIndex(of: "=") else {
                throw UsageError(option: option, message: "expected CLASS=RATE, e.g. dead_button=0.01 or dead_button=1%")
            }
            let name = String(option[..<equals]), rateText = String(option[option.index(after: equals)...])
            guard let defect = DefectClass.allCases.first(where: { $0.name == name }) else {
                throw UsageError(option: option, message: "'\(name)' is not a defect class; use one of \(classes)")
            }
            let percent = rateText.hasSuffix("%")
            let number = percent ? String(rateText.dropLast()) : rateText
            guard !number.isEmpty, number.allSatisfy({ "0123456789.".contains($0) }), number.filter({ $0 == "." }).count <= 1,
                number != ".", let value = Decimal(string: number, locale: Locale(identifier: "en_US_POSIX"))
            else {
                throw UsageError(
                    option: option,
                    message: "'\(rateText)' is not a rate; give a fraction from 0 to 1 (0.01) "
                        + "or a percentage from 0% to 100% (1%)")
            }
            let fraction = percent ? value / 100 : value
            guard fraction >= 0, fraction <= 1 else {
                throw UsageError(
                    option: option,
                    message: "the rate \(rateText) is above \(percent ? "100%" : "1"); give a "
                        + "fraction from 0 to 1 (0.01) or a percentage from 0% to 100% (1%)")
            }
            self.defect = defect
            self.maximum = fraction
        }
    }

    /// A bad `--max`: `--max OPTION: message`.
    public struct UsageError: Error, CustomStringConvertible, Equatable {
        public let option: String
        public let message: String
        public init(option: String, message: String) { self.option = option; self.message = message }
        public var description: String { "--max \(option): \(message)" }
    }

    /// One configuration × class: its figures and whether it passed.
    public struct Check: Sendable, Equatable {
        public enum Outcome: Sendable, Equatable {
            case passed
            case failed
            /// The configuration has no attempts of the class (no gesture of that intent found a target): there is
            /// no rate to compare, so the check is skipped, not failed.
            case skipped
        }

        public let configID: String
        /// `axis=value` for each axis, in summary.csv's column order.
        public let axisValues: [String]
        public let limit: Limit
        /// The categories counted.
        public var included: CategorySet = .hazardOnly
        public let count: Int
        public let attempts: Int
        public let outcome: Outcome

        /// `12.50%`: the rate as a percentage with two decimals.
        public var ratePercent: String { RateGate.percent(attempts == 0 ? 0 : Double(count) / Double(attempts)) }

        /// `c003 (contentTouchDelay=150, overlay.passThrough=false)`, or the id alone without axes.
        public var configurationLabel: String {
            axisValues.isEmpty ? configID : "\(configID) (\(axisValues.joined(separator: ", ")))"
        }

        /// `dead_button 12.50% (15/120) is above the maximum 1.00%`.
        public var verdict: String {
            switch outcome {
            case .skipped: return "\(limit.defect.name) has no attempts in this configuration (no rate to check)"
            case .passed, .failed:
                let relation = outcome == .failed ? "is above" : "is within"
                let counted = included.isAll ? "" : " (\(included.description))"
                return "\(limit.defect.name)\(counted) \(ratePercent) (\(count)/\(attempts)) \(relation) the maximum \(RateGate.percent(limit.maximum))"
            }
        }

        /// The line `sweep check` prints for a violation.
        public var line: String { "\(configurationLabel): \(verdict)" }
    }

    /// Checks every configuration of `summary` (summary.csv, `name` naming it in errors) against every limit, in
    /// limit order then configuration order. A table without the columns a check needs is a one-sentence error.
    ///
    /// `included`: the categories whose counts are checked (hazards alone by default). A summary.csv without the
    /// category columns (an older sweep's) can be checked only with every category.
    public static func evaluate(
        summary: CSVReader.Table, name: String, limits: [Limit], included: CategorySet = .hazardOnly
    ) throws(CSVReader.Failure) -> [Check] {
        guard let idColumn = summary.column("config_id"), let runsColumn = summary.column("runs"), idColumn < runsColumn else {
            throw CSVReader.Failure(description: "\(name) is not a sweep's summary.csv: it has no config_id and runs columns.")
        }
        let axisColumns = Array(summary.columns[(idColumn + 1) ..< runsColumn])
        var checks: [Check] = []
        for limit in limits {
            let attemptsName = "\(limit.defect.name)_attempts"
            let countNames =
                included.isAll
                ? ["\(limit.defect.name)_count"] : included.members.map { "\(limit.defect.name)_\($0.name)_count" }
            guard let attemptsColumn = summary.column(attemptsName) else {
                throw CSVReader.Failure(description: "\(name) has no \(attemptsName) column; was it written by an older sweep?")
            }
            var countColumns: [Int] = []
            for countName in countNames {
                guard let column = summary.column(countName) else {
                    throw CSVReader.Failure(
                        description: "\(name) has no \(countName) column; it was written by an older sweep, which counted no "
                            + "categories (check it with --include designed,what-if)")
                }
                countColumns.append(column)
            }
            for (r, row) in summary.rows.enumerated() {
                let counts = countColumns.compactMap { Int(row[$0]) }.filter { $0 >= 0 }
                let count = counts.reduce(0, +)
                guard let attempts = Int(row[attemptsColumn]), attempts >= 0, counts.count == countColumns.count, count <= attempts
                else {
                    let shown = zip(countNames, countColumns).map { "\($0.0) '\(row[$0.1])'" }.joined(separator: ", ")
                    throw CSVReader.Failure(
                        description: "\(name) record \(r + 2) has \(shown) and "
                            + "\(attemptsName) '\(row[attemptsColumn])', which are not counts of at most the attempts.")
                }
                let outcome: Check.Outcome =
                    attempts == 0
                    ? .skipped
                    : Decimal(count) <= limit.maximum * Decimal(attempts) ? .passed : .failed
                let values = axisColumns.enumerated().map { "\($0.element)=\(row[idColumn + 1 + $0.offset])" }
                checks.append(
                    Check(
                        configID: row[idColumn], axisValues: values, limit: limit, included: included, count: count,
                        attempts: attempts, outcome: outcome))
            }
        }
        return checks
    }

    /// A fraction as a percentage with two decimals, e.g. `0.125` → `12.50%`.
    public static func percent(_ fraction: Double) -> String { String(format: "%.2f%%", fraction * 100) }

    /// A maximum as a percentage, exactly as it was given: `0.01` → `1%`, `0.005` → `0.5%`.
    static func percent(_ fraction: Decimal) -> String { "\(fraction * 100)%" }
}
