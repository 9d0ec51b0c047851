import SweepReporting

/// `sweep check --per-screen` (docs/ci.md, "Per screen"): `RateGate`'s rule for every real screen on its own, read
/// from by_screen_summary.csv (``ScreenSummaryReport``), whose rows are screen × configuration with summary.csv's
/// columns. One case per screen and class: it fails when the class's rate on that screen is above the maximum in
/// any configuration, and is skipped when no configuration has an attempt of it there.
public enum ScreenGate {
    public struct Case: Sendable, Equatable {
        public let screen: String
        public let limit: RateGate.Limit
        /// The screen's checks, one per configuration (plan order).
        public let checks: [RateGate.Check]

        public var outcome: RateGate.Check.Outcome {
            if checks.contains(where: { $0.outcome == .failed }) { return .failed }
            return checks.allSatisfy { $0.outcome == .skipped } ? .skipped : .passed
        }

        /// One line per configuration above the maximum: `feed: c002 (…): dead_button 12.50% (3/24) is above …`.
        public var lines: [String] { checks.filter { $0.outcome == .failed }.map { "\(screen): \($0.line)" } }

        /// The JUnit message: the failing configurations' verdicts, or why the case was skipped.
        public var message: String {
            switch outcome {
            case .failed: return lines.joined(separator: "; ")
            case .skipped: return "\(limit.defect.name) has no attempts on this screen (no rate to check)"
            case .passed: return ""
            }
        }
    }

    /// Every screen of `table` (by_screen_summary.csv, `name` naming it in errors) × every limit, in limit order then
    /// screen order.
    public static func evaluate(
        table: CSVReader.Table, name: String, limits: [RateGate.Limit], included: CategorySet = .hazardOnly
    ) throws(CSVReader.Failure) -> [Case] {
        guard let screenColumn = table.column("screen") else {
            throw CSVReader.Failure(description: "\(name) is not a by_screen_summary.csv: it has no screen column.")
        }
        let checks = try RateGate.evaluate(summary: table, name: name, limits: limits, included: included)
        let rows = table.rows.count
        var screens: [String] = []
        for row in table.rows where screens.last != row[screenColumn] { screens.append(row[screenColumn]) }
        return limits.enumerated().flatMap { l, limit in
            screens.map { screen in
                let mine = (0 ..< rows).filter { table.rows[$0][screenColumn] == screen }.map { checks[l * rows + $0] }
                return Case(screen: screen, limit: limit, checks: mine)
            }
        }
    }
}
