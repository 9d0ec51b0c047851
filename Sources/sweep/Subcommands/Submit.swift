import ArgumentParser
import Foundation
import Logging
import SweepCore
import SweepNode
import SweepPlanning
import SweepProtocol
import SweepSubmission
import Synchronization

extension SweepCommand {
    /// `sweep submit config.yaml`: a coordinator plus workers, locally or on a cluster.
    struct Submit: ParsableCommand, LoggingCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a sweep through a coordinator and worker processes (locally, or with remote workers).",
            discussion: """
                By default starts a coordinator on a private local endpoint and one worker process per core \
                (--workers N). With --listen tcp://HOST:PORT --workers 0 it waits for `sweep worker --connect` \
                from any machine. Committed units are journaled in the output directory: running the same \
                command again after a crash resumes. Reports are the same files `sweep run` writes, byte for byte. \
                A directory that holds another sweep's results (another config hash) is refused unless --force (or \
                --restart); one another running sweep uses is refused. \
                A local worker that dies is replaced (3 times in a row per worker at most). Exits 0 when every unit \
                succeeded, 3 when some were quarantined (listed on standard error) or when every local worker kept \
                dying (the cause named); a usage error is exit 2.
                """
        )

        @Argument(help: "The sweep config (YAML).")
        var config: String

        @OptionGroup
        var reports: ReportOptions

        @OptionGroup
        var overrides: ConfigOverrideOptions

        @Option(
            name: .shortAndLong,
            help: OptionRanges.localWorkers.help("Local worker processes to start, by default one per core; 0 for cluster mode"))
        var workers: Int?

        @Option(help: "Endpoint the coordinator binds (default: a private ipc:// socket).")
        var listen: String?

        @Flag(help: "Start over even if the output directory holds a journal of another config.")
        var restart = false

        @Flag(
            help:
                "Replace an output directory that holds the results of another sweep (another config); its journal is started over. Files no sweep wrote are never deleted."
        )
        var force = false

        @Option(help: OptionRanges.heartbeatMs.help("Heartbeat interval in milliseconds"))
        var heartbeatMs = 1000

        @Option(help: OptionRanges.liveness.help("Heartbeat intervals of silence before a worker is declared dead"))
        var liveness = 3

        @OptionGroup
        var strictness: StrictOption

        @OptionGroup(title: "Logging")
        var logging: LogOptions

        @Option(help: OptionRanges.unitSeconds.help("Aim for work units of about this many seconds once their cost is measured"))
        var unitSeconds = 1.0

        @Option(help: OptionRanges.maxUnitTrees.help("At most this many trees per work unit; a worker's trees should fit its CPU cache"))
        var maxUnitTrees = 256

        @Option(help: OptionRanges.maxMessageBytes.help("The largest frame libzmq accepts (ZMQ_MAXMSGSIZE)", hidden: true))
        var maxMessageBytes = Int64(WireLimits.payloadBytes)

        @Option(
            help: OptionRanges.metricsPort.help(
                "Serve Prometheus metrics at http://ADDRESS:PORT/metrics and the live view at /live and /live.json "
                    + "while the sweep runs; 0: any free port, logged"))
        var metricsPort: Int?

        @OptionGroup(title: "The metrics port")
        var metricsAccess: MetricsAccessOptions

        @OptionGroup(title: "Security (any tcp:// endpoint)")
        var security: CoordinatorSecurityOptions

        /// For tests: passed on to the local workers (`--fail-tree`, `--engine-version`).
        @OptionGroup
        var workerTestHooks: WorkerTestHooks

        /// For tests: a finished coordinator waits (up to a minute) for this file to exist before it writes the
        /// reports, so a test can talk to it while it writes.
        @Option(help: .hidden)
        var holdReportsUntil: String?

        func validate() throws {
            try OptionRanges.localWorkers.check(workers)
            try OptionRanges.heartbeatMs.check(heartbeatMs)
            try OptionRanges.liveness.check(liveness)
            try OptionRanges.maxUnitTrees.check(maxUnitTrees)
            try OptionRanges.unitSeconds.check(unitSeconds)
            try OptionRanges.maxMessageBytes.check(maxMessageBytes)
            try OptionRanges.metricsPort.check(metricsPort)
            try metricsAccess.validate(metricsPort: metricsPort)
            if workers == 0 && listen == nil {
                throw ValidationError("--workers 0 needs --listen (e.g. tcp://0.0.0.0:5555) so remote workers can join.")
            }
            try security.validate(endpoint: listen)
        }

        func run() throws {
            let (sweepConfig, configText) = try readSweepConfig(config, overrides: overrides.overrides, command: "sweep submit")
            let plan = SweepPlan(sweepConfig)
            try strictness.check(plan, command: "sweep submit")
            let submission = Submission(
                try request(plan: plan, configText: configText, output: reports.output ?? sweepConfig.output), logger: Logger(label: "submit"))
            let request = submission.request
            let display = SubmitProgress(enabled: !reports.quiet)
            var observer = Submission.Observer()
            observer.counted = { display.start(scenariosTotal: $0) }
            observer.progress = { display.update($0) }
            observer.progressEnded = { display.finish() }
            observer.reportStep = { display.line.reportStep($0) }
            observer.workerFailed = { printError("sweep submit: \($0)") }
            observer.signalled = { TerminationSignal.received }
            observer.alongsideReports = reports.terminalSummary(plan: plan)
            // SIGTERM / SIGINT: the coordinator stops serving, its journal flushed, and the command says how to resume.
            TerminationSignal.catchTermination()
            let ending: Submission.Ending
            do { ending = try submission.run(observer) } catch {
                display.finish()
                throw failed(error)
            }
            display.finish()
            try report(ending, plan: plan, directory: request.outputDirectory, localWorkers: request.localWorkers, progress: display)
        }

        /// The submission this command's options ask for.
        func request(plan: SweepPlan, configText: String, output: String) throws -> Submission.Request {
            var request = Submission.Request(
                plan: plan, configText: configText, outputDirectory: output,
                localWorkers: workers ?? ProcessInfo.processInfo.activeProcessorCount)
            request.listen = listen
            request.restart = restart
            request.force = force
            request.security = try security.resolve(command: "sweep submit")
            request.insecure = security.insecure
            if security.insecure, let listen { insecureWarning(command: "sweep submit", endpoint: listen) }
            request.coordinator.heartbeatMs = heartbeatMs
            request.coordinator.liveness = liveness
            request.coordinator.targetUnitSeconds = unitSeconds
            request.coordinator.maximumTreesPerUnit = maxUnitTrees
            request.coordinator.maxMessageBytes = maxMessageBytes
            request.coordinator.statusKeys = try security.resolveStatusKeys(command: "sweep submit")
            request.coordinator.logger = Logger(label: "coordinator")
            request.coordinator.logger.logLevel = Logger(label: "submit").logLevel
            if let metricsPort {
                request.metrics = Submission.Metrics(address: metricsAccess.address(listen: listen), port: metricsPort, token: try metricsAccess.token())
            }
            // Local workers log in this command's format at its level, but only what is worth a look (notice and
            // above), so they do not repeat what the coordinator says.
            request.workerArguments = logging.arguments(atLeast: .notice) + workerTestHooks.arguments
            request.excel = reports.csv.excel
            request.swap = reports.swapTestHooks.swapOptions
            request.holdReportsUntil = holdReportsUntil
            return request
        }

        /// A failure printed as `sweep submit: sentence`, and its exit status: 2 for a config too large, else 1.
        func failed(_ failure: Submission.Failure) -> Error {
            switch failure {
            case .configTooLarge:
                printError("sweep submit: \(config): \(failure)")
                return ExitStatus.badInput
            case let .metricsServer(error):
                printError("sweep submit: --metrics-port \(metricsPort ?? 0): \(error)")
            default:
                printError("sweep submit: \(failure)")
            }
            return ExitCode(1)
        }

        /// What the ended sweep says: with every tree done, the summary and final line (or, with `--quiet`, the
        /// directory) and the quarantined units (exit status 3); stopped by a signal or given up, how to resume.
        func report(_ ending: Submission.Ending, plan: SweepPlan, directory: String, localWorkers: Int, progress: SubmitProgress) throws {
            switch ending {
            case let .stopped(signal, committed):
                printError(
                    "sweep submit: stopped by \(TerminationSignal.name(signal)) with \(committed) units committed to \(directory)/"
                        + "\(CoordinatorNode.journalName); run the same command again to resume")
                throw ExitStatus.signalled(signal)
            case let .gaveUp(cause, committed):
                printError(
                    "sweep submit: \(cause); fix the cause and run the same command again"
                        + (committed > 0 ? " (it resumes the \(committed) units committed to \(directory)/\(CoordinatorNode.journalName))." : "."))
                throw ExitStatus.quarantined
            case let .finished(finished):
                let outcome = finished.outcome
                reports.printFinished(
                    directory: directory, plan: plan, tallies: outcome.tallies, summaryText: finished.alongside,
                    finalLine: progress.finalText(scenarios: outcome.tallies.runs, seconds: finished.seconds, localWorkers: localWorkers),
                    note: " (journal: \(CoordinatorNode.journalName))")
                if !outcome.quarantined.isEmpty {
                    printError("sweep submit: \(outcome.quarantined.count) units failed and were left out of the reports:")
                    for q in outcome.quarantined { printError("  \(q.unit.id): \(q.reason)") }
                    throw ExitStatus.quarantined
                }
            }
        }
    }
}

/// A submitted sweep's progress line (``ClusterProgress``) on the command's `ProgressDisplay` (a live line on a
/// terminal, a log event every few seconds otherwise). The coordinator reports from its own thread.
final class SubmitProgress: Sendable {
    private let display: ProgressDisplay
    private let progress: Mutex<ClusterProgress>

    init(enabled: Bool) {
        display = ProgressDisplay(enabled: enabled, command: "sweep submit")
        progress = Mutex(ClusterProgress(scenariosTotal: 0))
    }

    /// The scenarios are counted: the line shows them against this total from now on.
    func start(scenariosTotal: Int) { progress.withLock { $0 = ClusterProgress(scenariosTotal: scenariosTotal) } }

    func update(_ report: CoordinatorNode.Progress) {
        let (text, figures) = progress.withLock { $0.update(report) }
        display.show(text, figures)
    }

    func finish() { display.finish() }

    /// The display itself, for the report steps after the last tree.
    var line: ProgressDisplay { display }

    func finalText(scenarios: Int, seconds: Double, localWorkers: Int) -> String {
        progress.withLock { $0.finalText(scenarios: scenarios, seconds: seconds, localWorkers: localWorkers) }
    }
}
