import Foundation
import SweepReporting
import Testing

@testable import SweepCore

/// `sweep check`'s rule on summary.csv: every configuration's rate of each named class at most its maximum.
@Suite struct RateGateTests {
    static let summary = """
        config_id,overlay.passThrough,runs,dead_button_attempts,dead_button_count,dead_button_rate,swallowed_scroll_attempts,swallowed_scroll_count
        c001,false,200,100,29,0.2900,0,0
        c002,true,200,100,30,0.3000,50,1

        """

    func checks(_ options: String...) throws -> [RateGate.Check] {
        let table = try CSVReader.parse(Self.summary, name: "summary.csv")
        return try RateGate.evaluate(summary: table, name: "summary.csv", limits: options.map { try RateGate.Limit(parsing: $0) })
    }

    @Test func aRateEqualToTheMaximumPassesInExactArithmetic() throws {
        let result = try checks("dead_button=0.29")
        #expect(result.map(\.outcome) == [.passed, .failed])
        #expect(result[1].line == "c002 (overlay.passThrough=true): dead_button 30.00% (30/100) is above the maximum 29%")
        #expect(try checks("dead_button=29%").map(\.outcome) == [.passed, .failed])
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
                description: "s.csv has no late_action_attempts and late_action_count columns; was it "
                    + "written by an older sweep?")
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
