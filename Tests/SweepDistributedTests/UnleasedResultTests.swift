import SweepProtocol
import Testing

@testable import SweepDistributed

/// Issue 30 §4: a result is committed only for a unit leased to its sender now, or leased to it before (it said
/// hello again, or a coordinator restarted from a journal that recorded the lease) and still open. Anything else is
/// acknowledged, counted and logged at warning, and changes no tree.
@Suite struct UnleasedResultTests {
    typealias T = CoordinatorStateMachineTests
    static let a = T.a, b = T.b
    static let mallory = WorkerID(Array("mallory".utf8))

    static func acked(_ actions: [CoordinatorAction], _ w: WorkerID, _ unit: UnitSpec) -> Bool {
        actions.contains { if case .send(w, .ack(unit)) = $0 { return true } else { return false } }
    }

    @Test func aPeerThatSaidHelloCannotCommitUnitsNeverLeasedToItOrLeasedToAnother() {
        var m = T.machine(configurations: 2, trees: 6)
        _ = m.handle(T.hello(Self.a), nowMs: 0)
        let held = T.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0)).map(\.0)
        #expect(held.count == 1)
        _ = m.handle(T.hello(Self.mallory), nowMs: 1)
        // Results copied from another sweep's journal: a unit nobody holds, and the unit a holds.
        let queued = UnitSpec(configuration: 1, trees: 2 ..< 5)
        for (n, unit) in [queued, held[0]].enumerated() {
            let actions = m.handle(.received(Self.mallory, T.ok(unit)), nowMs: 2 + Int64(n))
            #expect(T.commits(actions).isEmpty, "\(unit.id) was committed")
            #expect(Self.acked(actions, Self.mallory, unit), "acknowledged, so it is not sent again")
            #expect(
                T.logs(actions) == ["discarded a result for a unit never leased to this worker attempt=1 unit=\(unit.id) worker=mallory"],
                "\(T.logs(actions))")
        }
        #expect(m.unleasedResults == 2 && m.committedTrees == 0)
        #expect(m.state(of: held[0]) == .leased(m.table.leases(of: Self.a)), "a's lease stands")
        // a's own result is committed; the queued unit's trees are still handed out.
        #expect(T.commits(m.handle(.received(Self.a, T.ok(held[0])), nowMs: 5)) == [held[0]])
        let (committed, finished) = T.runOut(&m, asking: 6)
        #expect(finished)
        #expect(([held[0]] + committed).filter { $0.configuration == 1 }.flatMap { Array($0.trees) }.sorted() == Array(0 ..< 6))
    }

    @Test func aResultThatOverlapsCommittedTreesFromAPeerThatNeverHeldItQueuesNothing() {
        var m = T.machine(configurations: 1, trees: 10)
        _ = m.handle(T.hello(Self.a), nowMs: 0)
        let unit = T.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0))[0].0
        _ = m.handle(.received(Self.a, T.ok(unit)), nowMs: 1)
        _ = m.handle(T.hello(Self.mallory), nowMs: 2)
        let wide = UnitSpec(configuration: 0, trees: unit.trees.lowerBound ..< 10)
        let actions = m.handle(.received(Self.mallory, T.ok(wide)), nowMs: 3)
        #expect(T.commits(actions).isEmpty && m.queuedRetries == 0, "\(T.logs(actions))")
        #expect(T.logs(actions) == ["discarded a duplicate result attempt=1 unit=\(wide.id) worker=mallory"])
    }

    @Test func aWorkerThatSaidHelloAgainDeliversTheUnitsItHeldButNotAnotherWorkers() {
        var m = T.machine(configurations: 1, trees: 4)
        _ = m.handle(T.hello(Self.a), nowMs: 0)
        _ = m.handle(T.hello(Self.b), nowMs: 0)
        let held = T.assigns(m.handle(.received(Self.a, .credit(count: 2)), nowMs: 0)).map(\.0)
        #expect(held.count == 2)
        // a reconnects: its leases go back to the queue, and it re-sends the first from its outbox.
        _ = m.handle(T.hello(Self.a), nowMs: 10)
        #expect(m.leasedUnits == 0)
        let first = m.handle(.received(Self.a, T.ok(held[0])), nowMs: 11)
        #expect(T.commits(first) == [held[0]])
        #expect(T.logs(first).contains("accepted a result from a worker that held the unit before attempt=1 unit=\(held[0].id) worker=worker-a"))
        // b never held the second: its copy is discarded; a's is taken.
        #expect(T.commits(m.handle(.received(Self.b, T.ok(held[1])), nowMs: 12)).isEmpty)
        #expect(T.commits(m.handle(.received(Self.a, T.ok(held[1])), nowMs: 13)) == [held[1]])
        #expect(m.unleasedResults == 1)
    }

    @Test func aLateResultAfterTheDeadlineStillCountsWhileTheUnitWaitsForItsRetry() {
        var m = T.machine(configurations: 1, trees: 1) { $0.minimumTimeLimitMs = 100 }
        _ = m.handle(T.hello(Self.a), nowMs: 0)
        let unit = T.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0))[0].0
        _ = m.handle(.received(Self.a, .heartbeat(inflight: 1)), nowMs: 150)
        _ = m.handle(.tick, nowMs: 150)
        #expect(m.state(of: unit) == .retrying(attempt: 2))
        #expect(T.commits(m.handle(.received(Self.a, T.ok(unit)), nowMs: 160)) == [unit])
    }

    /// After a restart, the journal's lease records say which worker held which unit: only that worker's result
    /// for it counts.
    @Test func afterARestartOnlyTheWorkerTheJournalLeasedAUnitToDeliversIt() {
        let old = UnitSpec(configuration: 0, trees: 0 ..< 3)
        var m = T.machine(configurations: 1, trees: 6, formerLeases: [old: [Self.a]])
        _ = m.handle(T.hello(Self.a), nowMs: 0)
        _ = m.handle(T.hello(Self.mallory), nowMs: 0)
        let refused = m.handle(.received(Self.mallory, T.ok(old)), nowMs: 1)
        #expect(T.commits(refused).isEmpty && Self.acked(refused, Self.mallory, old))
        #expect(T.commits(m.handle(.received(Self.a, T.ok(old)), nowMs: 2)) == [old])
        #expect(m.unleasedResults == 1)
        // Committed: a second copy from a is a duplicate, not a second commit.
        #expect(T.commits(m.handle(.received(Self.a, T.ok(old)), nowMs: 3)).isEmpty)
        #expect(m.table.formerHolders.isEmpty, "the commit forgot the former lease")
    }

    @Test func leasesAreJournaledAsTheyAreHandedOut() {
        var m = T.machine(configurations: 1, trees: 4)
        _ = m.handle(T.hello(Self.a), nowMs: 0)
        let actions = m.handle(.received(Self.a, .credit(count: 2)), nowMs: 0)
        let recorded = actions.compactMap { if case let .recordLease(unit, w) = $0 { return (unit, w) } else { return nil } }
        #expect(recorded.map(\.0) == T.assigns(actions).map(\.0) && recorded.allSatisfy { $0.1 == Self.a })
    }
}
