import SweepCore
import SweepPlanning
import SweepProtocol
import SweepResultCodec

/// Runs a worker's units at once on the caller's thread with the real ``UnitRunner``, and makes each result
/// available `unitMs` of virtual time after its slot is free to start it: the worker loop's executor in tests and
/// benchmarks driven in virtual time (``VirtualClock``). Slots are modelled (a group starts on the slot free
/// first); every unit reports `unitMs` as its elapsed time.
public final class InlineUnitExecutor: UnitExecutor {
    let clock: any NodeClock
    let unitMs: Int64
    let failingTree: FailingTree?
    var runner: UnitRunner?
    var slotFreeAt: [Int64]
    var pending: [(readyAtMs: Int64, unit: FinishedUnit)] = []
    var abandoned: Set<String> = []
    /// Units run so far (abandoned ones included).
    public private(set) var unitsRun = 0

    /// `failingTree`: units over this tree of this configuration end with an error (like `--fail-tree`).
    public init(slots: Int, clock: any NodeClock, unitMs: Int64 = 50, failingTree: (configuration: Int, tree: Int)? = nil) {
        self.clock = clock
        self.unitMs = unitMs
        self.failingTree = failingTree.map { FailingTree(configuration: $0.configuration, tree: $0.tree) }
        slotFreeAt = Array(repeating: 0, count: max(1, slots))
    }

    public func prepare(_ plan: SweepPlan) {
        if runner?.plan.configHash != plan.configHash { runner = UnitRunner(plan: plan) }
    }

    public func launch(_ group: [(unit: UnitSpec, attempt: Int)], plan: SweepPlan) {
        let now = clock.nowMs
        var units = group.filter { abandoned.remove($0.unit.id + "#\($0.attempt)") == nil }
        if let failingTree {
            let (run, failed) = failingTree.split(units)
            units = run
            pending += failed.map { (now, $0) }
        }
        guard !units.isEmpty else { return }
        prepare(plan)
        let work = units.map { SweepPlan.WorkUnit(id: $0.unit.id, configuration: $0.unit.configuration, trees: $0.unit.trees) }
        let results = runner!.runTogether(work)
        unitsRun += units.count
        let slot = slotFreeAt.indices.min { slotFreeAt[$0] < slotFreeAt[$1] }!
        let end = max(now, slotFreeAt[slot]) + unitMs * Int64(units.count)
        slotFreeAt[slot] = end
        for (entry, result) in zip(units, results) {
            pending.append(
                (
                    end,
                    FinishedUnit(
                        unit: entry.unit, attempt: entry.attempt, status: .ok, elapsed: unitMs * 1000,
                        payload: ResultCodec.encode(result), detail: "")
                ))
        }
    }

    public func abandon(_ unit: UnitSpec, attempt: Int) { abandoned.insert(unit.id + "#\(attempt)") }

    public func takeFinished() -> [FinishedUnit] {
        let now = clock.nowMs
        let due = pending.filter { $0.readyAtMs <= now }.map(\.unit)
        pending.removeAll { $0.readyAtMs <= now }
        return due.filter { abandoned.remove($0.unit.id + "#\($0.attempt)") == nil }
    }
}
