import Foundation
import ScenarioKit
import SweepCore
import SweepShrinker
import TestSupport
import Testing

/// `sweep shrink` and the `minimal/` files of a sweep, end to end on a small config.
@Suite(.serialized) struct ShrinkCLITests {
    let cli = SweepCLITests()

    static let config = TinySweep(
        name: "cli-shrink", seed: 3,
        axes: [
            TinySweep.twoSwitches[0], ("scrollViews.touchesShouldCancel", "[default, always]"),
            TinySweep.twoSwitches[1]
        ],
        perConfiguration: 4, templates: "{feed: 1, form: 1, drawer: 1}"
    ).yaml

    /// A finished sweep of ``config`` in a fresh directory; returns its output directory.
    func sweep(_ name: String) throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory("sweep-shrink-cli-\(name)")
        let dir = scratch.path
        try Self.config.write(toFile: dir + "/shrink.yaml", atomically: true, encoding: .utf8)
        let run = try cli.sweep("run", dir + "/shrink.yaml", "--output", dir + "/out", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        return scratch
    }

    func rows(_ csv: String) -> [[String]] {
        csv.split(separator: "\r\n").map { line in
            // No field of these rows holds a quoted comma except `cause`; split around it from both ends.
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count > 13 else { return fields }
            let cause = fields[3 ..< fields.count - 9].joined(separator: ",")
            return Array(fields[0 ..< 3]) + [cause] + Array(fields[(fields.count - 9)...])
        }
    }

    @Test func everySweepWritesAnIndexOfMinimalScenariosThatLoadAndShowTheirDefect() throws {
        let scratch = try sweep("index")
        let out = scratch.path + "/out"
        let index = try String(contentsOfFile: out + "/minimal/index.csv", encoding: .utf8)
        let table = rows(index)
        #expect(
            table.first == [
                "example_id", "config_id", "defect", "cause", "views_before", "views_after",
                "recognizers_before", "recognizers_after", "samples_before", "samples_after",
                "duration_ms_before", "duration_ms_after", "file"
            ])
        #expect(table.count > 1, "the sweep found defects to shrink")
        for row in table.dropFirst() {
            #expect(row.count == 13)
            #expect(Int(row[5])! <= Int(row[4])! && Int(row[9])! <= Int(row[8])!, "\(row[0]) got no bigger")
            let text = try String(contentsOfFile: out + "/" + row[12], encoding: .utf8)
            #expect(text.hasPrefix("# Minimal reproduction of \(row[0]): \(row[2])\n"))
            #expect(MinimalReproFile.reproduces(text, path: row[12]), "\(row[12]) shows \(row[2]) with its cause")
            let trace = try cli.sweep("trace", out + "/" + row[12])
            #expect(trace.status == 0 && trace.stdout.hasPrefix("== minimal \(row[0]): \(row[2]) =="), "\(trace.stderr)")
        }
    }

    @Test func shrinkWritesAScenarioThatTraceRunsAndSaysHowMuchItRemoved() throws {
        let scratch = try sweep("one")
        let dir = scratch.path
        let out = dir + "/out"
        let index = rows(try String(contentsOfFile: out + "/minimal/index.csv", encoding: .utf8))
        let row = try #require(index.dropFirst().first)
        let shrunk = try cli.sweep("shrink", out, row[0], "--defect", row[2], "--output", dir + "/min.yaml")
        #expect(shrunk.status == 0, "\(shrunk.stderr)")
        #expect(shrunk.stdout.isEmpty)
        #expect(shrunk.stderr.hasPrefix("shrunk \(row[0]): \(row[4]) views → \(row[5]), "))
        #expect(shrunk.stderr.split(separator: "\n").count == 1)
        let text = try String(contentsOfFile: dir + "/min.yaml", encoding: .utf8)
        #expect(text.contains("# made by: sweep shrink \(out) \(row[0]) --defect \(row[2])\n"))
        #expect(text.contains("# cause: \(row[3].replacingOccurrences(of: "\"", with: ""))\n"))
        // The same scene the sweep wrote, under another header line.
        let automatic = try String(contentsOfFile: out + "/" + row[12], encoding: .utf8)
        #expect(text.split(separator: "\n").dropFirst(2) == automatic.split(separator: "\n").dropFirst(2))
        let trace = try cli.sweep("trace", dir + "/min.yaml")
        #expect(trace.status == 0 && trace.stdout.hasPrefix("== minimal \(row[0]): \(row[2]) =="))
        // To standard output, the same bytes twice.
        let a = try cli.sweep("shrink", out, row[0], "--defect", row[2])
        let b = try cli.sweep("shrink", out, row[0], "--defect", row[2])
        #expect(a.status == 0 && a.stdout == text && b.stdout == a.stdout)
    }

    @Test func shrinkErrorsAreOneSentenceWithNonZeroStatus() throws {
        let scratch = try sweep("errors")
        let dir = scratch.path
        let out = dir + "/out"
        let missing = try cli.sweep("shrink", dir + "/nowhere", "c001-t0-quickTap-p0")
        #expect(
            missing.status == 2 && missing.stdout.isEmpty
                && missing.stderr == "sweep shrink: \(dir)/nowhere is not the output directory of a finished sweep (it has no config.yaml).\n")
        let unknown = try cli.sweep("shrink", out, "c999-t0-quickTap-p0")
        #expect(
            unknown.status == 64 && unknown.stdout.isEmpty
                && unknown.stderr
                    == "sweep shrink: no scenario 'c999-t0-quickTap-p0' in the sweep of \(out); ids look like c001-t4-quickTap-p0 (see examples.csv)\n"
        )
        let index = rows(try String(contentsOfFile: out + "/minimal/index.csv", encoding: .utf8))
        let row = try #require(index.dropFirst().first)
        // A tap never shows a scroll's class and a scroll never a tap's.
        let other = ["dead_button", "late_feedback", "late_action"].contains(row[2]) ? "ghost_tap" : "late_action"
        let wrong = try cli.sweep("shrink", out, row[0], "--defect", other, "--output", dir + "/never.yaml")
        #expect(wrong.status == 1 && wrong.stderr.hasPrefix("sweep shrink: example \(row[0]) does not show \(other)"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/never.yaml"), "no file written")
        let unwritable = try cli.sweep("shrink", out, row[0], "--output", dir + "/no/such/min.yaml")
        #expect(
            unwritable.status == 64 && unwritable.stdout.isEmpty
                && unwritable.stderr
                    == "sweep shrink: cannot write --output \(dir)/no/such/min.yaml: the directory \(dir)/no/such does not exist; create it first, "
                    + "or write somewhere else.\n"
        )
        let bad = try cli.sweep("shrink", out, row[0], "--defect", "sticky")
        #expect(bad.status == 64 && bad.stderr.hasPrefix("sweep: --defect must be one of dead_button"))
    }
}
