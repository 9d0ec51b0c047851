import Foundation
import TestSupport
import Testing

/// `sweep plan`, `sweep run`, `sweep trees` and `sweep trace --replay` end to end on a small config.
@Suite(.serialized) struct SweepRunCLITests {
    let cli = SweepCLITests()

    static let config = TinySweep(name: "cli-tiny", seed: 3, perConfiguration: 4, templates: "{feed: 1, form: 1, drawer: 1}").yaml

    /// A fresh directory for one test, removed with its last use.
    func temporaryDirectory(_ name: String) throws -> TemporaryDirectory { try TemporaryDirectory("sweep-run-cli-\(name)") }

    func files(in directory: String) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory) {
            if name == "minimal" {
                for inner in try FileManager.default.contentsOfDirectory(atPath: directory + "/minimal") {
                    result["minimal/" + inner] = try Data(contentsOf: URL(fileURLWithPath: directory + "/minimal/" + inner))
                }
                continue
            }
            result[name] = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name))
        }
        return result
    }

    @Test func runWritesEveryReportAndTheSameBytesWhateverTheThreads() throws {
        let scratch = try temporaryDirectory("threads")
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        let one = try cli.sweep("run", config, "--output", dir + "/t1", "--threads", "1", "--quiet")
        let two = try cli.sweep("run", config, "--output", dir + "/t2", "--threads", "2", "--quiet")
        #expect(one.status == 0 && two.status == 0, "\(one.stderr)\(two.stderr)")
        let a = try files(in: dir + "/t1"), b = try files(in: dir + "/t2")
        for name in [
            "summary.csv", "by_template.csv", "by_gesture.csv", "effects.csv", "causes.csv", "model_bands.csv", "residuals.csv", "examples.csv", "plan.yaml",
            "config.yaml",
            "minimal/index.csv", "report.html"
        ] {
            #expect(a[name] != nil, "\(name) written")
        }
        // The replay command inside examples.csv names the output directory, so compare everything else; report.html
        // holds the run's duration (docs/reports.md) and is not byte-compared.
        for (name, data) in a where name != "examples.csv" && name != "report.html" { #expect(b[name] == data, "\(name) differs between 1 and 2 threads") }
        let examplesA = String(decoding: a["examples.csv"]!, as: UTF8.self).replacingOccurrences(of: dir + "/t1", with: "OUT")
        let examplesB = String(decoding: b["examples.csv"]!, as: UTF8.self).replacingOccurrences(of: dir + "/t2", with: "OUT")
        #expect(examplesA == examplesB)
        let header = String(decoding: a["summary.csv"]!, as: UTF8.self).split(separator: "\r\n").first ?? ""
        #expect(
            header.hasPrefix(
                "config_id,scrollViews.delaysContentTouches,dismissTap.cancelsTouchesInView,runs,"
                    + "runs_not_counted_text_input,runs_not_counted_system_gesture,runs_not_counted_cannot_scroll,"
                    + "runs_not_counted_private_switch,dead_button_attempts"))
        #expect(header.contains(",invisible_feedback_attempts,invisible_feedback_count,invisible_feedback_rate,"))
    }

    /// Off a terminal (a log file, `kubectl logs`, CI) progress is plain log lines, each with its time and ending
    /// with a newline: the header, then trees done/total with the rate and ETA against the true scenario total, the
    /// last one at 100% with every scenario counted, then the final line on stdout.
    @Test func offATerminalProgressIsPlainLinesEndingAtAllTrees() throws {
        let scratch = try temporaryDirectory("progress")
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try cli.sweep("run", config, "--output", dir + "/out", "--threads", "1")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("\r"), "no carriage returns off a terminal: \(run.stderr.debugDescription)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        let ran = try #require(run.stdout.split(separator: "\n").first { $0.contains(" scenarios in ") }?.split(separator: " ").first.flatMap { Int($0) })
        let summary = try summaryRuns(dir + "/out")
        #expect(ran == summary && ran < 176, "the true total is what ran, fewer than the 176 gesture slots")
        #expect(
            lines.first?.hasSuffix(" info run: 4 configurations × 4 trees × 11 gestures = at most 176; \(ran) scenarios to run on 1 thread") == true,
            "\(lines)")
        #expect(lines.allSatisfy { Self.startsWithATimestamp($0) }, "\(lines)")
        let progress = lines.filter { $0.contains(" info progress: trees ") }
        #expect(progress.last?.contains(" info progress: trees 16/16 (100%), scenarios \(ran) of \(ran), ") == true, "\(lines)")
        #expect(progress.allSatisfy { $0.contains(" scenarios/s, ETA ") && $0.contains(" of \(ran), ") }, "\(progress)")
        #expect(run.stdout.contains("\(ran) scenarios in ") && run.stdout.contains(" scenarios/s on 1 thread)"), "\(run.stdout)")
    }

    /// `2026-11-25T02:03:04.123Z ` at the start of `line`.
    static func startsWithATimestamp(_ line: String) -> Bool {
        line.range(of: #"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z "#, options: .regularExpression) != nil
    }

    /// The scenarios a finished sweep ran: the sum of summary.csv's `runs` column.
    func summaryRuns(_ directory: String) throws -> Int {
        let rows = try String(contentsOfFile: directory + "/summary.csv", encoding: .utf8).split(separator: "\r\n").map { $0.split(separator: ",") }
        let column = try #require(rows.first?.firstIndex(of: "runs"))
        return rows.dropFirst().reduce(0) { $0 + (Int($1[column]) ?? 0) }
    }

    /// A bad `--log-level` or `--log-format` is one line naming the option, exit status 2, nothing written.
    @Test func aBadLogOptionIsOneLineNamingIt() throws {
        let scratch = try temporaryDirectory("log-options")
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        let loud = try cli.sweep("run", config, "--output", dir + "/out", "--log-level", "loud")
        #expect(loud.status == 64 && loud.stdout.isEmpty)
        #expect(loud.stderr == "sweep run: --log-level must be one of trace, debug, info, notice, warning, error, critical, got 'loud'.\n")
        let xml = try cli.sweep("merge", dir + "/nowhere", "--log-format", "xml")
        #expect(xml.status == 64 && xml.stderr == "sweep merge: --log-format must be text or json, got 'xml'.\n", "\(xml.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "nothing written")
        let quiet = try cli.sweep("run", config, "--output", dir + "/out", "--log-level", "warning", "--threads", "1")
        #expect(quiet.status == 0 && quiet.stderr.isEmpty, "progress and the header are info events: \(quiet.stderr)")
    }

    @Test func anExampleReplaysToItsTimeline() throws {
        let scratch = try temporaryDirectory("replay")
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        #expect(try cli.sweep("run", config, "--output", dir + "/out", "--quiet").status == 0)
        let examples = try String(contentsOfFile: dir + "/out/examples.csv", encoding: .utf8)
        let firstRow = try #require(examples.split(separator: "\r\n").dropFirst().first)
        let id = String(firstRow.split(separator: ",")[0])
        let replay = try cli.sweep("trace", "--replay", dir + "/out", id)
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.hasPrefix("== \(id): "))
        let missing = try cli.sweep("trace", "--replay", dir + "/out", "c999-t0-quickTap-p0")
        #expect(missing.status == 64 && missing.stdout.isEmpty && missing.stderr.contains("no scenario 'c999-t0-quickTap-p0'"))
    }

    @Test func aBadConfigIsOneSentenceExitStatus2AndWritesNothing() throws {
        let scratch = try temporaryDirectory("bad")
        let dir = scratch.path
        let config = dir + "/bad.yaml"
        try "name: bad\naxes:\n  contentTouchDelay: [150, fast]\n".write(toFile: config, atomically: true, encoding: .utf8)
        let run = try cli.sweep("run", config, "--output", dir + "/out")
        #expect(run.status == 2)
        #expect(run.stdout.isEmpty)
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(run.stderr.hasPrefix("sweep run: \(config):3:"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "nothing written")
        let plan = try cli.sweep("plan", config)
        #expect(plan.status == 2 && plan.stdout.isEmpty && plan.stderr.hasPrefix("sweep plan: \(config):3:"))
    }

    @Test func aBadOptionIsOneLineNamingItWithExitStatus2() throws {
        let cases: [([String], String)] = [
            (["run", "x.yaml", "--threads", "0"], "sweep: --threads must be a whole number from 1 to 65536, got 0."),
            (["submit", "x.yaml", "--max-unit-trees", "0"], "sweep: --max-unit-trees must be a whole number from 1 to 100000, got 0."),
            (["submit", "x.yaml", "--workers", "0"], "sweep: --workers 0 needs --listen (e.g. tcp://0.0.0.0:5555) so remote workers can join."),
            (["run", "x.yaml", "--bogus"], "sweep: Unknown option '--bogus'")
        ]
        for (arguments, expected) in cases {
            let result = try cli.run(SweepCLITests.sweepBinary, arguments)
            let said = result.stderr
            #expect(result.status == 64, "\(arguments)")
            #expect(said == expected + "\n", "\(arguments): \(said)")
        }
        // --help still prints the whole usage, with exit status 0.
        let help = try cli.sweep("run", "--help")
        #expect(help.status == 0 && help.stdout.contains("USAGE: sweep run [<options>] <config>"), "\(help.stdout.prefix(2000))")
    }

    @Test func planPrintsTheCountsWithoutRunning() throws {
        let scratch = try temporaryDirectory("plan")
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        let plan = try cli.sweep("plan", config)
        #expect(plan.status == 0)
        #expect(plan.stdout.contains("configurations       4"))
        #expect(plan.stdout.contains("total scenario runs  176  (4 × 4 × 11)"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/cli-tiny"))
    }

    @Test func treesPrintsATreeAndWritesAReplayableScenario() throws {
        let scratch = try temporaryDirectory("trees")
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        let printed = try cli.sweep("trees", config, "--index", "1")
        #expect(printed.status == 0 && printed.stdout.hasPrefix("tree 1: "))
        let scenario = dir + "/tree1.yaml"
        let written = try cli.sweep("trees", config, "--index", "1", "--configuration", "c002", "--output", scenario)
        #expect(written.status == 0, "\(written.stderr)")
        let traced = try cli.sweep("trace", scenario)
        #expect(traced.status == 0 && traced.stdout.contains("hit-tests to"))
        let outOfRange = try cli.sweep("trees", config, "--index", "9")
        #expect(outOfRange.status == 64 && outOfRange.stderr.contains("--index 9 is out of range"))
    }
}
