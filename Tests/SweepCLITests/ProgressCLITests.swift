import Foundation
import TestSupport
import Testing

/// The progress a sweep shows (docs/operations.md, "Progress"): on a terminal one live line that fits its width and,
/// after the last tree, says which report it is writing; in `--log-format json` the figures as fields.
@Suite(.serialized) struct ProgressCLITests {
    let logging = LoggingCLITests()

    /// Runs `sweep arguments` on a pseudo-terminal `columns` wide (util-linux `script`) and returns what it drew.
    func onATerminal(_ arguments: [String], columns: Int) throws -> String {
        let command = ([Program.sweep.path] + arguments).map { "'\($0)'" }.joined(separator: " ")
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "\(columns)"
        let result = try Program.run(
            URL(fileURLWithPath: "/usr/bin/script"), ["-qec", command, "/dev/null"], environment: environment, mergingStandardError: true)
        #expect(result.status == 0, "\(result.transcript)")
        return result.stdout
    }

    /// Each redraw of the live line (what follows a carriage return and an erase-line), up to its line end.
    static func redraws(_ drawn: String) -> [String] {
        drawn.components(separatedBy: "\r\u{1B}[K").dropFirst().map {
            $0.components(separatedBy: "\r\n")[0].components(separatedBy: "\n")[0].components(separatedBy: "\r")[0]
        }
    }

    /// Whether this machine can make a pseudo-terminal (a chroot without /dev/pts cannot).
    static let pseudoTerminals: Bool = {
        let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0 else { return false }
        close(master)
        return FileManager.default.fileExists(atPath: "/dev/pts")
    }()

    @Test(
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script"), "util-linux's script makes the pseudo-terminal"),
        .enabled(if: Self.pseudoTerminals, "no pseudo-terminal can be made here (/dev/ptmx does not open: no devpts mounted)"),
        arguments: [80, 50])
    func onANarrowTerminalEveryRedrawFitsAndTheReportsAreNamed(columns: Int) throws {
        let scratch = try logging.workspace("progress-\(columns)")
        let dir = scratch.path
        let drawn = try onATerminal(["run", dir + "/tiny.yaml", "--output", dir + "/out", "--threads", "1"], columns: columns)
        let redraws = Self.redraws(drawn)
        #expect(!redraws.isEmpty, "\(drawn)")
        #expect(redraws.allSatisfy { $0.count < columns }, "\(redraws.filter { $0.count >= columns })")
        // Redrawn at most ten times a second and once when the last tree is done, not once per unit: 16 units
        // in a few milliseconds draw the first line and the last.
        let progressRedraws = redraws.filter { !$0.contains("writing reports") }
        #expect((1 ... 3).contains(progressRedraws.count), "\(progressRedraws)")
        // A line too long for the width gives way to the compact form before it is cut.
        if columns == 50 { #expect(redraws.contains { $0.hasPrefix("sweep run: 100% · trees 16/16 ·") }, "\(redraws)") }
        // After the last tree the line says which report it writes (they are written side by side), the page among them.
        #expect(redraws.contains { $0.hasPrefix(String("sweep run: writing reports: summary.csv, ".prefix(columns - 2))) }, "\(redraws)")
        #expect(redraws.contains { $0.hasPrefix(String("sweep run: writing reports: report.html, ".prefix(columns - 2))) })
    }

    @Test func inJSONTheProgressFiguresAreFieldsAndEachReportIsTimedAtDebug() throws {
        let scratch = try logging.workspace("progress-json")
        let dir = scratch.path
        let run = try SweepCLITests().sweep(
            "run", dir + "/tiny.yaml", "--output", dir + "/out", "--threads", "1", "--log-format", "json", "--log-level", "debug")
        #expect(run.status == 0, "\(run.stderr)")
        let events = try logging.events(run.stderr)
        let progress = events.filter { $0["component"] as? String == "progress" && $0["trees_done"] != nil }
        let last = try #require(progress.last, "\(events)")
        #expect(last["trees_done"] as? Int == last["trees_total"] as? Int && last["percent"] as? Int == 100, "\(last)")
        #expect(last["scenarios_done"] as? Int == last["scenarios_total"] as? Int)
        #expect(last["scenarios_per_second"] is Int && last["elapsed_seconds"] is Double)
        #expect(events.contains { $0["message"] as? String == "writing the reports" && $0["reports"] as? Int == 13 }, "\(events)")
        let timed = events.filter { $0["message"] as? String == "report written" }.compactMap { $0["report"] as? String }
        // Every report timed once, whatever order they ended in; the directory swap last.
        #expect(timed.count == 13 && Set(timed).count == 13 && timed.last == "the directory swap", "\(timed)")
        #expect(["summary.csv", "examples.csv", "minimal repros", "report.html"].allSatisfy(timed.contains), "\(timed)")
        #expect(events.filter { $0["message"] as? String == "report written" }.allSatisfy { $0["ms"] is Int })
    }
}

/// The summary a finished sweep prints fits the width `COLUMNS` gives (100 off a terminal without it); `--wide`
/// prints it whole.
@Suite struct TerminalSummaryCLITests {
    @Test func theSummaryFitsColumnsAndWidePrintsItWhole() throws {
        let scratch = try LoggingCLITests().workspace("summary-width")
        let dir = scratch.path
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        let run = try Program.run(
            Program.sweep, ["run", "configs/quickstart.yaml", "--output", dir + "/fitted", "--threads", "2"], environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        // Every line but the page's path (one word) fits, the list of report files too; a wrapped model-band line keeps
        // its indent.
        let summary = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("Report page: ") }
        #expect(summary.allSatisfy { $0.count <= 79 }, "\(summary.filter { $0.count > 79 })")
        #expect(run.stdout.contains("\n  late_feedback "), "\(run.stdout)")
        // Wrapped at spaces, wherever the temporary directory's length puts the breaks.
        let unwrapped = run.stdout.replacingOccurrences(of: "\n  ", with: " ")
        #expect(unwrapped.contains("Reports written to \(dir)/fitted/: summary.csv by_template.csv"), "\(run.stdout)")
        #expect(run.stdout.contains("  c001 +3: tied, c001 c005 c009 c013"))
        let wide = try Program.run(
            Program.sweep, ["run", "configs/quickstart.yaml", "--output", dir + "/wide", "--threads", "2", "--wide"], environment: environment)
        #expect(wide.status == 0, "\(wide.stderr)")
        #expect(wide.stdout.split(separator: "\n").contains { $0.count > 200 })
        #expect(!wide.stdout.contains(" +3 "))
    }
}
