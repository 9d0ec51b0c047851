import SweepProtocol

/// Tunables of a worker.
public struct WorkerSettings: Sendable {
    public var workerID: String
    public var host: String
    public var slots: Int
    public var engineVersion: String
    /// Extra units asked for beyond the free slots, so a slot never waits for a round trip.
    public var prefetch = 1
    /// Units started beyond the slots: the driver queues them behind a busy slot, so the slot goes from one
    /// unit to the next without waiting for the I/O thread. 0 starts a unit only when a slot is free.
    public var startAhead = 0
    /// Stay connected for the next sweep instead of exiting when the coordinator says done.
    public var keepAlive = false
    public var initialBackoffMs = 1000
    /// How long a hello waits for its welcome (at least; one liveness span if that is longer) before the socket is
    /// replaced.
    public var welcomeWaitMs = 3000
    public var maximumBackoffMs = 32000
    /// The periodic checks (liveness, heartbeats, the welcome wait) run at most this often; deadlines and the
    /// end of a backoff are looked at on every `tick`.
    public var periodicCheckMs = 100

    public init(workerID: String, host: String, slots: Int, engineVersion: String) {
        self.workerID = workerID; self.host = host; self.slots = slots; self.engineVersion = engineVersion
    }
}

public enum WorkerEvent: Sendable {
    /// The socket is (re)connected; say hello.
    case connected
    /// libzmq re-established the socket's connection by itself after losing it (the coordinator restarted, or
    /// the network came back): a hello not yet answered may have gone down with the old connection.
    case transportReconnected
    case received(ProtocolMessage)
    case malformed(String)
    /// A unit the driver ran finished (ok, error or timeout).
    case finished(UnitSpec, attempt: Int, status: UnitStatus, elapsedMicroseconds: Int64, payload: [UInt8], detail: String)
    /// Time passed: the driver sends one on every turn of its loop (the machine decides what is due).
    case tick
    /// The driver's answer to `sampleLoad`: this process's CPU and memory, sent to the coordinator as `load`.
    case sampled(WorkerLoad)
}

public enum WorkerAction: Sendable {
    case send(ProtocolMessage)
    /// Build the plan from this config and check its hash (the driver answers with nothing on success, or
    /// stops with the message on failure).
    case prepare(configText: String, configHash: String)
    /// Run a unit on a free slot, to end within `timeLimitMs` of now.
    case start(UnitSpec, attempt: Int, timeLimitMs: Int)
    /// Stop (or ignore the result of) a unit.
    case abandon(UnitSpec)
    /// Drop the socket now; a `connect` follows once this backoff has passed (on a `tick`).
    case reconnect(afterMs: Int)
    /// Open a new socket to the coordinator (the backoff is over); the `hello` on it comes next.
    case connect
    case log(NodeEvent)
    /// Leave: the sweep is done (without keep-alive) or the coordinator refused us.
    case exit(code: Int32, reason: String)
    /// Measure this process's CPU and memory and answer with `sampled` (once a heartbeat interval while
    /// registered; a driver that cannot measure them answers nothing).
    case sampleLoad
}

/// The worker's logic as a value (Paranoid Pirate with credit, an outbox and backoff).
public struct WorkerStateMachine: Sendable {
    /// Where the worker is with its coordinator, with what holds only there.
    public enum Phase: Sendable, Equatable {
        /// No connection: before the first, or after a dropped socket, replaced at `reconnectAtMs` (nil: none pending).
        case disconnected(reconnectAtMs: Int64?)
        /// A hello went out at `atMs`; waiting for the welcome (replies to what was sent before it send no other).
        case helloSent(atMs: Int64)
        /// Welcomed into a sweep.
        case ready(Ready)
        /// Refused, or the sweep is done: the driver exits.
        case exiting
    }

    /// A welcomed worker's credit and load sampling.
    public struct Ready: Sendable, Equatable {
        /// Units the coordinator still owes this worker: asked for in total minus received.
        var outstandingCredit = 0
        /// When the last `sampleLoad` went out (nil: none since the welcome).
        var lastLoadSampleMs: Int64?
    }

    public private(set) var settings: WorkerSettings
    public private(set) var phase = Phase.disconnected(reconnectAtMs: nil)
    /// Units running now, each with the time it must end by (docs/protocol.md §1, "Assign": a unit past its deadline
    /// is reported as a timeout and its late result dropped).
    public private(set) var running: [(unit: UnitSpec, attempt: Int, deadlineMs: Int64)] = []
    /// Units assigned but not started (prefetched).
    /// Each with its time limit, counted from when it starts.
    var queued: [(unit: UnitSpec, attempt: Int, timeLimitMs: Int)] = []
    /// Results sent (or to send) and not yet acknowledged: re-sent after re-registering.
    public private(set) var outbox: [ProtocolMessage] = []
    /// The coordinator's heartbeat interval and liveness, as its last welcome said (kept across reconnections).
    var heartbeatMs = 1000
    var liveness = 3
    /// When anything was last heard from the coordinator, and sent to it.
    var lastHeardMs: Int64 = 0
    var lastSentMs: Int64 = 0
    /// The wait before the next new socket: doubled with each reconnection, reset by a welcome.
    var backoffMs: Int
    /// When the periodic checks last ran.
    var lastPeriodicCheckMs: Int64 = 0
    /// The config hash of the sweep last joined: a welcome of another sweep drops what this one held.
    var sweepHash: String?

    public init(settings: WorkerSettings) {
        self.settings = settings
        backoffMs = settings.initialBackoffMs
    }

    public mutating func handle(_ event: WorkerEvent, nowMs: Int64) -> [WorkerAction] {
        var actions: [WorkerAction] = []
        switch event {
        case .connected:
            lastHeardMs = nowMs
            sayHello(nowMs: nowMs, into: &actions)
        case .transportReconnected:
            if case .helloSent = phase {
                actions.append(.log(.info("the connection to the coordinator is back; saying hello again")))
                sayHello(nowMs: nowMs, into: &actions)
            }
        case .received(let message):
            lastHeardMs = nowMs
            receive(message, nowMs: nowMs, into: &actions)
        case .malformed(let reason):
            actions.append(.log(.warning("ignored a malformed message from the coordinator", ["reason": .text(reason)])))
        case let .finished(unit, attempt, status, elapsed, payload, detail):
            running.removeAll { $0.unit == unit && $0.attempt == attempt }
            finished(unit, attempt: attempt, status: status, elapsed: elapsed, payload: payload, detail: detail, nowMs: nowMs, into: &actions)
        case .tick:
            tick(nowMs: nowMs, into: &actions)
        case .sampled(let load):
            if case .ready = phase { send(.load(load), nowMs: nowMs, into: &actions) }
        }
        return actions
    }

    /// A unit ended (reported by the driver, or past its deadline): its result goes to the outbox and out.
    mutating func finished(
        _ unit: UnitSpec, attempt: Int, status: UnitStatus, elapsed: Int64, payload: [UInt8], detail: String,
        nowMs: Int64, into actions: inout [WorkerAction]
    ) {
        let message = ProtocolMessage.result(
            unit: unit, attempt: attempt, status: status, elapsedMicroseconds: elapsed,
            payload: payload, detail: detail)
        outbox.append(message)
        if case .ready = phase { send(message, nowMs: nowMs, into: &actions) }
        startQueued(nowMs: nowMs, into: &actions)
        askForWork(nowMs: nowMs, into: &actions)
    }

    mutating func receive(_ message: ProtocolMessage, nowMs: Int64, into actions: inout [WorkerAction]) {
        switch message {
        case let .welcome(sweepID, configHash, configText, heartbeatMs, liveness):
            if let previous = sweepHash, previous != configHash, !running.isEmpty || !outbox.isEmpty {
                // A different sweep: results of the old one must not leak into it.
                outbox.removeAll()
                for r in running { actions.append(.abandon(r.unit)) }
                running.removeAll()
                queued.removeAll()
            }
            sweepHash = configHash
            // The coordinator started this worker's credit over at our hello and took back the units it had
            // leased us (they are queued again there): forget those not yet begun, and count credit from zero.
            queued.removeAll()
            self.heartbeatMs = max(10, heartbeatMs)
            self.liveness = max(1, liveness)
            phase = .ready(Ready())
            backoffMs = settings.initialBackoffMs
            actions.append(.log(.info("joined a sweep", ["sweep": .text(sweepID), "config": .text(configHash)])))
            actions.append(.prepare(configText: configText, configHash: configHash))
            for result in outbox { send(result, nowMs: nowMs, into: &actions) }
            askForWork(nowMs: nowMs, into: &actions)
        case .refuse(let reason):
            phase = .exiting
            actions.append(.exit(code: 2, reason: "the coordinator refused this worker: \(reason)"))
        case let .assign(unit, attempt, timeLimitMs):
            received(units: 1)
            queued.append((unit, attempt, timeLimitMs))
            startQueued(nowMs: nowMs, into: &actions)
        case let .assignments(list):
            received(units: list.count)
            for a in list { queued.append((a.unit, a.attempt, a.timeLimitMs)) }
            startQueued(nowMs: nowMs, into: &actions)
        case .ack(let unit):
            outbox.removeAll {
                if case .result(let u, _, _, _, _, _) = $0 { return u == unit }
                return false
            }
        case .acks(let units):
            let acknowledged = Set(units)
            outbox.removeAll {
                if case .result(let u, _, _, _, _, _) = $0 { return acknowledged.contains(u) }
                return false
            }
        case .cancel(let unit):
            if let i = queued.firstIndex(where: { $0.unit == unit }) {
                queued.remove(at: i)
                askForWork(nowMs: nowMs, into: &actions)
            } else if running.contains(where: { $0.unit == unit }) {
                running.removeAll { $0.unit == unit }
                actions.append(.abandon(unit))
                askForWork(nowMs: nowMs, into: &actions)
            }
        case .heartbeat:
            break
        case .disconnect(let reason):
            if reason == "done" && !settings.keepAlive {
                sweepDone(into: &actions)
            } else if reason == "done" {
                actions.append(.log(.info("the sweep is done; waiting for the next one")))
            } else {
                // The coordinator does not know us: it was restarted, or it declared us dead, or it lost our hello.
                // The connection works (it just answered), so say hello again on it, at once and without backoff.
                reRegister(reason: reason, nowMs: nowMs, into: &actions)
            }
        default:
            actions.append(.log(.warning("ignored an unexpected message from the coordinator")))
        }
    }

    /// The coordinator says the sweep is done (and this worker is not kept alive): it leaves now, whatever it still
    /// runs or holds. Every tree is committed or quarantined, so no result of it could change the reports; a unit
    /// still running (one leased before a coordinator restart, whose trees another worker ran since) is abandoned,
    /// and the exit does not wait for it (docs/protocol.md §1, "Disconnect").
    mutating func sweepDone(into actions: inout [WorkerAction]) {
        let abandoned = running.count + queued.count
        for r in running { actions.append(.abandon(r.unit)) }
        running.removeAll()
        queued.removeAll()
        outbox.removeAll()
        phase = .exiting
        if abandoned > 0 {
            actions.append(.log(.info("the sweep is done; abandoned the units this worker still held", ["units": .number(abandoned)])))
        }
        actions.append(.exit(code: 0, reason: "the sweep is done"))
    }

    /// Says hello (again). Until the welcome comes, nothing else is sent but heartbeats; the coordinator answers
    /// everything this worker sent before the hello with `say hello first`, and those replies, arriving in a burst,
    /// are answered by the one hello already sent. Another goes out only when a heartbeat interval has passed
    /// without a welcome (the hello was lost).
    mutating func reRegister(reason: String, nowMs: Int64, into actions: inout [WorkerAction]) {
        if case let .helloSent(last) = phase, nowMs - last < Int64(heartbeatMs) { return }
        actions.append(.log(.notice("the coordinator does not know this worker; saying hello again", ["reason": .text(reason)])))
        sayHello(nowMs: nowMs, into: &actions)
    }

    mutating func sayHello(nowMs: Int64, into actions: inout [WorkerAction]) {
        phase = .helloSent(atMs: nowMs)
        send(
            .hello(workerID: settings.workerID, host: settings.host, slots: settings.slots, engineVersion: settings.engineVersion),
            nowMs: nowMs, into: &actions)
    }

    /// Changes how many units are asked for (and started ahead) beyond the slots, e.g. once the plan says
    /// how many configurations a window of trees has; the next credit request uses it.
    public mutating func setPrefetch(_ units: Int) {
        settings.prefetch = max(0, units)
        settings.startAhead = max(0, units)
    }

    mutating func startQueued(nowMs: Int64, into actions: inout [WorkerAction]) {
        while running.count < settings.slots + settings.startAhead, !queued.isEmpty {
            let next = queued.removeFirst()
            running.append((next.unit, next.attempt, nowMs + Int64(next.timeLimitMs)))
            actions.append(.start(next.unit, attempt: next.attempt, timeLimitMs: next.timeLimitMs))
        }
    }

    /// Ask for enough units to fill the free slots plus the prefetch, counting what is already on its way.
    mutating func askForWork(nowMs: Int64, into actions: inout [WorkerAction]) {
        guard case var .ready(ready) = phase else { return }
        let wanted = settings.slots + settings.prefetch - running.count - queued.count - ready.outstandingCredit
        guard wanted > 0 else { return }
        ready.outstandingCredit += wanted
        phase = .ready(ready)
        send(.credit(count: wanted), nowMs: nowMs, into: &actions)
    }

    /// Units arrived from the coordinator: that much less credit is owed (units that come unasked owe nothing).
    mutating func received(units: Int) {
        guard case var .ready(ready) = phase else { return }
        ready.outstandingCredit = max(0, ready.outstandingCredit - units)
        phase = .ready(ready)
    }

    /// Time passed: the end of a backoff, units past their deadline, then (at most every `periodicCheckMs`) the
    /// welcome wait, the coordinator's liveness and heartbeats (docs/STATE_MACHINES.md, "Worker").
    mutating func tick(nowMs: Int64, into actions: inout [WorkerAction]) {
        if case let .disconnected(at?) = phase, nowMs >= at {
            actions.append(.connect)
            lastHeardMs = nowMs
            sayHello(nowMs: nowMs, into: &actions)
        }
        // Units past their deadline are reported as timed out (the driver drops their late results).
        while let index = running.firstIndex(where: { $0.deadlineMs < nowMs }) {
            let late = running.remove(at: index)
            actions.append(.abandon(late.unit))
            finished(
                late.unit, attempt: late.attempt, status: .timeout, elapsed: 0, payload: [], detail: "ran past its deadline",
                nowMs: nowMs, into: &actions)
        }
        guard nowMs - lastPeriodicCheckMs >= Int64(settings.periodicCheckMs) else { return }
        lastPeriodicCheckMs = nowMs
        switch phase {
        case .disconnected, .exiting: return
        case let .helloSent(last):
            // Waiting for a welcome; nothing else is sent (the coordinator does not know this worker). A coordinator
            // slow to start (reading a long journal on a busy machine) gets at least `welcomeWaitMs`, so that a
            // welcome on its way is not thrown away with the socket; then a new socket, after the backoff (a new
            // connection attempt gets through a network that came back faster than a pending one).
            let wait = max(settings.welcomeWaitMs, heartbeatMs * liveness)
            if nowMs - last > Int64(wait) {
                actions.append(.log(.warning("no welcome from the coordinator; reconnecting", ["waited_ms": .number(wait), "backoff_ms": .number(backoffMs)])))
                reconnect(nowMs: nowMs, into: &actions)
            }
        case let .ready(ready):
            readyChecks(ready, nowMs: nowMs, into: &actions)
        }
    }

    /// A welcomed worker's periodic checks: the coordinator's liveness, a heartbeat when one is due, and the load.
    mutating func readyChecks(_ ready: Ready, nowMs: Int64, into actions: inout [WorkerAction]) {
        if nowMs - lastHeardMs > Int64(heartbeatMs * liveness) {
            actions.append(.log(.warning("the coordinator is silent; reconnecting", ["backoff_ms": .number(backoffMs)])))
            reconnect(nowMs: nowMs, into: &actions)
            return
        }
        if nowMs - lastSentMs >= Int64(heartbeatMs) {
            send(.heartbeat(inflight: running.count), nowMs: nowMs, into: &actions)
        }
        // The load goes on its own clock: a busy worker's results keep its heartbeats from being due.
        if ready.lastLoadSampleMs.map({ nowMs - $0 >= Int64(heartbeatMs) }) ?? true {
            var sampled = ready
            sampled.lastLoadSampleMs = nowMs
            phase = .ready(sampled)
            actions.append(.sampleLoad)
        }
    }

    mutating func reconnect(nowMs: Int64, into actions: inout [WorkerAction]) {
        // Prefetched units will be re-leased by the coordinator (and the credit owed with them); running ones finish
        // into the outbox.
        phase = .disconnected(reconnectAtMs: nowMs + Int64(backoffMs))
        queued.removeAll()
        actions.append(.reconnect(afterMs: backoffMs))
        backoffMs = min(settings.maximumBackoffMs, backoffMs * 2)
    }

    mutating func send(_ message: ProtocolMessage, nowMs: Int64, into actions: inout [WorkerAction]) {
        lastSentMs = nowMs
        actions.append(.send(message))
    }

    /// Whether the done message arrived and the last unit finished (a done worker exits then).
    public var isIdle: Bool { running.isEmpty && queued.isEmpty }
}
