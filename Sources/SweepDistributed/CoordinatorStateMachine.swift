import SweepProtocol

/// A worker's routing identity on the coordinator's ROUTER socket: its bytes, and a digest of them computed
/// once, so the dictionaries the coordinator consults several times per message hash one word, not every byte.
public struct WorkerID: Hashable, Sendable, CustomStringConvertible {
    public let bytes: [UInt8]
    let digest: UInt64

    public init(_ bytes: [UInt8]) {
        self.bytes = bytes
        // FNV-1a, 64 bit.
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        digest = h
    }

    public static func == (a: WorkerID, b: WorkerID) -> Bool { a.digest == b.digest && a.bytes == b.bytes }
    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }

    /// The id as text when it is printable ASCII (workers choose such ids), else as hex.
    public var description: String {
        if bytes.allSatisfy({ $0 >= 32 && $0 < 127 }) { return String(decoding: bytes, as: UTF8.self) }
        return bytes.map { String($0, radix: 16) }.joined()
    }
}

/// Tunables of the coordinator (docs/protocol.md).
public struct CoordinatorSettings: Sendable {
    public var sweepID: String
    public var configHash: String
    /// The config text workers rebuild the plan from.
    public var configText: String
    public var engineVersion: String
    public var heartbeatMs = 1000
    /// Heartbeat intervals of silence after which a worker is declared dead.
    public var liveness = 3
    /// Failed or worker-killing attempts a unit may have before it is quarantined.
    public var retryBudget = 3
    /// Aim for units of about this many seconds once the cost is known.
    public var targetUnitSeconds = 1.0
    /// Keep at least this many units per slot of the live workers in the remaining work.
    public var minimumUnitsPerSlot = 10
    public var maximumTreesPerUnit = 256
    /// A unit's time limit (`assign`'s `timeLimitMs`; its lease's deadline is the assignment's time plus it): at least
    /// this, and at least 20 × its estimated run time.
    public var minimumTimeLimitMs = 60_000
    /// Once no other work is left, an idle worker takes units still queued on another worker (moved, not
    /// copied) and, failing that, duplicates units that are late (speculative copies; the first result wins).
    public var speculativeStragglers = true
    /// A unit is late, and may be copied to an idle worker, once it has taken this long past its expected end,
    /// or as long again as it was expected to take, whichever is more.
    public var minimumStragglerDelayMs = 1000

    public init(sweepID: String, configHash: String, configText: String, engineVersion: String) {
        self.sweepID = sweepID; self.configHash = configHash; self.configText = configText; self.engineVersion = engineVersion
    }
}

/// What the coordinator learns.
public enum CoordinatorEvent: Sendable {
    /// A decoded message from a worker.
    case received(WorkerID, ProtocolMessage)
    /// A message that could not be decoded (logged, dropped).
    case malformed(WorkerID, String)
    /// A message could not be routed to this worker (ROUTER_MANDATORY: it is gone).
    case unreachable(WorkerID)
    /// Time passed.
    case tick
}

/// What the driver must do.
public enum CoordinatorAction: Sendable, Equatable {
    case send(WorkerID, ProtocolMessage)
    /// Journal and merge this unit's result (exactly once per unit).
    case commit(UnitSpec, payload: [UInt8])
    /// Record that this unit gave up after its retry budget.
    case quarantine(UnitSpec, reason: String)
    case log(NodeEvent)
    /// Every tree of every configuration is committed or quarantined.
    case finished
    /// Journal that this unit is leased to this worker: a coordinator restarted from the journal still takes the
    /// worker's result for it while its trees are open (docs/protocol.md §1, "Result, ack").
    case recordLease(UnitSpec, WorkerID)
}

/// The coordinator's logic as a value: events in (with the current time), actions out. No sockets, no clock.
///
/// Units are carved on demand from the trees not yet covered, configuration by configuration, at a size
/// that tracks the measured cost (about `targetUnitSeconds` per unit, one tree per unit until measured,
/// never fewer than `minimumUnitsPerSlot` units per live slot left). Results do not depend on unit sizes
/// (tallies are sums; examples are ordered by plan position), so sizing is free to adapt.
public struct CoordinatorStateMachine: Sendable {
    public typealias Lease = SweepDistributed.Lease

    struct Worker: Sendable {
        var host: String
        var slots: Int
        var credit = 0
        var lastHeardMs: Int64
        var lastSentMs: Int64
        /// Its results committed since it joined (`sweep status`).
        var unitsDone = 0
        /// Its place in the join order (``workerOrder``): later hellos, higher numbers.
        var joined = 0
        /// Its CPU and memory as it last reported them (`load`).
        var load: WorkerLoad?
    }

    public let settings: CoordinatorSettings
    public let configurationCount: Int
    public let treeCount: Int
    /// Every unit's lease state and the counters derived from it (``LeaseTable``).
    var table: LeaseTable
    /// Which trees go out next, in windows walked through the configurations (``TreeWindows``).
    var windows: TreeWindows
    /// Which units a worker runs together (``BatchTracker``).
    var batches = BatchTracker()
    /// Checks ``LeaseTable/checkInvariants()`` after every event: on in debug builds (and so in tests).
    var checksInvariants: Bool = {
        #if DEBUG
            return true
        #else
            return false
        #endif
    }()
    public var coverage: [TreeCoverage] { table.coverage }
    var workers: [WorkerID: Worker] = [:]
    /// Join order, for deterministic dispatch.
    var workerOrder: [WorkerID] = []
    /// Hellos so far: the next worker's ``Worker/joined``.
    var hellos = 0
    /// The workers with credit: `dispatch` visits only them (in join order), not every worker once per unit.
    var creditors: Set<WorkerID> = []
    /// Workers with credit that found nothing to take (the tail's idle workers): `dispatch` passes them by until
    /// something appears that they may take (``LeaseTable/offers``, a window orphaned) or a lease of theirs
    /// ends, so an idle cluster costs nothing per message. Never in ``creditors`` at the same time. `dispatch`
    /// offers new work to them from the front and stops at the first that finds nothing for a reason the others
    /// share, so a thousand idle workers cost one look per offer, not a thousand.
    var parked = JoinOrderedWorkers()
    /// ``LeaseTable/offers`` plus windows orphaned, when `dispatch` last looked.
    var offersSeen = 0
    /// Windows orphaned so far (a worker left with trees of its window not handed out).
    var orphaned = 0
    /// The live workers' slots, summed as they join and leave.
    var slotCount = 0
    var failures: [String: Int] = [:]
    /// Measured cost of one tree (all its gestures), microseconds, exponentially averaged.
    public internal(set) var costPerTreeMicroseconds: Double?
    public var committedUnits: Int { table.committedUnits }
    public var committedTrees: Int { table.committedTrees }
    public internal(set) var retries = 0
    /// Leases that ended without a result: their worker died or went silent, or they passed their deadline.
    public private(set) var leaseExpiries = 0
    /// At the tail: batches an idle worker took from another worker's queue, and stragglers copied to one.
    public internal(set) var batchesMoved = 0
    public internal(set) var stragglersCopied = 0
    public var quarantined: [(unit: UnitSpec, reason: String)] { table.quarantined }
    public private(set) var finished = false
    /// Results discarded because their unit was never leased to the worker that sent them (nor held by it before a
    /// restart): a peer that said hello cannot commit trees it was not given.
    public internal(set) var unleasedResults = 0

    /// `covered[c]`: trees of configuration c already committed (from a journal when resuming). `formerLeases`: the
    /// workers an earlier coordinator leased each still open unit to (the journal's lease records), whose results
    /// for them count.
    public init(
        settings: CoordinatorSettings, configurationCount: Int, treeCount: Int, covered: [TreeCoverage]? = nil,
        formerLeases: [UnitSpec: Set<WorkerID>] = [:]
    ) {
        self.settings = settings
        self.configurationCount = configurationCount
        self.treeCount = treeCount
        table = LeaseTable(
            coverage: covered ?? Array(repeating: TreeCoverage(), count: configurationCount),
            minimumStragglerDelayMs: settings.minimumStragglerDelayMs, formerHolders: formerLeases)
        windows = TreeWindows(configurationCount: configurationCount, treeCount: treeCount)
    }

    /// Where `unit` is in its lifecycle (docs/STATE_MACHINES.md).
    public func state(of unit: UnitSpec) -> UnitState { table.state(of: unit) }

    public var totalTrees: Int { configurationCount * treeCount }
    public var liveWorkers: Int { workers.count }
    /// The distinct workers that have joined this coordinator (by routing id), for the final line's count.
    public private(set) var joinedWorkers = Set<WorkerID>()
    public var liveSlots: Int { slotCount }
    /// Units held by workers now (a straggler re-run counts once).
    public var leasedUnits: Int { table.leasedUnits }
    /// Units waiting to be run again.
    public var queuedRetries: Int { table.retryQueue.count }
    /// Trees neither committed nor leased: the work still to hand out.
    public var unassignedTrees: Int { max(0, totalTrees - committedTrees - table.leasedTrees) }

    // MARK: - Events

    public mutating func handle(_ event: CoordinatorEvent, nowMs: Int64) -> [CoordinatorAction] {
        var actions: [CoordinatorAction] = []
        switch event {
        case let .received(worker, message):
            receive(message, from: worker, nowMs: nowMs, into: &actions)
        case let .malformed(worker, reason):
            actions.append(.log(.warning("rejected a message", ["worker": .text(Self.name(worker)), "reason": .text(reason)])))
        case let .unreachable(worker):
            if workers[worker] != nil {
                // Once the sweep is finished, workers going away is how it ends, not news.
                actions.append(
                    .log(
                        finished
                            ? .debug("worker gone after the sweep finished", ["worker": .text(Self.name(worker))]).of(.membership)
                            : .warning("worker unreachable; its units go back to the queue", ["worker": .text(Self.name(worker))]).of(.membership)))
                removeWorker(worker, killed: false, into: &actions)
            }
        case .tick:
            tick(nowMs: nowMs, into: &actions)
        }
        dispatch(nowMs: nowMs, into: &actions)
        checkFinished(into: &actions)
        if checksInvariants { table.checkInvariants() }
        return actions
    }

    mutating func receive(_ message: ProtocolMessage, from w: WorkerID, nowMs: Int64, into actions: inout [CoordinatorAction]) {
        if case let .hello(workerID, host, slots, engineVersion) = message {
            hello(workerID: workerID, host: host, slots: slots, engineVersion: engineVersion, from: w, nowMs: nowMs, into: &actions)
            return
        }
        // `sweep status` is the driver's to answer (`CoordinatorLoop.statusAnswer`): only it knows the scenario counts
        // and when the run started, so a request never reaches here; one that did would get no answer.
        if case .statusRequest = message { return }
        guard let index = workers.index(forKey: w) else {
            actions.append(
                .log(.notice("ignored a message from a worker that has not said hello", ["worker": .text(Self.name(w)), "type": .text(message.type.name)])))
            // Not a refusal: a worker whose hello was lost reconnects and says it again.
            actions.append(.send(w, .disconnect(reason: "say hello first")))
            return
        }
        workers.values[index].lastHeardMs = nowMs
        switch message {
        case .credit(let count):
            guard count >= 0 && count <= 10_000 else {
                actions.append(.log(.warning("rejected a credit out of range", ["worker": .text(Self.name(w)), "credit": .number(count)])))
                return
            }
            workers.values[index].credit += count
            if workers.values[index].credit > 0 {
                parked.remove(w)
                creditors.insert(w)
            }
        case let .result(unit, attempt, status, elapsed, payload, detail):
            result(
                unit: unit, attempt: attempt, status: status, elapsed: elapsed, payload: payload, detail: detail,
                from: w, nowMs: nowMs, into: &actions)
        case .heartbeat:
            break
        case .load(let load):
            workers.values[index].load = load
        case .disconnect(let reason):
            actions.append(.log(.info("worker left", ["worker": .text(Self.name(w)), "reason": .text(reason)]).of(.membership)))
            removeWorker(w, killed: false, into: &actions)
        default:
            actions.append(.log(.warning("ignored a message workers do not send", ["worker": .text(Self.name(w)), "type": .text(message.type.name)])))
        }
    }

    /// A worker's hello: refused for another engine or no slots; else it joins (a hello again first gives back
    /// what the worker held) and is welcomed, and told at once that the sweep is done if it is.
    mutating func hello(
        workerID: String, host: String, slots: Int, engineVersion: String, from w: WorkerID, nowMs: Int64,
        into actions: inout [CoordinatorAction]
    ) {
        guard engineVersion == settings.engineVersion else {
            actions.append(
                .log(
                    .warning(
                        "refused a worker of another engine",
                        [
                            "worker": .text(workerID), "host": .text(host), "engine": .text(engineVersion),
                            "coordinator_engine": .text(settings.engineVersion)
                        ])))
            actions.append(
                .send(
                    w,
                    .refuse(
                        reason: "this coordinator runs engine \(settings.engineVersion) and results from two engines never mix; worker has \(engineVersion)"
                    )))
            return
        }
        guard slots > 0 else {
            actions.append(.send(w, .refuse(reason: "slots must be at least 1")))
            return
        }
        if workers[w] != nil {
            // A worker says hello again after losing us (a reconnect, or our `say hello first`): it dropped the
            // units queued behind its slots and starts counting credit from zero, so its leases go back to the
            // queue (not counted against their budget). What it still runs comes back as outbox results.
            let held = table.held(by: w)
            actions.append(
                .log(
                    .notice("worker said hello again; the units it held go back to the queue", ["worker": .text(workerID), "held": .number(held)])
                        .of(.membership)))
            removeWorker(w, killed: false, into: &actions)
        }
        workerOrder.append(w)
        // A hello starts the credit over: the worker counts what it asked for from zero again.
        hellos += 1
        workers[w] = Worker(host: host, slots: slots, credit: 0, lastHeardMs: nowMs, lastSentMs: nowMs, joined: hellos)
        slotCount += slots
        table.register(w, slots: slots, joined: hellos)
        joinedWorkers.insert(w)
        actions.append(.log(.info("worker joined", ["worker": .text(workerID), "host": .text(host), "slots": .number(slots)]).of(.membership)))
        actions.append(
            .send(
                w,
                .welcome(
                    sweepID: settings.sweepID, configHash: settings.configHash, configText: settings.configText,
                    heartbeatMs: settings.heartbeatMs, liveness: settings.liveness)))
        if finished { actions.append(.send(w, .disconnect(reason: "done"))) }
    }

    mutating func removeWorker(_ w: WorkerID, killed: Bool, into actions: inout [CoordinatorAction]) {
        if let gone = workers.removeValue(forKey: w) { slotCount -= gone.slots }
        creditors.remove(w)
        parked.remove(w)
        table.forget(w)
        windows.orphan(windowOf: w)
        orphaned += 1
        batches.forget(w)
        workerOrder.removeAll { $0 == w }
        let held = table.leases(of: w)
        leaseExpiries += held.count
        for lease in held { table.endLeases(of: lease.unit) { $0.worker == w } }
        for lease in held {
            failed(
                lease.unit, attempt: lease.attempt, reason: "\(lease.unit.id) attempt \(lease.attempt) was lost with worker \(Self.name(w))",
                countsAgainstBudget: killed, into: &actions)
        }
    }

    mutating func tick(nowMs: Int64, into actions: inout [CoordinatorAction]) {
        let silence = Int64(settings.heartbeatMs * settings.liveness)
        for w in workerOrder where nowMs - (workers[w]?.lastHeardMs ?? nowMs) > silence {
            actions.append(.log(.warning("worker silent: declared dead", ["worker": .text(Self.name(w)), "silent_ms": .number(Int(silence))]).of(.membership)))
            removeWorker(w, killed: true, into: &actions)
        }
        for lease in table.expired(nowMs: nowMs) {
            leaseExpiries += 1
            table.endLeases(of: lease.unit) { $0 == lease }
            failed(
                lease.unit, attempt: lease.attempt,
                reason: "\(lease.unit.id) attempt \(lease.attempt) on \(Self.name(lease.worker)) passed its deadline",
                countsAgainstBudget: true, into: &actions)
        }
        for w in workerOrder where nowMs - (workers[w]?.lastSentMs ?? nowMs) >= Int64(settings.heartbeatMs) {
            workers[w]!.lastSentMs = nowMs
            actions.append(.send(w, .heartbeat(inflight: table.held(by: w))))
        }
    }

    /// Queues, as units of their own, the trees of `unit` that are neither covered nor held by a lease nor queued
    /// already. Results never overlap what is committed, so when one overlaps part of it (units cut differently by
    /// an earlier coordinator or before a resume), the rest of its trees would otherwise be lost and the sweep
    /// would never finish. Each part is a new unit (attempt 1, a budget of its own).
    mutating func requeueUncovered(_ unit: UnitSpec, into actions: inout [CoordinatorAction]) {
        let c = unit.configuration
        guard !table.coverage[c].covers(unit.trees) else { return }
        var taken = table.coverage[c]
        for (other, _) in table.byUnit where other.configuration == c && other.trees.overlaps(unit.trees) { taken.insert(other.trees) }
        for entry in table.retryQueue where entry.unit.configuration == c && entry.unit.trees.overlaps(unit.trees) { taken.insert(entry.unit.trees) }
        var from = unit.trees.lowerBound
        while let gap = taken.nextGap(from: from, limit: unit.trees.upperBound, maxCount: unit.trees.count) {
            table.enqueueRetry(UnitSpec(configuration: c, trees: gap), attempt: 1)
            actions.append(
                .log(
                    .info(
                        "the part of a unit nothing covers goes back to the queue",
                        ["unit": .text(UnitSpec(configuration: c, trees: gap).id), "part_of": .text(unit.id)])))
            from = gap.upperBound
        }
    }

    mutating func checkFinished(into actions: inout [CoordinatorAction]) {
        guard !finished, table.coveredTrees >= totalTrees, table.coverage.allSatisfy({ $0.covers(0 ..< treeCount) }) else { return }
        finished = true
        actions.append(.finished)
        for w in workerOrder { actions.append(.send(w, .disconnect(reason: "done"))) }
    }

    // MARK: - Progress

    /// Units left to run, estimated: leased, queued for a retry, and the unassigned trees at the current unit size.
    public var unitsEstimatedTotal: Int {
        committedUnits + table.leasedUnits + table.retryQueue.count + unassignedTrees / max(1, treesPerUnit())
    }

    /// What `sweep status` is told, as far as the machine knows it: the driver adds the scenario counts and the
    /// rate's inputs (``StatusReport/scenariosDone``, ``StatusReport/treesThisRun``, ``StatusReport/elapsedMs``).
    /// Workers in join order.
    public func statusReport(nowMs: Int64) -> StatusReport {
        let rows = workerOrder.compactMap { w -> StatusReport.Worker? in
            guard let k = workers[w] else { return nil }
            return StatusReport.Worker(
                id: Self.name(w), host: k.host, slots: k.slots, unitsDone: k.unitsDone, unitsHeld: table.held(by: w),
                lastHeardMsAgo: Int(max(0, nowMs - k.lastHeardMs)), load: k.load)
        }
        return StatusReport(
            sweepID: settings.sweepID, configHash: settings.configHash, unitsDone: committedUnits,
            unitsTotal: unitsEstimatedTotal, treesDone: committedTrees, treesTotal: totalTrees,
            scenariosDone: 0, scenariosTotal: 0, treesThisRun: 0, elapsedMs: 0, retries: retries,
            quarantinedCount: quarantined.count,
            quarantinedUnits: quarantined.prefix(StatusReport.listedQuarantined).map {
                StatusReport.Quarantined(unit: $0.unit.id, reason: $0.reason)
            },
            finished: finished, workers: rows)
    }

    static func name(_ w: WorkerID) -> String { w.description }
}
