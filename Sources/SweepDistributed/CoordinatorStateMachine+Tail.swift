import SweepProtocol

/// The tail of a sweep: every tree is handed out, and a worker with free slots asks for more.
extension CoordinatorStateMachine {
    /// The leases at the tail, by worker and batch (speculative copies left out), built once per dispatch pass.
    struct TailView {
        var batches: [WorkerID: [Int: [Lease]]] = [:]
        /// Leases of late batches, oldest first; computed on first use.
        var late: [Lease]?

        init(_ leaseTable: [UnitSpec: [Lease]]) {
            for list in leaseTable.values {
                for lease in list where !lease.speculative { batches[lease.worker, default: [:]][lease.batch, default: []].append(lease) }
            }
        }

        /// A batch runs as one group, so it is late as a whole: past the expected end of its last unit by that
        /// batch's expected duration, and by at least `minimumDelayMs`.
        mutating func lateLeases(nowMs: Int64, minimumDelayMs: Int) -> [Lease] {
            if let late { return late }
            var found: [Lease] = []
            for byBatch in batches.values {
                for leases in byBatch.values {
                    let done = leases.map(\.expectedDoneMs).max()!, started = leases.map(\.startedMs).min()!
                    if nowMs - done > max(Int64(minimumDelayMs), done - started) { found += leases }
                }
            }
            found.sort { ($0.startedMs, $0.unit.configuration, $0.unit.trees.lowerBound) < ($1.startedMs, $1.unit.configuration, $1.unit.trees.lowerBound) }
            late = found
            return found
        }
    }

    /// `w` has a slot free: it takes the newest batch another worker holds beyond what its slots are running
    /// (so it has not begun), moving the leases rather than copying them. The other worker gets a `cancel` for
    /// each unit and drops them. The victim is the worker with the most batches waiting (ties: the earliest to
    /// join). Returns whether anything moved.
    mutating func moveQueuedBatch(to w: WorkerID, tail: inout TailView?, nowMs: Int64, into actions: inout [CoordinatorAction]) -> Bool {
        if tail == nil { tail = TailView(table.byUnit) }
        let byWorker = tail!.batches
        // Only a worker with a slot free takes work away from another (else the two would pass it back and forth).
        guard (byWorker[w]?.count ?? 0) < workers[w]?.slots ?? 0 else { return false }
        var best: (worker: WorkerID, waiting: Int)?
        for v in workerOrder where v != w {
            guard let batches = byWorker[v], let slots = workers[v]?.slots else { continue }
            let waiting = batches.count - slots
            if waiting >= 1, best.map({ waiting > $0.waiting }) ?? true { best = (v, waiting) }
        }
        guard let (victim, _) = best, let batches = byWorker[victim], let newest = batches.keys.max(),
            let credit = workers[w]?.credit
        else { return false }
        // In the batch's order (configuration, then trees), as many as `w` has asked for.
        let moving = batches[newest]!.sorted { ($0.unit.configuration, $0.unit.trees.lowerBound) < ($1.unit.configuration, $1.unit.trees.lowerBound) }
            .prefix(credit)
        for lease in moving {
            table.endLeases(of: lease.unit) { $0 == lease }
            actions.append(.send(victim, .cancel(unit: lease.unit)))
            assign(lease.unit, attempt: lease.attempt, to: w, speculative: false, nowMs: nowMs, into: &actions)
        }
        tail = nil // leases moved: rebuild before the next look
        let ids = moving.map(\.unit.id)
        actions.append(
            .log(
                .info(
                    "moved queued units to an idle worker",
                    [
                        "units": .number(ids.count), "first": .text(ids.first ?? ""), "last": .text(ids.last ?? ""),
                        "from": .text(Self.name(victim)), "worker": .text(Self.name(w))
                    ])))
        return !moving.isEmpty
    }

    /// The oldest lease of a late batch (see ``TailView/lateLeases(nowMs:minimumDelayMs:)``) that is its unit's
    /// only lease and is not on `w`. Units merely queued behind others are not late: their expected end counts
    /// the queue.
    func oldestStraggler(notOn w: WorkerID, tail: inout TailView?, nowMs: Int64) -> Lease? {
        if tail == nil { tail = TailView(table.byUnit) }
        // Still its unit's only lease: a copy made, or a lease moved, earlier in this pass counts.
        return tail!.lateLeases(nowMs: nowMs, minimumDelayMs: settings.minimumStragglerDelayMs)
            .first { $0.worker != w && table.byUnit[$0.unit] == [$0] }
    }
}
