import SweepProtocol

/// The tail of a sweep: every tree is handed out, and a worker with free slots asks for more.
extension CoordinatorStateMachine {
    /// `w` has a slot free: it takes the newest batch another worker holds beyond what its slots are running
    /// (so it has not begun), moving the leases rather than copying them. The other worker gets a `cancel` for
    /// each unit and drops them. The victim is the worker with the most batches waiting (ties: the earliest to
    /// join). Returns whether anything moved.
    mutating func moveQueuedBatch(to w: WorkerID, nowMs: Int64, into actions: inout [CoordinatorAction]) -> Bool {
        guard let (victim, moving) = queuedBatchToMove(to: w) else { return false }
        for lease in moving {
            table.endLeases(of: lease.unit) { $0 == lease }
            actions.append(.send(victim, .cancel(unit: lease.unit)))
            assign(lease.unit, attempt: lease.attempt, to: w, speculative: false, nowMs: nowMs, into: &actions)
        }
        batchesMoved += 1
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

    /// The worker to take a batch from and the leases to move (see ``moveQueuedBatch(to:late:nowMs:into:)``), read
    /// from the tail index without holding on to it (the table changes next).
    func queuedBatchToMove(to w: WorkerID) -> (victim: WorkerID, leases: [Lease])? {
        // Only a worker with a slot free takes work away from another (else the two would pass it back and forth).
        guard table.tail.batchCount(of: w) < workers[w]?.slots ?? 0 else { return nil }
        // The worker with the most batches waiting, ties the earliest to join (the tail keeps them by count; `w`
        // has a slot free, so it is not among them).
        guard let (victim, _) = table.tail.mostWaiting, victim != w, let batches = table.tail.batches[victim], let newest = batches.keys.max(),
            let credit = workers[w]?.credit
        else { return nil }
        // In the batch's order (configuration, then trees), as many as `w` has asked for.
        let moving = batches[newest]!.sorted { ($0.unit.configuration, $0.unit.trees.lowerBound) < ($1.unit.configuration, $1.unit.trees.lowerBound) }
            .prefix(credit)
        return (victim, Array(moving))
    }
}
