import Foundation
import TestSupport
import Testing

/// Issue 30 §9, with real processes: `sweep submit --workers N` replaces a local worker that dies, and exits 3
/// naming the cause once its local workers keep dying, instead of waiting for ever with "0 workers".
extension DistributedFaultTests {
    @Test func everyLocalWorkerKilledMidSweepIsReplacedAndTheReportsAreThoseOfRun() throws {
        let f = try fixture("local-killed")
        let out = f.dir + "/out", log = f.dir + "/submit.log"
        let submit = try start(["submit", f.config, "--output", out, "--workers", "2", "--unit-seconds", "0.05"], stderr: log)
        // Once both have joined (and the sweep, a few seconds long, has begun), both are killed.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, Self.joined(log) < 2 { usleep(20_000) }
        #expect(Self.joined(log) == 2, "the two local workers joined")
        let first = Self.children(of: submit.processIdentifier)
        #expect(first.count == 2, "two local workers: \(first)")
        for pid in first { kill(pid, SIGKILL) }
        #expect(wait(submit) == 0, "\((try? String(contentsOfFile: log, encoding: .utf8)) ?? "")")
        let said = try String(contentsOfFile: log, encoding: .utf8)
        let replaced = said.split(separator: "\n").filter {
            $0.contains("warning submit: a local worker died; starting another cause=\"was killed by signal 9 (SIGKILL)\"")
        }
        #expect(replaced.count == 2, "\(said)")
        // Each slot's new worker joined (with the same id: the coordinator took the units back at its hello).
        #expect(Self.joined(log) == 4, "\(said)")
        try expectSameReports(out, f)
    }

    @Test func localWorkersThatAlwaysDieAtStartEndTheSubmitWithExit3NamingTheCause() throws {
        let f = try fixture("local-dying")
        // The hook makes every local worker announce another engine: the coordinator refuses it and it exits 2.
        for (workers, extra) in [("2", [String]()), ("1", ["--listen", "ipc://\(f.dir)/listening"])] {
            let out = f.dir + "/out-\(workers)", log = f.dir + "/submit-\(workers).log"
            let started = Date()
            let submit = try start(
                ["submit", f.config, "--output", out, "--workers", workers, "--engine-version", "touchsweep-engine-0"] + extra, stderr: log)
            #expect(wait(submit, seconds: 60) == 3)
            #expect(Date().timeIntervalSince(started) < 30, "given up within a bounded time")
            let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            let started4 = workers == "2" ? "8 were started for 2 slots" : "4 were started for 1 slot"
            #expect(
                lines.last?.hasPrefix(
                    "sweep submit: every local worker died: \(started4), and each slot's workers ended 4 times in a row; "
                        + "the last exited with status 2 after writing 'sweep worker: the coordinator refused this worker: this coordinator "
                        + "runs engine touchsweep-engine-9 and results from two engines never mix") == true, "\(lines.last ?? "")")
            #expect(lines.last?.hasSuffix("'; fix the cause and run the same command again.") == true, "\(lines.last ?? "")")
            #expect(!FileManager.default.fileExists(atPath: out), "nothing was committed: no directory is left")
        }
    }

    /// How many `worker joined` events the log at `path` holds.
    static func joined(_ path: String) -> Int {
        ((try? String(contentsOfFile: path, encoding: .utf8)) ?? "").components(separatedBy: " info coordinator: worker joined ").count - 1
    }

    /// The processes whose parent is `pid` (from /proc).
    static func children(of pid: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { Int32($0) }.filter { child in
            guard let stat = try? String(contentsOfFile: "/proc/\(child)/stat", encoding: .utf8),
                let close = stat.range(of: ")", options: .backwards)
            else { return false }
            // After the command's name: state, then the parent's pid.
            let fields = stat[close.upperBound...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == pid
        }
    }
}
