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
    /// batch is done with the last of them (``CoordinatorStateMachine/TailView``).
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
    /// Trees committed or quarantined, from the journal and since: the sweep can only be finished when this
    /// reaches the total (checked before the exact test over every configuration's coverage).
    private(set) var coveredTrees = 0
    private(set) var committedUnits = 0
    /// Trees committed, from the journal and since.
    private(set) var committedTrees = 0
    private(set) var quarantined: [(unit: UnitSpec, reason: String)] = []

    init(coverage: [TreeCoverage]) {
        self.coverage = coverage
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
    var leasedUnits: Int { byUnit.count }

    // MARK: - Transitions

    /// queued | retrying → leased.
    mutating func lease(_ lease: Lease) {
        byUnit[lease.unit, default: []].append(lease)
        leasedTrees += lease.unit.trees.count
        heldBy[lease.worker, default: 0] += 1
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
        return ended
    }

    /// leased | queued | retrying → committed: the unit's trees are covered and every lease of it ends
    /// (returned, so copies elsewhere can be cancelled).
    mutating func commit(_ unit: UnitSpec) -> [Lease] {
        let ended = byUnit.removeValue(forKey: unit) ?? []
        for lease in ended { release(lease) }
        coverage[unit.configuration].insert(unit.trees)
        coveredTrees += unit.trees.count
        committedUnits += 1
        committedTrees += unit.trees.count
        return ended
    }

    /// → retrying.
    mutating func enqueueRetry(_ unit: UnitSpec, attempt: Int) { retryQueue.append((unit, attempt)) }

    /// The oldest retry, leaving the queue.
    mutating func popRetry() -> (unit: UnitSpec, attempt: Int)? { retryQueue.isEmpty ? nil : retryQueue.removeFirst() }

    /// → quarantined: its trees count as covered.
    mutating func quarantine(_ unit: UnitSpec, reason: String) {
        coverage[unit.configuration].insert(unit.trees)
        coveredTrees += unit.trees.count
        quarantined.append((unit, reason))
    }

    private mutating func release(_ lease: Lease) {
        leasedTrees -= lease.unit.trees.count
        let held = (heldBy[lease.worker] ?? 0) - 1
        heldBy[lease.worker] = held > 0 ? held : nil
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
