import ArgumentParser
import Foundation
import Logging
import SweepCore
import SweepJournal
import SweepMetrics
import SweepNode
import SweepPlanning
import SweepProtocol
import SweepReporting
import SweepTransportZMQ
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
        var summary: SummaryOptions

        @OptionGroup
        var overrides: ConfigOverrideOptions

        @Option(
            name: .shortAndLong,
            help: OptionRanges.localWorkers.help("Local worker processes to start, by default one per core; 0 for cluster mode"))
        var workers: Int?

        @Option(help: "Endpoint the coordinator binds (default: a private ipc:// socket).")
        var listen: String?

        @Option(name: .shortAndLong, help: "Output directory (default: the config's output).")
        var output: String?

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

        @Flag(name: .shortAndLong, help: QuietHelp.help(printing: "the output directory"))
        var quiet = false

        @OptionGroup
        var strictness: StrictOption

        @OptionGroup
        var csv: ExcelOption

        @OptionGroup(title: "Logging")
        var logging: LogOptions

        /// For tests: a kill at a step of the report swap, a swap without exchange.
        @OptionGroup
        var swapTestHooks: ReportSwapTestHooks

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

        /// Whether the coordinator starts the sweep over: `--restart`, or `--force` over a journal of another sweep.
        /// Without a journal, results of another sweep in the directory are refused unless forced.
        func startsOver(_ claim: OutputClaim, plan: SweepPlan) throws -> Bool {
            guard FileManager.default.fileExists(atPath: claim.path + "/" + CoordinatorNode.journalName) else {
                try refuseAnotherSweep(in: claim, plan: plan, journal: false, force: force || restart, command: "sweep submit")
                return restart
            }
            // The journal says which sweep the directory holds; the coordinator refuses another's unless told.
            return restart || (force && otherSweep(in: claim.path, hash: plan.configHash, journal: true)?.file == Journal.defaultFileName)
        }

        /// With `--metrics-port`: the Prometheus metrics and the live view, served until the command ends.
        /// The live view samples this process (CPU, memory); every worker, local or remote, reports its own (`load`).
        func serveMetrics(plan: SweepPlan, cluster: LocalCluster, logger: Logger) throws -> (
            server: MetricsServer, metrics: CoordinatorMetrics, live: LiveView
        )? {
            guard let metricsPort else { return nil }
            let coordinator = getpid()
            let live = LiveView(sampler: ProcessSampler { [("coordinator", coordinator)] })
            let metrics = CoordinatorMetrics(sweep: plan.config.name, trees: plan.totalTrees)
            let address = metricsAccess.address(listen: listen)
            let token = try metricsAccess.token()
            do {
                let server = try MetricsServer(host: address, port: UInt16(metricsPort), token: token, pages: live.pages) { metrics.render() }
                let host = address.contains(":") ? "[\(address)]" : address
                logger.info("serving metrics", metadata: ["url": "http://\(host):\(server.port)/metrics"])
                logger.info(
                    "serving the live view",
                    metadata: ["url": .string("http://\(host):\(server.port)/live" + (token.map { "?token=\($0)" } ?? ""))])
                return (server, metrics, live)
            } catch {
                printError("sweep submit: --metrics-port \(metricsPort): \(error)")
                throw ExitCode(1)
            }
        }

        /// The coordinator's options from this command's: endpoint, journal, heartbeats, unit sizing, status keys and
        /// the coordinator's logger (this command's level).
        func coordinatorOptions(endpoint: String, directory: String, restart: Bool, logger: Logger) throws -> CoordinatorNode.Options {
            var options = CoordinatorNode.Options(listen: endpoint, outputDirectory: directory)
            options.restart = restart
            options.heartbeatMs = heartbeatMs
            options.liveness = liveness
            options.targetUnitSeconds = unitSeconds
            options.maximumTreesPerUnit = maxUnitTrees
            options.maxMessageBytes = maxMessageBytes
            options.statusKeys = try security.resolveStatusKeys(command: "sweep submit")
            options.logger = Logger(label: "coordinator")
            options.logger.logLevel = logger.logLevel
            return options
        }

        /// What the finished sweep says: the resumed and retried units, the summary and final line (or, with
        /// `--quiet`, the directory), and the quarantined units (exit status 3).
        func report(
            _ outcome: CoordinatorNode.Outcome, plan: SweepPlan, directory: String, seconds: Double, progress: SubmitProgress,
            localWorkers: Int, logger: Logger, summaryText: String?
        ) throws {
            if outcome.resumedUnits > 0 { logger.info("resumed units from the journal", metadata: ["units": .stringConvertible(outcome.resumedUnits)]) }
            if outcome.retriedUnits > 0 {
                logger.info("tried again the units an earlier run quarantined", metadata: ["units": .stringConvertible(outcome.retriedUnits)])
            }
            if quiet {
                print(directory)
            } else {
                print(summaryText ?? TerminalSummary.render(plan: plan, tallies: outcome.tallies, layout: summary.layout))
                print(progress.finalText(scenarios: outcome.tallies.runs, seconds: seconds, localWorkers: localWorkers))
                print(summary.layout.wrap(reportsWrittenLines(directory: directory, plan: plan, note: " (journal: \(CoordinatorNode.journalName))")))
            }
            if !outcome.quarantined.isEmpty {
                printError("sweep submit: \(outcome.quarantined.count) units failed and were left out of the reports:")
                for q in outcome.quarantined { printError("  \(q.unit.id): \(q.reason)") }
                throw ExitStatus.quarantined
            }
        }

        func run() throws {
            let (sweepConfig, configText) = try readSweepConfig(config, overrides: overrides.overrides, command: "sweep submit")
            guard configText.utf8.count <= CoordinatorNode.maxConfigTextBytes else {
                printError(
                    "sweep submit: \(config): the config with its embedded screen dumps is \(configText.utf8.count) bytes, "
                        + "more than the \(CoordinatorNode.maxConfigTextBytes) bytes workers accept; sweep fewer or smaller screens")
                throw ExitStatus.badInput
            }
            let plan = SweepPlan(sweepConfig)
            try strictness.check(plan, command: "sweep submit")
            let directory = output ?? sweepConfig.output
            // The directory is held from here to the end: no other sweep can take it while this one runs.
            let claim = try claimOutput(directory, keeping: [CoordinatorNode.journalName], create: true, command: "sweep submit")
            // A directory this command made and nothing was committed to is removed again if the sweep fails.
            defer { claim.abandon(removing: [CoordinatorNode.journalName]) { journalRecords(in: claim.path) == 0 } }
            let restart = try startsOver(claim, plan: plan)
            let localWorkers = workers ?? ProcessInfo.processInfo.activeProcessorCount
            let coordinatorSecurity = try security.resolve(command: "sweep submit")
            if security.insecure, let listen { insecureWarning(command: "sweep submit", endpoint: listen) }
            // The private directory for the local endpoint and the local workers' keys, and the local workers.
            let cluster: LocalCluster
            do {
                cluster = try LocalCluster(listen: listen, workers: localWorkers, security: coordinatorSecurity, insecure: security.insecure)
            } catch {
                printError("sweep submit: \(error)")
                throw ExitCode(1)
            }
            defer { cluster.close() }

            let logger = Logger(label: "submit")
            let scenariosTotal = countScenarios(plan, threads: ProcessInfo.processInfo.activeProcessorCount, logger: logger)
            let display = SubmitProgress(enabled: !quiet, scenariosTotal: scenariosTotal)
            let served = try serveMetrics(plan: plan, cluster: cluster, logger: logger)
            defer { served?.server.stop() }
            let exporter = served?.metrics, live = served?.live
            var options = try coordinatorOptions(endpoint: cluster.endpoint, directory: directory, restart: restart, logger: logger)
            options.scenariosTotal = scenariosTotal
            options.security = cluster.coordinatorSecurity
            let liveWorkers = Atomic<Int>(0)
            options.onProgress = {
                display.update($0); exporter?.update($0)
                liveWorkers.store($0.workers, ordering: .relaxed)
            }
            if let live { options.onLive = { live.update($0) } }
            // Local workers log in this command's format at its level, but only what is worth a look (notice and
            // above), so they do not repeat what the coordinator says.
            let spawnArguments = logging.arguments(atLeast: .notice) + workerTestHooks.arguments
            let listening = logger
            options.onListening = { bound in
                listening.info(
                    "coordinator listening",
                    metadata: [
                        "endpoint": "\(bound)", "plan": "\(PlanText.shape(plan))",
                        "local_workers": .stringConvertible(localWorkers)
                    ])
                cluster.spawn(endpoint: bound, arguments: spawnArguments, logger: listening) { printError("sweep submit: \($0)") }
            }
            let node = CoordinatorNode(plan: plan, configText: configText, options: options)
            let outcome: CoordinatorNode.Outcome
            let clock = ContinuousClock()
            let start = clock.now
            // The reports are written while the coordinator, on its own thread, goes on answering (`sweep status`,
            // late workers).
            // The local workers keep dying and none is left (nor, with --listen, any remote one): the sweep stops.
            let listensToOthers = listen != nil
            // Or SIGTERM / SIGINT: the coordinator stops serving, its journal flushed, and the command says how to resume.
            TerminationSignal.catchTermination()
            let stop: @Sendable () -> Bool = {
                TerminationSignal.received != nil
                    || (cluster.givenUp != nil && (!listensToOthers || liveWorkers.load(ordering: .relaxed) == 0))
            }
            // The terminal summary, made beside the reports.
            let summaryText = Mutex<String?>(nil)
            let layout = summary.layout, quiet = quiet
            do {
                outcome = try node.run(
                    stop: stop,
                    finishing: { outcome in
                        display.finish()
                        logSweepTime(seconds(since: start, clock), component: "submit")
                        logger.info("every tree is done or quarantined; writing the reports (sweep status still answers)")
                        holdReports(until: holdReportsUntil)
                        cluster.waitForAll(timeoutSeconds: 5)
                        let tallies = outcome.tallies
                        let text = try writeReports(
                            plan: plan, tallies: tallies, configText: configText, to: directory,
                            keeping: [CoordinatorNode.journalName], claim: claim, durationSeconds: seconds(since: start, clock),
                            excel: csv.excel, swap: swapTestHooks.swapOptions, command: "sweep submit", display: display.line,
                            alongside: terminalSummary(quiet: quiet, plan: plan, tallies: tallies, layout: layout))
                        summaryText.withLock { $0 = text }
                    })
            } catch let exit as ExitCode {
                cluster.terminateAll()
                throw exit
            } catch {
                cluster.terminateAll()
                printError("sweep submit: \(error)")
                throw ExitCode(1)
            }
            if let number = TerminationSignal.received, !outcome.finished {
                display.finish()
                cluster.terminateAll()
                let committed = journalRecords(in: claim.path) ?? 0
                printError(
                    "sweep submit: stopped by \(TerminationSignal.name(number)) with \(committed) units committed to \(directory)/"
                        + "\(CoordinatorNode.journalName); run the same command again to resume")
                throw ExitStatus.signalled(number)
            }
            if let cause = cluster.givenUp, stop() {
                display.finish()
                cluster.terminateAll()
                let committed = journalRecords(in: claim.path) ?? 0
                printError(
                    "sweep submit: \(cause); fix the cause and run the same command again"
                        + (committed > 0 ? " (it resumes the \(committed) units committed to \(directory)/\(CoordinatorNode.journalName))." : "."))
                throw ExitStatus.quarantined
            }
            let duration = seconds(since: start, clock)
            try report(
                outcome, plan: plan, directory: directory, seconds: duration, progress: display, localWorkers: localWorkers, logger: logger,
                summaryText: summaryText.withLock { $0 })
        }
    }
}

/// The number of committed and quarantined records (leases left out) in the journal of the output directory
/// `directory`: nil when it has no readable journal.
func journalRecords(in directory: String) -> Int? {
    (try? JournalReader.read(path: directory + "/" + CoordinatorNode.journalName))?.resultRecords.count
}

/// Test hook (`--hold-reports-until PATH`): a finished coordinator waits (up to a minute) for PATH to exist before it
/// writes the reports, so a test can talk to it while it writes. Not for use outside tests.
func holdReports(until path: String?) {
    guard let path else { return }
    for _ in 0 ..< 6000 where !FileManager.default.fileExists(atPath: path) { usleep(10_000) }
}

/// A submitted sweep's progress line (``ClusterProgress``) on the command's `ProgressDisplay` (a live line on a
/// terminal, a log event every few seconds otherwise). The coordinator reports from its own thread.
final class SubmitProgress: Sendable {
    private let display: ProgressDisplay
    private let progress: Mutex<ClusterProgress>

    init(enabled: Bool, scenariosTotal: Int) {
        display = ProgressDisplay(enabled: enabled, command: "sweep submit")
        progress = Mutex(ClusterProgress(scenariosTotal: scenariosTotal))
    }

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
