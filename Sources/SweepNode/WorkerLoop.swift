import Foundation
import Logging
import SweepDistributed
import SweepPlanning
import SweepProtocol

/// One worker's loop over a transport and an executor: each ``pass(nowMs:)`` takes what the transport read and
/// the units that finished, lets the state machine (``WorkerStateMachine``) decide — time passing included: a
/// reconnect, deadlines, heartbeats, liveness — and performs its actions (send, prepare a plan, start and abandon
/// units, drop and open the connection, log). It never waits and never reads a clock: `WorkerNode.run` waits on
/// the transport; tests pass virtual time over an ``InMemoryNetwork`` (docs/ARCHITECTURE.md, "The node loops").
public final class WorkerLoop {
    /// How a worker ends: 0 the sweep is done, 1 its coordinator process is gone, 2 refused.
    public typealias Exit = (code: Int32, reason: String)

    let options: WorkerNode.Options
    let transport: any WorkerTransport
    let executor: any UnitExecutor
    var machine: WorkerStateMachine
    var plan: SweepPlan?
    /// The attempt of each unit launched and not yet back, to mark it abandoned when the machine says so.
    var started: [String: Int] = [:]
    /// Units started in this pass, grouped by tree range, launched once the pass's actions are done.
    var startable: [(plan: SweepPlan, units: [(unit: UnitSpec, attempt: Int)])] = []
    /// Actions of events taken before the pass (the first hello).
    var pending: [WorkerAction]
    /// False from a `reconnect` (the connection is closed) until the machine says `connect`.
    var connectionOpen = true
    var sendFailureLog = LogThrottle()
    var handshakeLog: HandshakeLog
    /// Measures this process for `load` (nil: `reportsLoad` is off).
    let loadSampler: ProcessSampler?

    init(options: WorkerNode.Options, transport: any WorkerTransport, executor: any UnitExecutor, nowMs: Int64) throws {
        self.options = options
        self.transport = transport
        self.executor = executor
        var settings = WorkerSettings(
            workerID: options.workerID, host: ProcessInfo.processInfo.hostName,
            slots: options.slots, engineVersion: options.engineVersion)
        settings.keepAlive = options.keepAlive
        settings.startAhead = settings.prefetch
        machine = WorkerStateMachine(settings: settings)
        handshakeLog = HandshakeLog(endpoint: options.connect, curve: options.security.role != nil, logger: options.logger)
        loadSampler = options.reportsLoad ? ProcessSampler.ownProcess() : nil
        try transport.open()
        pending = machine.handle(.connected, nowMs: nowMs)
    }

    /// Units the machine has running (started and not yet reported).
    public var runningUnits: Int { machine.running.count }

    /// One turn: connection events, messages, finished units and time, then the actions. Returns how the worker
    /// ends, once it does.
    public func pass(nowMs now: Int64) throws -> Exit? {
        var actions = pending
        pending = []
        for event in try transport.connectionEvents() {
            switch event {
            case .handshakeFailed(let failure): handshakeLog.note(failure, nowMs: now)
            case .reestablished: actions += machine.handle(.transportReconnected, nowMs: now)
            case .lost: break
            }
        }
        var drained = 0
        while drained < 1024, let frames = try transport.receive() {
            drained += 1
            do { actions += machine.handle(.received(try FrameCodec.decode(frames)), nowMs: now) } catch {
                actions += machine.handle(.malformed("\(error)"), nowMs: now)
            }
        }
        for f in executor.takeFinished() {
            started[f.unit.id] = nil
            actions += machine.handle(
                .finished(
                    f.unit, attempt: f.attempt, status: f.status, elapsedMicroseconds: f.elapsed,
                    payload: f.payload, detail: f.detail), nowMs: now)
        }
        // Time passed: the machine decides what is due (a reconnect, deadlines, heartbeats, liveness).
        actions += machine.handle(.tick, nowMs: now)
        for action in actions {
            if let exit = try perform(action, now: now) { return exit }
        }
        for group in startable { executor.launch(group.units, plan: group.plan) }
        startable.removeAll()
        return nil
    }

    /// Performs one action; how the worker ends, when it does.
    func perform(_ action: WorkerAction, now: Int64) throws -> Exit? {
        switch action {
        case .send(let message):
            guard connectionOpen else { return nil }
            do { try transport.send(FrameCodec.encode(message)) } catch {
                // The message is lost (a result stays in the outbox and goes again after the next hello). Logged
                // once a minute.
                if sendFailureLog.allows("\(message.type.name)", nowMs: now) {
                    options.logger.log(.warning("could not send a message to the coordinator", ["type": .text(message.type.name), "error": .text("\(error)")]))
                }
            }
        case let .prepare(configText, configHash):
            return prepare(configText: configText, configHash: configHash)
        case let .start(unit, attempt, _):
            guard let plan else { return nil }
            started[unit.id] = attempt
            // Units over the same trees that arrive together (a window's configurations) run together.
            if let last = startable.last, last.plan.configHash == plan.configHash, last.units[0].unit.trees == unit.trees,
                last.units.count < WorkerNode.maximumGroup
            {
                startable[startable.count - 1].units.append((unit, attempt))
            } else {
                startable.append((plan, [(unit, attempt)]))
            }
        case .abandon(let unit):
            if let attempt = started.removeValue(forKey: unit.id) { executor.abandon(unit, attempt: attempt) }
        case .reconnect:
            connectionOpen = false
            transport.close()
        case .connect:
            try transport.open()
            connectionOpen = true
        case .log(let event):
            options.logger.log(event)
        case let .exit(code, reason):
            return (code, reason)
        case .sampleLoad:
            guard let load = loadSampler?.ownLoad() else { return nil }
            for next in machine.handle(.sampled(load), nowMs: now) {
                if let exit = try perform(next, now: now) { return exit }
            }
        }
        return nil
    }

    /// Units asked for beyond the slots. A window of trees comes as one unit per configuration (a group of at most
    /// `maximumGroup`): a whole window ahead per slot, so each slot runs a window's units together (launch), and
    /// the slots plus the prefetch a whole number of windows, so that a credit request does not end inside a window.
    /// A window split between two requests ran as two groups, and its trees were configured and prepared twice
    /// (`UnitRunner` keeps the configured trees of the last 16 only): 5.7% more instructions per scenario on a
    /// 1-slot worker than `sweep run` (callgrind, configs/bench-distributed.yaml).
    static func prefetch(slots: Int, configurations: Int) -> Int {
        let group = max(1, min(WorkerNode.maximumGroup, configurations))
        let wanted = slots + slots * group
        return (wanted + group - 1) / group * group - slots
    }

    /// Builds the plan from the coordinator's config; an exit when it cannot, or when it hashes differently here.
    func prepare(configText: String, configHash: String) -> Exit? {
        do {
            let loaded = SweepPlan(try SweepConfigLoader.load(yaml: configText, path: "coordinator config"))
            guard loaded.configHash == configHash else {
                return (2, "the coordinator's config hashes to \(loaded.configHash) here but it announced \(configHash); versions differ")
            }
            if plan?.configHash != loaded.configHash {
                plan = loaded
                machine.setPrefetch(Self.prefetch(slots: options.slots, configurations: loaded.configurations.count))
                executor.prepare(loaded)
            }
            return nil
        } catch {
            return (2, "cannot load the coordinator's config: \(error)")
        }
    }
}

/// Turns failed handshakes into advice, once a minute per kind: a refused worker retries with backoff and should
/// say why it gets no work without flooding its log.
struct HandshakeLog {
    let endpoint: String
    let curve: Bool
    let logger: Logger
    var throttle = LogThrottle()

    mutating func note(_ failure: HandshakeFailure, nowMs: Int64) {
        let advice: String
        switch failure {
        case .keyRefused:
            advice = "the coordinator at \(endpoint) refused this worker's key: its public half is not on the coordinator's allow-list"
        case .cryptographic:
            advice = "the CURVE handshake with \(endpoint) failed: --coordinator-key is not that coordinator's public key"
        case .mechanism:
            advice =
                curve
                ? "the coordinator at \(endpoint) dropped the CURVE handshake: check that --coordinator-key is its public key "
                    + "(or is it running with --insecure?)"
                : "the coordinator at \(endpoint) refused a plain connection: it expects CURVE (--coordinator-key and --key)"
        }
        guard throttle.allows(advice, nowMs: nowMs) else { return }
        logger.log(.warning("the handshake with the coordinator failed; retrying with backoff", ["endpoint": .text(endpoint), "reason": .text(advice)]))
    }
}
