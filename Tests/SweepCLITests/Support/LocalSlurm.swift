import Foundation
import TestSupport
import Testing

/// A private single-node Slurm for one test (deploy/slurm/local-cluster.sh): its own slurm.conf, state, spool, logs
/// and munged under a fresh directory, on free ports. `stop()` ends it; so does the script's own watcher once this
/// test process has gone, however it went.
final class LocalSlurm {
    static let script = Repository.url("deploy/slurm/local-cluster.sh").path

    /// Why no cluster can run here, or nil: found once, by starting one and stopping it.
    static let unavailable: String? = {
        guard getuid() == 0 else { return "needs root: slurmd starts jobs as their users (CI runs make test as root)" }
        guard let scratch = try? TemporaryDirectory("sweep-slurm-probe") else { return "no temporary directory could be made" }
        defer { scratch.remove() }
        let dir = scratch.path
        guard let started = try? run("/bin/bash", [script, "start", dir, "--stop-when-gone", "\(getpid())"]) else {
            return "deploy/slurm/local-cluster.sh could not be run"
        }
        _ = try? run("/bin/bash", [script, "stop", dir])
        guard started.status == 0 else {
            return "no Slurm cluster could start here: " + started.stderr.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return nil
    }()

    let dir: String
    var conf: String { dir + "/slurm.conf" }

    /// Starts a cluster in a fresh directory named after the test; its node offers `cpus` CPUs.
    init(_ name: String, cpus: Int = 4) throws {
        // Not a TemporaryDirectory: the directory stays, with the daemons' logs, for a look after a failed test.
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-slurm-cluster-\(getpid())-\(name)").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let started = try Self.run("/bin/bash", [Self.script, "start", dir + "/cluster", "--cpus", "\(cpus)", "--stop-when-gone", "\(getpid())"])
        guard started.status == 0 else { throw SlurmError(what: "local-cluster.sh start", said: started.stderr) }
    }

    /// Cancels its jobs and stops its daemons (the directory stays, with the logs, until the next run of the test).
    func stop() { _ = try? Self.run("/bin/bash", [Self.script, "stop", dir + "/cluster"]) }

    /// The environment of a command that talks to this cluster, with `extra` on top.
    func environment(_ extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["SLURM_CONF"] = dir + "/cluster/slurm.conf"
        return environment.merging(extra) { $1 }
    }

    /// Runs a Slurm command, or a script that submits jobs, against this cluster, in its directory.
    func run(_ executable: String, _ arguments: [String], _ extra: [String: String] = [:]) throws -> ProgramResult {
        try Self.run(executable, arguments, environment: environment(extra), in: dir)
    }

    /// One field of `scontrol show job ID` (`JobState`, `Reason`, `Restarts`…), or nil when there is no such job or
    /// scontrol failed (what it said is kept for ``diagnosis``).
    func job(_ id: String, _ field: String) -> String? {
        let shown: ProgramResult
        do { shown = try run("/usr/bin/scontrol", ["show", "job", "-o", id]) } catch {
            note("scontrol show job \(id): could not run: \(error)")
            return nil
        }
        guard shown.status == 0 else {
            note("scontrol show job \(id): exit \(shown.status): \(shown.stderr.trimmingCharacters(in: .whitespacesAndNewlines))")
            return nil
        }
        let fields = shown.stdout.split(separator: " ").compactMap { pair -> (Substring, Substring)? in
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            return (pair[..<equals], pair[pair.index(after: equals)...])
        }
        return fields.first { $0.0 == field }.map { String($0.1).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Waits until job `id` is in one of `states` (its state then), or `seconds` pass, or the controller has died
    /// (nil, and the test fails with the ``diagnosis``). Every state seen is logged with its time in `dir/polls.log`.
    @discardableResult
    func wait(for id: String, in states: Set<String>, seconds: Double = 600, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let started = Date()
        var state: String?, seen = ""
        while Date().timeIntervalSince(started) < seconds, daemonsAlive {
            state = job(id, "JobState")
            let now = state ?? "unknown"
            if now != seen { note(String(format: "%.1f s: job %@ is %@", Date().timeIntervalSince(started), id, now)) }
            seen = now
            if let state, states.contains(state) { return state }
            usleep(200_000)
        }
        Issue.record(
            "job \(id) is \(state ?? "unknown"), not \(states.sorted()), after \(Int(Date().timeIntervalSince(started))) s\n\(diagnosis)",
            sourceLocation: sourceLocation)
        return nil
    }

    /// Waits until the node is idle: no job on it, none completing (at most `seconds`).
    func waitForIdleNode(seconds: Double = 120) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline && daemonsAlive {
            if let state = try? run("/usr/bin/sinfo", ["-h", "-o", "%T"]), state.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == "idle" {
                return true
            }
            usleep(200_000)
        }
        return false
    }

    /// Whether the controller, the node's daemon and munged are all still running.
    var daemonsAlive: Bool {
        ["slurmctld", "slurmd", "munge/munged"].allSatisfy { name in
            guard let text = try? String(contentsOfFile: "\(dir)/cluster/\(name).pid", encoding: .utf8),
                let pid = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines))
            else { return false }
            return kill(pid, 0) == 0
        }
    }

    /// What a failed wait shows: which daemons run, this test's polls, and the last lines of the daemons' logs.
    var diagnosis: String {
        func tail(_ file: String, _ lines: Int) -> String {
            let text = (try? String(contentsOfFile: dir + "/" + file, encoding: .utf8)) ?? "(no \(file))\n"
            return "--- \(file)\n" + text.split(separator: "\n", omittingEmptySubsequences: false).suffix(lines).joined(separator: "\n")
        }
        return "daemons \(daemonsAlive ? "all running" : "not all running")\n"
            + [tail("polls.log", 12), tail("cluster/slurmctld.log", 15), tail("cluster/slurmd.log", 8)].joined(separator: "\n")
    }

    /// A line with the time for `dir/polls.log`.
    func note(_ line: String) {
        let text = ISO8601DateFormatter().string(from: Date()) + " " + line + "\n"
        guard let handle = FileHandle(forWritingAtPath: dir + "/polls.log") else {
            FileManager.default.createFile(atPath: dir + "/polls.log", contents: Data(text.utf8))
            return
        }
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try? handle.close()
    }

    /// Runs a program with every signal unblocked (daemons and jobs must take SIGTERM as they would under Slurm).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, in directory: String? = nil) throws -> ProgramResult {
        try Program.run(
            URL(fileURLWithPath: executable), arguments, environment: environment,
            in: directory.map { URL(fileURLWithPath: $0) } ?? Repository.root, unblockingSignals: true)
    }
}

struct SlurmError: Error, CustomStringConvertible {
    let what: String
    let said: String
    var description: String { "\(what) failed: \(said.trimmingCharacters(in: .whitespacesAndNewlines))" }
}
