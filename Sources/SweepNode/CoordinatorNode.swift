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

/// Runs a sweep's coordinator: the ROUTER socket, the state machine, the journal and the tallies.
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
        /// connection with them: the largest frame the protocol allows (a result payload, 64 MiB).
        public var maxMessageBytes = Int64(WireLimits.payloadBytes)
        /// CURVE and the allow-list, or plain (a private ipc:// socket, or `--insecure`).
        public var security = CoordinatorSecurity.plain
        /// Status keys (`--status-keys`), with where each came from: with CURVE, a client holding one may ask for
        /// `status` and nothing else; any other message from it is refused and logged. Never a worker, even when
        /// the key is on the allow-list too.
        public var statusKeys: [CurvePublicKey: String] = [:]
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
    }

    public enum NodeError: Error, CustomStringConvertible {
        case message(String)
        public var description: String { if case .message(let m) = self { return m }; return "" }
    }

    let plan: SweepPlan
    let configText: String
    let options: Options
    let clock = MonotonicClock()

    /// The most config text (with any embedded screen dumps) a `welcome` message carries to workers.
    public static let maxConfigTextBytes = WireLimits.configTextBytes

    public init(plan: SweepPlan, configText: String, options: Options) {
        self.plan = plan
        self.configText = configText
        self.options = options
    }

    public static let journalName = "journal.tsj"
    /// Messages read between two sends of the outbox within one pass: small enough that workers are not left
    /// waiting for a whole pass, large enough that each batch carries many units.
    static let flushEvery = 64

    /// Runs until every unit is committed or quarantined; `stop` can end it early.
    ///
    /// `finishing`, when given, is what the command does with the finished sweep (write its reports). It runs on
    /// the calling thread, like the opening of the journal, while the socket is served from a thread of its own
    /// that goes on answering — `sweep status`, late credits and heartbeats (each told `done`), CURVE handshakes —
    /// until `finishing` returns: a coordinator is never silent while it writes, however long the minimal repros
    /// take. Its error, if it throws, is this call's. Without it, the calling thread serves the socket.
    public func run(stop: @escaping @Sendable () -> Bool = { false }, finishing: ((Outcome) throws -> Void)? = nil) throws -> Outcome {
        var tallies = SweepTallies(plan: plan)
        var coverage = Array(repeating: TreeCoverage(), count: plan.configurations.count)
        let (journal, resumed, retried) = try openJournal(tallies: &tallies, coverage: &coverage)
        defer { try? journal.close() }
        let opened = OpenedJournal(writer: journal, tallies: tallies, coverage: coverage, resumed: resumed, retried: retried)
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
    }

    /// The coordinator's loop: binds the socket, serves it until the sweep is finished (and, with a `signal`, until
    /// the finishing work has ended), and returns the outcome. Everything libzmq lives on the thread that calls it.
    func serve(_ opened: OpenedJournal, stop: @escaping @Sendable () -> Bool, signal: FinishSignal?) throws -> Outcome {
        var tallies = opened.tallies
        let journal = opened.writer
        let (resumed, retried) = (opened.resumed, opened.retried)
        var quarantined: [(unit: UnitSpec, reason: String)] = []
        var settings = CoordinatorSettings(sweepID: plan.config.name, configHash: plan.configHash, configText: configText,
                                           engineVersion: EngineVersion.current)
        settings.heartbeatMs = options.heartbeatMs
        settings.liveness = options.liveness
        settings.retryBudget = options.retryBudget
        settings.targetUnitSeconds = options.targetUnitSeconds
        settings.maximumTreesPerUnit = options.maximumTreesPerUnit
        var machine = CoordinatorStateMachine(settings: settings, configurationCount: plan.configurations.count,
                                              treeCount: plan.treeCount, covered: opened.coverage)

        let context = try ZMQContext()
        defer { context.terminate() }
        var socketOptions = ZMQSocketOptions()
        socketOptions.routerMandatory = true
        // A worker that reconnects (a new socket, the same routing id) takes over its old connection; without this
        // libzmq refuses the new one while it still knows the old, and the worker's hello never arrives.
        socketOptions.routerHandover = true
        socketOptions.linger = 1000
        socketOptions.maxMessageSize = options.maxMessageBytes
        socketOptions.sendHWM = 0
        socketOptions.receiveHWM = 0
        var gatekeeper: Gatekeeper?
        if case let .curve(secretKey, allowed) = options.security {
            // The ZAP handler must exist before the first handshake, so before the bind.
            gatekeeper = try Gatekeeper(context: context, allowed: allowed, statusKeys: options.statusKeys, logger: options.logger)
            socketOptions.curve = .server(secretKey: secretKey)
            socketOptions.zapDomain = Gatekeeper.zapDomain
        }
        defer { gatekeeper?.close() }
        let socket = try ZMQSocket(context: context, type: .router, options: socketOptions)
        defer { socket.close() }
        // Connection events: failed handshakes (the gatekeeper words them) and connections libzmq dropped.
        let monitor = try socket.monitor()
        defer { monitor.close() }
        var dropLog = LogThrottle()
        let endpoint = try socket.bind(options.listen)
        let poller = ZMQPoller()
        let socketIndex = poller.add(socket)
        let monitorIndex = poller.add(monitor.socket)
        let gateIndex = gatekeeper?.add(to: poller)
        /// Lines about one peer's messages, at most one a second per peer (docs/protocol.md §3).
        var peerLog = PeerLogThrottle()
        /// Peers answered with `refuse` for speaking another protocol version: once a second each, like log lines.
        var versionReplies = PeerLogThrottle()
        options.onListening?(endpoint)

        let scenariosTotal = options.scenariosTotal ?? plan.scenarioTotal(threads: ProcessInfo.processInfo.activeProcessorCount)
        let startMs = clock.nowMs
        let treesAtStart = machine.committedTrees
        /// The machine's report, with the scenario counts and the rate's inputs: what `sweep status` and the live view see.
        func statusReport(nowMs: Int64) -> StatusReport {
            var report = machine.statusReport(nowMs: nowMs)
            report.scenariosDone = tallies.runs
            report.scenariosTotal = scenariosTotal
            report.treesThisRun = max(0, machine.committedTrees - treesAtStart)
            report.elapsedMs = Int(max(0, nowMs - startMs))
            return report
        }
        /// The answer to `statusRequest`.
        func statusReply(nowMs: Int64) -> ProtocolMessage { .status(statusReport(nowMs: nowMs)) }
        /// When the live view last got a snapshot (as if a second before the start at first; nil once the finished
        /// sweep's, the last, went out).
        var lastLive: Int64? = -1000

        var lastTick: Int64 = 0
        /// Leases and liveness are checked this often: a fifth of a heartbeat, at most 100 ms, so a silent worker's
        /// units move on within a fifth of an interval of its liveness running out.
        let tickMs = Int64(min(100, max(10, options.heartbeatMs / 5)))
        /// When progress was last reported, like `lastLive`.
        var lastProgress: Int64? = -1000
        var finished = machine.finished
        if finished { _ = machine.handle(.tick, nowMs: clock.nowMs) }
        /// The result decoded on arrival; the state machine commits it within the same `handle` call.
        var arrived: (unit: UnitSpec, result: UnitResult)?

        /// Assigns and acks wait here until the end of a pass over the socket and leave in batches.
        var outbox = CoordinatorOutbox()

        /// Sends one message; false when its worker is unreachable (gone: ROUTER_MANDATORY).
        func send(_ message: ProtocolMessage, to worker: WorkerID) throws -> Bool {
            var frames = FrameCodec.encode(message)
            frames.insert(worker.bytes, at: 0)
            do { try socket.send(frames, dontWait: true) } catch let error as ZMQError where error.isHostUnreachable {
                outbox.forget(worker)
                return false
            } catch let error as ZMQError where error.isAgain {
                options.logger.log(.warning("dropped a message to a slow worker", ["worker": .text(worker.description), "error": .text("\(error)")]))
            }
            return true
        }

        /// Sends what the outbox holds (and whatever an unreachable worker's units lead to), until it is empty.
        func flush(now: Int64) throws {
            while !outbox.isEmpty {
                for (worker, message) in outbox.drain() where try !send(message, to: worker) {
                    try perform(machine.handle(.unreachable(worker), nowMs: now), now: now)
                }
            }
        }

        /// Logs an event about `peer`'s message, unless that peer has had its line this second. Quarantines and a
        /// worker joining are always logged.
        /// An event below the log level is dropped before the throttle, so it neither takes a peer's line nor is
        /// counted as held back (a finished sweep's debug lines about workers leaving led to "held back" notices).
        func log(_ event: NodeEvent, about peer: WorkerID?, now: Int64) {
            guard event.level.swiftLog >= options.logger.logLevel else { return }
            if let peer, event.message != "quarantined a unit" {
                if event.message == "worker joined" {
                    peerLog.force(peer, nowMs: now)
                } else if !peerLog.admit(peer, nowMs: now) {
                    return
                }
            }
            options.logger.log(event)
        }

        /// Performs actions as a worklist: handling one may add more (an unreachable worker's units move on).
        /// `peer`: whose message led to them (its log lines are rate-limited).
        func perform(_ initial: [CoordinatorAction], now: Int64, peer: WorkerID? = nil) throws {
            var work = initial
            var i = 0
            while i < work.count {
                let action = work[i]
                i += 1
                switch action {
                case let .send(worker, message):
                    for (w, m) in outbox.add(message, to: worker) where try !send(m, to: w) {
                        work += machine.handle(.unreachable(w), nowMs: now)
                    }
                case let .commit(unit, payload):
                    let result: UnitResult
                    if let a = arrived.take(), a.unit == unit { result = a.result } else { result = try ResultCodec.decode(payload, for: unit) }
                    tallies.merge(result)
                    try journal.append(kind: .committed, key: unit.id, payload: UnitRecordCodec.encode(unit: unit, payload: payload), nowMs: now)
                case let .quarantine(unit, reason):
                    quarantined.append((unit, reason))
                    try journal.append(kind: .quarantined, key: unit.id, payload: UnitRecordCodec.encode(unit: unit, payload: Array(reason.utf8)))
                case let .log(event):
                    log(event, about: peer, now: now)
                case .finished:
                    finished = true
                }
            }
        }

        var outcome: Outcome {
            Outcome(tallies: tallies, quarantined: quarantined, resumedUnits: resumed, retriedUnits: retried, endpoint: endpoint)
        }
        /// Whether the finishing work has been told the sweep is finished.
        var announced = false

        while !finished || (signal.map { !$0.isFinishingDone } ?? false) {
            if stop() { break }
            if finished, !announced, let signal {
                // Every record is on disk before the reports (which link the journal) are written.
                try journal.flush()
                signal.finish(outcome)
                announced = true
            }
            try poller.poll(timeoutMs: Int(min(50, tickMs)))
            let now = clock.nowMs
            if let gatekeeper, let gateIndex { try gatekeeper.serve(poller, gateIndex, nowMs: now) }
            if poller.isReadable(monitorIndex) {
                for event in try monitor.drain() {
                    gatekeeper?.note(event, nowMs: now)
                    // libzmq reports a frame over ZMQ_MAXMSGSIZE only by dropping the connection; a peer that
                    // closed its socket looks the same from here.
                    if event.kind == .disconnected, dropLog.allows("disconnected", nowMs: now) {
                        // Logged at most once a minute; after the sweep finished, workers closing their sockets is expected.
                        options.logger.log(NodeEvent(finished ? .debug : .warning, "libzmq dropped a connection: the peer sent a frame over the limit, or closed its socket",
                                                    ["endpoint": .text(event.endpoint), "limit_bytes": .number(Int(options.maxMessageBytes))]))
                    }
                }
            }
            if poller.isReadable(socketIndex) {
                // Drain what is there, bounded so ticks keep happening under load.
                var drained = 0
                while drained < 4096, let next = try socket.receiveWithUserID(dontWait: true) {
                    drained += 1
                    var frames = next.frames
                    let userID = next.userID
                    guard frames.count >= 2 else { continue }
                    let worker = WorkerID(frames.removeFirst())
                    do {
                        var message = try FrameCodec.decode(frames)
                        if case .statusRequest = message {
                            try perform([.send(worker, statusReply(nowMs: now))], now: now)
                            continue
                        }
                        if Gatekeeper.isStatusKey(userID) {
                            // A status key reads and never works: whatever else it sends is refused, and said so.
                            log(.warning("refused a message from a status key, which may ask for status only",
                                         ["worker": .text(worker.description), "type": .text(message.type.name),
                                          "key": .text(Gatekeeper.keyText(userID))]), about: worker, now: now)
                            try perform([.send(worker, .refuse(reason: "this key is a status key: it may ask for status but never take work"))],
                                        now: now)
                            continue
                        }
                        // Decode a result's payload before the state machine sees it: a payload that does not
                        // decode (or belongs to another unit) is an error result, retried like any failure.
                        if case let .result(unit, attempt, .ok, elapsed, payload, _) = message {
                            do {
                                arrived = (unit, try ResultCodec.decode(payload, for: unit))
                            } catch {
                                log(.warning("rejected a result payload that does not decode",
                                             ["worker": .text(worker.description), "unit": .text(unit.id), "reason": .text("\(error)")]),
                                    about: worker, now: now)
                                message = .result(unit: unit, attempt: attempt, status: .error, elapsedMicroseconds: elapsed, payload: [],
                                                  detail: "its result payload did not decode")
                            }
                        }
                        try perform(machine.handle(.received(worker, message), nowMs: now), now: now, peer: worker)
                        arrived = nil
                    } catch let error as ProtocolError {
                        try perform(machine.handle(.malformed(worker, "\(error)"), nowMs: now), now: now, peer: worker)
                        // A peer of another protocol version gets a refusal it can read (the magic and the version
                        // field never move), once a second at most.
                        if case let .version(found, expected) = error, versionReplies.admit(worker, nowMs: now) {
                            _ = try send(.refuse(reason: "this coordinator speaks SWP/\(expected) only and the message was SWP/\(found); "
                                                 + "run a worker built from the same release"), to: worker)
                        }
                    }
                    // Send what has piled up every so often, so workers start on it while the rest is read.
                    if drained % Self.flushEvery == 0 { try flush(now: now) }
                }
            }
            if now - lastTick >= tickMs {
                lastTick = now
                try perform(machine.handle(.tick, nowMs: now), now: now)
                for event in peerLog.endedWindows(nowMs: now) { options.logger.log(event) }
                gatekeeper?.flushHeldKeys(nowMs: now)
                _ = versionReplies.endedWindows(nowMs: now)                    // forgets peers; nothing to log
            }
            try flush(now: now)
            _ = try journal.flushIfDue(nowMs: now)
            if let onProgress = options.onProgress, let last = lastProgress,
               now - last >= options.progressIntervalMs || finished {
                // The last call is the one that sees the sweep finished.
                lastProgress = finished ? nil : now
                onProgress(Progress(unitsDone: machine.committedUnits, treesDone: machine.committedTrees, treesTotal: machine.totalTrees,
                                    scenariosDone: tallies.runs, workers: machine.liveWorkers, retries: machine.retries,
                                    failures: quarantined.count, elapsedMs: now, unitsLeased: machine.leasedUnits,
                                    unitsQueued: machine.queuedRetries, treesUnassigned: machine.unassignedTrees, slots: machine.liveSlots,
                                    leaseExpiries: machine.leaseExpiries, refusals: gatekeeper?.refusals ?? 0,
                                    workersJoined: machine.joinedWorkers.count))
            }
            if let onLive = options.onLive, let last = lastLive, now - last >= options.progressIntervalMs || finished {
                // Like progress, the last snapshot is the one that sees the sweep finished.
                lastLive = finished ? nil : now
                onLive(LiveSnapshot(plan: plan, tallies: tallies, status: statusReport(nowMs: now), endpoint: endpoint))
            }
        }
        try journal.flush()
        if !announced, finished {
            // The done messages are queued and the socket's linger delivers them. Answer what crossed them on
            // the wire (a late credit or heartbeat gets another done) until the line is quiet for 20 ms.
            let deadline = clock.nowMs + 200
            while clock.nowMs < deadline {
                if try ZMQSocket.poll([(socket, .readable)], timeoutMs: 20).first != true { break }
                while let next = try socket.receiveWithUserID(dontWait: true) {
                    let frames = next.frames
                    guard frames.count >= 2, let message = try? FrameCodec.decode(Array(frames.dropFirst())) else { continue }
                    if case .statusRequest = message {
                        try? socket.send([frames[0]] + FrameCodec.encode(statusReply(nowMs: clock.nowMs)), dontWait: true)
                        continue
                    }
                    if Gatekeeper.isStatusKey(next.userID) { continue }       // a status key never works, even now
                    for case let .send(w, m) in machine.handle(.received(WorkerID(frames[0]), message), nowMs: clock.nowMs) {
                        try? socket.send([w.bytes] + FrameCodec.encode(m), dontWait: true)
                    }
                }
            }
        }
        return outcome
    }

    /// Opens (or creates) the journal in the output directory and replays it into the tallies.
    /// Returns the writer, the units resumed, and the units an earlier run quarantined that this run tries again.
    ///
    /// Every record is checked against the plan before it counts (docs/protocol.md, "The journal"): its key must
    /// name the unit its payload holds, the unit must be in the plan, and a committed result must belong to that
    /// unit (`ResultCodec.decode(_:for:)`) and hold no more runs than its trees have gestures. The first record
    /// that fails is damage: the journal is cut there and one log line says how many records were dropped (their
    /// units run again).
    func openJournal(tallies: inout SweepTallies, coverage: inout [TreeCoverage]) throws -> (JournalWriter, Int, Int) {
        let directory = options.outputDirectory
        let marker = directory + "/" + OutputDirectory.markerName
        if let existing = try? FileManager.default.contentsOfDirectory(atPath: directory), !existing.isEmpty,
           !FileManager.default.fileExists(atPath: marker) {
            throw NodeError.message("\(directory) exists and is not a TouchSweep output directory; choose another --output")
        }
        do { try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true) } catch {
            let reason = ((error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError).map { String(cString: strerror(Int32($0.code))) }
            throw NodeError.message("cannot create the output directory \(directory) (\(reason ?? "it cannot be created"))")
        }
        // Mark the directory as TouchSweep output, so writing the reports may replace it later.
        if !FileManager.default.fileExists(atPath: marker) {
            guard FileManager.default.createFile(atPath: marker, contents: Data(OutputDirectory.markerContents.utf8)) else {
                throw NodeError.message("could not write \(marker); check that the --output directory is writable")
            }
        }
        let path = directory + "/" + Self.journalName
        if FileManager.default.fileExists(atPath: path) && !options.restart {
            var replay: [(kind: JournalRecordKind, unit: UnitSpec, result: UnitResult?)] = []
            let writer: JournalWriter, contents: JournalContents
            do {
                (writer, contents) = try JournalWriter.openForAppend(path: path, expectedConfigHash: plan.configHash) { record, _ in
                    try verify(record, journal: path, into: &replay)
                }
            } catch let error as JournalError {
                switch error {
                case let .unsupportedVersion(_, found, supported):
                    throw NodeError.message("\(path) is a journal of another build (journal format \(found); this build reads format \(supported)): "
                                            + "it cannot be resumed; run with --restart to start the sweep over")
                case let .notARegularFile(_, kind):
                    throw NodeError.message("\(path) is not a regular file (it is \(kind)), so it cannot be the sweep's journal: "
                                            + "remove it, or run with --restart to start the sweep over")
                default: throw error
                }
            }
            if let tail = contents.tail {
                options.logger.log(.warning("the journal was damaged; the units of the records dropped run again",
                                            ["journal": .text(path), "damage": .text(tail.summary)]))
            }
            var resumed = 0
            var retried: Set<UnitSpec> = []
            for (kind, unit, result) in replay {
                // A unit quarantined by an earlier run is tried again (with a fresh retry budget): the cause may be
                // fixed (a bad worker, a memory limit). Its record stays in the journal; if it fails again, another
                // follows it, and once it is committed the committed record is what counts.
                if kind == .quarantined {
                    retried.insert(unit)
                    continue
                }
                guard !coverage[unit.configuration].overlaps(unit.trees), let result else { continue }
                coverage[unit.configuration].insert(unit.trees)
                tallies.merge(result)
                resumed += 1
            }
            let retry = retried.filter { !coverage[$0.configuration].covers($0.trees) }.count
            return (writer, resumed, retry)
        }
        return (try JournalWriter.create(path: path, configHash: plan.configHash, headerText: configText, overwrite: true), 0, 0)
    }

    /// Checks one journal record against the plan: nil (and the record's unit and result added to `replay`) when
    /// it is what it claims to be, else why not. Throws when the record is from another build (its result
    /// payload format), which no cut can mend.
    func verify(_ record: JournalRecord, journal path: String,
                into replay: inout [(kind: JournalRecordKind, unit: UnitSpec, result: UnitResult?)]) throws -> String? {
        let unit: UnitSpec, payload: [UInt8]
        do { (unit, payload) = try UnitRecordCodec.decode(record.payload) } catch { return "its unit does not decode: \(error)" }
        guard record.key == unit.id else { return "its key \(record.key) does not name the unit it holds, \(unit.id)" }
        guard unit.configuration < plan.configurations.count, !unit.trees.isEmpty, unit.trees.upperBound <= plan.treeCount else {
            return "unit \(unit.id) is not in this sweep's plan"
        }
        guard record.kind == .committed else {
            replay.append((record.kind, unit, nil))
            return nil
        }
        let result: UnitResult
        do { result = try ResultCodec.decode(payload, for: unit) } catch {
            if case let .resultFormat(found, expected) = error {
                throw NodeError.message("\(path) holds results of another build (result payload format \(found); this build reads "
                                        + "format \(expected)): it cannot be resumed; run with --restart to start the sweep over")
            }
            return "its result does not belong to unit \(unit.id): \(error)"
        }
        let most = unit.trees.reduce(0) { most, tree in
            guard tree < plan.screenCount else { return most + plan.gesturesPerTree }
            return tree < plan.screenGestures.count ? most + plan.screenGestures[tree].count : Int.max / 2
        }
        guard result.tallies.total.runs <= most else {
            return "unit \(unit.id) holds \(result.tallies.total.runs) runs, more than the \(most) gestures of its trees"
        }
        replay.append((record.kind, unit, result))
        return nil
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
