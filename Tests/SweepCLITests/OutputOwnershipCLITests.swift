import Foundation
import Testing

/// Issue 30 item 5 with real processes: a sweep (run, submit, merge, run --shard) deletes only the files a sweep
/// wrote (its marker's list). A directory holding anything else, or a running sweep's directory beneath it, is
/// refused in one sentence with the way out, --force or not; `run --shard` takes the lock run and submit take; and
/// an ordinary re-run into a sweep's own directory still works.
@Suite(.serialized) struct OutputOwnershipCLITests {
    let cli = SweepCLITests()
    let processes = DistributedFaultTests()
    /// The output-directory tests' small sweep, its `sweep run` reports and scratch directories (named `owner-…` here).
    let outputs = OutputDirectoryCLITests()

    func directory(_ name: String) throws -> String { try outputs.directory("owner-" + name) }

    func listing(_ path: String) -> [String] { outputs.listing(path) }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// The one sentence of `sweep command` refusing `out` because it holds `entry`, which no sweep listed.
    func strangerRefusal(_ command: String, _ out: String, holding entry: String) -> String {
        "sweep \(command): Cannot write the report directory \(out): it holds \(entry), which its .touchsweep-output does not list as "
            + "written by a sweep, and a sweep deletes nothing else, --force or not; move it elsewhere, or choose another --output.\n"
    }

    /// A `sweep submit` that waits for remote workers (none come) with its output in `out`, once it is listening.
    func liveSubmit(_ out: String, dir: String) throws -> Process {
        let config = try OutputDirectoryCLITests.fixture.get().config
        let log = dir + "/submit.log"
        let process = try processes.start(["submit", config, "--output", out, "--workers", "0", "--listen", "ipc://\(dir)/coordinator"], stderr: log)
        #expect(processes.waitForLog(log, "coordinator listening endpoint="), "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        return process
    }

    func stop(_ process: Process) {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The reproduction: `sweep run -o /tmp/p` deleted a live submit's `-o /tmp/p/inner` (its resume then found
    /// 0 units). Refused while the submit runs (--force too), and so is every write inside the live directory; once
    /// the submit is gone `inner` is still refused (its marker does not list it), and the submit resumes its journal.
    @Test func aLiveSubmitNestedInsideIsNeitherDeletedNorWrittenInto() throws {
        let f = try OutputDirectoryCLITests.fixture.get()
        let dir = try directory("nested")
        let p = dir + "/p", inner = p + "/inner"
        #expect(try cli.sweep("run", f.config, "--output", p, "--quiet").status == 0)
        let submit = try liveSubmit(inner, dir: dir)
        let journal = contents(inner + "/journal.tsj")
        #expect(journal != nil)
        for extra in [[], ["--force"]] {
            let refused = try cli.sweep(["run", f.config, "--output", p] + extra)
            #expect(refused.status == 1)
            #expect(
                refused.stderr == "sweep run: Cannot write the report directory \(p): another sweep that is still running uses \(inner), inside it; "
                    + "wait for it to finish, or write somewhere else.\n")
        }
        for arguments in [["run", f.config, "--output", inner + "/x"], ["run", f.config, "--shard", "0/2", "--output", inner + "/s"]] {
            let refused = try cli.sweep(arguments)
            #expect(refused.status == 1)
            #expect(
                refused.stderr == "sweep run: Cannot write the report directory \(arguments.last!): it is inside \(inner), the output directory of "
                    + "a sweep that is still running; wait for it to finish, or write somewhere else.\n")
        }
        #expect(submit.isRunning)
        #expect(listing(inner) == [".touchsweep-output", "journal.tsj"] && contents(inner + "/journal.tsj") == journal)
        stop(submit)
        let after = try cli.sweep("run", f.config, "--output", p, "--force")
        #expect(after.status == 1)
        #expect(after.stderr == strangerRefusal("run", p, holding: "inner"))
        try processes.expectSameReports(p, reference: f.reference)
        let resumed = try cli.sweep("submit", f.config, "--output", inner, "--workers", "1", "--quiet")
        #expect(resumed.status == 0, "\(resumed.stderr)")
        try processes.expectSameReports(inner, reference: f.reference)
    }

    /// A user's file in a sweep's directory: every command that would replace the directory refuses, `--force` or
    /// not, and the file and the reports stay as they were. Moved away, the same commands run.
    @Test func aUsersFileIsLeftAloneAndTheSweepRefusedForceOrNot() throws {
        let f = try OutputDirectoryCLITests.fixture.get()
        let dir = try directory("user-file")
        let out = dir + "/out"
        #expect(try cli.sweep("run", f.config, "--output", out, "--quiet").status == 0)
        for i in 0 ..< 2 { #expect(try cli.sweep("run", f.config, "--shard", "\(i)/2", "--output", "\(dir)/s\(i)", "--quiet").status == 0) }
        try Data("my notes".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
        let summary = contents(out + "/summary.csv")
        // --quiet: merge logs its progress before it writes.
        let commands: [[String]] = [
            ["run", f.config, "--output", out], ["run", f.config, "--output", out, "--force"],
            ["submit", f.config, "--output", out, "--workers", "1"], ["submit", f.config, "--output", out, "--workers", "1", "--force"],
            ["merge", "--output", out, dir + "/s0", dir + "/s1"]
        ].map { $0 + ["--quiet"] }
        for arguments in commands {
            let refused = try cli.sweep(arguments)
            #expect(refused.status == 1, "\(arguments)")
            #expect(refused.stderr == strangerRefusal(arguments[0], out, holding: "notes.txt"), "\(arguments)")
            #expect(contents(out + "/notes.txt") == Data("my notes".utf8) && contents(out + "/summary.csv") == summary, "\(arguments)")
        }
        try FileManager.default.removeItem(atPath: out + "/notes.txt")
        for arguments in commands {
            let ran = try cli.sweep(arguments)
            #expect(ran.status == 0, "\(arguments): \(ran.stderr)")
            try processes.expectSameReports(out, reference: f.reference)
        }
    }

    /// `sweep run --shard` into a running submit's directory returned 0, and the submit later deleted its shard file:
    /// now it is refused like a second run or submit, and nothing is written there.
    @Test func runShardTakesTheLockOfRunAndSubmit() throws {
        let f = try OutputDirectoryCLITests.fixture.get()
        let dir = try directory("shard-lock")
        let live = dir + "/live"
        let submit = try liveSubmit(live, dir: dir)
        let refused = try cli.sweep("run", f.config, "--shard", "0/2", "--output", live)
        #expect(refused.status == 1)
        #expect(
            refused.stderr == "sweep run: Cannot write the report directory \(live): another sweep that is still running (sweep submit or "
                + "sweep run) is using it; wait for it to finish, or write somewhere else.\n")
        #expect(listing(live) == [".touchsweep-output", "journal.tsj"])
        stop(submit)
    }

    /// What a sweep wrote it may replace: run, run again, submit, run, merge and a shard again, each into its own
    /// directory, all exit 0 with the reports of `sweep run`, and the directory holds only what the last one wrote.
    @Test func anOrdinaryReRunIntoTheSweepsOwnDirectoryStillWorks() throws {
        let f = try OutputDirectoryCLITests.fixture.get()
        let dir = try directory("again")
        let out = dir + "/out", shard = dir + "/s0"
        for i in 0 ..< 2 { #expect(try cli.sweep("run", f.config, "--shard", "\(i)/2", "--output", "\(dir)/s\(i)", "--quiet").status == 0) }
        let shardBytes = contents(shard + "/shard.tsj")
        #expect(listing(shard) == [".touchsweep-output", "shard.tsj"], "a shard directory is marked and lists its file")
        let again = try cli.sweep("run", f.config, "--shard", "0/2", "--output", shard, "--quiet")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(contents(shard + "/shard.tsj") == shardBytes && listing(shard) == [".touchsweep-output", "shard.tsj"])
        let sequence: [[String]] = [
            ["run", f.config], ["run", f.config], ["submit", f.config, "--workers", "1"], ["run", f.config], ["submit", f.config, "--workers", "1"],
            ["merge", dir + "/s0", dir + "/s1"]
        ]
        for arguments in sequence {
            let ran = try cli.sweep(arguments + ["--output", out, "--quiet"])
            #expect(ran.status == 0, "\(arguments): \(ran.stderr)")
            try processes.expectSameReports(out, reference: f.reference)
            let reports = [
                ".touchsweep-output", "by_gesture.csv", "by_template.csv", "causes.csv", "config.yaml", "effects.csv", "examples.csv", "minimal",
                "model_bands.csv", "plan.yaml", "report.html", "residuals.csv", "summary.csv"
            ]
            #expect(listing(out) == (arguments[0] == "submit" ? (reports + ["journal.tsj"]).sorted() : reports), "\(arguments)")
        }
        #expect(listing(dir) == ["out", "s0", "s1"], "nothing left beside them")
    }
}
