import SweepProtocol

/// Coalesces the coordinator's `assign` and `ack` messages to each worker into `assignments` and `acks`
/// batches (protocol version 2), so a busy coordinator sends a message or two per worker per pass over its
/// socket instead of two per unit.
///
/// Ordering, per worker (messages to different workers are independent):
/// - any other message (`cancel`, `heartbeat`, `disconnect`, `welcome`, …) is a barrier: what is pending for
///   that worker goes out first, then the message itself, at once;
/// - within a batch, pending acks go before pending assignments. The two commute: an ack lets the worker
///   forget a finished result, an assignment queues new work, and acking a unit's old attempt before its
///   retry is assigned is the order the state machine would have produced anyway.
/// A batch of one is sent as the plain `assign` or `ack`.
public struct CoordinatorOutbox: Sendable {
    struct Pending: Sendable {
        var acks: [UnitSpec] = []
        var assignments: [Assignment] = []
        var isEmpty: Bool { acks.isEmpty && assignments.isEmpty }
    }

    /// Entries per batch message (at most ``WireLimits/batchEntries``).
    public let batchLimit: Int
    var pending: [WorkerID: Pending] = [:]
    /// Workers with something pending, in the order they first got something: deterministic output.
    var order: [WorkerID] = []

    public init(batchLimit: Int = Int(WireLimits.batchEntries.upperBound)) {
        self.batchLimit = max(1, min(batchLimit, Int(WireLimits.batchEntries.upperBound)))
    }

    public var isEmpty: Bool { order.isEmpty }

    /// Takes one message for `worker`; returns what must be sent now (nothing for an `assign` or `ack`, which
    /// wait for ``drain()``; for anything else, what was pending for `worker` and then the message).
    public mutating func add(_ message: ProtocolMessage, to worker: WorkerID) -> [(WorkerID, ProtocolMessage)] {
        switch message {
        case let .assign(unit, attempt, timeLimitMs):
            modify(worker) { $0.assignments.append(Assignment(unit: unit, attempt: attempt, timeLimitMs: timeLimitMs)) }
            return []
        case let .ack(unit):
            modify(worker) { $0.acks.append(unit) }
            return []
        default:
            return take(worker) + [(worker, message)]
        }
    }

    /// Everything pending, worker by worker in first-pending order, each worker's acks before its assignments.
    public mutating func drain() -> [(WorkerID, ProtocolMessage)] {
        var out: [(WorkerID, ProtocolMessage)] = []
        for worker in order {
            if let p = pending[worker] { out += messages(p, to: worker) }
        }
        pending.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
        return out
    }

    /// Drops what is pending for a worker that is gone.
    public mutating func forget(_ worker: WorkerID) {
        if pending.removeValue(forKey: worker) != nil { order.removeAll { $0 == worker } }
    }

    /// One hash lookup: an absent worker gets an empty `Pending` (never stored empty otherwise), noted in `order`.
    mutating func modify(_ worker: WorkerID, _ change: (inout Pending) -> Void) {
        var isNew = false
        func update(_ p: inout Pending) {
            isNew = p.isEmpty
            change(&p)
        }
        update(&pending[worker, default: Pending()])
        if isNew { order.append(worker) }
    }

    mutating func take(_ worker: WorkerID) -> [(WorkerID, ProtocolMessage)] {
        guard let p = pending.removeValue(forKey: worker) else { return [] }
        order.removeAll { $0 == worker }
        return messages(p, to: worker)
    }

    func messages(_ p: Pending, to worker: WorkerID) -> [(WorkerID, ProtocolMessage)] {
        var out: [(WorkerID, ProtocolMessage)] = []
        for chunk in chunks(p.acks) {
            out.append((worker, chunk.count == 1 ? .ack(unit: chunk[chunk.startIndex]) : .acks(Array(chunk))))
        }
        for chunk in chunks(p.assignments) {
            let a = chunk[chunk.startIndex]
            out.append(
                (
                    worker,
                    chunk.count == 1
                        ? .assign(unit: a.unit, attempt: a.attempt, timeLimitMs: a.timeLimitMs)
                        : .assignments(Array(chunk))
                ))
        }
        return out
    }

    func chunks<T>(_ list: [T]) -> [ArraySlice<T>] {
        stride(from: 0, to: list.count, by: batchLimit).map { list[$0 ..< min(list.count, $0 + batchLimit)] }
    }
}
