import Foundation
import TestSupport
import Testing

/// README.md's "Using it" block, run as a new user would: every line as written, in order, in an empty directory
/// (`.build/release/sweep` there is this build's binary and `configs` the repository's). Its placeholders are
/// documented above the block and made up here: `COORDINATOR` is 127.0.0.1, `big.yaml` a small config, `feed.txt`
/// and `page-source.xml` public dumps; ports 5555 and 9100 become free ones. (The Quick start block's two
/// commands are what CI and the fresh-machine check run.)
@Suite(.serialized) struct ReadmeCommandsTests {
    /// Commands the block shows that this test does not run, each with why.
    static let notRun: [(prefix: String, why: String)] = [
        ("swift build", "the suite runs the binary of the build it is part of"),
        ("make bench", "benchmarks are not tests"),
        ("make install", "InstallCLITests installs into a staging directory")
    ]

    /// The block's commands: continuation lines joined, comments dropped.
    static func commands() throws -> [String] {
        let readme = try Repository.text("README.md")
        let section = try #require(readme.range(of: "## Using it\n")).upperBound
        let open = try #require(readme.range(of: "```sh\n", range: section ..< readme.endIndex)).upperBound
        let close = try #require(readme.range(of: "\n```\n", range: open ..< readme.endIndex)).lowerBound
        var commands: [String] = []
        var pending = ""
        for raw in readme[open ..< close].split(separator: "\n") {
            var line = String(raw)
            if let comment = line.range(of: " # ") ?? line.range(of: "  #") { line = String(line[..<comment.lowerBound]) }
            line = line.trimmingCharacters(in: .whitespaces)
            if line.hasSuffix("\\") {
                pending += line.dropLast().trimmingCharacters(in: .whitespaces) + " "
                continue
            }
            commands.append(pending + line)
            pending = ""
        }
        return commands
    }

    @Test func everyCommandOfUsingItRunsAsWritten() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 25, "\(commands)")
        let scratch = try TemporaryDirectory("readme")
        let dir = scratch.url
        try scratch.directory(".build/release")
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent(".build/release/sweep"), withDestinationURL: Program.sweep)
        try FileManager.default.createSymbolicLink(at: dir.appendingPathComponent("configs"), withDestinationURL: Repository.url("configs"))
        // The placeholders: a sweep long enough for `sweep status` to find it running, and two public dumps.
        let quickstart = try Repository.text("configs/quickstart.yaml")
        try quickstart.replacingOccurrences(of: "name: quickstart", with: "name: big")
            .replacingOccurrences(of: "perConfiguration: 12", with: "perConfiguration: 120")
            .write(to: dir.appendingPathComponent("big.yaml"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(
            at: Repository.url("configs/screens/04-storyboards-tutorial-players-table-lldb.txt"), to: dir.appendingPathComponent("feed.txt"))
        try FileManager.default.copyItem(
            at: Repository.url("configs/accessibility-trees/09-shirates-settings-top-appium-xml.xml"),
            to: dir.appendingPathComponent("page-source.xml"))
        let coordinatorPort = try SlurmScriptTests.freePort(), metricsPort = try SlurmScriptTests.freePort()

        var skipped: [String] = []
        var background: [Process] = []
        for written in commands {
            if let skip = Self.notRun.first(where: { written.hasPrefix($0.prefix) }) {
                skipped.append(skip.prefix)
                continue
            }
            let command = written.replacingOccurrences(of: "COORDINATOR", with: "127.0.0.1")
                .replacingOccurrences(of: ":5555", with: ":\(coordinatorPort)")
                .replacingOccurrences(of: "--metrics-port 9100", with: "--metrics-port \(metricsPort)")
            // The cluster's coordinator waits for workers and its worker runs until the sweep is done: both in the
            // background, so that `sweep status` asks while they work.
            if command.contains(" --workers 0 ") || command.contains(" worker --connect ") {
                background.append(try Program.start(URL(fileURLWithPath: "/bin/bash"), ["-c", command + " > /dev/null 2>&1"], in: dir))
                if command.contains(" --workers 0 ") { try Self.waitForListener(port: coordinatorPort) }
                continue
            }
            let result = try Program.run(URL(fileURLWithPath: "/bin/bash"), ["-c", command], in: dir)
            let expected: Int32 = written.contains(" check out/quickstart --max ") ? 1 : 0
            #expect(result.status == expected, "README: \(written)\n\(result.transcript.suffix(1500))")
            if written.contains(" status tcp://") {
                #expect(result.stdout.contains("worker") || result.stdout.contains("scenarios"), "\(result.stdout)")
            }
        }
        for process in background {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "a background command of the README's cluster example failed")
        }
        #expect(skipped == Self.notRun.map(\.prefix))
        // What the commands wrote is where the README says.
        for file in [
            "out/quickstart/report.html", "out/delays/summary.csv", "report.xml", "min.yaml", "shards/1/shard.tsj", "keys/coordinator.pub", "feed.yaml",
            "Fix.swift", "out/big/summary.csv"
        ] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(file).path), "\(file) is missing")
        }
    }

    /// Waits until something accepts TCP connections on `port` of 127.0.0.1 (at most 20 s).
    static func waitForListener(port: Int) throws {
        for _ in 0 ..< 200 {
            let probe = try Program.run(URL(fileURLWithPath: "/bin/bash"), ["-c", "exec 3<>/dev/tcp/127.0.0.1/\(port)"])
            if probe.status == 0 { return }
            usleep(100_000)
        }
        Issue.record("nothing listens on port \(port)")
    }
}
