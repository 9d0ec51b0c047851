import SweepProtocol

/// A coordinator and its workers in virtual time, for sizing a cluster (`engine-bench --cluster-sim`;
/// docs/operations.md, "Sizing"): the real ``CoordinatorStateMachine`` and one real ``WorkerStateMachine`` per
/// worker, joined by a network with a fixed one-way latency. A unit takes a fixed virtual time per tree on one of
/// its worker's slots; units started beyond the slots wait behind the slot that frees first, as `sweep worker`
/// queues them.
///
/// The coordinator has one CPU. What it spends on each message — decoding the frames, `handle`, the driver's work
/// on the actions (the outbox, ``onCommit``), encoding what it sends — is charged to it in virtual time (``CPU``):
/// messages that arrive while it is busy wait, so a saturated coordinator shows as one. Like `CoordinatorNode`,
/// it takes its turns as ``CoordinatorPassPolicy`` says (``Config/pass``).
public struct ClusterSimulation {
    /// What the coordinator's work costs in virtual time.
    public enum CPU: Sendable {
        /// Nothing: the coordinator answers at once.
        case free
        /// This many nanoseconds per message or tick handled; sending is free.
        case fixed(nanosecondsPerEvent: Int64)
        /// The wall time the work takes on this machine: a monotonic clock in nanoseconds, read around it.
        case measured(@Sendable () -> UInt64)
    }

    public struct Config: Sendable {
        public var workers: Int
        public var slots: Int
        public var configurations: Int
        public var trees: Int
        /// Virtual time one tree of one configuration takes on a slot.
        public var treeNanoseconds: Int64
        /// One way, every message.
        public var latencyNanoseconds: Int64
        /// Units a worker asks for (and starts) beyond its slots; nil: what `sweep worker` asks for,
        /// slots × min(16, configurations).
        public var prefetch: Int?
        public var coordinator: CoordinatorSettings
        /// The coordinator's passes: the driver's policy for the settings' heartbeat.
        public var pass: CoordinatorPassPolicy
        /// How often each worker gets a `tick` (its heartbeats; `sweep worker` ticks on every turn of its loop).
        public var workerTickMs: Int64 = 250
        /// Worker i connects at i × this.
        public var joinSpacingNanoseconds: Int64 = 1000
        /// Counts the commits of every tree (a bit per tree) and records every unit's latency.
        public var checksCommits = true

        public init(workers: Int, slots: Int, configurations: Int, trees: Int, treeNanoseconds: Int64, latencyNanoseconds: Int64) {
            self.workers = workers; self.slots = slots; self.configurations = configurations; self.trees = trees
            self.treeNanoseconds = treeNanoseconds; self.latencyNanoseconds = latencyNanoseconds
            coordinator = CoordinatorSettings(sweepID: "cluster-sim", configHash: "cluster-sim", configText: "", engineVersion: "cluster-sim")
            pass = CoordinatorPassPolicy(heartbeatMs: coordinator.heartbeatMs)
        }

        public var effectivePrefetch: Int { prefetch ?? slots * min(16, configurations) }
    }

    /// What one run showed. Times are virtual.
    public struct Report: Sendable {
        public var finished = false
        /// Commit actions, and the trees they covered.
        public var units = 0
        public var trees = 0
        /// With ``Config/checksCommits``: trees committed more than once, and never (both 0 when sound).
        public var treesCommittedTwice = 0
        public var treesNeverCommitted = 0
        /// From the first worker's connection to the coordinator's `finished`.
        public var nanoseconds: Int64 = 0
        /// The coordinator's CPU, charged.
        public var busyNanoseconds: Int64 = 0
        /// The steady part of the run: from a quarter of the trees committed to half (before the tail, which begins
        /// once every tree is handed out).
        public var steadyNanoseconds: Int64 = 0
        public var steadyBusyNanoseconds: Int64 = 0
        public var steadyUnits = 0
        /// Assign sent → commit, per unit (its last assignment), sorted (``Config/checksCommits``).
        public var latencies: [Int64] = []
        /// When the last assignment was sent, and when the sweep finished.
        public var lastAssignNanoseconds: Int64 = 0
        public var finishedNanoseconds: Int64 = 0
        public var messagesReceived = 0
        public var messagesSent = 0
        public var ticks = 0
        /// The most messages waiting for the coordinator at once.
        public var longestInbox = 0
        public var leaseExpiries = 0
        /// At the tail: batches an idle worker took from another's queue, and stragglers it copied.
        public var batchesMoved = 0
        public var stragglersCopied = 0
        public var retries = 0
        public var quarantined = 0
        /// Workers that dropped their connection (silence, or a lost welcome): 0 in a healthy run.
        public var reconnects = 0

        /// The coordinator's CPU share in the steady part (over the whole run when it has no steady part).
        public var cpuShare: Double {
            steadyNanoseconds > 0
                ? Double(steadyBusyNanoseconds) / Double(steadyNanoseconds)
                : Double(busyNanoseconds) / Double(max(1, nanoseconds))
        }
        /// Units committed per second in the steady part.
        public var dispatchRate: Double {
            steadyNanoseconds > 0 ? Double(steadyUnits) * 1e9 / Double(steadyNanoseconds) : Double(units) * 1e9 / Double(max(1, nanoseconds))
        }
        public func latency(quantile q: Double) -> Int64 {
            latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * q))]
        }
        /// The last unit's lease to the end.
        public var tailNanoseconds: Int64 { finishedNanoseconds - lastAssignNanoseconds }
    }

    public let config: Config
    public let cpu: CPU
    /// The payload a worker sends for a unit (empty by default).
    public var payload: (UnitSpec) -> [UInt8] = { _ in [] }
    /// The driver's work on a commit (`CoordinatorNode` decodes the payload, merges it and journals it), charged to
    /// the coordinator.
    public var onCommit: (UnitSpec, [UInt8]) -> Void = { _, _ in }
    /// Called after every `progressEvery` commits with the coordinator as it is (memory samples).
    public var progressEvery = 0
    public var onProgress: (CoordinatorStateMachine) -> Void = { _ in }

    public private(set) var coordinator: CoordinatorStateMachine
    var workers: [SimulatedWorker]
    var index: [WorkerID: Int] = [:]
    var queue = EventQueue()
    var inbox: [InboxItem] = []
    var inboxHead = 0
    var outbox = CoordinatorOutbox()
    var busyUntil: Int64 = 0
    var wakeScheduled = false
    var report = Report()
    var assignedAt: [UnitSpec: Int64] = [:]
    var committedBits: [UInt64] = []
    var steadyStart: (at: Int64, busy: Int64, units: Int)?
    /// ``run(limitNanoseconds:busyLimitNanoseconds:stopAfterSteady:)``'s limit, also looked at within a pass.
    var busyLimit: Int64 = .max
    /// Keeps the encoded frames observable.
    var sink = 0

    public init(_ config: Config, cpu: CPU) {
        self.config = config
        self.cpu = cpu
        coordinator = CoordinatorStateMachine(settings: config.coordinator, configurationCount: config.configurations, treeCount: config.trees)
        let prefetch = config.effectivePrefetch
        workers = (0 ..< config.workers).map { i in
            let name = "w\(i)"
            var settings = WorkerSettings(workerID: name, host: "sim", slots: config.slots, engineVersion: config.coordinator.engineVersion)
            settings.prefetch = prefetch
            settings.startAhead = prefetch
            settings.periodicCheckMs = Int(config.workerTickMs)
            return SimulatedWorker(
                id: WorkerID(Array(name.utf8)), machine: WorkerStateMachine(settings: settings),
                slotFreeAt: Array(repeating: 0, count: config.slots))
        }
        for (i, w) in workers.enumerated() { index[w.id] = i }
        if config.checksCommits { committedBits = Array(repeating: 0, count: (config.configurations * config.trees + 63) / 64) }
    }

    /// Runs the sweep to its end, or until nothing is left to happen, or past `limitNanoseconds` of virtual time,
    /// or once the coordinator has been busy for `busyLimitNanoseconds`, or (`stopAfterSteady`) once the steady part
    /// is measured.
    public mutating func run(limitNanoseconds: Int64 = .max, busyLimitNanoseconds: Int64 = .max, stopAfterSteady: Bool = false) -> Report {
        busyLimit = busyLimitNanoseconds
        for i in workers.indices {
            queue.push(.workerConnects(i), at: Int64(i) * config.joinSpacingNanoseconds)
            queue.push(.workerTick(i), at: Int64(i) * config.joinSpacingNanoseconds + config.workerTickMs * 1_000_000)
        }
        queue.push(.coordinatorTick, at: config.pass.tickMs * 1_000_000)
        while !report.finished, report.busyNanoseconds <= busyLimitNanoseconds, !(stopAfterSteady && report.steadyNanoseconds > 0),
            let (t, event) = queue.pop(), t <= limitNanoseconds
        {
            switch event {
            case .workerConnects(let i):
                workerHandle(i, .connected, at: t)
            case let .toWorker(i, message):
                workerHandle(i, .received(message), at: t)
            case let .unitDone(i, unit, attempt):
                if let n = workers[i].abandoned[unit] {
                    workers[i].abandoned[unit] = n > 1 ? n - 1 : nil
                    continue
                }
                let elapsed = Int64(unit.trees.count) * config.treeNanoseconds / 1000
                workerHandle(i, .finished(unit, attempt: attempt, status: .ok, elapsedMicroseconds: elapsed, payload: payload(unit), detail: ""), at: t)
            case .workerTick(let i):
                guard !workers[i].exited else { continue }
                workerHandle(i, .tick, at: t)
                queue.push(.workerTick(i), at: t + config.workerTickMs * 1_000_000)
            case let .toCoordinator(i, frames):
                inbox.append(.frames(i, frames))
                wake(at: t)
            case .coordinatorTick:
                inbox.append(.tick)
                wake(at: t)
                queue.push(.coordinatorTick, at: t + config.pass.tickMs * 1_000_000)
            case .coordinatorWake:
                wakeScheduled = false
                coordinatorPass(at: t)
                if inboxHead < inbox.count { wake(at: busyUntil) }
            }
        }
        return finish()
    }

    mutating func finish() -> Report {
        report.leaseExpiries = coordinator.leaseExpiries
        report.retries = coordinator.retries
        report.batchesMoved = coordinator.batchesMoved
        report.stragglersCopied = coordinator.stragglersCopied
        report.quarantined = coordinator.quarantined.count
        report.nanoseconds = report.finished ? report.finishedNanoseconds : busyUntil
        report.latencies.sort()
        if config.checksCommits {
            let total = config.configurations * config.trees
            let set = committedBits.reduce(0) { $0 + $1.nonzeroBitCount }
            report.treesNeverCommitted = total - set
        }
        return report
    }

    // MARK: - The coordinator

    mutating func wake(at t: Int64) {
        guard !wakeScheduled else { return }
        wakeScheduled = true
        queue.push(.coordinatorWake, at: max(t, busyUntil))
    }

    /// Handles what has arrived, as `CoordinatorNode` does in one turn of its loop (``Config/pass``): one clock
    /// reading for the pass, at most so many messages, the outbox sent every so many and at the end.
    mutating func coordinatorPass(at start: Int64) {
        let nowMs = start / 1_000_000
        var now = start
        var handled = 0
        var immediate: [(WorkerID, ProtocolMessage)] = []
        var commits: [UnitSpec] = []
        while handled < config.pass.messagesPerPass, inboxHead < inbox.count, report.busyNanoseconds <= busyLimit {
            report.longestInbox = max(report.longestInbox, inbox.count - inboxHead)
            let item = inbox[inboxHead]
            inboxHead += 1
            handled += 1
            immediate.removeAll(keepingCapacity: true)
            commits.removeAll(keepingCapacity: true)
            let cost = Self.charge(cpu, event: true) {
                let actions: [CoordinatorAction]
                switch item {
                case let .frames(i, frames):
                    report.messagesReceived += 1
                    let worker = WorkerID(workers[i].id.bytes)
                    do {
                        actions = coordinator.handle(.received(worker, try FrameCodec.decode(frames)), nowMs: nowMs)
                    } catch {
                        actions = coordinator.handle(.malformed(worker, "\(error)"), nowMs: nowMs)
                    }
                case .tick:
                    report.ticks += 1
                    actions = coordinator.handle(.tick, nowMs: nowMs)
                }
                for action in actions {
                    switch action {
                    case let .send(w, message):
                        for (to, m) in outbox.add(message, to: w) {
                            sink &+= FrameCodec.encode(m).count
                            immediate.append((to, m))
                        }
                    case let .commit(unit, payload):
                        onCommit(unit, payload)
                        commits.append(unit)
                    case .finished:
                        report.finished = true
                    case .quarantine, .log, .recordLease:
                        break
                    }
                }
            }
            now += cost
            report.busyNanoseconds += cost
            for (w, m) in immediate { send(m, to: w, at: now) }
            for unit in commits { committed(unit, at: now) }
            if report.finished {
                report.finishedNanoseconds = now
                break
            }
            if config.pass.flushes(afterHandling: handled) { flush(at: &now) }
        }
        flush(at: &now)
        busyUntil = now
        if inboxHead > 4096 && inboxHead * 2 > inbox.count {
            inbox.removeFirst(inboxHead)
            inboxHead = 0
        }
    }

    /// Sends what the outbox holds; encoding it is the coordinator's work.
    mutating func flush(at now: inout Int64) {
        guard !outbox.isEmpty else { return }
        var out: [(WorkerID, ProtocolMessage)] = []
        let cost = Self.charge(cpu, event: false) {
            out = outbox.drain()
            for (_, m) in out { sink &+= FrameCodec.encode(m).count }
        }
        now += cost
        report.busyNanoseconds += cost
        for (w, m) in out { send(m, to: w, at: now) }
    }

    mutating func send(_ message: ProtocolMessage, to w: WorkerID, at t: Int64) {
        guard let i = index[w] else { return }
        report.messagesSent += 1
        switch message {
        case .assign(let unit, _, _):
            assigned(unit, at: t)
        case .assignments(let list):
            for a in list { assigned(a.unit, at: t) }
        default:
            break
        }
        queue.push(.toWorker(i, message), at: t + config.latencyNanoseconds)
    }

    mutating func assigned(_ unit: UnitSpec, at t: Int64) {
        report.lastAssignNanoseconds = t
        if config.checksCommits { assignedAt[unit] = t }
    }

    mutating func committed(_ unit: UnitSpec, at t: Int64) {
        report.units += 1
        report.trees += unit.trees.count
        if config.checksCommits {
            if let at = assignedAt.removeValue(forKey: unit) { report.latencies.append(t - at) }
            for tree in unit.trees {
                let bit = unit.configuration * config.trees + tree
                if committedBits[bit / 64] & (1 << UInt64(bit % 64)) != 0 { report.treesCommittedTwice += 1 }
                committedBits[bit / 64] |= 1 << UInt64(bit % 64)
            }
        }
        let total = config.configurations * config.trees
        if steadyStart == nil, coordinator.committedTrees * 4 >= total {
            steadyStart = (t, report.busyNanoseconds, report.units)
        } else if let s = steadyStart, report.steadyNanoseconds == 0, coordinator.committedTrees * 2 >= total {
            report.steadyNanoseconds = t - s.at
            report.steadyBusyNanoseconds = report.busyNanoseconds - s.busy
            report.steadyUnits = report.units - s.units
        }
        if progressEvery > 0, report.units % progressEvery == 0 { onProgress(coordinator) }
    }

    /// Runs `work` and says what it cost the coordinator.
    static func charge(_ cpu: CPU, event: Bool, _ work: () -> Void) -> Int64 {
        switch cpu {
        case .free:
            work()
            return 0
        case .fixed(let nanoseconds):
            work()
            return event ? nanoseconds : 0
        case .measured(let clock):
            let start = clock()
            work()
            return Int64(clock() &- start)
        }
    }

    // MARK: - The workers

    mutating func workerHandle(_ i: Int, _ event: WorkerEvent, at t: Int64) {
        guard !workers[i].exited else { return }
        for action in workers[i].machine.handle(event, nowMs: t / 1_000_000) {
            switch action {
            case .send(let message):
                queue.push(.toCoordinator(i, FrameCodec.encode(message)), at: t + config.latencyNanoseconds)
            case let .start(unit, attempt, _):
                // The slot that frees first takes it.
                var slot = 0
                for k in workers[i].slotFreeAt.indices where workers[i].slotFreeAt[k] < workers[i].slotFreeAt[slot] { slot = k }
                let done = max(t, workers[i].slotFreeAt[slot]) + Int64(unit.trees.count) * config.treeNanoseconds
                workers[i].slotFreeAt[slot] = done
                queue.push(.unitDone(i, unit, attempt: attempt), at: done)
            case .abandon(let unit):
                // It was started, so its `unitDone` is on its way: dropped when it comes (the slot time stays booked).
                workers[i].abandoned[unit, default: 0] += 1
            case .reconnect:
                report.reconnects += 1
            case .exit:
                workers[i].exited = true
            case .prepare, .connect, .log, .sampleLoad:
                break
            }
        }
    }
}

struct SimulatedWorker {
    var id: WorkerID
    var machine: WorkerStateMachine
    /// When each slot is free again.
    var slotFreeAt: [Int64]
    /// Units cancelled or timed out: how many of their `unitDone` events to drop.
    var abandoned: [UnitSpec: Int] = [:]
    var exited = false
}

enum InboxItem {
    case frames(Int, [[UInt8]])
    case tick
}
