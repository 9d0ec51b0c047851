import Foundation
import TestSupport
import Testing

/// The Slurm scripts of deploy/slurm, run through the stand-in `sbatch`, `srun` and `scontrol` of
/// deploy/slurm/tests/bin (local processes with the SLURM_* variables set; no Slurm cluster is involved):
/// their reports must be `sweep run`'s, byte for byte.
@Suite(.serialized) struct SlurmScriptTests {
    let cli = SweepCLITests()
    static let slurm = Repository.url("deploy/slurm").path
    static let reportNames = ShardCLITests.reportNames

    struct Job {
        let directory: TemporaryDirectory
        var dir: String { directory.path }
        var out: String { dir + "/out" }
        var state: String { dir + "/state" }
        var environment: [String: String]

        /// What the stand-in sbatch recorded for a job (or array task): its exit status, or nil if it never ran.
        func status(_ id: String) -> String? {
            (try? String(contentsOfFile: "\(state)/job-\(id).status", encoding: .utf8))?.trimmingCharacters(in: .whitespacesAndNewlines)
        }

        func log(_ id: String) -> String { (try? String(contentsOfFile: "\(state)/job-\(id).log", encoding: .utf8)) ?? "" }
    }

    /// A fresh directory with the config and the environment a two-node job would see.
    func job(_ name: String, config: String = ShardCLITests.config) throws -> Job {
        let directory = try TemporaryDirectory("sweep-slurm-standin-\(name)")
        let dir = directory.path
        try config.write(toFile: dir + "/tiny.yaml", atomically: true, encoding: .utf8)
        let environment = [
            "PATH": Self.slurm + "/tests/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
            "SBATCH_STANDIN_DIR": dir + "/state",
            "SWEEP_BIN": SweepCLITests.sweepBinary.path,
            "SWEEP_CONFIG": dir + "/tiny.yaml",
            "SWEEP_OUT": dir + "/out",
            "SLURM_JOB_NODELIST": "127.0.0.[1-2]",
            "SLURM_NNODES": "2",
            "SLURM_CPUS_PER_TASK": "1",
            "SWEEP_WORKER_GRACE": "2",
            // A port of its own for every run (the default, 9464, could be taken on a busy test machine).
            "SWEEP_METRICS_PORT": "0"
        ]
        return Job(directory: directory, environment: environment)
    }

    /// Runs `bash script arguments` in the job's directory with its environment, with no signal blocked (as under
    /// Slurm: the scripts' `kill -TERM` must reach their children).
    func bash(_ job: Job, _ script: String, _ arguments: [String] = [], extra: [String: String] = [:]) throws -> SweepCLITests.Result {
        try Program.run(
            URL(fileURLWithPath: "/bin/bash"), [script] + arguments,
            environment: ProcessInfo.processInfo.environment.merging(job.environment.merging(extra) { $1 }) { $1 },
            in: URL(fileURLWithPath: job.dir), unblockingSignals: true)
    }

    /// `sweep run` of the job's config written to `reports` (the path the scripts will write, since
    /// examples.csv names it), then moved to `dir/reference`.
    func reference(_ job: Job, reports: String) throws -> String {
        let run = try cli.sweep("run", job.dir + "/tiny.yaml", "--output", reports, "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        let reference = job.dir + "/reference"
        try FileManager.default.moveItem(atPath: reports, toPath: reference)
        try? FileManager.default.removeItem(atPath: job.out)
        return reference
    }

    func expectSameReports(_ reports: String, _ reference: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for name in Self.reportNames {
            let a = FileManager.default.contents(atPath: reports + "/" + name)
            #expect(
                a != nil && a == FileManager.default.contents(atPath: reference + "/" + name),
                "\(name) differs from sweep run's", sourceLocation: sourceLocation)
        }
    }

    @Test func anArrayOfThreeShardsAndItsMergeWriteTheReportsOfSweepRun() throws {
        let job = try job("array")
        let reference = try reference(job, reports: job.out + "/reports")
        let submit = try bash(job, Self.slurm + "/submit-array.sh", ["3"])
        #expect(submit.status == 0, "\(submit.stderr)")
        #expect(submit.stdout.contains("job array 1001 (0-2), merge: job 1002"), "\(submit.stdout)")
        for task in 0 ..< 3 {
            #expect(job.status("1001_\(task)") == "0", "task \(task): \(job.log("1001_\(task)"))")
            #expect(FileManager.default.fileExists(atPath: "\(job.out)/shards/\(task)/shard.tsj"))
        }
        #expect(job.status("1002") == "0", "merge: \(job.log("1002"))")
        expectSameReports(job.out + "/reports", reference)
    }

    @Test func aFailedShardKeepsTheMergeFromRunningAndAMissingShardIsNamed() throws {
        let job = try job("failed")
        let submit = try bash(job, Self.slurm + "/submit-array.sh", ["2"], extra: ["SWEEP_CONFIG": job.dir + "/missing.yaml"])
        #expect(submit.status == 0, "\(submit.stderr)")
        #expect(job.status("1001_0") == "2" && job.status("1001_1") == "2")
        #expect(job.log("1001_0").contains("missing.yaml"), "\(job.log("1001_0"))")
        #expect(job.status("1002") == nil && FileManager.default.fileExists(atPath: job.state + "/job-1002.never"), "afterok held the merge")
        #expect(!FileManager.default.fileExists(atPath: job.out + "/reports"))

        // Shard 1 of 2 only: merge.sbatch names shard 0.
        let shard = try cli.sweep("run", job.dir + "/tiny.yaml", "--shard", "1/2", "--output", job.out + "/shards/1", "--quiet")
        #expect(shard.status == 0)
        let merge = try bash(job, Self.slurm + "/merge.sbatch", extra: ["SWEEP_SHARDS": "2"])
        #expect(merge.status == 2 && merge.stderr.contains("Shard 0 of 2 is missing"), "\(merge.stderr)")
        // Not an array task: one line, exit status 2.
        let notArray = try bash(job, Self.slurm + "/sweep-array.sbatch")
        #expect(notArray.status == 2 && notArray.stderr.contains("not an array task"))
    }

    /// A TCP port nothing listens on right now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Submits sweep.sbatch through the stand-in sbatch twice (the second time resumes from the journal) and
    /// checks both jobs: the coordinator's exit status 0 is the job's, and the reports are `sweep run`'s.
    func submitCoordinatorJobTwice(_ job: Job, extra: [String: String]) throws {
        let reference = try reference(job, reports: job.out)
        for id in ["1001", "1002"] {
            let submit = try bash(job, Self.slurm + "/tests/bin/sbatch", ["--parsable", Self.slurm + "/sweep.sbatch"], extra: extra)
            #expect(submit.status == 0 && submit.stdout == id + "\n", "\(submit.stdout)\(submit.stderr)")
            #expect(job.status(id) == "0", "job \(id): \(job.log(id))")
            #expect(job.log(id).contains("coordinator on 127.0.0.1:\(extra["SWEEP_PORT"]!), a worker with 1 slots on each of 2 nodes"))
            #expect(job.log(id).contains("sweep.sbatch: coordinator exited with status 0"), "\(job.log(id))")
            expectSameReports(job.out, reference)
        }
        #expect(job.log("1002").contains("resumed"), "the second job resumes: \(job.log("1002"))")
    }

    /// sweep.sbatch end to end: a coordinator on the first node and a worker per node over TCP with generated
    /// keys.
    @Test func coordinatorModeWithGeneratedKeysWritesTheReportsOfSweepRunAndResumes() throws {
        let job = try job("coordinator")
        let keys = try cli.sweep("keys", "generate", "--output", job.dir + "/keys", "--workers", "1")
        #expect(keys.status == 0, "\(keys.stderr)")
        try submitCoordinatorJobTwice(job, extra: ["SWEEP_KEYS": job.dir + "/keys", "SWEEP_PORT": String(try Self.freePort())])
    }
}
