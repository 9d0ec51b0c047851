import Foundation
import Logging
import SweepCore
import SweepMetrics
import SweepNode
import SweepPlanning
import SweepReportWriter
import SweepReporting
import Synchronization

/// `sweep submit`'s work, apart from its command line: a coordinator and its workers running one sweep into an output
/// directory, and the reports written from the result.
///
/// In order, ``run(_:)``:
/// 1. claims the output directory (held to the end; one this made and nothing was committed to is removed again if
///    the sweep fails) and decides whether the journal in it is resumed or started over (``OutputOwnership``);
/// 2. makes the ``LocalCluster`` (a private endpoint and the local workers' keys) and counts the scenarios;
/// 3. serves the metrics port, when asked;
/// 4. runs the ``CoordinatorNode``, starting the local workers once its endpoint is bound, until every tree is done or
///    quarantined, a termination signal arrives, or every local worker kept dying with no remote one left;
/// 5. writes the reports (``ReportWriter``) while the coordinator goes on answering (`sweep status`, late workers).
///
/// The command line reads the options and the config, prints, and maps a ``Failure`` or ``Ending`` to an exit status.
public final class Submission: Sendable {
    public let request: Request
    let logger: Logger

    /// `logger`: where the submission's own events go (the coordinator's listening endpoint, the metrics URLs,
    /// resumed units), at the command's level.
    public init(_ request: Request, logger: Logger) {
        self.request = request
        self.logger = logger
    }

    /// Runs the sweep to its end (``Ending``); `observer` sees its progress.
    /// - Throws: ``Failure``, one sentence; nothing of a sweep that committed no unit is left in the directory.
    public func run(_ observer: Observer) throws(Failure) -> Ending {
        let request = request
        guard request.configText.utf8.count <= CoordinatorNode.maxConfigTextBytes else {
            throw .configTooLarge(bytes: request.configText.utf8.count)
        }
        let claim: OutputClaim
        do { claim = try OutputOwnership.claim(request.outputDirectory, keeping: [CoordinatorNode.journalName], create: true, logger: logger) } catch {
            throw .output(error)
        }
        // A directory this made and nothing was committed to is removed again if the sweep fails.
        defer { claim.abandon(removing: [CoordinatorNode.journalName]) { OutputOwnership.journalRecords(in: claim.path) == 0 } }
        let restart: Bool
        do { restart = try OutputOwnership.startsOver(claim, plan: request.plan, restart: request.restart, force: request.force) } catch {
            throw .anotherSweep(error)
        }
        let cluster: LocalCluster
        do {
            cluster = try LocalCluster(
                listen: request.listen, workers: request.localWorkers, security: request.security, insecure: request.insecure,
                executable: request.workerExecutable)
        } catch {
            throw .localCluster(error)
        }
        defer { cluster.close() }
        let scenariosTotal = SweepTiming.countScenarios(request.plan, threads: ProcessInfo.processInfo.activeProcessorCount, logger: logger)
        observer.counted(scenariosTotal)
        let served = try serveMetrics()
        defer { served?.server.stop() }
        return try runCoordinator(claim: claim, restart: restart, cluster: cluster, scenariosTotal: scenariosTotal, served: served, observer)
    }

    /// The coordinator from start to end, and the reports written while it still answers.
    private func runCoordinator(
        claim: OutputClaim, restart: Bool, cluster: LocalCluster, scenariosTotal: Int, served: ServedMetrics?, _ observer: Observer
    ) throws(Failure) -> Ending {
        let liveWorkers = LiveWorkers()
        let node = CoordinatorNode(
            plan: request.plan, configText: request.configText,
            options: coordinatorOptions(
                restart: restart, cluster: cluster, scenariosTotal: scenariosTotal, served: served, liveWorkers: liveWorkers, observer))
        let clock = ContinuousClock(), start = clock.now
        // The local workers keep dying and none is left (nor, with a listen endpoint, any remote one): the sweep stops.
        let listensToOthers = request.listen != nil
        let stop: @Sendable () -> Bool = {
            observer.signalled() != nil || (cluster.givenUp != nil && (!listensToOthers || liveWorkers.count.load(ordering: .relaxed) == 0))
        }
        let alongside = Mutex<String?>(nil)
        let outcome: CoordinatorNode.Outcome
        do {
            outcome = try node.run(stop: stop) { [self] (outcome: CoordinatorNode.Outcome) in
                observer.progressEnded()
                SweepTiming.logSweepTime(SweepTiming.seconds(since: start, clock), component: "submit")
                logger.info("every tree is done or quarantined; writing the reports (sweep status still answers)")
                Self.holdReports(until: request.holdReportsUntil)
                cluster.waitForAll(timeoutSeconds: 5)
                let text = try writeReports(outcome.tallies, claim: claim, durationSeconds: SweepTiming.seconds(since: start, clock), observer)
                observer.progressEnded()
                alongside.withLock { $0 = text }
            }
        } catch let failure as Failure {
            cluster.terminateAll()
            throw failure
        } catch {
            cluster.terminateAll()
            throw .coordinator(error)
        }
        if let signal = observer.signalled(), !outcome.finished {
            observer.progressEnded()
            cluster.terminateAll()
            return .stopped(signal: signal, committed: OutputOwnership.journalRecords(in: claim.path) ?? 0)
        }
        if let cause = cluster.givenUp, stop() {
            observer.progressEnded()
            cluster.terminateAll()
            return .gaveUp(cause: cause, committed: OutputOwnership.journalRecords(in: claim.path) ?? 0)
        }
        if outcome.resumedUnits > 0 { logger.info("resumed units from the journal", metadata: ["units": .stringConvertible(outcome.resumedUnits)]) }
        if outcome.retriedUnits > 0 {
            logger.info("tried again the units an earlier run quarantined", metadata: ["units": .stringConvertible(outcome.retriedUnits)])
        }
        return .finished(Finished(outcome: outcome, seconds: SweepTiming.seconds(since: start, clock), alongside: alongside.withLock { $0 }))
    }

    /// The coordinator's options: the request's tuning, with this submission's endpoint, directory, security, total
    /// and callbacks (progress to the observer and the metrics; the local workers started once the endpoint is bound).
    private func coordinatorOptions(
        restart: Bool, cluster: LocalCluster, scenariosTotal: Int, served: ServedMetrics?, liveWorkers: LiveWorkers, _ observer: Observer
    ) -> CoordinatorNode.Options {
        var options = request.coordinator
        options.listen = cluster.endpoint
        options.outputDirectory = request.outputDirectory
        options.restart = restart
        options.scenariosTotal = scenariosTotal
        options.security = cluster.coordinatorSecurity
        let exporter = served?.metrics
        options.onProgress = { progress in
            observer.progress(progress)
            exporter?.update(progress)
            liveWorkers.count.store(progress.workers, ordering: .relaxed)
        }
        if let live = served?.live { options.onLive = { live.update($0) } }
        let logger = logger, plan = request.plan, localWorkers = request.localWorkers, arguments = request.workerArguments
        options.onListening = { bound in
            logger.info(
                "coordinator listening",
                metadata: [
                    "endpoint": "\(bound)", "plan": "\(PlanText.shape(plan))", "local_workers": .stringConvertible(localWorkers)
                ])
            cluster.spawn(endpoint: bound, arguments: arguments, logger: logger, failed: observer.workerFailed)
        }
        return options
    }

    /// The report files of the finished sweep, written into the claimed directory with the journal kept.
    private func writeReports(_ tallies: SweepTallies, claim: OutputClaim, durationSeconds: Double, _ observer: Observer) throws(Failure)
        -> String?
    {
        var alongside: (@Sendable () -> String)?
        if let make = observer.alongsideReports { alongside = { make(tallies) } }
        do {
            return try ReportWriter.write(
                plan: request.plan, tallies: tallies, configText: request.configText, to: request.outputDirectory,
                keeping: [CoordinatorNode.journalName], claim: claim, durationSeconds: durationSeconds, excel: request.excel,
                swap: request.swap, step: observer.reportStep, alongside: alongside)
        } catch {
            throw .reports(error)
        }
    }

    /// The workers live at the coordinator's last progress report (local and remote).
    final class LiveWorkers: Sendable {
        let count = Atomic<Int>(0)
    }

    /// The metrics port's server, the Prometheus metrics it renders and the live view it serves.
    struct ServedMetrics {
        var server: MetricsServer
        var metrics: CoordinatorMetrics
        var live: LiveView
    }

    /// With ``Request/metrics``: the Prometheus metrics and the live view, served until the submission ends. The
    /// live view samples this process (CPU, memory); every worker, local or remote, reports its own (`load`).
    private func serveMetrics() throws(Failure) -> ServedMetrics? {
        guard let settings = request.metrics else { return nil }
        let coordinator = getpid()
        let live = LiveView(sampler: ProcessSampler { [("coordinator", coordinator)] })
        let metrics = CoordinatorMetrics(sweep: request.plan.config.name, trees: request.plan.totalTrees)
        let server: MetricsServer
        do {
            server = try MetricsServer(host: settings.address, port: UInt16(settings.port), token: settings.token, pages: live.pages) {
                metrics.render()
            }
        } catch {
            throw .metricsServer(error)
        }
        let host = settings.address.contains(":") ? "[\(settings.address)]" : settings.address
        logger.info("serving metrics", metadata: ["url": "http://\(host):\(server.port)/metrics"])
        logger.info(
            "serving the live view", metadata: ["url": .string("http://\(host):\(server.port)/live" + (settings.token.map { "?token=\($0)" } ?? ""))])
        return ServedMetrics(server: server, metrics: metrics, live: live)
    }

    /// Test hook (``Request/holdReportsUntil``): waits (up to a minute) for `path` to exist.
    static func holdReports(until path: String?) {
        guard let path else { return }
        for _ in 0 ..< 6000 where !FileManager.default.fileExists(atPath: path) { usleep(10_000) }
    }
}
