import SweepProtocol

/// Handing out work (docs/protocol.md §1, "Credit-based pull"; docs/STATE_MACHINES.md, "Coordinator: windows and
/// batches"): the unit size, the next unit for a worker, and the dispatch pass over the workers with credit and the
/// parked ones.
extension CoordinatorStateMachine {
    /// Trees per unit now: one until the cost is measured, then about `targetUnitSeconds`, and small enough to
    /// leave `minimumUnitsPerSlot` units per live slot in what remains.
    public func treesPerUnit() -> Int {
        Self.treesPerUnit(
            cost: costPerTreeMicroseconds, settings: settings, remaining: totalTrees - committedTrees - table.leasedTrees,
            liveSlots: liveSlots)
    }

    static func treesPerUnit(cost: Double?, settings: CoordinatorSettings, remaining: Int, liveSlots: @autoclosure () -> Int) -> Int {
        guard let cost, cost > 0 else { return 1 }
        // Capped before it becomes an Int: a cost of a fraction of a microsecond makes the quotient huge.
        let quotient = settings.targetUnitSeconds * 1_000_000 / cost
        let target = quotient < Double(settings.maximumTreesPerUnit) ? Int(quotient.rounded(.down)) : settings.maximumTreesPerUnit
        let tail = remaining / max(1, settings.minimumUnitsPerSlot * max(1, liveSlots()))
        return max(1, min(settings.maximumTreesPerUnit, target, max(1, tail)))
    }

    /// The next unit for worker `w`: a retry first, else the next unit of its window of trees (``TreeWindows``).
    mutating func nextUnit(for w: WorkerID, into actions: inout [CoordinatorAction]) -> (unit: UnitSpec, attempt: Int)? {
        while let next = table.popRetry() {
            if !table.coverage[next.unit.configuration].overlaps(next.unit.trees) { return next }
            // Partly covered since it was queued (a result from an outbox cut the trees differently): its gaps.
            requeueUncovered(next.unit, into: &actions)
        }
        // What the unit size needs, captured without `self` (whose windows are being changed).
        let (cost, settings, remaining, slots) = (costPerTreeMicroseconds, settings, totalTrees - committedTrees - table.leasedTrees, slotCount)
        let size = { Self.treesPerUnit(cost: cost, settings: settings, remaining: remaining, liveSlots: slots) }
        return windows.nextUnit(for: w, coverage: table.coverage, treesPerUnit: size).map { ($0, 1) }
    }

    /// How long `unit` should take at the measured cost (0 before it is measured).
    func expectedMs(_ unit: UnitSpec) -> Int {
        guard let cost = costPerTreeMicroseconds else { return 0 }
        return Int(cost * Double(unit.trees.count) / 1000) + 1
    }

    func timeLimit(for unit: UnitSpec) -> Int {
        guard let cost = costPerTreeMicroseconds else { return settings.minimumTimeLimitMs }
        return max(settings.minimumTimeLimitMs, Int(cost * Double(unit.trees.count) * 20 / 1000))
    }

    mutating func dispatch(nowMs: Int64, into actions: inout [CoordinatorAction]) {
        batches.beginPass()
        table.advance(to: nowMs)
        // A parked worker whose lease ended may have room for a waiting batch now.
        for w in table.drainFreed() where parked.remove(w) { creditors.insert(w) }
        var progress = true
        while progress {
            progress = false
            // The workers with credit in join order: each gets at most one unit a round, as `workerOrder` would
            // give them (credit only falls during a pass, and only the worker served loses any). Their join
            // numbers are looked up once each, not twice per comparison.
            for (joined, w) in creditors.map({ (workers[$0]!.joined, $0) }).sorted(by: { $0.0 < $1.0 }) {
                guard let index = workers.index(forKey: w), workers.values[index].credit > 0 else { continue }
                if offer(to: w, nowMs: nowMs, into: &actions) == .took {
                    progress = true
                } else {
                    creditors.remove(w)
                    parked.insert(w, joined: joined)
                }
            }
            // Something appeared that an idle worker may take: the parked workers look, in join order, until one
            // finds nothing for a reason the others share (what is left is then nothing for any of them).
            let offers = table.offers &+ orphaned
            guard offers != offersSeen else { continue }
            offersSeen = offers
            var from = 0
            while let (joined, w) = parked.first(from: from) {
                from = joined + 1
                let outcome = offer(to: w, nowMs: nowMs, into: &actions)
                if outcome == .took {
                    parked.remove(w)
                    if workers[w]!.credit > 0 { creditors.insert(w) }
                    progress = true
                } else if outcome == .nothingForAnyone {
                    break
                }
            }
        }
    }

    /// What ``offer(to:nowMs:into:)`` found for a worker with credit.
    enum OfferOutcome: Equatable {
        /// A unit: fresh, a retry, a batch moved from another worker, or a straggler's copy.
        case took
        /// Nothing, for reasons of its own: its slots are full of batches, or the only stragglers are its own.
        case nothingForIt
        /// Nothing, and a worker with room and no lease in a late batch would find nothing either.
        case nothingForAnyone
    }

    /// Gives `w` its next unit: from its window or the retry queue (``nextUnit(for:into:)``), else a batch queued on
    /// another worker (``moveQueuedBatch(to:nowMs:into:)``), else a copy of the oldest straggler.
    mutating func offer(to w: WorkerID, nowMs: Int64, into actions: inout [CoordinatorAction]) -> OfferOutcome {
        if let next = nextUnit(for: w, into: &actions) {
            assign(next.unit, attempt: next.attempt, to: w, speculative: false, nowMs: nowMs, into: &actions)
            return .took
        }
        guard settings.speculativeStragglers else { return .nothingForAnyone }
        if moveQueuedBatch(to: w, nowMs: nowMs, into: &actions) { return .took }
        var ownSkipped = false
        if let straggler = table.firstStraggler(notOn: w, nowMs: nowMs, ownSkipped: &ownSkipped) {
            assign(straggler.unit, attempt: straggler.attempt, to: w, speculative: true, nowMs: nowMs, into: &actions)
            stragglersCopied += 1
            actions.append(
                .log(
                    .info(
                        "re-running a straggler on an idle worker",
                        [
                            "unit": .text(straggler.unit.id), "worker": .text(Self.name(w)),
                            "late_ms": .number(Int(nowMs - straggler.expectedDoneMs)),
                            "leased_ms_ago": .number(Int(nowMs - straggler.startedMs))
                        ])))
            return .took
        }
        let full = table.tail.batchCount(of: w) >= workers[w]?.slots ?? 0
        return full || ownSkipped ? .nothingForIt : .nothingForAnyone
    }

    mutating func assign(
        _ unit: UnitSpec, attempt: Int, to w: WorkerID, speculative: Bool, nowMs: Int64,
        into actions: inout [CoordinatorAction]
    ) {
        // A worker queues prefetched units behind its slots, so a unit may wait for those ahead of it first.
        let index = workers.index(forKey: w)!
        let slots = max(1, workers.values[index].slots)
        let held = table.held(by: w)
        let expected = expectedMs(unit)
        let ms = timeLimit(for: unit) + max(0, held / slots) * expected
        workers.values[index].credit -= 1
        if workers.values[index].credit <= 0 { creditors.remove(w) }
        workers.values[index].lastSentMs = nowMs
        // The batch it joins (or starts), and when it should be done: the units the worker already holds drain
        // over its slots, then this one runs for its expected time. (Counting what is held, not a running sum of
        // what was sent, keeps units sent before the cost was known in the count: with a sum they were left out,
        // every queued unit looked late about a second after it was sent, and the tail copied nearly all of them.)
        let batch = batches.join(w, trees: unit.trees)
        let done = nowMs + Int64(held * expected / slots + expected)
        table.lease(
            Lease(
                unit: unit, attempt: attempt, worker: w, startedMs: nowMs, deadlineMs: nowMs + Int64(ms),
                speculative: speculative, batch: batch, expectedDoneMs: done))
        actions.append(.recordLease(unit, w))
        actions.append(.send(w, .assign(unit: unit, attempt: attempt, timeLimitMs: ms)))
    }
}
