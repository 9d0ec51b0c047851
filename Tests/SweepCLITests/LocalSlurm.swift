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
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-slurm-probe-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
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
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-slurm-\(getpid())-\(name)").path
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

    /// One field of `scontrol show job ID` (`JobState`, `Reason`, `Restarts`…), or nil when there is no such job.
    func job(_ id: String, _ field: String) -> String? {
        guard let shown = try? run("/usr/bin/scontrol", ["show", "job", "-o", id]), shown.status == 0 else { return nil }
        let fields = shown.stdout.split(separator: " ").compactMap { pair -> (Substring, Substring)? in
            guard let equals = pair.firstIndex(of: "=") else { return nil }
            return (pair[..<equals], pair[pair.index(after: equals)...])
        }
        return fields.first { $0.0 == field }.map { String($0.1).trimmingCharacters(in: .whitespacesAndNewlines) }
    }

    /// Waits until job `id` is in one of `states` (its state then), or `seconds` pass (nil, and the test fails).
    @discardableResult
    func wait(for id: String, in states: Set<String>, seconds: Double = 180, sourceLocation: SourceLocation = #_sourceLocation) -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        var state: String?
        while Date() < deadline {
            state = job(id, "JobState")
            if let state, states.contains(state) { return state }
            usleep(200_000)
        }
        Issue.record("job \(id) is \(state ?? "gone"), not \(states.sorted()), after \(seconds) s", sourceLocation: sourceLocation)
        return nil
    }

    /// Runs a program with every signal unblocked (test threads block them, and a child inherits the mask: daemons
    /// and jobs must take SIGTERM as they would under Slurm), its output into files (a daemon it starts may hold
    /// them open after it exits).
    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil, in directory: String? = nil) throws -> ProgramResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-slurm-run-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outFile = scratch.appendingPathComponent("stdout").path, errFile = scratch.appendingPathComponent("stderr").path
        _ = FileManager.default.createFile(atPath: outFile, contents: nil)
        _ = FileManager.default.createFile(atPath: errFile, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle(forWritingAtPath: outFile)
        process.standardError = FileHandle(forWritingAtPath: errFile)
        // Unblocked for the spawn only: while this thread waits, SIGCHLD must stay blocked here, or it would be taken
        // on this thread and never reach the source that tells Process its child has exited.
        var none = sigset_t(), previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        do { try process.run() } catch {
            pthread_sigmask(SIG_SETMASK, &previous, nil)
            throw error
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
        process.waitUntilExit()
        return ProgramResult(
            status: process.terminationStatus, stdout: try String(contentsOfFile: outFile, encoding: .utf8),
            stderr: try String(contentsOfFile: errFile, encoding: .utf8))
    }
}

struct SlurmError: Error, CustomStringConvertible {
    let what: String
    let said: String
    var description: String { "\(what) failed: \(said.trimmingCharacters(in: .whitespacesAndNewlines))" }
}
