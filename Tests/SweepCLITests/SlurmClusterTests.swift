import Foundation
import TestSupport
import Testing

/// The Slurm scripts of deploy/slurm on a real Slurm (issue 36 §1): Debian's slurm-wlm as a private single-node
/// cluster per test (``LocalSlurm``), jobs scheduled, signalled, cancelled and requeued by Slurm itself. Their
/// reports must be `sweep run`'s, byte for byte.
@Suite(.serialized, .enabled(if: LocalSlurm.unavailable == nil, Comment(rawValue: LocalSlurm.unavailable ?? "")))
struct SlurmClusterTests {
    let faults = DistributedFaultTests()
    static let slurm = Repository.url("deploy/slurm").path

    /// A cluster, and a directory in it holding the shard tests' config and `sweep run`'s reports of it, written
    /// to `out/reports` (the path the merge writes: examples.csv names it) and moved to `reference`.
    func shardWorkspace(_ name: String) throws -> (cluster: LocalSlurm, environment: [String: String], reference: String) {
        let cluster = try LocalSlurm(name)
        let config = cluster.dir + "/tiny.yaml"
        try ShardCLITests.config.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try faults.cli.sweep("run", config, "--output", cluster.dir + "/out/reports", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        try FileManager.default.moveItem(atPath: cluster.dir + "/out/reports", toPath: cluster.dir + "/reference")
        let environment = [
            "SWEEP_BIN": SweepCLITests.sweepBinary.path, "SWEEP_CONFIG": config, "SWEEP_OUT": cluster.dir + "/out"
        ]
        return (cluster, environment, cluster.dir + "/reference")
    }

    /// The two job ids a submit script prints: `… job array 12 (…), merge: job 13 …`.
    static func jobIDs(_ said: String) -> (array: String, merge: String)? {
        guard let array = said.range(of: "job array ").map({ said[$0.upperBound...].prefix { $0.isNumber } }),
            let merge = said.range(of: "merge: job ").map({ said[$0.upperBound...].prefix { $0.isNumber } }), !array.isEmpty, !merge.isEmpty
        else { return nil }
        return (String(array), String(merge))
    }

    /// The reports of one `sweep run`, byte for byte (the stand-in tests' comparison).
    func expectSameReports(_ reports: String, _ reference: String, sourceLocation: SourceLocation = #_sourceLocation) {
        SlurmScriptTests().expectSameReports(reports, reference, sourceLocation: sourceLocation)
    }

    @Test func anArrayOfThreeShardsAndItsMergeRunBySlurmWriteTheReportsOfSweepRun() throws {
        let (cluster, environment, reference) = try shardWorkspace("array")
        defer { cluster.stop() }
        let submit = try cluster.run(Self.slurm + "/submit-array.sh", ["3", "--cpus-per-task=1"], environment)
        #expect(submit.status == 0, "\(submit.stderr)")
        let ids = try #require(Self.jobIDs(submit.stdout), "\(submit.stdout)")
        #expect(cluster.wait(for: ids.merge, in: ["COMPLETED", "FAILED", "CANCELLED"]) == "COMPLETED", "merge: \(cluster.job(ids.merge, "Reason") ?? "")")
        for task in 0 ..< 3 {
            #expect(cluster.job("\(ids.array)_\(task)", "JobState") == "COMPLETED", "shard \(task)")
            #expect(FileManager.default.fileExists(atPath: "\(cluster.dir)/out/shards/\(task)/shard.tsj"))
        }
        expectSameReports(cluster.dir + "/out/reports", reference)
        compareReports("slurm shard array and merge", cluster.dir + "/out/reports", reference)
    }

    /// A shard cancelled (`scancel` of one array task) fails the merge's `afterok`, and Slurm cancels the merge
    /// (`--kill-on-invalid-dep=yes`) rather than leave it pending; resubmit-shards.sh reruns that shard alone and
    /// merges: the reports of `sweep run`, and the shards that had finished are not run again.
    @Test func aCancelledShardCancelsTheMergeAndResubmittingThatShardAloneFinishesTheSweep() throws {
        let (cluster, environment, reference) = try shardWorkspace("cancelled")
        defer { cluster.stop() }
        // Held, so that the cancel meets the task before it runs (a running one is cancelled the same way).
        let submit = try cluster.run(Self.slurm + "/submit-array.sh", ["3", "--cpus-per-task=1", "--hold"], environment)
        let ids = try #require(Self.jobIDs(submit.stdout), "\(submit.stdout) \(submit.stderr)")
        #expect(try cluster.run("/usr/bin/scancel", ["\(ids.array)_1"]).status == 0)
        #expect(try cluster.run("/usr/bin/scontrol", ["release", ids.array]).status == 0)
        #expect(cluster.wait(for: ids.merge, in: ["CANCELLED", "COMPLETED", "FAILED"]) == "CANCELLED")
        #expect(cluster.job(ids.merge, "Reason") == "DependencyNeverSatisfied")
        for task in [0, 2] { cluster.wait(for: "\(ids.array)_\(task)", in: ["COMPLETED"]) }
        #expect(!FileManager.default.fileExists(atPath: cluster.dir + "/out/reports"), "no merge ran")
        #expect(!FileManager.default.fileExists(atPath: cluster.dir + "/out/shards/1"))
        let finished = try [0, 2].map {
            try FileManager.default.attributesOfItem(atPath: "\(cluster.dir)/out/shards/\($0)/shard.tsj")[.modificationDate] as? Date
        }

        let again = try cluster.run(Self.slurm + "/resubmit-shards.sh", ["3", "1", "--cpus-per-task=1"], environment)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(again.stdout.contains("resubmit-shards.sh: shards 1 of 3: job array "), "\(again.stdout)")
        let rerun = try #require(Self.jobIDs(again.stdout), "\(again.stdout)")
        #expect(cluster.wait(for: rerun.merge, in: ["COMPLETED", "FAILED", "CANCELLED"]) == "COMPLETED")
        #expect(cluster.job(rerun.array + "_1", "JobState") == "COMPLETED")
        expectSameReports(cluster.dir + "/out/reports", reference)
        compareReports("slurm shard cancelled and resubmitted", cluster.dir + "/out/reports", reference)
        let after = try [0, 2].map { try FileManager.default.attributesOfItem(atPath: "\(cluster.dir)/out/shards/\($0)/shard.tsj")[.modificationDate] as? Date }
        #expect(after == finished, "the shards that had finished were not run again")
        // A shard that does not exist is refused before anything is submitted.
        let wrong = try cluster.run(Self.slurm + "/resubmit-shards.sh", ["3", "3"], environment)
        #expect(wrong.status == 2 && wrong.stderr == "resubmit-shards.sh: shard 3 does not exist: the shards are 0 to 2\n", "\(wrong.stderr)")
    }

    /// sweep.sbatch: the coordinator and a worker as job steps over CURVE TCP; `sweep status` (the status key) and
    /// the metrics answer during the run; `scontrol requeue` mid-run kills the steps, the job starts again
    /// (`--requeue`) and its coordinator resumes from the journal; the reports are `sweep run`'s.
    @Test func aCoordinatorJobCanBeWatchedAndAfterARequeueResumesFromItsJournalToTheReportsOfSweepRun() throws {
        let f = try faults.fixture("slurm-coordinator")
        let cluster = try LocalSlurm("coordinator")
        defer { cluster.stop() }
        let keys = f.dir + "/keys", out = f.dir + "/out"
        #expect(try faults.cli.sweep("keys", "generate", "--output", keys, "--workers", "1").status == 0)
        let port = try SlurmScriptTests.freePort()
        let environment = [
            "SWEEP_BIN": SweepCLITests.sweepBinary.path, "SWEEP_CONFIG": f.config, "SWEEP_OUT": out, "SWEEP_KEYS": keys,
            "SWEEP_PORT": "\(port)", "SWEEP_METRICS_PORT": "0", "SWEEP_WORKER_GRACE": "2", "SWEEP_SUBMIT_OPTIONS": "--unit-seconds 0.05"
        ]
        let log = f.dir + "/job.log"
        let submitted = try cluster.run(
            "/usr/bin/sbatch", ["--parsable", "--nodes=1", "--cpus-per-task=2", "--output=\(log)", Self.slurm + "/sweep.sbatch"], environment)
        #expect(submitted.status == 0, "\(submitted.stderr)")
        let job = submitted.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(cluster.job(job, "Requeue") == "1", "the script asks for --requeue")

        // Watched while it runs: `sweep status` with the status key, and the metrics on the port from the job's log.
        let endpoint = "tcp://127.0.0.1:\(port)", asStatus = ["--coordinator-key", keys + "/coordinator.pub", "--key", keys + "/status.secret"]
        var done = 0, total = 0
        for _ in 0 ..< 600 where done == 0 {
            usleep(100_000)
            // Until the coordinator is up, no answer: that is not a failure here.
            guard let answer = try? faults.cli.sweep(["status", endpoint, "--json", "--timeout", "2"] + asStatus), answer.status == 0,
                let document = try? JSONSerialization.jsonObject(with: Data(answer.stdout.utf8)) as? [String: Any]
            else { continue }
            let trees = document["trees"] as? [String: Int] ?? [:]
            done = trees["done"] ?? 0
            total = trees["total"] ?? 0
        }
        #expect(done > 0 && done < total, "requeued mid-run: \(done) of \(total) trees")
        let jobLog = try String(contentsOfFile: log, encoding: .utf8)
        let metricsPort = try #require(
            jobLog.range(of: "serving metrics url=http://0.0.0.0:").map { Int(jobLog[$0.upperBound...].prefix { $0.isNumber }) } ?? nil, "\(jobLog)")
        #expect(ServiceFaultTests().scrape(port: metricsPort)?.contains("touchsweep_") == true)

        #expect(try cluster.run("/usr/bin/scontrol", ["requeue", job]).status == 0)
        let requeued = Date()
        cluster.wait(for: job, in: ["PENDING"], seconds: 300)
        // Slurm holds a requeued job back for a while before it may start again; let it start now, once the node
        // has finished killing the first run (started earlier, slurmd refuses the launch and the job fails), and in a
        // later second than the requeue: slurmd revokes the first run's credential at one-second resolution, so a
        // launch within the same second is refused too ("Job credential revoked").
        #expect(cluster.waitForIdleNode(), "\(cluster.diagnosis)")
        let sinceRequeue = Date().timeIntervalSince(requeued)
        if sinceRequeue < 1.5 { usleep(UInt32((1.5 - sinceRequeue) * 1_000_000)) }
        #expect(try cluster.run("/usr/bin/scontrol", ["update", "JobId=\(job)", "StartTime=now"]).status == 0)
        #expect(
            cluster.wait(for: job, in: ["COMPLETED", "FAILED", "CANCELLED"]) == "COMPLETED",
            "\(String(describing: try? String(contentsOfFile: log, encoding: .utf8)))")
        #expect(cluster.job(job, "Restarts") == "1")
        let whole = try String(contentsOfFile: log, encoding: .utf8)
        #expect(whole.contains("(restart 1: resuming from the journal)"), "\(whole)")
        // The requeue's SIGTERM reached the coordinator step: it stopped with its journal flushed.
        #expect(whole.contains("sweep submit: stopped by SIGTERM with "), "\(whole)")
        let resumed = whole.range(of: "resumed units from the journal units=").map { Int(whole[$0.upperBound...].prefix { $0.isNumber }) ?? 0 } ?? 0
        #expect(resumed > 0, "\(whole)")
        #expect(whole.contains("sweep.sbatch: coordinator exited with status 0"))
        try faults.expectSameReports(out, f)
        compareReports("slurm coordinator job, requeued mid-run", out, f.reference)
    }
}
