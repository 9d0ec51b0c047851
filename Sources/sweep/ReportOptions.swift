import ArgumentParser
import SweepCore
import SweepPlanning
import SweepReportWriter
import SweepReporting

/// The output directory and the reports, on the three commands that end a sweep (`sweep run`, `submit`, `merge`):
/// where they go, how the terminal summary is laid out, `--excel`, `--quiet`, and the report swap's test hooks. The
/// commands write the reports and print their end through it, so the three end alike.
struct ReportOptions: ParsableArguments {
    @Option(name: .shortAndLong, help: "Output directory (default: the config's output).")
    var output: String?

    @Flag(name: .shortAndLong, help: QuietHelp.help(printing: "the output directory"))
    var quiet = false

    @OptionGroup
    var summary: SummaryOptions

    @OptionGroup
    var csv: ExcelOption

    /// For tests: a kill at a step of the report swap, a swap without exchange.
    @OptionGroup
    var swapTestHooks: ReportSwapTestHooks

    /// What makes the summary a finished sweep prints (``TerminalSummary``), made beside the reports; nil with
    /// `--quiet` (nothing is printed).
    func terminalSummary(plan: SweepPlan) -> (@Sendable (SweepTallies) -> String)? {
        if quiet { return nil }
        let layout = summary.layout
        return { TerminalSummary.render(plan: plan, tallies: $0, layout: layout) }
    }

    /// Writes a finished sweep's report files into `directory` (``ReportWriter``: the CSV and YAML files, the minimal
    /// repros and report.html), replacing it as a whole, with the steps on `display`. A failure is printed as
    /// `command: sentence` and ends the command with exit status 1. `claim` is the hold the command took on the
    /// directory when it started (``claimOutput(_:keeping:create:command:)``). Returns the terminal summary, made
    /// on another core meanwhile (nil with `--quiet`).
    func writeReports(
        plan: SweepPlan, tallies: SweepTallies, configText: String, to directory: String, claim: OutputClaim? = nil,
        durationSeconds: Double? = nil, command: String, display: ProgressDisplay
    ) throws -> String? {
        var alongside: (@Sendable () -> String)?
        if let make = terminalSummary(plan: plan) { alongside = { make(tallies) } }
        do {
            let text = try ReportWriter.write(
                plan: plan, tallies: tallies, configText: configText, to: directory, keeping: [], claim: claim,
                durationSeconds: durationSeconds, excel: csv.excel, swap: swapTestHooks.swapOptions, step: { display.reportStep($0) },
                alongside: alongside)
            display.finish()
            return text
        } catch {
            display.finish()
            printError("\(command): \(error)")
            throw ExitCode(1)
        }
    }

    /// A finished sweep's last words on standard output: with `--quiet` the directory alone; else the summary (made
    /// now if it was not made beside the reports), `finalLine` and the report files written, with `note` after them.
    func printFinished(directory: String, plan: SweepPlan, tallies: SweepTallies, summaryText: String?, finalLine: String, note: String = "") {
        if quiet {
            print(directory)
            return
        }
        print(summaryText ?? TerminalSummary.render(plan: plan, tallies: tallies, layout: summary.layout))
        print(finalLine)
        print(summary.layout.wrap(reportsWrittenLines(directory: directory, plan: plan, note: note)))
    }
}
