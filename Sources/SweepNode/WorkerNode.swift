import Dispatch
import Foundation
import Logging
import Synchronization
import SweepCore
import SweepDistributed
import SweepPlanning
import SweepProtocol
import SweepResultCodec
import SweepTransportZMQ
import TouchEngine

/// Runs a worker: one I/O thread owns the DEALER socket and the state machine; Dispatch runs units on every
/// slot; finished units come back through a mutex-protected queue and an eventfd signal that wakes the I/O
/// thread, so heartbeats keep flowing while every core is busy.
public final class WorkerNode: @unchecked Sendable {
    public struct Options: Sendable {
        public var connect: String
        public var slots: Int
        public var keepAlive = false
        public var workerID: String
        /// Where events worth logging go (joined a sweep, reconnects, failed handshakes). None by default.
        public var logger = Logger(label: "worker", factory: { _ in SwiftLogNoOpLogHandler() })
        /// Exit when this process's parent is no longer this pid (local workers die with their coordinator).
        public var parentPID: Int32?
        /// The engine version announced in hello (tests simulate a worker from another build with it).
        public var engineVersion = EngineVersion.current
        /// Fault injection for tests: a unit covering this tree of this configuration ends with an error
        /// instead of running, so the coordinator's retry budget and quarantine can be exercised.
        public var failingTree: (configuration: Int, tree: Int)?
        /// CURVE towards the coordinator, or plain.
        public var security = ClientSecurity.plain
        public init(connect: String, slots: Int, workerID: String) { self.connect = connect; self.slots = slots; self.workerID = workerID }
    }

    struct Finished: Sendable {
        var unit: UnitSpec, attempt: Int, status: UnitStatus, elapsed: Int64, payload: [UInt8], detail: String
    }

    let options: Options
    let clock = MonotonicClock()
    let finished = Mutex<[Finished]>([])
    let signal: ZMQSignal
    /// One serial Dispatch queue per slot, each with its own unit runner (and tree cache). A unit started
    /// ahead waits behind its slot's current unit and runs right after it, on the same thread as a rule, with
    /// no round trip through the I/O thread in between.
    let slotQueues: [DispatchQueue]
    let runners: [SlotRunner]
    /// Units waiting or running per slot, to start each unit on the least loaded slot.
    let slotLoad: Mutex<[Int]>
    /// Unit attempts (`id#attempt`) abandoned (cancelled or timed out): a slot skips those that have not begun,
    /// and the I/O thread drops the results of the others. Whoever meets an entry first removes it.
    let abandoned = Mutex<Set<String>>([])

    public init(options: Options) throws {
        self.options = options
        signal = try ZMQSignal()
        slotQueues = (0 ..< options.slots).map { DispatchQueue(label: "touchsweep.worker.slot.\($0)") }
        runners = (0 ..< options.slots).map { _ in SlotRunner() }
        slotLoad = Mutex(Array(repeating: 0, count: options.slots))
    }

    /// Runs until the coordinator says the sweep is done (exit code 0) or refuses this worker (2).
    public func run() throws -> (code: Int32, reason: String) {
        var settings = WorkerSettings(workerID: options.workerID, host: ProcessInfo.processInfo.hostName,
                                      slots: options.slots, engineVersion: options.engineVersion)
        settings.keepAlive = options.keepAlive
        settings.startAhead = settings.prefetch
        var machine = WorkerStateMachine(settings: settings)
        let context = try ZMQContext()
        defer { context.terminate() }
        var plan: SweepPlan?
        /// The attempt of each unit launched and not yet back, to mark it abandoned when the machine says so.
        var started: [String: Int] = [:]

        func connect() throws -> ZMQSocket {
            var o = ZMQSocketOptions()
            o.linger = 0
            // Not ZMQ_IMMEDIATE: a worker has one peer, and its hello must wait for the connection, not vanish.
            o.routingID = Array("\(options.workerID)".utf8)
            // libzmq retries a connection that failed or dropped every 250 ms, without backing off: the state
            // machine backs off itself (1 s … 32 s) when it replaces the socket. libzmq's own doubling (to 32 s)
            // kept a fresh socket away from a coordinator that came up a moment after its first try.
            o.reconnectInterval = 250
            o.reconnectIntervalMax = 0
            o.maxMessageSize = Int64(WireLimits.payloadBytes)
            o.curve = options.security.role
            let s = try ZMQSocket(context: context, type: .dealer, options: o)
            lostConnection = false
            monitor?.close()
            monitor = try s.monitor()
            try s.connect(options.connect)
            return s
        }
        var monitor: ZMQMonitor?
        /// The current socket lost its connection since it was last made (libzmq reconnects by itself).
        var lostConnection = false
        var sendFailureLog = LogThrottle()
        var handshakeLog = HandshakeLog(endpoint: options.connect, curve: options.security.role != nil, logger: options.logger)
        var socket = try connect()
        defer { socket.close(); monitor?.close() }
        var pending = machine.handle(.connected, nowMs: clock.nowMs)
        /// False from a `reconnect` (the socket is closed) until the machine says `connect`.
        var socketOpen = true
        /// Units started in this round, grouped by tree range, launched once the round's actions are done.
        var startable: [(plan: SweepPlan, units: [(unit: UnitSpec, attempt: Int)])] = []

        while true {
            let now = clock.nowMs
            if let parent = options.parentPID, getppid() != parent {
                return (1, "the coordinator process that started this worker is gone")
            }
            var actions = pending
            pending = []
            // Results from the slots.
            let done = finished.withLock { list -> [Finished] in let l = list; list.removeAll(); return l }
            for f in done where abandoned.withLock({ $0.remove(f.unit.id + "#\(f.attempt)") }) == nil {
                started[f.unit.id] = nil
                actions += machine.handle(.finished(f.unit, attempt: f.attempt, status: f.status, elapsedMicroseconds: f.elapsed,
                                                    payload: f.payload, detail: f.detail), nowMs: now)
            }
            // Time passed: the machine decides what is due (a reconnect, deadlines, heartbeats, liveness).
            actions += machine.handle(.tick, nowMs: now)
            var index = 0
            while index < actions.count {
                let action = actions[index]
                index += 1
                switch action {
                case .send(let message):
                    if socketOpen {
                        do { try socket.send(FrameCodec.encode(message), dontWait: true) } catch {
                            // The message is lost (a result stays in the outbox and goes again after the next hello).
                            if sendFailureLog.allows("\(message.type.name)", nowMs: now) {
                                // Logged once a minute.
                                options.logger.log(.warning("could not send a message to the coordinator",
                                                            ["type": .text(message.type.name), "error": .text("\(error)")]))
                            }
                        }
                    }
                case let .prepare(configText, configHash):
                    do {
                        let loaded = SweepPlan(try SweepConfigLoader.load(yaml: configText, path: "coordinator config"))
                        guard loaded.configHash == configHash else {
                            return (2, "the coordinator's config hashes to \(loaded.configHash) here but it announced \(configHash); versions differ")
                        }
                        if plan?.configHash != loaded.configHash {
                            plan = loaded
                            // A window of trees comes as one unit per configuration: ask for a whole window
                            // ahead per slot, so each slot runs a window's units together (launch).
                            machine.setPrefetch(options.slots * min(Self.maximumGroup, loaded.configurations.count))
                            for slot in runners { slot.runner.withLock { $0 = UnitRunner(plan: loaded) } }
                        }
                    } catch {
                        return (2, "cannot load the coordinator's config: \(error)")
                    }
                case let .start(unit, attempt, _):
                    guard let plan else { continue }
                    started[unit.id] = attempt
                    // Units over the same trees that arrive together (a window's configurations) run together.
                    if let last = startable.last, last.plan.configHash == plan.configHash, last.units[0].unit.trees == unit.trees,
                       last.units.count < Self.maximumGroup {
                        startable[startable.count - 1].units.append((unit, attempt))
                    } else {
                        startable.append((plan, [(unit, attempt)]))
                    }
                case .abandon(let unit):
                    if let attempt = started.removeValue(forKey: unit.id) {
                        abandoned.withLock { _ = $0.insert(unit.id + "#\(attempt)") }
                    }
                case .reconnect:
                    socketOpen = false
                    // Closed now, not when the backoff ends: left open, libzmq would reconnect it by itself and hand a
                    // queued hello to a coordinator whose welcome nobody then reads.
                    socket.close()
                    monitor?.close()
                    monitor = nil
                case .connect:
                    socket.close()
                    socket = try connect()
                    socketOpen = true
                case .log(let event):
                    options.logger.log(event)
                case let .exit(code, reason):
                    return (code, reason)
                }
            }
            for group in startable { launch(group.units, plan: group.plan) }
            startable.removeAll()
            // Wait for a message, a finished unit, or the next tick.
            let poller = ZMQPoller()
            let socketIndex = socketOpen ? poller.add(socket) : -1
            _ = poller.add(signal)
            let monitorIndex = monitor.map { poller.add($0.socket) } ?? -1
            _ = try poller.poll(timeoutMs: 50)
            _ = signal.drain()
            if monitorIndex >= 0, let monitor, poller.isReadable(monitorIndex) {
                for event in try monitor.drain() {
                    handshakeLog.note(event.kind, nowMs: clock.nowMs)
                    // A connection libzmq made again after losing one: the state machine may need to say hello.
                    if event.kind == .disconnected { lostConnection = true }
                    if event.kind == .handshakeSucceeded && lostConnection {
                        lostConnection = false
                        pending += machine.handle(.transportReconnected, nowMs: clock.nowMs)
                    }
                }
            }
            if socketIndex >= 0 && poller.isReadable(socketIndex) {
                var drained = 0
                while drained < 1024, let frames = try socket.receive(dontWait: true) {
                    drained += 1
                    do {
                        pending += machine.handle(.received(try FrameCodec.decode(frames)), nowMs: clock.nowMs)
                    } catch {
                        pending += machine.handle(.malformed("\(error)"), nowMs: clock.nowMs)
                    }
                }
            }
        }
    }

    /// Turns failed handshakes into advice, once a minute per kind: a refused worker retries with backoff and
    /// should say why it gets no work without flooding its log.
    struct HandshakeLog {
        let endpoint: String
        let curve: Bool
        let logger: Logger
        var throttle = LogThrottle()

        mutating func note(_ kind: ZMQMonitorEvent.Kind, nowMs: Int64) {
            let advice: String
            switch kind {
            case .authenticationFailed:
                advice = "the coordinator at \(endpoint) refused this worker's key: its public half is not on the coordinator's allow-list"
            case .cryptographicFailure:
                advice = "the CURVE handshake with \(endpoint) failed: --coordinator-key is not that coordinator's public key"
            case .mechanismMismatch, .handshakeFailed:
                advice = curve
                    ? "the coordinator at \(endpoint) dropped the CURVE handshake: check that --coordinator-key is its public key "
                        + "(or is it running with --insecure?)"
                    : "the coordinator at \(endpoint) refused a plain connection: it expects CURVE (--coordinator-key and --key)"
            default:
                return
            }
            guard throttle.allows(advice, nowMs: nowMs) else { return }
            logger.log(.warning("the handshake with the coordinator failed; retrying with backoff",
                                ["endpoint": .text(endpoint), "reason": .text(advice)]))
        }
    }

    /// A slot's unit runner; replaced when a new sweep's plan arrives.
    final class SlotRunner: Sendable {
        let runner = Mutex<UnitRunner?>(nil)
    }

    /// The most units run together: a window's configurations, at most 16, so a group (which reports all its
    /// units at its end) stays within the 20× expected time the coordinator allows each unit.
    static let maximumGroup = 16

    /// Runs units over the same trees together on the least loaded slot's queue (``UnitRunner/runTogether``)
    /// and queues their results for the I/O thread. Each result reports its share of the group's time, which
    /// is what the coordinator's unit sizing needs.
    func launch(_ group: [(unit: UnitSpec, attempt: Int)], plan: SweepPlan) {
        let slot = slotLoad.withLock { load -> Int in
            let slot = load.indices.min { load[$0] < load[$1] }!
            load[slot] += 1
            return slot
        }
        slotQueues[slot].async { [self] in
            defer { slotLoad.withLock { $0[slot] -= 1 } }
            var units = group.filter { entry in !abandoned.withLock { $0.remove(entry.unit.id + "#\(entry.attempt)") != nil } }
            if let failing = options.failingTree {
                let fails = { (u: UnitSpec) in u.configuration == failing.configuration && u.trees.contains(failing.tree) }
                let failed = units.filter { fails($0.unit) }
                units.removeAll { fails($0.unit) }
                finished.withLock { list in
                    for f in failed {
                        list.append(Finished(unit: f.unit, attempt: f.attempt, status: .error, elapsed: 0, payload: [],
                                             detail: "injected failure on tree \(failing.tree) (--fail-tree)"))
                    }
                }
                if !failed.isEmpty { signal.notify() }
            }
            guard !units.isEmpty else { return }
            let start = ContinuousClock.now
            let work = units.map { SweepPlan.WorkUnit(id: $0.unit.id, configuration: $0.unit.configuration, trees: $0.unit.trees) }
            let results = runners[slot].runner.withLock { runner -> [UnitResult] in
                if runner == nil || runner!.plan.configHash != plan.configHash { runner = UnitRunner(plan: plan) }
                return runner!.runTogether(work)
            }
            let d = ContinuousClock.now - start
            let share = (d.components.seconds * 1_000_000 + d.components.attoseconds / 1_000_000_000_000) / Int64(units.count)
            let payloads = results.map { ResultCodec.encode($0) }
            finished.withLock { list in
                for (entry, payload) in zip(units, payloads) {
                    list.append(Finished(unit: entry.unit, attempt: entry.attempt, status: .ok, elapsed: share, payload: payload, detail: ""))
                }
            }
            signal.notify()
        }
    }
}
