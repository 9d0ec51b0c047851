import SweepProtocol

/// What the tail of a sweep looks at (docs/protocol.md §1, "Cancel"), kept up to date as leases come and go
/// instead of rebuilt from every lease on each message: the non-speculative leases by worker and batch, the
/// workers holding more batches than they have slots (those an idle worker may take a batch from), and the
/// leases of late batches in the order stragglers are copied.
///
/// A batch is late when the time past the expected end of its last unit exceeds both `minimumDelayMs` and the
/// batch's own expected duration (from its first start to that end). A batch grows only in the dispatch pass that
/// began it, when it cannot be late yet; after that its leases only leave it, which lowers its end or raises its
/// start, so a batch that is late stays late until its last lease ends. The moment each batch would turn late is
/// kept in a heap, pushed again whenever the batch changes and looked at lazily: an entry whose batch has gone, or
/// whose moment is no longer the batch's, is dropped when it comes up.
struct TailIndex: Sendable {
    /// Non-speculative leases by worker, then batch (no empty entries).
    private(set) var batches: [WorkerID: [Int: [Lease]]] = [:]
    /// Slots and join numbers of the live workers (``register(_:slots:joined:)``).
    private var slots: [WorkerID: (count: Int, joined: Int)] = [:]
    /// Workers holding more batches than slots (some of their batches wait, not begun), by how many wait:
    /// `waitingBy[n]` holds those with n waiting, in join order.
    private var waitingBy: [JoinOrderedWorkers] = []
    private var waitingOf: [WorkerID: Int] = [:]
    /// Late batches' leases, oldest start first (then configuration, first tree). An entry whose lease ended, or
    /// whose unit has a speculative copy, leaves when it comes up (``firstStraggler(notOn:nowMs:ownSkipped:)``).
    private var lateOrder = BinaryHeap<LateEntry>()
    private var lateBatches: Set<Int> = []
    /// Late leases set aside while a copy of their unit runs.
    private var copiedLate: [UnitSpec: Lease] = [:]
    /// Speculative copies per unit (a straggler with a copy running is not copied again).
    private var copies: [UnitSpec: Int] = [:]
    private var due = BinaryHeap<DueEntry>()
    /// Non-speculative leases out (the size of ``batches``).
    private var leasesOut = 0
    let minimumDelayMs: Int64
    /// Bumped whenever something appears that an idle worker may take: a batch that waits (a worker got more
    /// batches than slots), a batch turned late, a straggler whose copy ended.
    private(set) var offers = 0

    init(minimumDelayMs: Int) { self.minimumDelayMs = Int64(minimumDelayMs) }

    /// The batches `w` holds (running, or queued behind its slots).
    func batchCount(of w: WorkerID) -> Int { batches[w]?.count ?? 0 }

    mutating func register(_ w: WorkerID, slots count: Int, joined: Int) {
        setWaiting(w, 0)
        slots[w] = (count, joined)
        updateWaiting(w)
    }

    mutating func forget(_ w: WorkerID) {
        setWaiting(w, 0)
        slots[w] = nil
    }

    /// The workers with batches waiting.
    var waiting: Set<WorkerID> { Set(waitingOf.keys) }

    /// The worker with the most batches waiting (ties: the earliest to join), and how many.
    var mostWaiting: (worker: WorkerID, waiting: Int)? {
        for n in waitingBy.indices.reversed() {
            if let first = waitingBy[n].first { return (first.worker, n) }
        }
        return nil
    }

    mutating func add(_ lease: Lease) {
        if lease.speculative {
            copies[lease.unit, default: 0] += 1
            return
        }
        batches[lease.worker, default: [:]][lease.batch, default: []].append(lease)
        leasesOut += 1
        updateWaiting(lease.worker)
        schedule(lease.worker, lease.batch)
        // Time only moves on: entries already due are settled now. Entries of batches that changed since, or ended
        // before turning late, would pile up in both heaps over a long sweep: past twice what is out, the heaps
        // are built again from what is out (a cost each entry pays once).
        settle(nowMs: lease.startedMs)
        if due.count > 64 + 2 * leasesOut { rebuildDue() }
        if lateOrder.count > 64 + 2 * leasesOut { rebuildLate() }
    }

    private mutating func rebuildDue() {
        due.removeAll()
        for (w, byBatch) in batches {
            for (batch, leases) in byBatch where !lateBatches.contains(batch) {
                due.push(DueEntry(lateAfterMs: lateAfter(leases), batch: batch, worker: w))
            }
        }
    }

    private mutating func rebuildLate() {
        let entries = lateOrder.elements.filter { isOut($0.lease) }
        lateOrder.removeAll()
        for entry in entries { lateOrder.push(entry) }
    }

    mutating func remove(_ lease: Lease) {
        if lease.speculative {
            let left = (copies[lease.unit] ?? 1) - 1
            copies[lease.unit] = left > 0 ? left : nil
            // The original, if still out and late, may be copied again.
            if left == 0 {
                if let original = copiedLate.removeValue(forKey: lease.unit), isOut(original) { lateOrder.push(LateEntry(lease: original)) }
                offers += 1
            }
            return
        }
        guard var list = batches[lease.worker]?[lease.batch], let i = list.firstIndex(of: lease) else { return }
        list.remove(at: i)
        leasesOut -= 1
        if list.isEmpty {
            batches[lease.worker]![lease.batch] = nil
            if batches[lease.worker]!.isEmpty { batches[lease.worker] = nil }
            lateBatches.remove(lease.batch)
            copiedLate[lease.unit] = nil
        } else {
            copiedLate[lease.unit] = nil
            batches[lease.worker]![lease.batch] = list
            schedule(lease.worker, lease.batch)
        }
        updateWaiting(lease.worker)
    }

    /// Whether `lease` is still out (and non-speculative).
    func isOut(_ lease: Lease) -> Bool { batches[lease.worker]?[lease.batch]?.contains(lease) == true }

    /// The first lease of a late batch, in straggler order, that is still out, has no copy running and is not on
    /// `w` (`ownSkipped`: whether it passed over some of `w`'s own). Entries of leases that ended leave the order;
    /// those whose unit has a copy running are set aside until the copy ends.
    mutating func firstStraggler(notOn w: WorkerID, nowMs: Int64, ownSkipped: inout Bool) -> Lease? {
        settle(nowMs: nowMs)
        var mine: [LateEntry] = []
        var found: Lease?
        while let first = lateOrder.first {
            let lease = first.lease
            if !isOut(lease) {
                lateOrder.removeFirst()
            } else if copies[lease.unit] != nil {
                copiedLate[lease.unit] = lateOrder.removeFirst().lease
            } else if lease.worker == w {
                mine.append(lateOrder.removeFirst())
            } else {
                found = lease
                break
            }
        }
        ownSkipped = !mine.isEmpty
        for entry in mine { lateOrder.push(entry) }
        return found
    }

    /// Settles what is due by `nowMs` (a batch that turned late counts as an offer).
    mutating func advance(to nowMs: Int64) { settle(nowMs: nowMs) }

    /// The moment a batch's leases make it late: past `done + max(minimumDelayMs, done − started)`.
    func lateAfter(_ leases: [Lease]) -> Int64 {
        var done = Int64.min, started = Int64.max
        for lease in leases {
            done = max(done, lease.expectedDoneMs)
            started = min(started, lease.startedMs)
        }
        return done + max(minimumDelayMs, done - started)
    }

    private mutating func updateWaiting(_ w: WorkerID) {
        guard let (count, _) = slots[w] else { return }
        let n = max(0, batchCount(of: w) - count)
        if n > 0 && waitingOf[w] == nil { offers += 1 }
        setWaiting(w, n)
    }

    private mutating func setWaiting(_ w: WorkerID, _ n: Int) {
        let old = waitingOf[w] ?? 0
        guard old != n, let joined = slots[w]?.joined else { return }
        if old > 0 { waitingBy[old].remove(w) }
        if n > 0 {
            while waitingBy.count <= n { waitingBy.append(JoinOrderedWorkers()) }
            waitingBy[n].insert(w, joined: joined)
            waitingOf[w] = n
        } else {
            waitingOf[w] = nil
        }
    }

    private mutating func schedule(_ w: WorkerID, _ batch: Int) {
        guard !lateBatches.contains(batch), let leases = batches[w]?[batch] else { return }
        due.push(DueEntry(lateAfterMs: lateAfter(leases), batch: batch, worker: w))
    }

    /// Moves every batch that is late at `nowMs` into the late order.
    private mutating func settle(nowMs: Int64) {
        while let first = due.first, first.lateAfterMs < nowMs {
            due.removeFirst()
            guard !lateBatches.contains(first.batch), let leases = batches[first.worker]?[first.batch], lateAfter(leases) < nowMs else { continue }
            lateBatches.insert(first.batch)
            for lease in leases { lateOrder.push(LateEntry(lease: lease)) }
            offers += 1
        }
    }

    static func order(_ lease: Lease) -> (Int64, Int, Int) { (lease.startedMs, lease.unit.configuration, lease.unit.trees.lowerBound) }

    /// What is wrong with the index against the leases (`byUnit`), recomputed; empty when sound.
    func violations(leases byUnit: [UnitSpec: [Lease]]) -> [String] {
        var expected: [WorkerID: [Int: [Lease]]] = [:]
        var expectedCopies: [UnitSpec: Int] = [:]
        for list in byUnit.values {
            for lease in list {
                if lease.speculative {
                    expectedCopies[lease.unit, default: 0] += 1
                } else {
                    expected[lease.worker, default: [:]][lease.batch, default: []].append(lease)
                }
            }
        }
        let order = { (a: Lease, b: Lease) in Self.order(a) < Self.order(b) }
        var problems: [String] = []
        if expected.mapValues({ $0.mapValues { $0.sorted(by: order) } }) != batches.mapValues({ $0.mapValues { $0.sorted(by: order) } }) {
            problems.append("the tail's batches are not the non-speculative leases by worker and batch")
        }
        if expectedCopies != copies { problems.append("the tail counts \(copies.count) units with copies, the leases \(expectedCopies.count)") }
        let shouldWait = Dictionary(uniqueKeysWithValues: slots.compactMap { w, s in batchCount(of: w) > s.count ? (w, batchCount(of: w) - s.count) : nil })
        if shouldWait != waitingOf { problems.append("the tail's waiting workers are not those with more batches than slots") }
        for n in waitingBy.indices where waitingBy[n].workers.contains(where: { waitingOf[$0] != n }) {
            problems.append("a worker is filed under \(n) batches waiting but has another count")
        }
        for (unit, lease) in copiedLate where lease.unit != unit || copies[unit] == nil && isOut(lease) {
            problems.append("\(unit.id) is set aside as copied but has no copy running")
        }
        return problems
    }
}

/// When a batch may turn late (``TailIndex``).
struct DueEntry: HeapElement {
    var lateAfterMs: Int64
    var batch: Int
    var worker: WorkerID
    func before(_ other: DueEntry) -> Bool { (lateAfterMs, batch) < (other.lateAfterMs, other.batch) }
}

/// A lease of a late batch, in the order stragglers are copied (``TailIndex``).
struct LateEntry: HeapElement {
    var lease: Lease
    func before(_ other: LateEntry) -> Bool { TailIndex.order(lease) < TailIndex.order(other.lease) }
}
