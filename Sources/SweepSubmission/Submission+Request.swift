import Foundation
import SweepCore
import SweepNode
import SweepPlanning
import SweepReportWriter
import SweepReporting
import SweepTransportZMQ

extension Submission {
    /// What to run and how: the sweep, its output directory, the coordinator's endpoint and tuning, the local
    /// workers, the metrics port and the reports' form.
    public struct Request: Sendable {
        public var plan: SweepPlan
        /// The config's text, as workers receive it and the journal and config.yaml keep it.
        public var configText: String
        public var outputDirectory: String
        /// The endpoint the coordinator binds; nil: a private `ipc://` socket.
        public var listen: String?
        /// Local worker processes to start (one slot each); 0 with a `listen` endpoint: remote workers only.
        public var localWorkers: Int
        /// Start over even when the directory holds a journal of another config.
        public var restart = false
        /// Replace the results of another sweep in the directory.
        public var force = false
        /// The coordinator's CURVE keys and allow-list, or plain.
        public var security = CoordinatorSecurity.plain
        /// The local workers are told `--insecure` too.
        public var insecure = false
        /// Heartbeats, liveness, unit sizing, the frame limit, status keys and the coordinator's logger. The
        /// submission sets the endpoint, the directory, `restart`, the security, the scenario total and the callbacks.
        public var coordinator: CoordinatorNode.Options
        /// Serve Prometheus metrics and the live view while the sweep runs; nil: no metrics port.
        public var metrics: Metrics?
        /// Passed on to every local worker (logging, test hooks).
        public var workerArguments: [String] = []
        /// The `sweep` binary local workers run; nil: this same executable.
        public var workerExecutable: URL?
        /// Every CSV file starts with a UTF-8 byte order mark (`--excel`).
        public var excel = false
        /// The report swap's options (tests use its hooks).
        public var swap = OutputDirectory.SwapOptions()
        /// Test hook: a finished coordinator waits (up to a minute) for this file to exist before it writes the
        /// reports, so a test can talk to it while it writes.
        public var holdReportsUntil: String?

        public init(plan: SweepPlan, configText: String, outputDirectory: String, localWorkers: Int) {
            self.plan = plan
            self.configText = configText
            self.outputDirectory = outputDirectory
            self.localWorkers = localWorkers
            coordinator = CoordinatorNode.Options(listen: "", outputDirectory: outputDirectory)
        }
    }

    /// The metrics port: `http://ADDRESS:PORT/metrics`, `/live` and `/live.json`; port 0: any free port, logged.
    public struct Metrics: Sendable {
        public var address: String
        public var port: Int
        /// The token the live view asks for; nil: the live view is public.
        public var token: String?
        public init(address: String, port: Int, token: String?) { self.address = address; self.port = port; self.token = token }
    }

    /// What the caller sees of a submission while it runs. Every callback may come from any thread.
    public struct Observer: Sendable {
        /// The scenarios are counted, before the coordinator binds.
        public var counted: @Sendable (_ scenariosTotal: Int) -> Void = { _ in }
        /// Twice a second and when the sweep finishes (``CoordinatorNode/Progress``).
        public var progress: @Sendable (CoordinatorNode.Progress) -> Void = { _ in }
        /// A live progress line should end here: the last tree is done, the reports are written, or the sweep
        /// stops (it may come more than once).
        public var progressEnded: @Sendable () -> Void = {}
        /// Each report step's start and end (``ReportWriter/Step``).
        public var reportStep: @Sendable (ReportWriter.Step) -> Void = { _ in }
        /// A local worker could not start, in one sentence.
        public var workerFailed: @Sendable (String) -> Void = { _ in }
        /// The termination signal received so far, if any: the coordinator stops, its journal flushed.
        public var signalled: @Sendable () -> Int32? = { nil }
        /// Made from the finished sweep's tallies on another core while the reports are written (a terminal summary);
        /// its text is in the ending.
        public var alongsideReports: (@Sendable (SweepTallies) -> String)?
        public init() {}
    }

    /// Why a submission could not run or finish, in one sentence.
    public enum Failure: Error, CustomStringConvertible {
        /// The config with its embedded screen dumps is larger than workers accept.
        case configTooLarge(bytes: Int)
        /// The output directory cannot be claimed (``OutputDirectory/claim(_:keeping:create:)``).
        case output(any Error)
        /// The directory holds another sweep's results.
        case anotherSweep(OutputOwnership.AnotherSweep)
        /// The private directory or the local workers' keys could not be made.
        case localCluster(any Error)
        /// The metrics port could not be served.
        case metricsServer(any Error)
        /// The coordinator failed (its endpoint, its journal).
        case coordinator(any Error)
        /// The reports could not be written.
        case reports(any Error)

        public var description: String {
            switch self {
            case let .configTooLarge(bytes):
                "the config with its embedded screen dumps is \(bytes) bytes, more than the \(CoordinatorNode.maxConfigTextBytes) bytes "
                    + "workers accept; sweep fewer or smaller screens"
            case let .anotherSweep(refusal): refusal.description
            case let .output(error), let .localCluster(error), let .metricsServer(error), let .coordinator(error), let .reports(error):
                "\(error)"
            }
        }
    }

    /// How a submission ended.
    public enum Ending: Sendable {
        /// Every tree is done or quarantined and the reports are written.
        case finished(Finished)
        /// A termination signal stopped it before the end, with this many units committed to the journal.
        case stopped(signal: Int32, committed: Int)
        /// Every local worker kept dying (and no remote one was left): `cause` names why.
        case gaveUp(cause: String, committed: Int)
    }

    /// A finished submission: the coordinator's outcome, its time (from the coordinator's start to the reports written),
    /// and the text made beside the reports (``Observer/alongsideReports``).
    public struct Finished: Sendable {
        public var outcome: CoordinatorNode.Outcome
        public var seconds: Double
        public var alongside: String?
    }
}
