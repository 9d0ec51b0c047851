import Foundation
import SweepReporting
import Testing

@testable import SweepCore

/// `sweep check`'s rule on summary.csv: every configuration's rate of each named class at most its maximum.
@Suite struct RateGateTests {
    /// c001's 40 dead buttons are 29 hazards, 1 designed and 10 what-ifs; c002's 30 are all hazards.
    static let summary = """
        config_id,overlay.passThrough,runs,dead_button_attempts,dead_button_count,dead_button_rate,swallowed_scroll_attempts,\
        swallowed_scroll_count,dead_button_hazard_count,dead_button_designed_count,dead_button_what_if_count,\
        swallowed_scroll_hazard_count,swallowed_scroll_designed_count,swallowed_scroll_what_if_count
        c001,false,200,100,40,0.4000,0,0,29,1,10,0,0,0
        c002,true,200,100,30,0.3000,50,1,30,0,0,1,0,0

        """

    func checks(_ options: String..., including: CategorySet = .hazardOnly) throws -> [RateGate.Check] {
        let table = try CSVReader.parse(Self.summary, name: "summary.csv")
        return try RateGate.evaluate(
            summary: table, name: "summary.csv", limits: options.map { try RateGate.Limit(parsing: $0) }, included: including)
    }

    @Test func aRateEqualToTheMaximumPassesInExactArithmetic() throws {
        let result = try checks("dead_button=0.29")
        #expect(result.map(\.outcome) == [.passed, .failed])
        #expect(result[1].line == "c002 (overlay.passThrough=true): dead_button (hazards) 30.00% (30/100) is above the maximum 29%")
        #expect(try checks("dead_button=29%").map(\.outcome) == [.passed, .failed])
    }

    /// Hazards alone by default; `--include` adds designed behaviour and what-if values, and with both the check
    /// reads the class's whole count.
    @Test func theGateCountsHazardsUnlessToldToIncludeMore() throws {
        #expect(try checks("dead_button=0.29").map(\.count) == [29, 30])
        #expect(try checks("dead_button=0.29", including: CategorySet([.hazard, .designed])).map(\.count) == [30, 30])
        let all = try checks("dead_button=0.35", including: .all)
        #expect(all.map(\.count) == [40, 30] && all.map(\.outcome) == [.failed, .passed])
        #expect(all[0].line == "c001 (overlay.passThrough=false): dead_button 40.00% (40/100) is above the maximum 35%")
        #expect(
            try checks("dead_button=0.35", including: CategorySet([.hazard, .whatIf]))[0].line
                == "c001 (overlay.passThrough=false): dead_button (hazards and what-if) 39.00% (39/100) is above the maximum 35%")
    }

    @Test func includeTakesDesignedAndWhatIfAndNamesAnyOtherWord() throws {
        #expect(try CategorySet.including("designed,what-if").get() == .all)
        #expect(try CategorySet.including("what-if").get() == CategorySet([.hazard, .whatIf]))
        #expect(try CategorySet.including(" designed ").get() == CategorySet([.hazard, .designed]))
        guard case .failure(let error) = CategorySet.including("designed,whatif") else {
            Issue.record("'whatif' was accepted")
            return
        }
        #expect(error.message == "'--include' expects a comma-separated list of designed, what-if (hazards are always counted), got 'whatif'")
    }

    @Test func anOlderSummaryWithoutCategoriesIsCheckedOnlyWithEveryCategory() throws {
        let older = try CSVReader.parse("config_id,runs,late_action_attempts,late_action_count\nc001,3,3,1\n", name: "s.csv")
        #expect(
            throws: CSVReader.Failure(
                description: "s.csv has no late_action_hazard_count column; it was written by an older sweep, which counted "
                    + "no categories (check it with --include designed,what-if)")
        ) {
            try RateGate.evaluate(summary: older, name: "s.csv", limits: [try RateGate.Limit(parsing: "late_action=0")])
        }
        let checks = try RateGate.evaluate(
            summary: older, name: "s.csv", limits: [try RateGate.Limit(parsing: "late_action=0")], included: .all)
        #expect(checks.map(\.count) == [1] && checks.map(\.outcome) == [.failed])
    }

    @Test func aConfigurationWithoutAttemptsIsSkippedNotFailed() throws {
        let result = try checks("swallowed_scroll=0")
        #expect(result.map(\.outcome) == [.skipped, .failed])
        #expect(result[0].verdict == "swallowed_scroll has no attempts in this configuration (no rate to check)")
    }

    @Test func badOptionsAreOneSentenceNamingThem() {
        func message(_ option: String) -> String? {
            do { _ = try RateGate.Limit(parsing: option); return nil } catch { return error.description }
        }
        #expect(
            message("dead_buttons=0.1") == "--max dead_buttons=0.1: 'dead_buttons' is not a defect class; use one of "
                + DefectClass.allCases.map(\.name).joined(separator: ", "))
        #expect(message("dead_button") == "--max dead_button: expected CLASS=RATE, e.g. dead_button=0.01 or dead_button=1%")
        #expect(message("dead_button=abc")?.hasPrefix("--max dead_button=abc: 'abc' is not a rate") == true)
        #expect(message("dead_button=-0.1")?.hasPrefix("--max dead_button=-0.1: '-0.1' is not a rate") == true)
        #expect(message("dead_button=1.5")?.hasPrefix("--max dead_button=1.5: the rate 1.5 is above 1") == true)
        #expect(message("dead_button=101%")?.hasPrefix("--max dead_button=101%: the rate 101% is above 100%") == true)
        #expect(message("dead_button=1") == nil && message("dead_button=0.5%") == nil)
    }

    @Test func aTableWithoutTheClassColumnsIsOneSentence() throws {
        let table = try CSVReader.parse("config_id,runs\nc001,3\n", name: "s.csv")
        #expect(
            throws: CSVReader.Failure(
                description: "s.csv has no late_action_attempts column; was it written by an older sweep?")
        ) {
            try RateGate.evaluate(summary: table, name: "s.csv", limits: [try RateGate.Limit(parsing: "late_action=0")])
        }
    }

    @Test func junitCountsFailuresAndSkipsAndEscapesText() {
        let report = JUnitReport(
            name: "a&b",
            suites: [
                JUnitReport.Suite(
                    name: "dead_button",
                    cases: [
                        .init(name: "c001 (x=<1>)", className: "sweep.dead_button", result: .passed),
                        .init(name: "c002", className: "sweep.dead_button", result: .failed(message: "30% \"high\"")),
                        .init(name: "c003", className: "sweep.dead_button", result: .skipped(message: "none"))
                    ])
            ])
        #expect(
            report.render() == """
                <?xml version="1.0" encoding="UTF-8"?>
                <testsuites name="a&amp;b" tests="3" failures="1" errors="0" skipped="1">
                  <testsuite name="dead_button" tests="3" failures="1" errors="0" skipped="1">
                    <testcase classname="sweep.dead_button" name="c001 (x=&lt;1&gt;)"/>
                    <testcase classname="sweep.dead_button" name="c002">
                      <failure message="30% &quot;high&quot;" type="rate">30% &quot;high&quot;</failure>
                    </testcase>
                    <testcase classname="sweep.dead_button" name="c003">
                      <skipped message="none"/>
                    </testcase>
                  </testsuite>
                </testsuites>

                """)
    }
}
