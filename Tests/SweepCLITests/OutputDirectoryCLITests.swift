import Foundation
import SweepJournal
import TestSupport
import Testing

/// Issue 14 §4 and §6 with real processes: a sweep killed at every step of its report swap loses neither its
/// journal nor its directory, a journal is checked before it is trusted, and output directories are never lost
/// or silently replaced.
@Suite(.serialized) struct OutputDirectoryCLITests {
    let cli = SweepCLITests()
    let processes = DistributedFaultTests()

    /// The fault tests' sweep made small, so that the many runs below stay short; `other` is another config.
    static let config = DistributedFaultTests.config.replacingOccurrences(of: "perConfiguration: 400", with: "perConfiguration: 12")

    struct Fixture {
        let config: String
        let other: String
        let reference: String
    }

    static let root = TemporaryDirectory.processWide("sweep-outputs")

    /// The two configs and the `sweep run` reports of the first, made once.
    static let fixture: Result<Fixture, Error> = Result {
        try? FileManager.default.removeItem(atPath: root)
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        try config.write(toFile: root + "/outputs.yaml", atomically: true, encoding: .utf8)
        try config.replacingOccurrences(of: "seed: 9", with: "seed: 10").write(toFile: root + "/other.yaml", atomically: true, encoding: .utf8)
        let run = try SweepCLITests().sweep("run", root + "/outputs.yaml", "--output", root + "/reference", "--quiet")
        guard run.status == 0 else { throw CocoaError(.fileWriteUnknown) }
        return Fixture(config: root + "/outputs.yaml", other: root + "/other.yaml", reference: root + "/reference")
    }

    /// A fresh, empty directory for one case.
    func directory(_ name: String) throws -> String {
        let dir = Self.root + "/" + name
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        return dir
    }

    func listing(_ path: String) -> [String] { ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted() }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    struct Ran {
        var status: Int32
        /// Ended by a signal (SIGKILL) rather than an exit.
        var killed: Bool
        var stderr: String
    }

    /// Runs `sweep` to its end, standard error kept.
    func sweep(_ arguments: [String], log: String) throws -> Ran {
        let process = try processes.start(arguments, stderr: log)
        processes.wait(process, seconds: 120)
        return Ran(
            status: process.terminationStatus, killed: process.terminationReason == .uncaughtSignal,
            stderr: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
    }

    // MARK: §4: a kill in the last millisecond

    /// Calls `body` with a fresh directory and the hidden options that kill `sweep` just before step N of its report
    /// swap (`--kill-at-swap-step N`), for N = 1, 2, … until `body` says the process was not killed (N is past the
    /// last step), with the exchange and then with two renames (`--swap-without-exchange`). Returns the first N that
    /// killed nothing, each way.
    func atEverySwapStep(_ name: String, _ body: (_ dir: String, _ hooks: [String], _ exchange: Bool) throws -> Bool)
        throws -> [Int]
    {
        try [true, false].map { exchange in
            var step = 1
            while true {
                let hooks = ["--kill-at-swap-step", "\(step)"] + (exchange ? [] : ["--swap-without-exchange"])
                guard try body(try directory("\(name)-\(exchange)-\(step)"), hooks, exchange) else { return step }
                step += 1
            }
        }
    }

    /// Runs the `sweep submit` of `arguments` (into `dir`/out) again after it was killed: it says what the killed
    /// sweep left, resumes (its standard error holds `resuming`), exits 0 with the reports of `sweep run` and leaves
    /// nothing beside the directory.
    func expectResumedAfterTheKill(
        _ arguments: [String], dir: String, resuming: String, _ note: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let again = try sweep(arguments, log: dir + "/../again.log")
        #expect(again.status == 0, "\(note): \(again.stderr)", sourceLocation: sourceLocation)
        #expect(
            again.stderr.contains(" notice submit: cleaned up after a killed sweep detail=\"\(dir)/out: a killed sweep left ."), "\(note): \(again.stderr)",
            sourceLocation: sourceLocation)
        #expect(again.stderr.contains(resuming), "\(note): \(again.stderr)", sourceLocation: sourceLocation)
        #expect(listing(dir) == ["out"], "\(note)", sourceLocation: sourceLocation)
        try processes.expectSameReports(dir + "/out", reference: try Self.fixture.get().reference, sourceLocation: sourceLocation)
    }

    /// `sweep submit` killed at every step of its report swap, with the exchange and with two renames. Every time
    /// the journal is still in the directory (with two renames, killed between them: in the old copy beside it),
    /// and the same command again says what the killed sweep left, resumes every unit, writes the reports of
    /// `sweep run` and leaves nothing beside the directory.
    @Test func aSubmitKilledAtEveryStepOfTheReportSwapResumesEveryUnitAndLeavesNothingBehind() throws {
        let f = try Self.fixture.get()
        let steps = try atEverySwapStep("submit-kill") { dir, hooks, exchange in
            let out = dir + "/out"
            let arguments = ["submit", f.config, "--output", out, "--workers", "1", "--unit-seconds", "0.05"]
            let first = try sweep(arguments + hooks, log: dir + "/../submit-kill-first.log")
            guard first.killed else {
                #expect(first.status == 0, "\(first.stderr)")
                return false
            }
            let aside = listing(dir).first { $0.hasPrefix(".out.old-") }
            let journal = exists(out + "/journal.tsj") ? out + "/journal.tsj" : dir + "/" + (aside ?? "?") + "/journal.tsj"
            #expect(exists(out + "/journal.tsj") || (!exchange && exists(journal)), "\(hooks): \(listing(dir))")
            let records = try JournalReader.read(path: journal).resultRecords.count
            try expectResumedAfterTheKill(arguments, dir: dir, resuming: " info submit: resumed units from the journal units=\(records)\n", "\(hooks)")
            return true
        }
        #expect(steps == [4, 5], "keep the journal, install (or move aside and in), remove the old copy: every step was killed once")
    }

    /// `sweep run` over the reports of an earlier run, killed at every step of its swap: the directory holds a
    /// complete report (or, killed between two renames, its old copy waits beside it), and the next run puts
    /// everything in order.
    @Test func aRunKilledAtEveryStepOfItsSwapLeavesACompleteReportAndTheNextRunCleansUp() throws {
        let f = try Self.fixture.get()
        let steps = try atEverySwapStep("run-kill") { dir, hooks, exchange in
            let out = dir + "/out"
            let arguments = ["run", f.config, "--output", out, "--threads", "1"]
            #expect(try sweep(arguments, log: dir + "/../run-kill-0.log").status == 0)
            let killed = try sweep(arguments + hooks, log: dir + "/../run-kill-1.log")
            guard killed.killed else {
                #expect(killed.status == 0, "\(killed.stderr)")
                return false
            }
            if exchange || exists(out) {
                try processes.expectSameReports(out, reference: f.reference)
            } else {
                #expect(listing(dir).contains { $0.hasPrefix(".out.old-") }, "killed between the two renames: the old copy is beside it")
            }
            let again = try sweep(arguments, log: dir + "/../run-kill-2.log")
            #expect(again.status == 0, "\(again.stderr)")
            #expect(again.stderr.contains(" notice run: cleaned up after a killed sweep detail=\"\(out): a killed sweep left .out."), "\(again.stderr)")
            #expect(listing(dir) == ["out"], "\(hooks)")
            try processes.expectSameReports(out, reference: f.reference)
            return true
        }
        #expect(steps == [3, 4], "install (or move aside and in), remove the old copy: every step was killed once")
    }

    static let straceWorks: Bool = {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/strace") else { return false }
        return (try? Program.run(URL(fileURLWithPath: "/usr/bin/strace"), ["-o", "/dev/null", "/bin/true"]))?.status == 0
    }()

    /// The issue's reproduction: strace makes the Nth rename (or link, or exchange) fail and kills the process
    /// there (`inject=…:error=EIO:signal=SIGKILL:when=N`). With two renames, the first is the journal's creation,
    /// the second moves the old directory aside, the third moves the new one in.
    @Test(.enabled(if: straceWorks, "needs strace and permission to trace"))
    func aSubmitKilledByStraceAtEachRenameOfItsSwapResumesOnTheNextRun() throws {
        let f = try Self.fixture.get()
        let cases: [(calls: String, when: Int, exchange: Bool)] = [
            ("link,linkat", 1, true), ("renameat2", 1, true), ("rename,renameat", 2, false), ("rename,renameat", 3, false)
        ]
        for (calls, when, exchange) in cases {
            let dir = try directory("strace-\(calls.replacingOccurrences(of: ",", with: "+"))-\(when)")
            let out = dir + "/out"
            let arguments = ["submit", f.config, "--output", out, "--workers", "1", "--unit-seconds", "0.05"]
            let process = try Program.start(
                URL(fileURLWithPath: "/usr/bin/strace"),
                [
                    "-f", "-o", "/dev/null", "-e", "trace=\(calls)", "-e", "inject=\(calls):error=EIO:signal=SIGKILL:when=\(when)",
                    SweepCLITests.sweepBinary.path
                ] + arguments + (exchange ? [] : ["--swap-without-exchange"]))
            processes.wait(process, seconds: 120)
            #expect(process.terminationStatus != 0, "\(calls) #\(when): the sweep was killed")
            try expectResumedAfterTheKill(arguments, dir: dir, resuming: "resumed ", "\(calls) #\(when)")
        }
    }

    // MARK: §4: a journal is not trusted blindly

    /// A finished submit's directory and its journal's records.
    func finishedSubmit(_ name: String) throws -> (dir: String, out: String, journal: JournalContents, bytes: [UInt8]) {
        let f = try Self.fixture.get()
        let dir = try directory(name)
        let out = dir + "/out"
        let submit = try cli.sweep("submit", f.config, "--output", out, "--workers", "1", "--unit-seconds", "0.05", "--quiet")
        #expect(submit.status == 0, "\(submit.stderr)")
        let journal = try JournalReader.read(path: out + "/journal.tsj")
        #expect(journal.resultRecords.count >= 6)
        return (dir, out, journal, Array(try Data(contentsOf: URL(fileURLWithPath: out + "/journal.tsj"))))
    }

    /// The index among all records (leases too) of the `n`th committed record, from 0.
    func committedRecord(_ n: Int, of journal: JournalContents) throws -> Int {
        try #require(journal.records.indices.filter { journal.records[$0].kind == .committed }.dropFirst(n).first)
    }

    /// A record framed as journal format 2 frames it: its CRC covers the config hash and the body.
    func framed(kind: UInt8, key: String, payload: [UInt8], configHash: String) -> [UInt8] {
        func u32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 0xFF), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        let body = [kind] + u32(key.utf8.count) + Array(key.utf8) + payload
        let crc = body.withUnsafeBytes { CRC32.update(CRC32.checksum(Array(configHash.utf8)), with: $0) }
        return u32(body.count) + u32(Int(crc)) + body
    }

    /// The journal with record `index` replaced by `record`.
    func replacing(_ index: Int, with record: [UInt8], in j: (journal: JournalContents, bytes: [UInt8])) -> [UInt8] {
        let start = j.journal.recordOffsets[index]
        let end = index + 1 < j.journal.recordOffsets.count ? j.journal.recordOffsets[index + 1] : j.bytes.count
        return Array(j.bytes[..<start]) + record + Array(j.bytes[end...])
    }

    /// A record given another unit's key, its CRC made right again; then one whose payload names that unit too.
    /// Either would resume with the wrong totals; both are refused as damage, the journal is cut there with one
    /// line that says how many records went, and the reports are those of `sweep run`.
    @Test func aRecordRelabelledToAnotherUnitIsCutOffWithALineSayingHowManyRecordsWent() throws {
        let f = try Self.fixture.get()
        let (dir, out, journal, bytes) = try finishedSubmit("relabel")
        let committedBefore = 2
        let index = try committedRecord(committedBefore, of: journal)
        let record = journal.records[index]
        let key = record.key // c<configuration>:t<first>-<last>
        let configuration = try #require(Int(key.dropFirst().prefix { $0 != ":" }))
        let other = "c\(configuration ^ 1)" + key.drop { $0 != ":" }
        var payload = record.payload
        payload[3] ^= 1 // the configuration, the payload's first u32: now that of `other`
        let cases = [
            (
                framed(kind: record.kind.rawValue, key: other, payload: record.payload, configHash: journal.configHash),
                "its key \(other) does not name the unit it holds, \(key)"
            ),
            (
                framed(kind: record.kind.rawValue, key: other, payload: payload, configHash: journal.configHash),
                "its result does not belong to unit \(other)"
            )
        ]
        for (relabelled, reason) in cases {
            try Data(replacing(index, with: relabelled, in: (journal, bytes))).write(to: URL(fileURLWithPath: out + "/journal.tsj"))
            let again = try cli.sweep("submit", f.config, "--output", out, "--workers", "1", "--unit-seconds", "0.05")
            #expect(again.status == 0, "\(again.stderr)")
            let dropped = journal.records.count - index
            let lines = again.stderr.split(separator: "\n").filter { $0.contains("was damaged") }
            #expect(lines.count == 1, "\(again.stderr)")
            #expect(
                lines.first?.contains(
                    " warning coordinator: the journal was damaged; the units of the records dropped run again "
                        + "damage=\"dropped \(dropped) records from record \(index + 1) on (byte \(journal.recordOffsets[index]): "
                        + "a record is not what it claims to be (\(reason)") == true, "\(again.stderr)")
            #expect(lines.first?.hasSuffix("\" journal=\(out)/journal.tsj") == true, "\(again.stderr)")
            #expect(again.stderr.contains(" info submit: resumed units from the journal units=\(committedBefore)\n"), "\(again.stderr)")
            try processes.expectSameReports(out, reference: f.reference)
        }
        #expect(listing(dir) == ["out"])
    }

    @Test func damageInTheMiddleOfTheJournalIsCountedAndSaidNotSilentlyDropped() throws {
        let f = try Self.fixture.get()
        let (_, out, journal, bytes) = try finishedSubmit("middle")
        let committedBefore = 3
        let index = try committedRecord(committedBefore, of: journal)
        var damaged = bytes
        damaged[journal.recordOffsets[index] + 20] ^= 0x08
        try Data(damaged).write(to: URL(fileURLWithPath: out + "/journal.tsj"))
        let again = try cli.sweep("submit", f.config, "--output", out, "--workers", "1", "--unit-seconds", "0.05")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stderr.contains(
                " warning coordinator: the journal was damaged; the units of the records dropped run again "
                    + "damage=\"dropped \(journal.records.count - index) records from record \(index + 1) on (byte "
                    + "\(journal.recordOffsets[index]): a record does not match its checksum)\" journal=\(out)/journal.tsj\n"),
            "\(again.stderr)")
        #expect(again.stderr.contains(" info submit: resumed units from the journal units=\(committedBefore)\n"), "\(again.stderr)")
        try processes.expectSameReports(out, reference: f.reference)
    }

    @Test func aJournalThatIsALinkToDevZeroIsRefusedInOneSentenceAndRestartReplacesIt() throws {
        let f = try Self.fixture.get()
        let (_, out, _, _) = try finishedSubmit("dev-zero")
        try FileManager.default.removeItem(atPath: out + "/journal.tsj")
        try FileManager.default.createSymbolicLink(atPath: out + "/journal.tsj", withDestinationPath: "/dev/zero")
        let started = Date()
        let refused = try cli.sweep("submit", f.config, "--output", out, "--workers", "1")
        #expect(Date().timeIntervalSince(started) < 30, "nothing was read from /dev/zero")
        #expect(refused.status == 1)
        #expect(
            refused.stderr == "sweep submit: \(out)/journal.tsj is not a regular file (it is a symbolic link to a character device), so "
                + "it cannot be the sweep's journal: remove it, or run with --restart to start the sweep over\n")
        let restarted = try cli.sweep("submit", f.config, "--output", out, "--workers", "1", "--restart", "--quiet")
        #expect(restarted.status == 0, "\(restarted.stderr)")
        #expect(try FileManager.default.attributesOfItem(atPath: out + "/journal.tsj")[.type] as? FileAttributeType == .typeRegular)
        try processes.expectSameReports(out, reference: f.reference)
    }

    @Test func aJournalOfTheFormerRecordFormatIsRefusedWithTheWayOut() throws {
        let f = try Self.fixture.get()
        let (_, out, _, bytes) = try finishedSubmit("format-2")
        for version: UInt8 in [1, 2] {
            var old = bytes
            old[7] = version // the version field of the header (format 2 had no lease records)
            try Data(old).write(to: URL(fileURLWithPath: out + "/journal.tsj"))
            let refused = try cli.sweep("submit", f.config, "--output", out, "--workers", "1")
            #expect(refused.status == 1)
            #expect(
                refused.stderr == "sweep submit: \(out)/journal.tsj is a journal of another build (journal format \(version); this build reads "
                    + "format 3): it cannot be resumed; run with --restart to start the sweep over\n")
        }
    }

    // MARK: §6: output directories are never lost or silently replaced

    /// `sweep run` into the directory of a running `sweep submit` is refused, and so is a second submit; the live
    /// journal stays. Once the coordinator is killed its lock is gone with it, and the directory is free.
    @Test func aRunIntoTheDirectoryOfARunningSubmitIsRefusedUntilTheSubmitIsGone() throws {
        let f = try Self.fixture.get()
        let dir = try directory("live")
        let out = dir + "/out"
        let coordinator = try processes.start(
            ["submit", f.config, "--output", out, "--workers", "0", "--listen", "ipc://\(dir)/coordinator"],
            stderr: dir + "/../live.log")
        #expect(processes.waitForLog(dir + "/../live.log", "coordinator listening endpoint="))
        for command in ["run", "submit"] {
            let refused = try cli.sweep(command, f.config, "--output", out)
            #expect(refused.status == 1)
            #expect(
                refused.stderr == "sweep \(command): Cannot write the report directory \(out): another sweep that is still running "
                    + "(sweep submit or sweep run) is using it; wait for it to finish, or write somewhere else.\n")
            #expect(exists(out + "/journal.tsj"), "the live journal stays")
        }
        #expect(coordinator.isRunning)
        kill(coordinator.processIdentifier, SIGKILL)
        coordinator.waitUntilExit()
        let run = try cli.sweep("run", f.config, "--output", out, "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        try processes.expectSameReports(out, reference: f.reference)
    }

    @Test func runAndSubmitRefuseTheResultsOfAnotherSweepUnlessForced() throws {
        let f = try Self.fixture.get()
        let dir = try directory("another")
        let out = dir + "/out"
        #expect(try cli.sweep("run", f.config, "--output", out, "--quiet").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: out + "/summary.csv"))
        for command in ["run", "submit"] {
            let refused = try cli.sweep(command, f.other, "--output", out)
            #expect(refused.status == 1)
            #expect(refused.stderr.split(separator: "\n").count == 1, "\(refused.stderr)")
            #expect(refused.stderr.hasPrefix("sweep \(command): \(out) holds the results of another sweep (its plan.yaml is of config hash "))
            #expect(refused.stderr.hasSuffix("); run with --force to replace them, or choose another --output.\n"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/summary.csv")) == before, "nothing was replaced")
        }
        #expect(try cli.sweep("run", f.other, "--output", out, "--force", "--quiet").status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/summary.csv")) != before)
        // A submit's journal is of its config too: refused without --force, started over with it.
        let submit = try cli.sweep("submit", f.config, "--output", out, "--workers", "1", "--force", "--quiet")
        #expect(submit.status == 0, "\(submit.stderr)")
        try processes.expectSameReports(out, reference: f.reference)
        let refused = try cli.sweep("run", f.other, "--output", out)
        #expect(refused.status == 1 && refused.stderr.contains("its journal.tsj is of config hash"), "\(refused.stderr)")
        let forced = try cli.sweep("submit", f.other, "--output", out, "--workers", "1", "--force")
        #expect(forced.status == 0, "\(forced.stderr)")
        #expect(!forced.stderr.contains("resumed"), "another config's journal is started over, not resumed")
    }

    @Test func anOutputNameTooLongForItsTemporaryNameIsRefusedBeforeTheSweepRuns() throws {
        let f = try Self.fixture.get()
        let dir = try directory("long")
        let out = dir + "/new/" + String(repeating: "n", count: 229)
        for command in ["run", "submit"] {
            let refused = try cli.sweep(command, f.config, "--output", out)
            #expect(refused.status == 1)
            #expect(
                refused.stderr == "sweep \(command): Cannot write the report directory \(out): its name is 229 bytes long, and at most 228 "
                    + "fit (it is written under a temporary name 27 bytes longer, and a file name has at most 255 bytes).\n")
            #expect(!refused.stderr.contains("scenarios"), "refused before the sweep ran")
            #expect(listing(dir) == [])
        }
    }

    @Test func pathErrorsAreOneSentenceAndAFailureLeavesNoDirectoryBehind() throws {
        let f = try Self.fixture.get()
        let dir = try directory("paths")
        try Data("file".utf8).write(to: URL(fileURLWithPath: dir + "/plain"))
        let under = dir + "/plain/out"
        for command in ["run", "submit"] {
            let refused = try cli.sweep(command, f.config, "--output", under)
            #expect(refused.status == 1)
            #expect(
                refused.stderr == "sweep \(command): Cannot write the report directory \(under): cannot create the directory \(under) "
                    + "(Not a directory).\n")
        }
        // A file system that refuses (on Linux, /sys): one sentence, never a Foundation error.
        if mkdir("/sys/touchsweep-probe", 0o755) != 0 {
            for command in ["run", "submit"] {
                let refused = try cli.sweep(command, f.config, "--output", "/sys/touchsweep-out/x")
                #expect(refused.status == 1)
                #expect(refused.stderr.split(separator: "\n").count == 1 && !refused.stderr.contains("Error Domain"), "\(refused.stderr)")
                #expect(refused.stderr.hasPrefix("sweep \(command): Cannot write the report directory /sys/touchsweep-out/x: "), "\(refused.stderr)")
            }
        } else {
            _ = rmdir("/sys/touchsweep-probe")
        }
        // A submit that fails after making its directory (the endpoint cannot be bound) removes what it made.
        let failed = try cli.sweep("submit", f.config, "--output", dir + "/a/b/out", "--workers", "1", "--listen", "ipc://\(dir)/no/such/dir")
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(listing(dir) == ["plain"])
    }

    @Test func anOutputThatIsASymbolicLinkKeepsPointingWhereItPointed() throws {
        let f = try Self.fixture.get()
        let dir = try directory("link")
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link", withDestinationPath: "real")
        for arguments in [["run"], ["submit", "--workers", "1"], ["run"]] {
            let result = try cli.sweep([arguments[0], f.config, "--output", dir + "/link", "--quiet"] + arguments.dropFirst())
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link") == "real")
            try processes.expectSameReports(dir + "/link", reference: f.reference)
        }
        #expect(listing(dir) == ["link", "real"])
        #expect(exists(dir + "/real/summary.csv"))
    }
}
