import Dispatch
import Foundation
import Synchronization
import SweepCore
import SweepDistributed
import SweepPlanning
import SweepProtocol
import SweepTransportZMQ

/// Runs a worker: one I/O thread owns the DEALER socket and the state machine; Dispatch runs units on every
/// slot; finished units come back through a mutex-protected queue and an eventfd signal that wakes the I/O
/// thread, so heartbeats keep flowing while every core is busy.
public final class WorkerNode: @unchecked Sendable {
    public struct Options: Sendable {
        public var connect: String
        public var slots: Int
        public var keepAlive = false
        public var workerID: String
        public var log: @Sendable (String) -> Void = { _ in }
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
    /// Unit runners (each has a tree cache), one per slot, lent to jobs.
    let runners = Mutex<[UnitRunner]>([])
    let units = DispatchQueue(label: "touchsweep.worker.units", attributes: .concurrent)

    public init(options: Options) throws {
        self.options = options
        signal = try ZMQSignal()
    }

    /// Runs until the coordinator says the sweep is done (exit code 0) or refuses this worker (2).
    public func run() throws -> (code: Int32, reason: String) {
        var settings = WorkerSettings(workerID: options.workerID, host: ProcessInfo.processInfo.hostName,
                                      slots: options.slots, engineVersion: options.engineVersion)
        settings.keepAlive = options.keepAlive
        var machine = WorkerStateMachine(settings: settings)
        let context = try ZMQContext()
        defer { context.terminate() }
        var plan: SweepPlan?
        var abandoned = Set<String>()
        var started: [String: (deadline: Int64, attempt: Int)] = [:]

        func connect() throws -> ZMQSocket {
            var o = ZMQSocketOptions()
            o.linger = 0
            // Not ZMQ_IMMEDIATE: a worker has one peer, and its hello must wait for the connection, not vanish.
            o.routingID = Array("\(options.workerID)".utf8)
            o.reconnectInterval = 1000
            o.reconnectIntervalMax = 32000
            o.maxMessageSize = 256 * 1024 * 1024
            o.curve = options.security.role
            let s = try ZMQSocket(context: context, type: .dealer, options: o)
            monitor?.close()
            monitor = try s.monitor()
            try s.connect(options.connect)
            return s
        }
        var monitor: ZMQMonitor?
        var handshakeLog = HandshakeLog(endpoint: options.connect, curve: options.security.role != nil, log: options.log)
        var socket = try connect()
        defer { socket.close(); monitor?.close() }
        var pending = machine.handle(.connected, nowMs: clock.nowMs)
        var lastTick: Int64 = 0
        var reconnectAt: Int64?

        while true {
            let now = clock.nowMs
            if let parent = options.parentPID, getppid() != parent {
                return (1, "the coordinator process that started this worker is gone")
            }
            var actions = pending
            pending = []
            if let at = reconnectAt, now >= at {
                reconnectAt = nil
                socket.close()
                socket = try connect()
                actions += machine.handle(.connected, nowMs: now)
            }
            // Results from the slots.
            let done = finished.withLock { list -> [Finished] in let l = list; list.removeAll(); return l }
            for f in done where !abandoned.contains(f.unit.id + "#\(f.attempt)") {
                started[f.unit.id] = nil
                actions += machine.handle(.finished(f.unit, attempt: f.attempt, status: f.status, elapsedMicroseconds: f.elapsed,
                                                    payload: f.payload, detail: f.detail), nowMs: now)
            }
            // Units past their deadline are reported as timed out; their late results are ignored.
            for (id, entry) in started where entry.deadline < now {
                if let unit = machine.running.first(where: { $0.unit.id == id })?.unit {
                    abandoned.insert(id + "#\(entry.attempt)")
                    started[id] = nil
                    actions += machine.handle(.finished(unit, attempt: entry.attempt, status: .timeout, elapsedMicroseconds: 0,
                                                        payload: [], detail: "ran past its deadline"), nowMs: now)
                }
            }
            if now - lastTick >= 100 {
                lastTick = now
                actions += machine.handle(.tick, nowMs: now)
            }
            var index = 0
            while index < actions.count {
                let action = actions[index]
                index += 1
                switch action {
                case .send(let message):
                    if reconnectAt == nil { try? socket.send(FrameCodec.encode(message), dontWait: true) }
                case let .prepare(configText, configHash):
                    do {
                        let loaded = SweepPlan(try SweepConfigLoader.load(yaml: configText, path: "coordinator config"))
                        guard loaded.configHash == configHash else {
                            return (2, "the coordinator's config hashes to \(loaded.configHash) here but it announced \(configHash); versions differ")
                        }
                        if plan?.configHash != loaded.configHash {
                            plan = loaded
                            runners.withLock { $0 = (0 ..< options.slots).map { _ in UnitRunner(plan: loaded) } }
                        }
                    } catch {
                        return (2, "cannot load the coordinator's config: \(error)")
                    }
                case let .start(unit, attempt, deadlineMs):
                    guard let plan else { continue }
                    started[unit.id] = (now + Int64(deadlineMs), attempt)
                    launch(unit, attempt: attempt, plan: plan)
                case .abandon(let unit):
                    if let entry = started[unit.id] { abandoned.insert(unit.id + "#\(entry.attempt)") }
                    started[unit.id] = nil
                case .reconnect(let afterMs):
                    reconnectAt = now + Int64(afterMs)
                case .log(let line):
                    options.log(line)
                case let .exit(code, reason):
                    return (code, reason)
                }
            }
            // Wait for a message, a finished unit, or the next tick.
            let poller = ZMQPoller()
            let socketIndex = reconnectAt == nil ? poller.add(socket) : -1
            _ = poller.add(signal)
            let monitorIndex = monitor.map { poller.add($0.socket) } ?? -1
            _ = try poller.poll(timeoutMs: 50)
            _ = signal.drain()
            if monitorIndex >= 0, let monitor, poller.isReadable(monitorIndex) {
                for event in try monitor.drain() { handshakeLog.note(event.kind, nowMs: clock.nowMs) }
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
        let log: @Sendable (String) -> Void
        var last: [String: Int64] = [:]

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
            guard nowMs - (last[advice] ?? -60_000) >= 60_000 else { return }
            last[advice] = nowMs
            log(advice + "; retrying with backoff")
        }
    }

    /// Runs one unit on a Dispatch slot and queues its result for the I/O thread.
    func launch(_ unit: UnitSpec, attempt: Int, plan: SweepPlan) {
        units.async { [self] in
            if let failing = options.failingTree, failing.configuration == unit.configuration, unit.trees.contains(failing.tree) {
                finished.withLock {
                    $0.append(Finished(unit: unit, attempt: attempt, status: .error, elapsed: 0, payload: [],
                                       detail: "injected failure on tree \(failing.tree) (TOUCHSWEEP_FAIL_TREE)"))
                }
                signal.notify()
                return
            }
            let start = ContinuousClock.now
            var runner = runners.withLock { $0.popLast() } ?? UnitRunner(plan: plan)
            let work = SweepPlan.WorkUnit(id: unit.id, configuration: unit.configuration, trees: unit.trees)
            let result = runner.run(work)
            runners.withLock { $0.append(runner) }
            let d = ContinuousClock.now - start
            let elapsed = d.components.seconds * 1_000_000 + d.components.attoseconds / 1_000_000_000_000
            let payload = ResultCodec.encode(result)
            finished.withLock { $0.append(Finished(unit: unit, attempt: attempt, status: .ok, elapsed: elapsed, payload: payload, detail: "")) }
            signal.notify()
        }
    }
}
