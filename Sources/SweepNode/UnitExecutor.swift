import SweepDistributed
import SweepPlanning
import SweepProtocol

/// A unit a worker ran (or failed to run), waiting to be handed to its state machine.
public struct FinishedUnit: Sendable {
    public var unit: UnitSpec, attempt: Int, status: UnitStatus, elapsed: Int64, payload: [UInt8], detail: String
    public init(unit: UnitSpec, attempt: Int, status: UnitStatus, elapsed: Int64, payload: [UInt8], detail: String) {
        self.unit = unit; self.attempt = attempt; self.status = status; self.elapsed = elapsed; self.payload = payload; self.detail = detail
    }
}

/// Where a worker's units run: ``DispatchUnitExecutor`` (a serial queue per slot, in production) or
/// ``InlineUnitExecutor`` (at once on the caller's thread, results due after a virtual time: tests). The worker's
/// loop calls it from its one thread.
public protocol UnitExecutor: AnyObject {
    /// A sweep's plan arrived (or changed): the runners are made for it.
    func prepare(_ plan: SweepPlan)
    /// Runs units over the same trees together (``UnitRunner/runTogether``); their results come back through
    /// ``takeFinished()``.
    func launch(_ group: [(unit: UnitSpec, attempt: Int)], plan: SweepPlan)
    /// The machine gave this attempt up (cancelled, timed out): it is skipped if it has not begun, and its result
    /// is dropped if it has.
    func abandon(_ unit: UnitSpec, attempt: Int)
    /// The units finished since the last call, abandoned ones left out.
    func takeFinished() -> [FinishedUnit]
}

/// Fault injection for tests (`--fail-tree`): a unit covering this tree of this configuration ends with an error.
struct FailingTree: Sendable {
    let configuration: Int, tree: Int

    /// Splits `group` into the units that run and the error results of those that fail.
    func split(_ group: [(unit: UnitSpec, attempt: Int)]) -> (run: [(unit: UnitSpec, attempt: Int)], failed: [FinishedUnit]) {
        let fails = { (u: UnitSpec) in u.configuration == configuration && u.trees.contains(tree) }
        let failed = group.filter { fails($0.unit) }.map {
            FinishedUnit(unit: $0.unit, attempt: $0.attempt, status: .error, elapsed: 0, payload: [], detail: "injected failure on tree \(tree) (--fail-tree)")
        }
        return (group.filter { !fails($0.unit) }, failed)
    }
}
