import SweepProtocol

/// Results: a worker's answer for a unit it leased, committed once, retried within the budget, or discarded when
/// the sender did not hold the lease (docs/STATE_MACHINES.md, "Coordinator: a unit's lease").
extension CoordinatorStateMachine {
    /// A result: one switch over the unit's state (docs/STATE_MACHINES.md, "Coordinator: a unit's lease";
    /// docs/protocol.md §1, "Result, ack").
    mutating func result(
        unit: UnitSpec, attempt: Int, status: UnitStatus, elapsed: Int64, payload: [UInt8], detail: String,
        from w: WorkerID, nowMs: Int64, into actions: inout [CoordinatorAction]
    ) {
        guard unit.configuration >= 0, unit.configuration < configurationCount, unit.trees.lowerBound >= 0,
            unit.trees.upperBound <= treeCount, !unit.trees.isEmpty
        else {
            actions.append(.log(.warning("rejected a result for a unit not in the plan", ["worker": .text(Self.name(w)), "unit": .text(unit.id)])))
            // Acknowledged all the same: the worker forgets it instead of sending it again after every hello.
            actions.append(.send(w, .ack(unit: unit)))
            return
        }
        let mine = { (lease: Lease) in lease.worker == w && lease.attempt == attempt }
        // Its unit is this worker's to deliver: leased to it now, or before (it left or said hello again, the lease
        // passed its deadline or moved, or an earlier coordinator leased it, as the journal says) and still open.
        let ours = table.holds(unit, w) || table.wasLeased(unit, to: w)
        switch table.state(of: unit) {
        case .committed, .quarantined:
            // Some of its trees are covered: a duplicate (its lease, if this worker holds one, ends). A speculative
            // copy whose original was committed first ends here too (the commit ended its lease).
            table.endLeases(of: unit, where: mine)
            actions.append(.log(.info("discarded a duplicate result", ["worker": .text(Self.name(w)), "unit": .text(unit.id), "attempt": .number(attempt)])))
            actions.append(.send(w, .ack(unit: unit)))
            // Trees of it that nothing covers, holds or queues (it overlapped only part of what is committed) run
            // again; not for a unit the worker was never given, whose trees the windows hand out in their turn.
            if ours { requeueUncovered(unit, into: &actions) }
        case _ where !ours:
            discardUnleased(unit: unit, attempt: attempt, from: w, into: &actions)
        case .leased(let list) where list.contains(where: mine):
            switch status {
            case .ok:
                commit(unit, payload: payload, elapsed: elapsed, from: w, into: &actions)
                actions.append(.send(w, .ack(unit: unit)))
                // Every lease of the unit ended with the commit; speculative copies elsewhere are no longer needed.
                for lease in list where !mine(lease) { actions.append(.send(lease.worker, .cancel(unit: unit))) }
            case .error, .timeout:
                table.endLeases(of: unit, where: mine)
                actions.append(.send(w, .ack(unit: unit)))
                let what = status == .timeout ? "timed out" : "failed: \(detail)"
                failed(
                    unit, attempt: attempt, reason: "\(unit.id) attempt \(attempt) on \(Self.name(w)) \(what)", countsAgainstBudget: true,
                    into: &actions)
            }
        case .leased:
            // Leased to another worker (it moved, or expired and went out again): that lease stands and this late
            // copy goes.
            actions.append(
                .log(
                    .info(
                        "discarded a late result; the unit was leased again",
                        [
                            "worker": .text(Self.name(w)), "unit": .text(unit.id),
                            "attempt": .number(attempt)
                        ])))
            actions.append(.send(w, .ack(unit: unit)))
        case .queued, .retrying:
            // A late result of this worker's whose unit waits in the queue, or one from the outbox of a worker that
            // re-registered, perhaps with an earlier coordinator that cut the trees into other units. Its trees are
            // valid and not covered, and results do not depend on how trees are cut: the first `ok` stands.
            guard status == .ok else {
                actions.append(
                    .log(
                        .info(
                            "ignored a failed attempt of a unit the worker does not hold",
                            [
                                "worker": .text(Self.name(w)), "unit": .text(unit.id), "attempt": .number(attempt),
                                "status": .text(status == .timeout ? "timeout" : "error")
                            ])))
                actions.append(.send(w, .ack(unit: unit)))
                return
            }
            actions.append(
                .log(
                    .info(
                        "accepted a result from a worker that held the unit before",
                        ["worker": .text(Self.name(w)), "unit": .text(unit.id), "attempt": .number(attempt)])))
            commit(unit, payload: payload, elapsed: elapsed, from: w, into: &actions)
            actions.append(.send(w, .ack(unit: unit)))
        }
    }

    /// A result for a unit neither leased to its sender now nor before: whatever it holds, it is not committed
    /// (docs/protocol.md §1, "Result, ack"). It is acknowledged, so a worker that kept it in its outbox (from a sweep
    /// whose journal was started over) does not send it again after every hello; the line about it is rate-limited
    /// per peer like every line about a peer's messages (docs/protocol.md §3).
    mutating func discardUnleased(unit: UnitSpec, attempt: Int, from w: WorkerID, into actions: inout [CoordinatorAction]) {
        unleasedResults += 1
        actions.append(
            .log(
                .warning(
                    "discarded a result for a unit never leased to this worker",
                    ["worker": .text(Self.name(w)), "unit": .text(unit.id), "attempt": .number(attempt)])))
        actions.append(.send(w, .ack(unit: unit)))
    }

    /// leased | queued | retrying → committed (docs/protocol.md §1, "Result, ack": the first `ok` for its trees).
    mutating func commit(_ unit: UnitSpec, payload: [UInt8], elapsed: Int64, from w: WorkerID, into actions: inout [CoordinatorAction]) {
        workers[w]?.unitsDone += 1
        _ = table.commit(unit)
        if elapsed > 0 {
            let perTree = Double(elapsed) / Double(unit.trees.count)
            costPerTreeMicroseconds = costPerTreeMicroseconds.map { 0.7 * $0 + 0.3 * perTree } ?? perTree
        }
        actions.append(.commit(unit, payload: payload))
    }

    /// A lease ended without a result (error, timeout, its worker died): retrying with attempt + 1, or
    /// quarantined once the budget is spent (docs/protocol.md §1, "Assign").
    mutating func failed(_ unit: UnitSpec, attempt: Int, reason: String, countsAgainstBudget: Bool, into actions: inout [CoordinatorAction]) {
        switch table.state(of: unit) {
        case .leased, .retrying:
            // Another copy is still running (speculation) and carries on, or the unit already waits for a retry.
            return
        case .committed, .quarantined:
            requeueUncovered(unit, into: &actions)
        case .queued:
            let count = (failures[unit.id] ?? 0) + (countsAgainstBudget ? 1 : 0)
            failures[unit.id] = count
            if count >= settings.retryBudget {
                table.quarantine(unit, reason: reason)
                actions.append(
                    .log(.error("quarantined a unit", ["unit": .text(unit.id), "failures": .number(count), "reason": .text(reason)]).of(.quarantine)))
                actions.append(.quarantine(unit, reason: reason))
            } else {
                retries += 1
                table.enqueueRetry(unit, attempt: attempt + 1)
                actions.append(.log(.warning("retrying a unit", ["unit": .text(unit.id), "attempt": .number(attempt + 1), "reason": .text(reason)])))
            }
        }
    }
}
