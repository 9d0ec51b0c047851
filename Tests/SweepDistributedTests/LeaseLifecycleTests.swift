import SweepProtocol
import Testing

@testable import SweepDistributed

/// A unit's lease lifecycle as transcripts (docs/STATE_MACHINES.md, "Coordinator: a unit's lease"): each
/// transition, with the unit's state and the lease table's invariants checked after every event.
@Suite struct LeaseLifecycleTests {
    static let a = CoordinatorStateMachineTests.a
    static let b = CoordinatorStateMachineTests.b
    static let first = UnitSpec(configuration: 0, trees: 0 ..< 1)

    /// Sends `event`, then checks the table is sound.
    static func step(_ m: inout CoordinatorStateMachine, _ event: CoordinatorEvent, at nowMs: Int64) -> [CoordinatorAction] {
        let actions = m.handle(event, nowMs: nowMs)
        #expect(m.table.invariantViolations().isEmpty, "after \(event): \(m.table.invariantViolations())")
        return actions
    }

    /// A machine with worker a joined and holding the first unit (attempt 1).
    static func leasedToA(retryBudget: Int = 3) -> CoordinatorStateMachine {
        var m = CoordinatorStateMachineTests.machine { $0.retryBudget = retryBudget }
        #expect(m.state(of: first) == .queued)
        _ = step(&m, CoordinatorStateMachineTests.hello(a), at: 0)
        let assigned = step(&m, .received(a, .credit(count: 1)), at: 1)
        #expect(assigned.contains(.send(a, .assign(unit: first, attempt: 1, timeLimitMs: 60_000))))
        return m
    }

    static func failure(_ unit: UnitSpec, attempt: Int) -> ProtocolMessage {
        .result(unit: unit, attempt: attempt, status: .error, elapsedMicroseconds: 0, payload: [], detail: "boom")
    }

    @Test func queuedThenLeasedToAWorkerWithItsAttemptAndDeadline() {
        let m = Self.leasedToA()
        guard case .leased(let leases) = m.state(of: Self.first) else { Issue.record("not leased: \(m.state(of: Self.first))"); return }
        #expect(leases.map(\.worker) == [Self.a] && leases.map(\.attempt) == [1] && leases.map(\.deadlineMs) == [60_001])
        #expect(m.leasedUnits == 1 && m.table.held(by: Self.a) == 1 && m.table.leasedTrees == 1)
    }

    @Test func leasedThenCommittedByAnOkResultEndsTheLease() {
        var m = Self.leasedToA()
        let actions = Self.step(&m, .received(Self.a, CoordinatorStateMachineTests.ok(Self.first)), at: 2)
        #expect(actions.contains(.commit(Self.first, payload: [1, 2, 3])) && actions.contains(.send(Self.a, .ack(unit: Self.first))))
        #expect(m.state(of: Self.first) == .committed)
        #expect(m.table.held(by: Self.a) == 0 && m.table.leasedTrees == 0 && m.committedTrees == 1 && m.table.coveredTrees == 1)
        // A second copy of the result is a duplicate: acknowledged, not committed again.
        let again = Self.step(&m, .received(Self.a, CoordinatorStateMachineTests.ok(Self.first)), at: 3)
        #expect(CoordinatorStateMachineTests.commits(again).isEmpty && again.contains(.send(Self.a, .ack(unit: Self.first))))
    }

    @Test func leasedThenRetryingAfterAnErrorThenLeasedAgainWithTheNextAttempt() {
        var m = Self.leasedToA()
        // The worker has no credit left, so the retry waits in the queue.
        _ = Self.step(&m, .received(Self.a, Self.failure(Self.first, attempt: 1)), at: 2)
        #expect(m.state(of: Self.first) == .retrying(attempt: 2))
        #expect(m.retries == 1 && m.queuedRetries == 1 && m.table.held(by: Self.a) == 0)
        let again = Self.step(&m, .received(Self.a, .credit(count: 1)), at: 3)
        #expect(CoordinatorStateMachineTests.assigns(again).map(\.1) == [2], "a retry goes out first, as attempt 2")
        guard case .leased(let leases) = m.state(of: Self.first) else { Issue.record("not leased again"); return }
        #expect(leases.map(\.attempt) == [2])
    }

    @Test func leasedThenRetryingWhenTheDeadlinePasses() {
        var m = Self.leasedToA()
        _ = Self.step(&m, .received(Self.a, .heartbeat(inflight: 1)), at: 60_000)
        #expect(m.state(of: Self.first) != .retrying(attempt: 2), "not yet: the deadline is 60 001 ms")
        _ = Self.step(&m, .received(Self.a, .heartbeat(inflight: 1)), at: 60_002)
        let expired = Self.step(&m, .tick, at: 60_002)
        #expect(m.leaseExpiries == 1)
        #expect(expired.contains { if case .log(let e) = $0 { return e.description.hasPrefix("retrying a unit") } else { return false } })
        #expect(m.state(of: Self.first) == .retrying(attempt: 2))
    }

    @Test func aWorkerThatLeavesGivesItsLeaseBackWithoutSpendingTheBudget() {
        var m = Self.leasedToA(retryBudget: 1)
        _ = Self.step(&m, .received(Self.a, .disconnect(reason: "bye")), at: 2)
        #expect(m.state(of: Self.first) == .retrying(attempt: 2), "a budget of 1 is not spent by a worker leaving")
        #expect(m.table.heldBy.isEmpty && m.leaseExpiries == 1)
    }

    @Test func leasedThenQuarantinedWhenTheBudgetIsSpent() {
        var m = Self.leasedToA(retryBudget: 2)
        _ = Self.step(&m, .received(Self.a, Self.failure(Self.first, attempt: 1)), at: 2)
        _ = Self.step(&m, .received(Self.a, .credit(count: 1)), at: 3)
        let last = Self.step(&m, .received(Self.a, Self.failure(Self.first, attempt: 2)), at: 4)
        #expect(last.contains { if case .quarantine(Self.first, _) = $0 { return true } else { return false } })
        #expect(m.state(of: Self.first) == .quarantined)
        #expect(m.quarantined.count == 1 && m.table.coveredTrees == 1 && m.committedTrees == 0)
    }

    @Test func aLateResultFromAWorkerWhoseLeaseMovedOnIsDiscarded() {
        var m = Self.leasedToA()
        _ = Self.step(&m, CoordinatorStateMachineTests.hello(Self.b), at: 2)
        // a goes silent: declared dead, and its lease goes back to the queue and then out to b.
        _ = Self.step(&m, .received(Self.b, .heartbeat(inflight: 0)), at: 3_002)
        _ = Self.step(&m, .tick, at: 3_002)
        #expect(m.state(of: Self.first) == .retrying(attempt: 2))
        let toB = Self.step(&m, .received(Self.b, .credit(count: 1)), at: 3_003)
        #expect(CoordinatorStateMachineTests.assigns(toB, to: Self.b).contains { $0.0 == Self.first && $0.1 == 2 })
        // a comes back with its old result; the lease stays b's.
        _ = Self.step(&m, CoordinatorStateMachineTests.hello(Self.a), at: 3_004)
        let late = Self.step(&m, .received(Self.a, Self.failure(Self.first, attempt: 1)), at: 3_005)
        #expect(late.contains(.send(Self.a, .ack(unit: Self.first))))
        guard case .leased(let leases) = m.state(of: Self.first) else { Issue.record("not leased"); return }
        #expect(leases.map(\.worker) == [Self.b])
    }

    @Test func aBrokenTableIsCaught() {
        var m = Self.leasedToA()
        #expect(m.table.invariantViolations().isEmpty)
        m.table.corruptLeasedTreesForTesting(by: 1)
        let problems = m.table.invariantViolations()
        #expect(problems == ["leasedTrees is 2 but the leases hold 1"])
    }
}
