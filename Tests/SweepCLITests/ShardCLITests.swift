import Foundation
import SweepJournal
import TestSupport
import Testing

/// `sweep run --shard I/N` and `sweep merge` with real processes: merged shards are the reports of `sweep run`.
@Suite(.serialized) struct ShardCLITests {
    let cli = SweepCLITests()

    /// `sweep run`'s tiny config with 7 trees per configuration, so that shards of 3 and 4 are uneven.
    static let config = SweepRunCLITests.config.replacingOccurrences(of: "perConfiguration: 4", with: "perConfiguration: 7")

    static let reportNames = [
        "summary.csv", "by_template.csv", "by_gesture.csv", "effects.csv", "causes.csv", "model_bands.csv", "residuals.csv", "examples.csv", "plan.yaml",
        "config.yaml"
    ]

    /// A fresh directory holding the config as `tiny.yaml`.
    func workspace(_ name: String, config: String = Self.config) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("sweep-shard-cli-\(name)")
        try dir.write(config, to: "tiny.yaml")
        return dir
    }

    /// Runs shards 0..<count of the workspace's config into `dir/prefix/I`.
    func runShards(_ dir: String, count: Int, prefix: String = "shards", threads: String = "1") throws {
        for i in 0 ..< count {
            let run = try cli.sweep(
                "run", dir + "/tiny.yaml", "--shard", "\(i)/\(count)", "--output", "\(dir)/\(prefix)/\(i)",
                "--threads", threads, "--quiet")
            #expect(run.status == 0, "shard \(i)/\(count): \(run.stderr)")
        }
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test func shardsOneThreeAndFourMergedInShuffledOrderAreByteIdenticalToRun() throws {
        let scratch = try workspace("identical")
        let dir = scratch.path
        // examples.csv names the output directory: the reference and every merge write the same path.
        let out = dir + "/out"
        let run = try cli.sweep("run", dir + "/tiny.yaml", "--output", out, "--threads", "2", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        try FileManager.default.moveItem(atPath: out, toPath: dir + "/reference")
        for (count, order) in [(1, [0]), (3, [2, 0, 1]), (4, [3, 1, 0, 2])] {
            try runShards(dir, count: count, prefix: "n\(count)", threads: count == 3 ? "2" : "1")
            let merge = try cli.sweep(["merge", "--output", out, "--quiet"] + order.map { "\(dir)/n\(count)/\($0)" })
            #expect(merge.status == 0 && merge.stdout == out + "\n", "N = \(count): \(merge.stderr)")
            for name in Self.reportNames {
                #expect(
                    bytes(out + "/" + name) != nil && bytes(out + "/" + name) == bytes(dir + "/reference/" + name),
                    "N = \(count): \(name) differs from sweep run's")
            }
            try FileManager.default.removeItem(atPath: out)
        }
    }

    /// Shards and merge show progress against the true scenario total and end with a line of counts and duration;
    /// off a terminal, in JSON with `--log-format json`.
    @Test func shardsAndMergeShowProgressAndAFinalLineWithCountsAndDuration() throws {
        let scratch = try workspace("progress")
        let dir = scratch.path
        var shardScenarios = 0
        for i in 0 ..< 3 {
            let run = try cli.sweep("run", dir + "/tiny.yaml", "--shard", "\(i)/3", "--output", "\(dir)/shards/\(i)", "--threads", "1")
            #expect(run.status == 0, "\(run.stderr)")
            let last = try #require(run.stderr.split(separator: "\n").last.map(String.init))
            // `… info progress: shard 1 of 3: trees 9/9 (100%), scenarios 78 of 78, …`: the shard's own true total.
            let counts = try #require(last.firstMatch(of: #/info progress: shard \d of 3: trees (\d+)/(\d+) \(100%\), scenarios (\d+) of (\d+), /#), "\(last)")
            #expect(counts.1 == counts.2 && counts.3 == counts.4, "\(last)")
            shardScenarios += Int(counts.3)!
            #expect(run.stdout.contains("\(counts.3) scenarios in ") && run.stdout.contains(" scenarios/s on 1 thread)"), "\(run.stdout)")
        }
        let merge = try cli.sweep(["merge", "--output", dir + "/out", "--log-format", "json"] + [2, 0, 1].map { "\(dir)/shards/\($0)" })
        #expect(merge.status == 0, "\(merge.stderr)")
        let events = try merge.stderr.split(separator: "\n").map {
            try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any], "not JSON: \($0)")
        }
        // The last progress event with figures (the reports follow: "writing the reports").
        let last = try #require(events.last { $0["trees_done"] != nil })
        #expect(last["component"] as? String == "progress" && last["level"] as? String == "info")
        #expect(events.last?["message"] as? String == "writing the reports")
        let message = try #require(last["message"] as? String)
        #expect(
            message.hasPrefix("shards 3/3, trees 28/28 (100%), scenarios \(shardScenarios) of \(shardScenarios), ") && message.hasSuffix(", ETA 0 s"),
            "\(message)")
        let final = try #require(merge.stdout.split(separator: "\n").first { $0.contains(" merged in ") })
        #expect(
            final.wholeMatch(of: #/\d+ scenarios from 3 shards merged in \d+\.\d\d s/#) != nil && final.hasPrefix("\(shardScenarios) scenarios"), "\(final)")
    }

    @Test func shardsOfRealScreensMergeWithoutTheDumpsIntoTheReportsOfRun() throws {
        let scratch = try workspace("screens")
        let dir = scratch.path
        try FileManager.default.createDirectory(atPath: dir + "/dumps", withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: dir + "/configs", withIntermediateDirectories: true)
        for name in ["04-storyboards-tutorial-players-table-lldb.txt", "10-ios7-swipeable-cell-delete-nslog.txt"] {
            try FileManager.default.copyItem(atPath: try ScreenCLITests.dump(name), toPath: dir + "/dumps/" + name)
        }
        // Relative screen paths start at the config file's directory (configs/), so ../dumps is dir/dumps.
        try """
        name: screens-shards
        axes: {scrollViews.delaysContentTouches: [true, false]}
        trees: {screens: ["../dumps/*.txt"], templates: [feed], perConfiguration: 3}
        gestures: {placements: 1}
        """.write(toFile: dir + "/configs/screens.yaml", atomically: true, encoding: .utf8)
        let out = dir + "/out"
        #expect(try cli.sweep("run", dir + "/configs/screens.yaml", "--output", out, "--quiet").status == 0)
        try FileManager.default.moveItem(atPath: out, toPath: dir + "/reference")
        for i in 0 ..< 3 {
            let shard = try cli.sweep("run", dir + "/configs/screens.yaml", "--shard", "\(i)/3", "--output", "\(dir)/shards/\(i)", "--quiet")
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        // The dumps travel in the shard files' config text.
        try FileManager.default.removeItem(atPath: dir + "/dumps")
        let merge = try cli.sweep(["merge", "--output", out, "--quiet"] + [2, 0, 1].map { "\(dir)/shards/\($0)" })
        #expect(merge.status == 0, "\(merge.stderr)")
        for name in Self.reportNames + ["by_screen.csv", "by_screen_config.csv"] {
            #expect(bytes(out + "/" + name) != nil && bytes(out + "/" + name) == bytes(dir + "/reference/" + name), "\(name)")
        }
    }

    @Test func aShardFileDependsOnlyOnTheConfigAndTheShardNotOnThreads() throws {
        let scratch = try workspace("threads")
        let dir = scratch.path
        try runShards(dir, count: 3, prefix: "one", threads: "1")
        try runShards(dir, count: 3, prefix: "two", threads: "2")
        for i in 0 ..< 3 {
            #expect(bytes("\(dir)/one/\(i)/shard.tsj") == bytes("\(dir)/two/\(i)/shard.tsj"), "shard \(i)")
        }
        let listing = try FileManager.default.contentsOfDirectory(atPath: dir + "/one/0").sorted()
        #expect(listing == [".touchsweep-output", "shard.tsj"], "no temporary file is left behind (the marker lists shard.tsj)")
    }

    /// `sweep merge` with `arguments` fails with exit status 2, one line starting `sweep merge: ` that contains
    /// `expected`, and writes nothing.
    func expectMergeError(
        _ dir: String, _ arguments: [String], _ expected: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let out = dir + "/merged"
        let merge = try cli.sweep(["merge", "--output", out] + arguments)
        #expect(merge.status == 2, "\(arguments): \(merge.stderr)", sourceLocation: sourceLocation)
        #expect(merge.stdout.isEmpty, sourceLocation: sourceLocation)
        #expect(
            merge.stderr.split(separator: "\n").count == 1 && merge.stderr.hasPrefix("sweep merge: "),
            "\(merge.stderr)", sourceLocation: sourceLocation)
        #expect(merge.stderr.contains(expected), "\(merge.stderr) should say \(expected)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written", sourceLocation: sourceLocation)
    }

    @Test func mergeRefusesMissingDuplicateForeignMismatchedAndDamagedShards() throws {
        let scratch = try workspace("errors")
        let dir = scratch.path
        try runShards(dir, count: 3)
        let s = (0 ..< 3).map { "\(dir)/shards/\($0)" }
        try expectMergeError(dir, [s[0], s[2]], "Shard 1 of 3 is missing")
        try expectMergeError(dir, [s[0]], "Shards 1 and 2 of 3 are missing")
        try expectMergeError(dir, [s[0], s[1], s[1], s[2]], "\(s[1])/shard.tsj and \(s[1])/shard.tsj are both shard 1 of 3")

        // Another split of the same config, and a shard of another config.
        try runShards(dir, count: 2, prefix: "halves")
        try expectMergeError(dir, [s[0], s[1], dir + "/halves/1"], "\(dir)/halves/1/shard.tsj is shard 1 of 2 but \(s[0])/shard.tsj is one of 3 shards")
        let otherScratch = try workspace("errors-other", config: Self.config.replacingOccurrences(of: "seed: 3", with: "seed: 4"))
        let other = otherScratch.path
        try runShards(other, count: 3)
        try expectMergeError(dir, [s[0], other + "/shards/1", s[2]], "\(other)/shards/1/shard.tsj is a shard of a different config")

        // A truncated copy of shard 2, a file that is not a shard, a directory without a shard file.
        let whole = try #require(bytes(s[2] + "/shard.tsj"))
        try FileManager.default.createDirectory(atPath: dir + "/cut", withIntermediateDirectories: true)
        try whole.prefix(whole.count - 7).write(to: URL(fileURLWithPath: dir + "/cut/shard.tsj"))
        try expectMergeError(dir, [s[0], s[1], dir + "/cut"], "\(dir)/cut/shard.tsj is damaged or truncated")
        try whole.prefix(40).write(to: URL(fileURLWithPath: dir + "/cut/shard.tsj"))
        try expectMergeError(dir, [s[0], s[1], dir + "/cut"], "\(dir)/cut/shard.tsj is damaged or truncated")
        try expectMergeError(dir, [s[0], s[1], dir + "/tiny.yaml"], "\(dir)/tiny.yaml cannot be read as a shard file")
        try expectMergeError(dir, [s[0], s[1], dir + "/halves"], "\(dir)/halves/shard.tsj cannot be read as a shard file")

        // The three good shards still merge.
        #expect(try cli.sweep(["merge", "--output", dir + "/merged", "--quiet"] + s).status == 0)
    }

    @Test func aShardOfAnOlderBuildIsRefusedSayingSo() throws {
        let scratch = try workspace("old-format")
        let dir = scratch.path
        try runShards(dir, count: 2)
        // Shard 1 as a build before issue 13 wrote it: each unit's result payload in format 1 (the unit record is
        // 3 × u32 and a u32 length before the payload, whose first byte is its format).
        let path = dir + "/shards/1/shard.tsj"
        let contents = try JournalReader.read(path: path)
        try FileManager.default.removeItem(atPath: path)
        let writer = try JournalWriter.create(path: path, configHash: contents.configHash, headerText: contents.headerText)
        for record in contents.records {
            var payload = record.payload
            if record.key != "shard" { payload[16] = 1 }
            try writer.append(kind: record.kind, key: record.key, payload: payload)
        }
        try writer.close()
        try expectMergeError(
            dir, [dir + "/shards/0", dir + "/shards/1"],
            "\(path) is damaged or truncated (it was written by another build: its results are in payload format 1, "
                + "this build reads format 6); run that shard again.")
    }

    @Test func aBadShardValueIsOneLineNamingTheOptionWithExitStatus2() throws {
        let scratch = try workspace("options")
        let dir = scratch.path
        let cases = [
            ("3/3", "sweep: --shard 3/3 is out of range: shards of 3 are numbered 0 to 2."),
            ("x/2", "sweep: --shard must be I/N with whole numbers 0 ≤ I < N, got 'x/2'."),
            ("0/0", "sweep: --shard 0/0 names no shard: N must be at least 1."),
            ("-1/2", "sweep: --shard must be I/N with whole numbers 0 ≤ I < N, got '-1/2'."),
            // Issue 30 §7: this one crashed (exit 132) and left a partial directory.
            ("0/9223372036854775807", "sweep: --shard 0/9223372036854775807 has too many shards: N must be from 1 to 1000000.")
        ]
        for (value, expected) in cases {
            let run = try cli.sweep("run", dir + "/tiny.yaml", "--shard=" + value, "--output", dir + "/out")
            #expect(run.status == 64, "\(value)")
            #expect(run.stderr == expected + "\n", "\(value): \(run.stderr)")
            #expect(!FileManager.default.fileExists(atPath: dir + "/out"), "\(value): nothing written")
        }
    }
}
