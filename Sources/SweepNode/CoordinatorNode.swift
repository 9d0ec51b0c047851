import Foundation
import Logging
import SweepCore
import SweepDistributed
import SweepJournal
import SweepPlanning
import SweepProtocol
import SweepReporting
import SweepResultCodec
import SweepTransportZMQ
import TouchEngine

/// Runs a sweep's coordinator: its transport, the state machine, the journal and the tallies (the loop itself is
/// ``CoordinatorLoop``; `run` serves it over ZeroMQ, ``open(transport:)`` hands it to a caller with another transport).
///
/// The socket lives on one thread: the caller's, or, when `run` is given finishing work, a thread of its own. Every committed unit is appended
/// to the journal (fsync batched) before its result is acknowledged, so a coordinator that dies can be
/// restarted with the same command and continues where the journal ends.
public final class CoordinatorNode {
    public struct Options: Sendable {
        public var listen: String
        public var outputDirectory: String
        public var restart = false
        public var heartbeatMs = 1000
        public var liveness = 3
        public var retryBudget = 3
        public var targetUnitSeconds = 1.0
        public var maximumTreesPerUnit = 256
        /// Frames larger than this are dropped by libzmq (ZMQ_MAXMSGSIZE) before they are read, and their sender's
        /// connection with them: the largest frame a valid message to the coordinator has (a result payload, 64 MiB).
        /// Whole messages are held to ``InboundLimits`` besides.
        public var maxMessageBytes = Int64(InboundSizes.largestFrame)
        /// CURVE and the allow-list, or plain (a private ipc:// socket, or `--insecure`).
        public var security = CoordinatorSecurity.plain
        /// Status keys (`--status-keys`), with where each came from: with CURVE, a client holding one may ask for
        /// `status` and nothing else; any other message from it is refused and logged. Never a worker, even when
        /// the key is on the allow-list too.
        public var statusKeys: [CurvePublicKey: String] = [:]
        /// A `tcp://` endpoint is served through the ``InboundRelay``, which bounds what each connection can make
        /// libzmq hold. Off only to measure what the relay costs (`engine-bench --dispatch`); no command turns it off.
        public var relay = true
        /// Called every `progressIntervalMs` (and when the sweep finishes) with a progress snapshot.
        public var onProgress: (@Sendable (Progress) -> Void)?
        /// How often `onProgress` is called: twice a second for displays; a benchmark timing the last commit
        /// wants it often.
        public var progressIntervalMs: Int64 = 500
        /// Called like `onProgress` (every `progressIntervalMs`, and when the sweep finishes) with what the live view
        /// shows (`--metrics-port`: `/live`, `/live.json`); nil: no snapshot is made.
        public var onLive: (@Sendable (LiveSnapshot) -> Void)?
        /// Called once the endpoint is bound, with the endpoint workers connect to.
        public var onListening: (@Sendable (String) -> Void)?
        /// The sweep's true scenario total (`SweepPlan.scenarioTotal`), when the caller has counted it already;
        /// else the node counts it before it binds. `sweep status` reports it.
        public var scenariosTotal: Int?
        /// Where events worth logging go (workers joining and leaving, rejected messages, retries, quarantines): one
        /// event per happening, its subject as metadata. None by default.
        public var logger = Logger(label: "coordinator", factory: { _ in SwiftLogNoOpLogHandler() })
        public init(listen: String, outputDirectory: String) { self.listen = listen; self.outputDirectory = outputDirectory }
    }

    public struct Progress: Sendable {
        public var unitsDone: Int, treesDone: Int, treesTotal: Int, scenariosDone: Int, workers: Int, retries: Int, failures: Int
        public var elapsedMs: Int64
        /// Units held by workers, units waiting for a retry, trees not yet handed out.
        public var unitsLeased = 0, unitsQueued = 0, treesUnassigned = 0
        /// Live slots, leases that ended without a result, refused connections.
        public var slots = 0, leaseExpiries = 0, refusals = 0
        /// The distinct workers that have joined so far (live or not).
        public var workersJoined = 0
    }

    public struct Outcome: Sendable {
        public var tallies: SweepTallies
        public var quarantined: [(unit: UnitSpec, reason: String)]
        public var resumedUnits: Int
        /// Units an earlier run quarantined that this run tried again.
        public var retriedUnits: Int
        public var endpoint: String
        /// Every unit committed or quarantined (false when `run` was stopped first).
        public var finished: Bool
    }

    public enum NodeError: Error, CustomStringConvertible {
        case message(String)
        public var description: String { if case .message(let m) = self { return m }; return "" }
    }

    let plan: SweepPlan
    let configText: String
    let options: Options
    let clock: any NodeClock

    /// The most config text (with any embedded screen dumps) a `welcome` message carries to workers.
    public static let maxConfigTextBytes = WireLimits.configTextBytes

    /// `clock`: the real one, or a ``VirtualClock`` for a loop driven in virtual time.
    public init(plan: SweepPlan, configText: String, options: Options, clock: any NodeClock = MonotonicClock()) {
        self.clock = clock
        self.plan = plan
        self.configText = configText
        self.options = options
    }

    public static let journalName = "journal.tsj"

    /// Runs until every unit is committed or quarantined; `stop` can end it early.
    ///
    /// `finishing`, when given, is what the command does with the finished sweep (write its reports). It runs on
    /// the calling thread, like the opening of the journal, while the socket is served from a thread of its own
    /// that goes on answering — `sweep status`, late credits and heartbeats (each told `done`), CURVE handshakes —
    /// until `finishing` returns: a coordinator is never silent while it writes, however long the minimal repros
    /// take. Its error, if it throws, is this call's. Without it, the calling thread serves the socket.
    public func run(stop: @escaping @Sendable () -> Bool = { false }, finishing: ((Outcome) throws -> Void)? = nil) throws -> Outcome {
        let opened = try openJournal()
        defer { try? opened.writer.close() }
        guard let finishing else { return try serve(opened, stop: stop, signal: nil) }

        let signal = FinishSignal()
        let serving = Handoff((self, opened))
        let thread = Thread {
            let (node, opened) = serving.value
            signal.served(Result { try node.serve(opened, stop: stop, signal: signal) })
        }
        thread.name = "touchsweep-coordinator"
        thread.stackSize = 8 << 20
        thread.start()
        guard let outcome = signal.waitForFinish() else {
            // Stopped or failed before the sweep finished: nothing to finish.
            return try signal.waitUntilServed().get()
        }
        do { try finishing(outcome) } catch {
            signal.finishingEnded()
            _ = signal.waitUntilServed()
            throw error
        }
        signal.finishingEnded()
        return try signal.waitUntilServed().get()
    }

    /// What `run` read from the journal before the socket opens.
    struct OpenedJournal {
        var writer: JournalWriter
        var tallies: SweepTallies
        var coverage: [TreeCoverage]
        var resumed: Int
        var retried: Int
        /// The workers an earlier coordinator leased each still open unit to (the journal's lease records).
        var formerLeases: [UnitSpec: Set<WorkerID>] = [:]
    }

    /// Opens the journal and binds `transport`: a loop to drive with ``CoordinatorLoop/pass(nowMs:)`` (tests and
    /// benchmarks drive it in virtual time over an ``InMemoryNetwork``; `run` serves ZeroMQ with it).
    public func open(transport: any CoordinatorTransport) throws -> CoordinatorLoop {
        let opened = try openJournal()
        do { return try CoordinatorLoop(node: self, opened: opened, transport: transport) { clock.nowMs } } catch {
            try? opened.writer.close()
            throw error
        }
    }

    /// Serves the coordinator over ZeroMQ until the sweep is finished (and, with a `signal`, until the finishing
    /// work has ended), and returns the outcome. Everything libzmq lives on the thread that calls it.
    func serve(_ opened: OpenedJournal, stop: @escaping @Sendable () -> Bool, signal: FinishSignal?) throws -> Outcome {
        let transport = try ZMQCoordinatorTransport(
            maxMessageBytes: options.maxMessageBytes, security: options.security,
            statusKeys: options.statusKeys, relay: options.relay, logger: options.logger)
        defer { transport.close() }
        let loop = try CoordinatorLoop(node: self, opened: opened, transport: transport) { clock.nowMs }
        /// Whether the finishing work has been told the sweep is finished.
        var announced = false
        while !loop.finished || (signal.map { !$0.isFinishingDone } ?? false) {
            if stop() { break }
            if loop.finished, !announced, let signal {
                // Every record is on disk before the reports (which link the journal) are written.
                try opened.writer.flush()
                signal.finish(loop.outcome)
                announced = true
            }
            _ = try transport.wait(timeoutMs: Int(min(50, loop.pass.tickMs)))
            try loop.pass(nowMs: clock.nowMs)
        }
        loop.logHeldBackLines()
        try opened.writer.flush()
        if !announced, loop.finished { try loop.answerLateMessages(clock: clock) }
        return loop.outcome
    }

    /// Opens (or creates) the journal in the output directory and replays it (``JournalReplay``): the writer, the
    /// tallies and trees covered, the units resumed, the units an earlier run quarantined that this run tries again,
    /// and the leases of units still open.
    ///
    /// Every record is checked against the plan before it counts (docs/protocol.md, "The journal"): its key must
    /// name the unit its payload holds, the unit must be in the plan, and a committed result must belong to that
    /// unit (`ResultCodec.decode(_:for:)`) and hold exactly the runs of its trees' gestures. The first record that
    /// fails is damage: the journal is cut there and one log line says how many records were dropped (their units
    /// run again). An empty file is no journal: the sweep starts from the beginning, and a line says so.
    func openJournal() throws -> OpenedJournal {
        let directory = options.outputDirectory
        let marker = directory + "/" + OutputDirectory.markerName
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: directory), !existing.isEmpty,
            !FileManager.default.fileExists(atPath: marker)
        {
            throw NodeError.message("\(directory) exists and is not a TouchSweep output directory; choose another --output")
        }
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { String(cString: strerror(Int32($0.code))) }
            throw NodeError.message("cannot create the output directory \(directory) (\(reason ?? "it cannot be created"))")
        }
        // Mark the directory as TouchSweep output, so writing the reports may replace it later.
        if !FileManager.default.fileExists(atPath: marker) {
            guard FileManager.default.createFile(atPath: marker, contents: Data(OutputDirectory.markerText(listing: [Self.journalName]).utf8)) else {
                throw NodeError.message("could not write \(marker); check that the --output directory is writable")
            }
        }
        let path = directory + "/" + Self.journalName
        let empty = isEmptyFile(path)
        if empty && !options.restart {
            options.logger.log(.warning("the journal was empty; the sweep starts from the beginning", ["journal": .text(path)]))
        }
        if FileManager.default.fileExists(atPath: path) && !options.restart && !empty {
            var replay = JournalReplay(plan: plan)
            let writer: JournalWriter, contents: JournalContents
            do {
                (writer, contents) = try JournalWriter.openForAppend(path: path, expectedConfigHash: plan.configHash) { record, _ in
                    try replay.take(record, journal: path)
                }
            } catch let error as JournalError {
                switch error {
                case let .unsupportedVersion(_, found, supported):
                    throw NodeError.message(
                        "\(path) is a journal of another build (journal format \(found); this build reads format \(supported)): "
                            + "it cannot be resumed; run with --restart to start the sweep over")
                case let .notARegularFile(_, kind):
                    throw NodeError.message(
                        "\(path) is not a regular file (it is \(kind)), so it cannot be the sweep's journal: "
                            + "remove it, or run with --restart to start the sweep over")
                case let .notAJournal(_, reason):
                    throw NodeError.message(
                        "\(path) is not a TouchSweep journal (\(reason)), so it cannot be resumed: "
                            + "remove it, or run with --restart to start the sweep over")
                default: throw error
                }
            }
            if let tail = contents.tail {
                options.logger.log(
                    .warning(
                        "the journal was damaged; the units of the records dropped run again",
                        ["journal": .text(path), "damage": .text(tail.summary)]))
            }
            return OpenedJournal(
                writer: writer, tallies: replay.tallies, coverage: replay.coverage, resumed: replay.resumed,
                retried: replay.retried, formerLeases: replay.formerLeases)
        }
        let writer = try JournalWriter.create(path: path, configHash: plan.configHash, headerText: configText, overwrite: true)
        return OpenedJournal(
            writer: writer, tallies: SweepTallies(plan: plan), coverage: Array(repeating: TreeCoverage(), count: plan.configurations.count),
            resumed: 0, retried: 0)
    }

    /// Whether `path` is an empty regular file (not a link). An empty journal, which nothing this build writes leaves
    /// behind (a journal is created with its header in one rename), holds nothing to resume: it is replaced like a
    /// missing one (docs/operations.md, "Resuming").
    func isEmptyFile(_ path: String) -> Bool {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return false }
        return attributes[.type] as? FileAttributeType == .typeRegular && (attributes[.size] as? NSNumber)?.intValue == 0
    }
}

/// A journal record's payload: the unit (configuration, first tree, tree count) then the result bytes.
enum UnitRecordCodec {
    static func encode(unit: UnitSpec, payload: [UInt8]) -> [UInt8] {
        var w = WireWriter(capacity: payload.count + 16)
        w.u32(UInt32(unit.configuration))
        w.u32(UInt32(unit.trees.lowerBound))
        w.u32(UInt32(unit.trees.count))
        w.byteArray(payload)
        return w.bytes
    }

    static func decode(_ bytes: [UInt8]) throws -> (UnitSpec, [UInt8]) {
        var r = WireReader(bytes)
        let c = Int(try r.u32("journal unit configuration"))
        let first = Int(try r.u32("journal unit first tree"))
        let count = Int(try r.u32("journal unit tree count"))
        let payload = try r.byteArray("journal unit payload", maxBytes: 1 << 30)
        try r.expectEnd("the journal unit record")
        return (UnitSpec(configuration: c, trees: first ..< first + count), payload)
    }
}
