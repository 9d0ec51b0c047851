import Foundation
import TestSupport
import Testing

/// `--set KEY=VALUE` on plan, run, trees and run --shard / merge, through the built binary.
@Suite(.serialized) struct OverrideCLITests {
    let cli = SweepCLITests()
    let run = SweepRunCLITests()

    func configFile(_ dir: String, _ text: String = SweepRunCLITests.config, name: String = "tiny.yaml") throws -> String {
        let path = dir + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func setChangesThePlanAndItsHash() throws {
        let scratch = try run.temporaryDirectory("override-plan")
        let dir = scratch.path
        let config = try configFile(dir)
        let plain = try cli.sweep("plan", config, "--show", "0")
        let over = try cli.sweep(
            "plan", config, "--show", "0", "--set", "axes.contentTouchDelay=0,150,300",
            "--set", "trees.perConfiguration=2")
        #expect(plain.status == 0 && over.status == 0, "\(plain.stderr)\(over.stderr)")
        #expect(plain.stdout.contains("configurations       4  (2 axes;"))
        #expect(over.stdout.contains("configurations       12  (3 axes;"))
        #expect(over.stdout.contains("trees                2 per configuration"))
        #expect(over.stdout.contains("(\(config) --set axes.contentTouchDelay=0,150,300 --set trees.perConfiguration=2)"))
        let hash = { (text: String) in text.split(separator: "\n").first { $0.hasPrefix("config hash") } }
        #expect(hash(plain.stdout) != nil && hash(plain.stdout) != hash(over.stdout))
    }

    @Test func aBadSetNamesTheOptionWithStatus2() throws {
        let scratch = try run.temporaryDirectory("override-bad")
        let dir = scratch.path
        let config = try configFile(dir)
        for command in ["plan", "run", "trees", "submit"] {
            var arguments = [command, config, "--set", "axes.contentTouchDeley=0"]
            if command == "trees" { arguments += ["--index", "0"] }
            if command == "run" || command == "submit" { arguments += ["--output", dir + "/out-" + command] }
            let result = try cli.sweep(arguments)
            #expect(result.status == 64, "\(command): \(result.stderr)")
            #expect(
                result.stderr.hasPrefix(
                    "sweep \(command): --set axes.contentTouchDeley=0: unknown axis 'contentTouchDeley' "
                        + "in 'axes' (did you mean 'contentTouchDelay'?); allowed axes are "), "\(command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
            #expect(!FileManager.default.fileExists(atPath: dir + "/out-" + command))
        }
        let noEquals = try cli.sweep("plan", config, "--set", "seed")
        #expect(
            noEquals.status == 64
                && noEquals.stderr == "sweep plan: --set seed: expected KEY=VALUE, e.g. "
                    + "axes.contentTouchDelay=0,150,300 or trees.perConfiguration=50\n"
        )
        let range = try cli.sweep("plan", config, "--set", "trees.perConfiguration=0")
        #expect(
            range.status == 64
                && range.stderr == "sweep plan: --set trees.perConfiguration=0: expected an integer from 1 "
                    + "to 100000 for 'perConfiguration', got '0'\n"
        )
    }

    @Test func overridesGiveTheSameReportsAsEditingTheFile() throws {
        let scratch = try run.temporaryDirectory("override-equal")
        let dir = scratch.path
        let config = try configFile(dir)
        let edited = try configFile(
            dir,
            SweepRunCLITests.config
                .replacingOccurrences(
                    of: "dismissTap.cancelsTouchesInView: [true, false]", with: "dismissTap.cancelsTouchesInView: [false]\n  contentTouchDelay: [0, 300]"
                )
                .replacingOccurrences(of: "perConfiguration: 4", with: "perConfiguration: 3"), name: "edited.yaml")
        let a = try cli.sweep(
            "run", config, "--output", dir + "/set", "--quiet", "--set", "axes.dismissTap.cancelsTouchesInView=false",
            "--set", "axes.contentTouchDelay=[0, 300]", "--set", "trees.perConfiguration=3")
        let b = try cli.sweep("run", edited, "--output", dir + "/edit", "--quiet")
        #expect(a.status == 0 && b.status == 0, "\(a.stderr)\(b.stderr)")
        let setFiles = try run.files(in: dir + "/set"), editFiles = try run.files(in: dir + "/edit")
        #expect(Set(setFiles.keys) == Set(editFiles.keys))
        // config.yaml is each run's own text; examples.csv's replay commands name the directory; report.html holds the duration.
        for (name, data) in setFiles where !["config.yaml", "examples.csv", "report.html"].contains(name) {
            #expect(editFiles[name] == data, "\(name) differs between --set and the edited file")
        }
        let summary = String(decoding: setFiles["summary.csv"]!, as: UTF8.self)
        #expect(summary.split(whereSeparator: \.isNewline).count == 5) // 2 × 1 × 2 configurations and the header
        // config.yaml records the overrides and loads back to the same sweep: `sweep report` rebuilds from it.
        let recorded = String(decoding: setFiles["config.yaml"]!, as: UTF8.self)
        #expect(
            recorded.hasPrefix(
                "# \(config) with --set axes.dismissTap.cancelsTouchesInView=false --set "
                    + "axes.contentTouchDelay=[0, 300] --set trees.perConfiguration=3\n"))
        #expect(recorded.contains("perConfiguration: 3"))
        let report = try cli.sweep("report", dir + "/set")
        #expect(report.status == 0, "\(report.stderr)")
        // Running the same command again finds its own sweep (same hash); without the overrides it is another sweep.
        let again = try cli.sweep(
            "run", config, "--output", dir + "/set", "--quiet", "--set", "axes.dismissTap.cancelsTouchesInView=false",
            "--set", "axes.contentTouchDelay=[0, 300]", "--set", "trees.perConfiguration=3")
        #expect(again.status == 0, "\(again.stderr)")
        let other = try cli.sweep("run", config, "--output", dir + "/set", "--quiet")
        #expect(other.status == 1 && other.stderr.contains("holds the results of another sweep"), "\(other.stderr)")
    }

    @Test func shardsRunWithDifferentOverridesDoNotMerge() throws {
        let scratch = try run.temporaryDirectory("override-shards")
        let dir = scratch.path
        let config = try configFile(dir)
        let s0 = try cli.sweep("run", config, "--shard", "0/2", "--output", dir + "/s0", "--quiet", "--set", "seed=3")
        let s1 = try cli.sweep("run", config, "--shard", "1/2", "--output", dir + "/s1", "--quiet", "--set", "seed=4")
        let same = try cli.sweep("run", config, "--shard", "1/2", "--output", dir + "/s1same", "--quiet", "--set", "seed=3")
        #expect(s0.status == 0 && s1.status == 0 && same.status == 0, "\(s0.stderr)\(s1.stderr)\(same.stderr)")
        let refused = try cli.sweep("merge", dir + "/s0", dir + "/s1", "--output", dir + "/merged")
        #expect(refused.status != 0 && refused.stderr.contains("\(dir)/s1/shard.tsj is a shard of a different config"), "\(refused.stderr)")
        let merged = try cli.sweep("merge", dir + "/s0", dir + "/s1same", "--output", dir + "/merged")
        #expect(merged.status == 0, "\(merged.stderr)")
    }

    @Test func submitSendsTheOverriddenConfigToItsWorkersAndResumesOnlyWithTheSameOverrides() throws {
        let scratch = try run.temporaryDirectory("override-submit")
        let dir = scratch.path
        let config = try configFile(dir)
        let overrides = ["--set", "trees.perConfiguration=3", "--set", "axes.contentTouchDelay=0,300"]
        let submitted = try cli.sweep(["submit", config, "--workers", "1", "--output", dir + "/submit", "--quiet"] + overrides)
        let ran = try cli.sweep(["run", config, "--output", dir + "/run", "--quiet"] + overrides)
        #expect(submitted.status == 0 && ran.status == 0, "\(submitted.stderr)\(ran.stderr)")
        for name in ["summary.csv", "effects.csv", "plan.yaml", "config.yaml"] {
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/submit/" + name))
            #expect(a == (try Data(contentsOf: URL(fileURLWithPath: dir + "/run/" + name))), "\(name) differs between submit and run")
        }
        let withoutOverrides = try cli.sweep("submit", config, "--workers", "1", "--output", dir + "/submit", "--quiet")
        #expect(
            withoutOverrides.status == 1 && withoutOverrides.stderr.contains("journal.tsj was written for config hash"),
            "\(withoutOverrides.stderr)")
    }
}
