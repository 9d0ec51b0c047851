import SweepReporting
import Testing

@testable import SweepCore

/// `BaselineGate`: a class rose when the current tree interval lies above the baseline's and the counted rate rose.
@Suite struct BaselineGateTests {
    /// summary.csv with one axis and the dead_button columns the gate reads.
    static func summary(_ rows: [(id: String, axis: String, hazards: Int, designed: Int, attempts: Int, low: String, high: String)]) throws -> CSVReader.Table {
        var text =
            "config_id,delay,runs,dead_button_attempts,dead_button_count,dead_button_rate,dead_button_tree_ci95_low,"
            + "dead_button_tree_ci95_high,dead_button_hazard_count,dead_button_designed_count,dead_button_what_if_count\n"
        for r in rows {
            let count = r.hazards + r.designed
            text +=
                "\(r.id),\(r.axis),\(r.attempts),\(r.attempts),\(count),\(Double(count) / Double(max(1, r.attempts))),\(r.low),\(r.high),"
                + "\(r.hazards),\(r.designed),0\n"
        }
        return try CSVReader.parse(text, name: "summary.csv")
    }

    func outcomes(_ now: CSVReader.Table, _ before: CSVReader.Table, included: CategorySet = .hazardOnly) throws -> [BaselineGate.Check.Outcome] {
        try BaselineGate.evaluate(summary: now, baseline: before, names: ("now", "before"), classes: [.deadButton], included: included).map(\.outcome)
    }

    @Test func aRiseBeyondBothIntervalsFailsAndAnOverlapHolds() throws {
        let before = try Self.summary([("c001", "0", 2, 0, 100, "0.0050", "0.0600"), ("c002", "150", 2, 0, 100, "0.0050", "0.0600")])
        let now = try Self.summary([("c001", "0", 20, 0, 100, "0.1200", "0.3000"), ("c002", "150", 8, 0, 100, "0.0400", "0.1500")])
        #expect(try outcomes(now, before) == [.rose, .held])
    }

    @Test func configurationsMatchByAxisValuesNotIdsAndAMissingOneIsNew() throws {
        let before = try Self.summary([("c001", "150", 2, 0, 100, "0.0050", "0.0600")])
        let now = try Self.summary([("c001", "0", 20, 0, 100, "0.1200", "0.3000"), ("c002", "150", 20, 0, 100, "0.1200", "0.3000")])
        #expect(try outcomes(now, before) == [.new, .rose])
    }

    @Test func aRiseOfDesignedBehaviourAloneFailsOnlyWhenDesignedIsCounted() throws {
        let before = try Self.summary([("c001", "0", 2, 0, 100, "0.0050", "0.0600")])
        let now = try Self.summary([("c001", "0", 2, 18, 100, "0.1200", "0.3000")])
        #expect(try outcomes(now, before) == [.held])
        #expect(try outcomes(now, before, included: .all) == [.rose])
    }

    @Test func noAttemptsOrNoTreeIntervalIsNotCompared() throws {
        let before = try Self.summary([("c001", "0", 0, 0, 0, "", ""), ("c002", "150", 2, 0, 100, "", "")])
        let now = try Self.summary([("c001", "0", 5, 0, 10, "0.2000", "0.8000"), ("c002", "150", 50, 0, 100, "0.4000", "0.6000")])
        #expect(
            try outcomes(now, before) == [.skipped("no attempts in the baseline"), .skipped("no tree interval: one tree per configuration")])
    }
}
