import SweepProtocol

/// One lease: a unit handed to a worker for one attempt, until a deadline (docs/protocol.md §1, "Assign").
public struct Lease: Sendable, Equatable {
    public var unit: UnitSpec
    public var attempt: Int
    public var worker: WorkerID
    public var startedMs: Int64
    public var deadlineMs: Int64
    /// A speculative copy of a straggler.
    public var speculative: Bool
    /// The units a worker got together over the same trees (it runs them as one group): a batch is begun
    /// or waiting as a whole (``BatchTracker``).
    public var batch: Int
    /// When this unit should be done, from the measured cost and what its worker held before it; its
    /// batch is done with the last of them (``TailIndex``).
    public var expectedDoneMs: Int64
}

/// Where a unit is in its lifecycle (docs/STATE_MACHINES.md, "Coordinator: a unit's lease"):
///
///     queued ──assign──▶ leased(worker, attempt, deadline) ──ok──▶ committed
///        ▲                   │ error / timeout / deadline / worker lost
///        │                   ▼
///        └──── retrying(attempt + 1) ◀── budget left          (no budget left ──▶ quarantined)
public enum UnitState: Sendable, Equatable {
    /// Not handed out yet: its trees wait in a window (or beyond the window cursor).
    case queued
    /// Held by one worker, or by two while a straggler is re-run (docs/protocol.md §1, "Cancel").
    case leased([Lease])
    /// Waiting in the retry queue to go out again with this attempt number.
    case retrying(attempt: Int)
    /// Some of its trees are committed (a result stands for them; a second result is a duplicate).
    case committed
    /// Given up after its retry budget; its trees count as covered.
    case quarantined
}

/// Every lease the coordinator holds, the retry queue, what is covered, and every counter derived from them.
/// Each change goes through a method here, so the counters cannot drift; ``checkInvariants()`` recomputes them
/// from scratch (after every event in debug builds).
struct LeaseTable: Sendable {
    /// Leases by unit (usually one; two while a straggler is re-run).
    private(set) var byUnit: [UnitSpec: [Lease]] = [:]
    /// Units to run again (failed, timed out, or held by a worker that died), oldest first.
    private(set) var retryQueue: [(unit: UnitSpec, attempt: Int)] = []
    /// `coverage[c]`: trees of configuration c committed or quarantined.
    private(set) var coverage: [TreeCoverage]
    /// Trees held by leases (a straggler's copy counts again).
    private(set) var leasedTrees = 0
    /// Leases each worker holds (running, or queued behind its slots); no entry for a worker holding none.
    private(set) var heldBy: [WorkerID: Int] = [:]
    /// The units of those leases (a unit a worker holds twice counts twice).
    private var unitsHeld: [WorkerID: [UnitSpec: Int]] = [:]
    /// Trees committed or quarantined, from the journal and since: the sweep can only be finished when this
    /// reaches the total (checked before the exact test over every configuration's coverage).
    private(set) var coveredTrees = 0
    private(set) var committedUnits = 0
    /// Trees committed, from the journal and since.
    private(set) var committedTrees = 0
    private(set) var quarantined: [(unit: UnitSpec, reason: String)] = []
    /// The non-speculative leases by worker and batch, and the late batches: what the tail logic reads.
    private(set) var tail: TailIndex
    /// Units put in the retry queue so far.
    private(set) var enqueued = 0
    /// Workers whose leases ended since ``drainFreed()`` (they may have room for a waiting batch now).
    private var freed: [WorkerID] = []
    /// Every lease's deadline (and, until they come up, those of leases that ended): ``expired(nowMs:)``.
    private var deadlines = BinaryHeap<DeadlineEntry>()
    /// The workers each uncommitted unit was leased to before, whose leases ended without its result (the worker
    /// left or said hello again, the lease passed its deadline or moved), and those an earlier coordinator's journal
    /// recorded: their result for it still counts while its trees are open (``wasLeased(_:to:)``).
    private(set) var formerHolders: [UnitSpec: Set<WorkerID>]

    /// `minimumStragglerDelayMs`: how late a batch must at least be to count as late (``TailIndex``).
    /// `formerHolders`: the leases an earlier coordinator recorded in the journal of units still open.
    init(coverage: [TreeCoverage], minimumStragglerDelayMs: Int, formerHolders: [UnitSpec: Set<WorkerID>] = [:]) {
        self.coverage = coverage
        self.formerHolders = formerHolders
        tail = TailIndex(minimumDelayMs: minimumStragglerDelayMs)
        committedTrees = coverage.reduce(0) { $0 + $1.count }
        coveredTrees = committedTrees
    }

    // MARK: - Reading

    /// The unit's state. Covered trees come first: a result for a unit that overlaps them is a duplicate even
    /// while a lease of it (cut differently, before a resume) is still out.
    func state(of unit: UnitSpec) -> UnitState {
        if coverage[unit.configuration].overlaps(unit.trees) {
            return quarantined.contains { $0.unit == unit } ? .quarantined : .committed
        }
        if let list = byUnit[unit] { return .leased(list) }
        if let entry = retryQueue.first(where: { $0.unit == unit }) { return .retrying(attempt: entry.attempt) }
        return .queued
    }

    func held(by w: WorkerID) -> Int { heldBy[w] ?? 0 }

    /// Whether `w` holds a lease of `unit` now (any attempt).
    func holds(_ unit: UnitSpec, _ w: WorkerID) -> Bool { unitsHeld[w]?[unit] != nil }

    /// Whether `unit` was leased to `w` before, by this coordinator or by one the journal recorded, and has had no
    /// result since (``formerHolders``).
    func wasLeased(_ unit: UnitSpec, to w: WorkerID) -> Bool { formerHolders[unit]?.contains(w) ?? false }

    /// The leases `w` holds, oldest first (ties by unit, originals before copies), as
    /// ``order(_:)`` has them.
    func leases(of w: WorkerID) -> [Lease] {
        (unitsHeld[w] ?? [:]).keys.flatMap { byUnit[$0] ?? [] }.filter { $0.worker == w }.sorted { Self.order($0) < Self.order($1) }
    }

    /// The order of ``leases(of:)`` and ``expired(nowMs:)``.
    static func order(_ l: Lease) -> (Int64, Int, Int, Int) { (l.startedMs, l.unit.configuration, l.unit.trees.lowerBound, l.speculative ? 1 : 0) }
    var leasedUnits: Int { byUnit.count }

    // MARK: - Transitions

    /// queued | retrying → leased.
    mutating func lease(_ lease: Lease) {
        byUnit[lease.unit, default: []].append(lease)
        leasedTrees += lease.unit.trees.count
        heldBy[lease.worker, default: 0] += 1
        unitsHeld[lease.worker, default: [:]][lease.unit, default: 0] += 1
        tail.add(lease)
        deadlines.push(DeadlineEntry(deadlineMs: lease.deadlineMs, unit: lease.unit, worker: lease.worker, attempt: lease.attempt))
        if deadlines.count > 64 + 2 * leasedUnits { rebuildDeadlines() }
    }

    /// The oldest straggler that may be copied to `w` (``TailIndex/firstStraggler(notOn:nowMs:ownSkipped:)``).
    mutating func firstStraggler(notOn w: WorkerID, nowMs: Int64, ownSkipped: inout Bool) -> Lease? {
        tail.firstStraggler(notOn: w, nowMs: nowMs, ownSkipped: &ownSkipped)
    }

    /// A worker joined (its slots tell when its batches wait) or left.
    mutating func register(_ w: WorkerID, slots: Int, joined: Int) { tail.register(w, slots: slots, joined: joined) }
    mutating func forget(_ w: WorkerID) { tail.forget(w) }

    /// Settles the tail's index up to `nowMs` (batches that turned late).
    mutating func advance(to nowMs: Int64) { tail.advance(to: nowMs) }

    /// The leases past their deadline at `nowMs`, oldest first (ties by unit, originals before copies), as
    /// ``order(_:)`` has them: found through a heap of deadlines, not a scan of every lease.
    mutating func expired(nowMs: Int64) -> [Lease] {
        var found: [Lease] = []
        while let first = deadlines.first, first.deadlineMs < nowMs {
            deadlines.removeFirst()
            found += byUnit[first.unit]?.filter { $0.worker == first.worker && $0.attempt == first.attempt && $0.deadlineMs == first.deadlineMs } ?? []
        }
        let key = Self.order
        found.sort { key($0) < key($1) }
        // A lease given back to a worker it had left, in the same millisecond, has two entries: equal leases have
        // equal keys, so a duplicate is among the last ones kept with its key.
        var distinct: [Lease] = []
        for lease in found where !distinct.reversed().prefix(while: { key($0) == key(lease) }).contains(lease) { distinct.append(lease) }
        return distinct
    }

    /// The heap again from the leases out (entries of ended leases pile up until their deadline passes).
    private mutating func rebuildDeadlines() {
        deadlines.removeAll()
        for list in byUnit.values {
            for lease in list {
                deadlines.push(DeadlineEntry(deadlineMs: lease.deadlineMs, unit: lease.unit, worker: lease.worker, attempt: lease.attempt))
            }
        }
    }

    /// Ends the leases of `unit` that match (expired, failed, lost, moved), returning them.
    @discardableResult
    mutating func endLeases(of unit: UnitSpec, where match: (Lease) -> Bool) -> [Lease] {
        guard var list = byUnit[unit] else { return [] }
        let ended = list.filter(match)
        guard !ended.isEmpty else { return [] }
        list.removeAll(where: match)
        for lease in ended { release(lease) }
        byUnit[unit] = list.isEmpty ? nil : list
        // Its worker may still deliver it (it ran on, or kept it in its outbox across a new hello).
        if !coverage[unit.configuration].overlaps(unit.trees) {
            for lease in ended { formerHolders[unit, default: []].insert(lease.worker) }
        }
        return ended
    }

    /// leased | queued | retrying → committed: the unit's trees are covered and every lease of it ends
    /// (returned, so copies elsewhere can be cancelled).
    mutating func commit(_ unit: UnitSpec) -> [Lease] {
        let ended = byUnit.removeValue(forKey: unit) ?? []
        for lease in ended { release(lease) }
        if !formerHolders.isEmpty { formerHolders[unit] = nil }
        coverage[unit.configuration].insert(unit.trees)
        coveredTrees += unit.trees.count
        committedUnits += 1
        committedTrees += unit.trees.count
        return ended
    }

    /// → retrying.
    mutating func enqueueRetry(_ unit: UnitSpec, attempt: Int) {
        retryQueue.append((unit, attempt))
        enqueued += 1
    }

    /// The oldest retry, leaving the queue.
    mutating func popRetry() -> (unit: UnitSpec, attempt: Int)? { retryQueue.isEmpty ? nil : retryQueue.removeFirst() }

    /// → quarantined: its trees count as covered.
    mutating func quarantine(_ unit: UnitSpec, reason: String) {
        if !formerHolders.isEmpty { formerHolders[unit] = nil }
        coverage[unit.configuration].insert(unit.trees)
        coveredTrees += unit.trees.count
        quarantined.append((unit, reason))
    }

    private mutating func release(_ lease: Lease) {
        leasedTrees -= lease.unit.trees.count
        let held = (heldBy[lease.worker] ?? 0) - 1
        heldBy[lease.worker] = held > 0 ? held : nil
        let ofUnit = (unitsHeld[lease.worker]?[lease.unit] ?? 0) - 1
        unitsHeld[lease.worker]?[lease.unit] = ofUnit > 0 ? ofUnit : nil
        if unitsHeld[lease.worker]?.isEmpty == true { unitsHeld[lease.worker] = nil }
        tail.remove(lease)
        if !lease.speculative { freed.append(lease.worker) }
    }

    /// Something an idle worker may take appeared when this changes: a retry, a waiting batch, a late batch, a
    /// straggler whose copy ended (``TailIndex/offers``).
    var offers: Int { enqueued &+ tail.offers }

    /// The workers whose leases ended since the last call.
    mutating func drainFreed() -> [WorkerID] {
        defer { freed.removeAll(keepingCapacity: true) }
        return freed
    }

    // MARK: - Invariants

    /// What is wrong with the table, recomputed from the leases, the queue and the coverage; empty when sound.
    func invariantViolations() -> [String] {
        var problems: [String] = []
        var trees = 0
        var held: [WorkerID: Int] = [:]
        for (unit, list) in byUnit {
            if list.isEmpty { problems.append("\(unit.id) has an empty lease list") }
            for lease in list {
                if lease.unit != unit { problems.append("a lease of \(lease.unit.id) is filed under \(unit.id)") }
                trees += unit.trees.count
                held[lease.worker, default: 0] += 1
            }
        }
        if trees != leasedTrees { problems.append("leasedTrees is \(leasedTrees) but the leases hold \(trees)") }
        if held != unitsHeld.mapValues({ $0.values.reduce(0, +) }) { problems.append("the units held by each worker do not add up to its leases") }
        if held != heldBy {
            problems.append(
                "held counts \(heldBy.map { "\($0.key)=\($0.value)" }.sorted()) but the leases say \(held.map { "\($0.key)=\($0.value)" }.sorted())")
        }
        let covered = coverage.reduce(0) { $0 + $1.count }
        if covered != coveredTrees { problems.append("coveredTrees is \(coveredTrees) but coverage holds \(covered)") }
        let quarantinedTrees = quarantined.reduce(0) { $0 + $1.unit.trees.count }
        if committedTrees + quarantinedTrees != coveredTrees {
            problems.append("committed (\(committedTrees)) and quarantined (\(quarantinedTrees)) trees do not add up to the covered \(coveredTrees)")
        }
        for entry in retryQueue where byUnit[entry.unit] != nil { problems.append("\(entry.unit.id) is both leased and queued for a retry") }
        problems += tail.violations(leases: byUnit)
        return problems
    }

    /// Stops the program when the table is not sound (debug builds and tests; docs/STATE_MACHINES.md).
    func checkInvariants() {
        let problems = invariantViolations()
        precondition(problems.isEmpty, "lease table broken: " + problems.joined(separator: "; "))
    }

    /// Tests break a table on purpose to see ``invariantViolations()`` catch it.
    mutating func corruptLeasedTreesForTesting(by delta: Int) { leasedTrees += delta }
}

/// A lease's deadline (``LeaseTable/expired(nowMs:)``).
struct DeadlineEntry: HeapElement {
    var deadlineMs: Int64
    var unit: UnitSpec
    var worker: WorkerID
    var attempt: Int
    func before(_ other: DeadlineEntry) -> Bool { deadlineMs < other.deadlineMs }
}
