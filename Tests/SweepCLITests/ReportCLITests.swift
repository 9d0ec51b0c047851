import Foundation
import TestSupport
import Testing

/// `sweep report OUTPUT_DIR` end to end, and report.html at the end of `sweep run`.
@Suite(.serialized) struct ReportCLITests {
    let cli = SweepCLITests()

    /// A fresh directory for one test, removed with its last use.
    func workspace(_ name: String) throws -> TemporaryDirectory {
        try TemporaryDirectory("sweep-report-cli-\(name)")
    }

    /// A finished tiny sweep in `dir/out`.
    func sweep(_ dir: String) throws -> String {
        let config = dir + "/tiny.yaml"
        try SweepRunCLITests.config.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try cli.sweep("run", config, "--output", dir + "/out", "--threads", "1")
        #expect(run.status == 0, "\(run.stderr)")
        // The list wraps at the terminal's width (100 columns off a terminal), continuation lines indented.
        #expect(
            run.stdout.replacingOccurrences(of: "\n  ", with: " ").contains(
                "Reports written to \(dir)/out/: summary.csv by_template.csv by_gesture.csv effects.csv causes.csv model_bands.csv residuals.csv examples.csv"))
        #expect(run.stdout.hasSuffix("Report page: \(dir)/out/report.html\n"))
        #expect(run.stdout.contains("Axes that drive each defect"))
        return dir + "/out"
    }

    @Test func reportRedrawsThePageKeepingTheDurationAndPrintsItsPath() throws {
        let scratch = try workspace("redraw")
        let out = try sweep(scratch.path)
        let first = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        #expect(first.contains("<meta name=\"touchsweep-duration-seconds\" content=\""))
        try FileManager.default.removeItem(atPath: out + "/report.html")
        let bare = try cli.sweep("report", out)
        #expect(bare.status == 0 && bare.stdout == out + "/report.html\n", "\(bare.stderr)")
        #expect(try String(contentsOfFile: out + "/report.html", encoding: .utf8).contains("<td data-meta=\"duration\">unknown</td>"))
        try first.write(toFile: out + "/report.html", atomically: true, encoding: .utf8)
        let again = try cli.sweep("report", out)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try String(contentsOfFile: out + "/report.html", encoding: .utf8) == first, "the same files and duration give the same page")
        #expect(try FileManager.default.contentsOfDirectory(atPath: out).allSatisfy { !$0.contains(".tmp-") }, "no temporary file left")
    }

    @Test func aDirectoryWithoutReportsIsOneSentenceAndNothingIsWritten() throws {
        let scratch = try workspace("missing")
        let dir = scratch.path
        let result = try cli.sweep("report", dir)
        #expect(result.status == 2 && result.stdout.isEmpty)
        #expect(
            result.stderr == "sweep report: \(dir)/config.yaml is missing; is \(dir) the output directory of a sweep (run it again to write every report)?\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/report.html"))

        let damagedScratch = try workspace("damaged")
        let out = try sweep(damagedScratch.path)
        let before = try String(contentsOfFile: out + "/report.html", encoding: .utf8)
        try "config_id,runs\r\n\"c001,1\r\n".write(toFile: out + "/summary.csv", atomically: true, encoding: .utf8)
        let damaged = try cli.sweep("report", out)
        #expect(damaged.status == 2 && damaged.stderr == "sweep report: \(out)/summary.csv is not valid CSV: a quoted field is not closed.\n")
        #expect(try String(contentsOfFile: out + "/report.html", encoding: .utf8) == before, "the old page is kept")
    }

    @Test func mergeWritesThePageWithAnUnknownDuration() throws {
        let scratch = try workspace("merge")
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try SweepRunCLITests.config.write(toFile: config, atomically: true, encoding: .utf8)
        for i in 0 ..< 2 {
            let shard = try cli.sweep("run", config, "--shard", "\(i)/2", "--output", "\(dir)/shards/\(i)", "--quiet")
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        let merge = try cli.sweep("merge", "--output", dir + "/merged", dir + "/shards/0", dir + "/shards/1")
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stdout.hasSuffix("Report page: \(dir)/merged/report.html\n"))
        let page = try String(contentsOfFile: dir + "/merged/report.html", encoding: .utf8)
        #expect(page.contains("<td data-meta=\"duration\">unknown</td>"))
        #expect(!page.contains("touchsweep-duration-seconds"))
    }
}
