import Dispatch
import SweepCore
import SweepPlanning
import SweepProtocol
import SweepResultCodec
import Synchronization

/// A worker's units on Dispatch: one serial queue per slot, each with its own unit runner (and tree cache). A unit
/// started ahead waits behind its slot's current unit and runs right after it, on the same thread as a rule, with no
/// round trip through the I/O thread in between. Finished units come back through a mutex-protected list, and
/// `wake` ends the I/O thread's wait, so heartbeats keep flowing while every core is busy.
final class DispatchUnitExecutor: UnitExecutor, @unchecked Sendable {
    let finished = Mutex<[FinishedUnit]>([])
    let wake: @Sendable () -> Void
    let failingTree: FailingTree?
    let slotQueues: [DispatchQueue]
    let runners: [SlotRunner]
    /// Units waiting or running per slot, to start each unit on the least loaded slot.
    let slotLoad: Mutex<[Int]>
    /// Unit attempts (`id#attempt`) abandoned (cancelled or timed out): a slot skips those that have not begun,
    /// and ``takeFinished()`` drops the results of the others. Whoever meets an entry first removes it.
    let abandoned = Mutex<Set<String>>([])

    init(slots: Int, failingTree: FailingTree?, wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        self.failingTree = failingTree
        slotQueues = (0 ..< slots).map { DispatchQueue(label: "touchsweep.worker.slot.\($0)") }
        runners = (0 ..< slots).map { _ in SlotRunner() }
        slotLoad = Mutex(Array(repeating: 0, count: slots))
    }

    /// A slot's unit runner; replaced when a new sweep's plan arrives.
    final class SlotRunner: Sendable {
        let runner = Mutex<UnitRunner?>(nil)
    }

    func prepare(_ plan: SweepPlan) {
        for slot in runners { slot.runner.withLock { $0 = UnitRunner(plan: plan) } }
    }

    func abandon(_ unit: UnitSpec, attempt: Int) {
        abandoned.withLock { _ = $0.insert(unit.id + "#\(attempt)") }
    }

    func takeFinished() -> [FinishedUnit] {
        let done = finished.withLock { list -> [FinishedUnit] in
            let l = list; list.removeAll(); return l
        }
        return done.filter { f in abandoned.withLock { $0.remove(f.unit.id + "#\(f.attempt)") } == nil }
    }

    /// Runs the group on the least loaded slot's queue. Each result reports its share of the group's time, which
    /// is what the coordinator's unit sizing needs.
    func launch(_ group: [(unit: UnitSpec, attempt: Int)], plan: SweepPlan) {
        let slot = slotLoad.withLock { load -> Int in
            let slot = load.indices.min { load[$0] < load[$1] }!
            load[slot] += 1
            return slot
        }
        slotQueues[slot].async { [self] in
            defer { slotLoad.withLock { $0[slot] -= 1 } }
            var units = group.filter { entry in !abandoned.withLock { $0.remove(entry.unit.id + "#\(entry.attempt)") != nil } }
            if let failingTree {
                let (run, failed) = failingTree.split(units)
                units = run
                finished.withLock { $0 += failed }
                if !failed.isEmpty { wake() }
            }
            guard !units.isEmpty else { return }
            let start = ContinuousClock.now
            let work = units.map { SweepPlan.WorkUnit(id: $0.unit.id, configuration: $0.unit.configuration, trees: $0.unit.trees) }
            let results = runners[slot].runner.withLock { runner -> [UnitResult] in
                if runner == nil || runner!.plan.configHash != plan.configHash { runner = UnitRunner(plan: plan) }
                return runner!.runTogether(work)
            }
            let d = ContinuousClock.now - start
            let share = (d.components.seconds * 1_000_000 + d.components.attoseconds / 1_000_000_000_000) / Int64(units.count)
            let payloads = results.map { ResultCodec.encode($0) }
            finished.withLock { list in
                for (entry, payload) in zip(units, payloads) {
                    list.append(FinishedUnit(unit: entry.unit, attempt: entry.attempt, status: .ok, elapsed: share, payload: payload, detail: ""))
                }
            }
            wake()
        }
    }
}
