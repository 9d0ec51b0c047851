import Foundation
import Logging
import SweepCore
import SweepNode
import SweepPlanning
import SweepReportWriter
import SweepSubmission
import Synchronization
import TestSupport
import Testing

/// A submission run in this process: the coordinator over ZeroMQ on a private `ipc://` socket, remote workers on
/// threads of their own (`WorkerNode.run`), or local worker processes that cannot start.
@Suite("Submission")
struct SubmissionTests {
    let plan: SweepPlan
    /// Removed when the test ends.
    let scratch: TemporaryDirectory

    init() throws {
        plan = SweepPlan(try SweepConfigLoader.load(yaml: TinySweep.yaml, path: "tiny.yaml"))
        scratch = try TemporaryDirectory("submission")
    }

    /// A request for the tiny sweep into `scratch/out`, listening on a socket in `scratch`, with no local workers.
    func request(configText: String = TinySweep.yaml) -> Submission.Request {
        var request = Submission.Request(
            plan: plan, configText: configText, outputDirectory: scratch.file("out"), localWorkers: 0)
        request.listen = "ipc://" + scratch.file("coordinator")
        request.coordinator.heartbeatMs = 100
        return request
    }

    /// `count` workers of one slot each on threads, connected to `endpoint`, until the coordinator says done.
    func startWorkers(_ count: Int, endpoint: String) -> [Thread] {
        (0 ..< count).map { index in
            let thread = Thread {
                var options = WorkerNode.Options(connect: endpoint, slots: 1, workerID: "thread-\(index)")
                options.reportsLoad = false
                _ = try? WorkerNode(options: options).run()
            }
            thread.start()
            return thread
        }
    }

    @Test("Two remote workers finish the sweep: the reports are a local run's, the journal stays, the observer saw it all")
    func remoteWorkersFinishTheSweep() throws {
        let request = request()
        _ = startWorkers(2, endpoint: request.listen!)
        let counted = Mutex<Int?>(nil), progressed = Mutex(0), steps = Mutex<[String]>([])
        var observer = Submission.Observer()
        observer.counted = { total in counted.withLock { $0 = total } }
        observer.progress = { _ in progressed.withLock { $0 += 1 } }
        observer.reportStep = { step in if step.finished { steps.withLock { $0.append(step.name) } } }
        observer.alongsideReports = { tallies in "runs \(tallies.runs)" }

        let ending = try Submission(request, logger: Logger(label: "submit")).run(observer)

        guard case let .finished(finished) = ending else {
            Issue.record("expected the sweep to finish, it ended \(ending)")
            return
        }
        let local = ParallelSweep.run(plan, threads: 2)
        #expect(finished.outcome.quarantined.isEmpty)
        #expect(finished.outcome.tallies.runs == local.runs)
        #expect(finished.alongside == "runs \(local.runs)")
        #expect(counted.withLock { $0 } == plan.scenarioTotal(threads: 1))
        #expect(progressed.withLock { $0 } >= 1)
        #expect(steps.withLock { $0.last } == ReportWriter.writingStep)
        let expected = try ReportWriter.files(
            plan: plan, tallies: local, configText: TinySweep.yaml, outputDirectory: request.outputDirectory)
        for file in expected where file.name != "report.html" {
            let written = try String(contentsOfFile: request.outputDirectory + "/" + file.name, encoding: .utf8)
            #expect(written == file.contents, "\(file.name) differs from a local run's")
        }
        #expect(OutputOwnership.journalRecords(in: request.outputDirectory) ?? 0 > 0)
    }

    @Test("A config larger than workers accept is refused before the output directory is made")
    func aConfigTooLargeIsRefused() throws {
        let padded = TinySweep.yaml + "\n#" + String(repeating: "x", count: CoordinatorNode.maxConfigTextBytes)
        let request = request(configText: padded)

        #expect {
            try Submission(request, logger: Logger(label: "submit")).run(Submission.Observer())
        } throws: { error in
            guard case .configTooLarge = error as? Submission.Failure else { return false }
            return "\(error)".contains("workers accept")
        }
        #expect(!FileManager.default.fileExists(atPath: request.outputDirectory))
    }

    @Test("Another sweep's results are refused and left as they are, unless forced")
    func anotherSweepsResultsAreRefused() throws {
        let request = request()
        let other = SweepPlan(try SweepConfigLoader.load(yaml: TinySweep(seed: 6).yaml, path: "other.yaml"))
        try ReportWriter.write(
            plan: other, tallies: ParallelSweep.run(other, threads: 2), configText: TinySweep(seed: 6).yaml, to: request.outputDirectory)
        let summaryFile = request.outputDirectory + "/summary.csv"
        let summary = try String(contentsOfFile: summaryFile, encoding: .utf8)

        #expect {
            try Submission(request, logger: Logger(label: "submit")).run(Submission.Observer())
        } throws: { error in
            guard case let .anotherSweep(refusal) = error as? Submission.Failure else { return false }
            return refusal.hash == other.configHash && refusal.ours == plan.configHash && refusal.file == "plan.yaml"
        }
        #expect(try String(contentsOfFile: summaryFile, encoding: .utf8) == summary)

        var forced = request
        forced.force = true
        _ = startWorkers(1, endpoint: forced.listen!)
        let ending = try Submission(forced, logger: Logger(label: "submit")).run(Submission.Observer())
        guard case .finished = ending else {
            Issue.record("expected --force to replace the other sweep's results, it ended \(ending)")
            return
        }
        #expect(try String(contentsOfFile: request.outputDirectory + "/plan.yaml", encoding: .utf8).contains(plan.configHash))
    }

    @Test("A termination signal stops it: no unit committed, and the directory it made is removed again")
    func aSignalStopsIt() throws {
        let request = request()
        var observer = Submission.Observer()
        observer.signalled = { SIGTERM }

        let ending = try Submission(request, logger: Logger(label: "submit")).run(observer)

        guard case let .stopped(signal, committed) = ending else {
            Issue.record("expected a stop, it ended \(ending)")
            return
        }
        #expect(signal == SIGTERM)
        #expect(committed == 0)
        #expect(!FileManager.default.fileExists(atPath: request.outputDirectory))
    }

    @Test("Local workers that cannot run are given up, and the submission ends saying why")
    func localWorkersThatCannotRunGiveUp() throws {
        var request = request()
        request.listen = nil
        request.localWorkers = 1
        request.workerExecutable = URL(fileURLWithPath: "/bin/false")

        let ending = try Submission(request, logger: Logger(label: "submit")).run(Submission.Observer())

        guard case let .gaveUp(cause, committed) = ending else {
            Issue.record("expected the local workers to be given up, it ended \(ending)")
            return
        }
        #expect(cause.contains("exit"), "\(cause)")
        #expect(committed == 0)
        #expect(!FileManager.default.fileExists(atPath: request.outputDirectory))
    }
}
