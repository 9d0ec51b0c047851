import ArgumentParser
import SweepCore
import SweepReporting

extension SweepCommand.Check {
    /// `--per-screen`: ``ScreenGate`` over by_screen_summary.csv. One line per screen and configuration above a
    /// maximum, then `sweep check: F of N screen checks failed (S screens × K classes …)`; exit 1 on any failure.
    func runPerScreen(limits: [RateGate.Limit], included: CategorySet) throws {
        let table = try Self.summary(in: outputDirectory, file: ScreenSummaryReport.fileName)
        let cases: [ScreenGate.Case]
        do {
            cases = try ScreenGate.evaluate(
                table: table, name: outputDirectory + "/" + ScreenSummaryReport.fileName, limits: limits, included: included)
        } catch {
            printError("sweep check: \(error)")
            throw ExitStatus.badInput
        }
        if let junit {
            let suites = limits.map { limit in
                JUnitReport.Suite(
                    name: limit.defect.name,
                    cases: cases.filter { $0.limit == limit }.map { c in
                        JUnitReport.TestCase(
                            name: c.screen, className: "sweep.screen.\(limit.defect.name)", result: Self.junitResult(c.outcome, message: c.message))
                    })
            }
            let text = JUnitReport(name: "sweep check --per-screen \(outputDirectory)", suites: suites).render()
            try writeOutputFile(text, to: junit, option: "--junit", command: "sweep check", failure: 2)
        }
        let failed = cases.filter { $0.outcome == .failed }
        for c in failed { for line in c.lines { print(line) } }
        if !quiet {
            let screens = Set(cases.map(\.screen)).count
            let skipped = cases.filter { $0.outcome == .skipped }.count
            print(
                "sweep check: \(failed.count) of \(cases.count) screen checks failed (\(screens) \(screens == 1 ? "screen" : "screens") × "
                    + "\(limits.count) \(limits.count == 1 ? "class" : "classes")" + (skipped > 0 ? ", \(skipped) skipped: no attempts" : "")
                    + ")" + (junit.map { "; JUnit report \($0)" } ?? ""))
        }
        if !failed.isEmpty { throw ExitStatus.failed }
    }
}
