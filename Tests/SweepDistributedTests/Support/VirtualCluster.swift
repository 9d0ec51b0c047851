import SweepProtocol
import TestSupport

@testable import SweepDistributed

/// A coordinator and its workers in virtual time: the two state machines joined by a simulated ZeroMQ link,
/// units that "run" for a virtual cost per tree, and a journal that outlives the coordinator. The coordinator
/// can be killed (`kill -9`: its state and whatever it had not yet put on the wire are gone) and started again
/// from the journal while the workers live on, which is what systemd, Kubernetes and Compose do after a crash.
///
/// The link follows what a DEALER without `ZMQ_IMMEDIATE` does: a worker's messages sent while the coordinator is
/// down wait in its socket and go out once the new coordinator is up (after libzmq's reconnect interval); a
/// worker that closes its socket to reconnect loses what was queued on the old one.
struct VirtualCluster {
    struct Config {
        var configurations = 4
        var trees = 60
        var workers = 2
        var slots = 2
        /// Virtual cost of one tree of one configuration.
        var msPerTree: Int64 = 40
        var heartbeatMs = 1000
        var liveness = 3
        var targetUnitSeconds = 0.5
        /// One-way latency is drawn from 1 ... this.
        var maximumLatencyMs: Int64 = 5
        /// libzmq's reconnect interval: how long after a restart the workers' sockets reach the new coordinator.
        var zmqReconnectMs: Int64 = 1000
    }

    enum Destination: Equatable {
        case coordinator(worker: Int, connection: Int)
        case worker(Int, connection: Int)
    }

    struct Delivery {
        var at: Int64
        var sequence: Int
        var destination: Destination
        var message: ProtocolMessage
    }

    struct Running {
        var unit: UnitSpec
        var attempt: Int
        var doneAt: Int64
    }

    struct Worker {
        var id: WorkerID
        var machine: WorkerStateMachine
        /// The socket generation: bumped when the worker closes its socket to reconnect.
        var connection = 0
        var reconnectAt: Int64?
        var running: [Running] = []
        /// When each slot is free again.
        var slotFreeAt: [Int64]
        var exited = false
        var lastTick: Int64 = 0
    }

    let config: Config
    var rng: SplitMix64
    var now: Int64 = 0
    var coordinator: CoordinatorStateMachine?
    var incarnations = 0
    /// Committed units across incarnations, in commit order (the journal).
    var journal: [UnitSpec] = []
    var quarantined: [UnitSpec] = []
    /// The leases journaled across incarnations: a restarted coordinator takes their workers' results.
    var leases: [(unit: UnitSpec, worker: WorkerID)] = []
    /// A commit that overlapped trees already journaled: a unit counted twice.
    var doubleCounted: [UnitSpec] = []
    var workers: [Worker] = []
    var inFlight: [Delivery] = []
    /// Worker messages waiting in their sockets while no coordinator is up.
    var parked: [Delivery] = []
    var sequence = 0
    var coordinatorLastTick: Int64 = 0
    var logs: [String] = []

    init(_ config: Config = Config(), seed: UInt64) {
        self.config = config
        rng = SplitMix64(seed: seed)
        startCoordinator()
        for i in 0 ..< config.workers {
            var settings = WorkerSettings(workerID: "w\(i)", host: "h", slots: config.slots, engineVersion: "e")
            settings.prefetch = config.slots
            settings.startAhead = config.slots
            var worker = Worker(
                id: WorkerID(Array("w\(i)".utf8)), machine: WorkerStateMachine(settings: settings),
                slotFreeAt: Array(repeating: 0, count: config.slots))
            let actions = worker.machine.handle(.connected, nowMs: now)
            workers.append(worker)
            perform(actions, worker: i)
        }
    }

    var coverage: [TreeCoverage] {
        var c = Array(repeating: TreeCoverage(), count: config.configurations)
        for u in journal + quarantined { c[u.configuration].insert(u.trees) }
        return c
    }

    var isFinished: Bool { coordinator?.finished ?? false }

    /// Every tree of every configuration journaled or quarantined exactly once.
    var everyTreeOnce: Bool {
        var seen = Array(repeating: Array(repeating: 0, count: config.trees), count: config.configurations)
        for u in journal + quarantined { for t in u.trees { seen[u.configuration][t] += 1 } }
        return seen.allSatisfy { $0.allSatisfy { $0 == 1 } }
    }

    mutating func startCoordinator() {
        var settings = CoordinatorSettings(sweepID: "s", configHash: "h", configText: "name: v", engineVersion: "e")
        settings.heartbeatMs = config.heartbeatMs
        settings.liveness = config.liveness
        settings.targetUnitSeconds = config.targetUnitSeconds
        settings.minimumTimeLimitMs = 20_000
        let covered = coverage
        var formerLeases: [UnitSpec: Set<WorkerID>] = [:]
        for lease in leases where !covered[lease.unit.configuration].covers(lease.unit.trees) {
            formerLeases[lease.unit, default: []].insert(lease.worker)
        }
        coordinator = CoordinatorStateMachine(
            settings: settings, configurationCount: config.configurations, treeCount: config.trees,
            covered: covered, formerLeases: formerLeases)
        incarnations += 1
        coordinatorLastTick = now
        // What the workers' sockets queued while no coordinator was up reaches this one once they reconnect.
        for var d in parked {
            d.at = now + config.zmqReconnectMs + latency()
            inFlight.append(d)
        }
        parked.removeAll()
    }

    /// `kill -9`: the coordinator's state goes, with whatever it had not yet delivered and what was on its way to it.
    mutating func killCoordinator() {
        coordinator = nil
        inFlight.removeAll { if case .coordinator = $0.destination { return true } else { return false } }
        // A message already on the wire to a worker may or may not arrive: drop about half.
        inFlight.removeAll { if case .worker = $0.destination { return rng.next() % 2 == 0 } else { return false } }
    }

    mutating func latency() -> Int64 { 1 + Int64(rng.next() % UInt64(config.maximumLatencyMs)) }

    mutating func post(_ message: ProtocolMessage, to destination: Destination) {
        sequence += 1
        inFlight.append(Delivery(at: now + latency(), sequence: sequence, destination: destination, message: message))
    }

    mutating func perform(_ actions: [CoordinatorAction]) {
        for action in actions {
            switch action {
            case let .send(w, message):
                guard let i = workers.firstIndex(where: { $0.id == w }), !workers[i].exited else { continue }
                post(message, to: .worker(i, connection: workers[i].connection))
            case let .commit(unit, _):
                if coverage[unit.configuration].overlaps(unit.trees) { doubleCounted.append(unit) }
                journal.append(unit)
            case let .quarantine(unit, _):
                quarantined.append(unit)
            case let .recordLease(unit, worker):
                leases.append((unit, worker))
            case let .log(line):
                logs.append("c\(incarnations) \(now): \(line)")
            case .finished:
                break
            }
        }
    }

    mutating func perform(_ actions: [WorkerAction], worker i: Int) {
        for action in actions {
            switch action {
            case .send(let message):
                guard workers[i].reconnectAt == nil else { continue }
                post(message, to: .coordinator(worker: i, connection: workers[i].connection))
            case .prepare:
                break
            case let .start(unit, attempt, _):
                let slot = workers[i].slotFreeAt.indices.min { workers[i].slotFreeAt[$0] < workers[i].slotFreeAt[$1] }!
                let doneAt = max(now, workers[i].slotFreeAt[slot]) + config.msPerTree * Int64(unit.trees.count)
                workers[i].slotFreeAt[slot] = doneAt
                workers[i].running.append(Running(unit: unit, attempt: attempt, doneAt: doneAt))
            case .abandon(let unit):
                workers[i].running.removeAll { $0.unit == unit }
            case .reconnect(let afterMs):
                workers[i].reconnectAt = now + Int64(afterMs)
            case .connect:
                break // this cluster replaces the socket itself when the backoff ends, and says `connected`
            case let .log(line):
                logs.append("w\(i) \(now): \(line)")
            case .exit:
                workers[i].exited = true
            case .sampleLoad:
                break // no process to measure: a driver that cannot answers nothing
            }
        }
    }

    /// Runs until `until` (virtual ms) or until `stop` holds.
    mutating func run(until: Int64, stop: (VirtualCluster) -> Bool = { _ in false }) {
        while now < until && !stop(self) {
            now += 1
            step()
        }
    }

    mutating func step() {
        // Deliveries due now, in order.
        let due = inFlight.filter { $0.at <= now }.sorted { ($0.at, $0.sequence) < ($1.at, $1.sequence) }
        inFlight.removeAll { $0.at <= now }
        for d in due {
            switch d.destination {
            case let .coordinator(i, connection):
                guard workers[i].connection == connection else { continue }
                guard coordinator != nil else { parked.append(d); continue }
                let actions = coordinator!.handle(.received(workers[i].id, d.message), nowMs: now)
                perform(actions)
            case let .worker(i, connection):
                guard workers[i].connection == connection, !workers[i].exited, workers[i].reconnectAt == nil else { continue }
                perform(workers[i].machine.handle(.received(d.message), nowMs: now), worker: i)
            }
        }
        for i in workers.indices where !workers[i].exited {
            if let at = workers[i].reconnectAt, now >= at {
                workers[i].reconnectAt = nil
                workers[i].connection += 1
                // Its queued messages went with the old socket.
                parked.removeAll { if case .coordinator(i, _) = $0.destination { return true } else { return false } }
                perform(workers[i].machine.handle(.connected, nowMs: now), worker: i)
            }
            let finished = workers[i].running.filter { $0.doneAt <= now }
            workers[i].running.removeAll { $0.doneAt <= now }
            for r in finished {
                perform(
                    workers[i].machine.handle(
                        .finished(
                            r.unit, attempt: r.attempt, status: .ok,
                            elapsedMicroseconds: config.msPerTree * 1000 * Int64(r.unit.trees.count),
                            payload: Array(r.unit.id.utf8), detail: ""), nowMs: now), worker: i)
            }
            if now - workers[i].lastTick >= 100 {
                workers[i].lastTick = now
                perform(workers[i].machine.handle(.tick, nowMs: now), worker: i)
            }
        }
        if coordinator != nil && now - coordinatorLastTick >= 100 {
            coordinatorLastTick = now
            perform(coordinator!.handle(.tick, nowMs: now))
        }
    }
}
