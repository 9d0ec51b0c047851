import SweepProtocol
import TestSupport
import Testing

@testable import SweepDistributed

/// The coordinator's rules as transcripts: events in, actions out, time passed by hand.
@Suite struct CoordinatorStateMachineTests {
    static let a = WorkerID(Array("worker-a".utf8))
    static let b = WorkerID(Array("worker-b".utf8))

    static func machine(
        configurations: Int = 2, trees: Int = 3, covered: [TreeCoverage]? = nil, formerLeases: [UnitSpec: Set<WorkerID>] = [:],
        configure: (inout CoordinatorSettings) -> Void = { _ in }
    ) -> CoordinatorStateMachine {
        var settings = CoordinatorSettings(sweepID: "s", configHash: "h", configText: "name: x", engineVersion: "1.0")
        configure(&settings)
        return CoordinatorStateMachine(
            settings: settings, configurationCount: configurations, treeCount: trees, covered: covered, formerLeases: formerLeases)
    }

    static func hello(_ w: WorkerID, slots: Int = 1, engine: String = "1.0") -> CoordinatorEvent {
        .received(w, .hello(workerID: String(decoding: w.bytes, as: UTF8.self), host: "h", slots: slots, engineVersion: engine))
    }

    static func assigns(_ actions: [CoordinatorAction], to w: WorkerID? = nil) -> [(UnitSpec, Int)] {
        actions.compactMap {
            if case let .send(to, .assign(unit, attempt, _)) = $0, w == nil || to == w { return (unit, attempt) }
            return nil
        }
    }

    static func commits(_ actions: [CoordinatorAction]) -> [UnitSpec] {
        actions.compactMap { if case let .commit(u, _) = $0 { return u } else { return nil } }
    }

    /// Worker a asks for one unit at `asking` ms and then runs every unit it gets, one at a time, asking for the
    /// next with each result, until nothing is left: the units committed on the way, and whether the sweep finished.
    static func runOut(_ m: inout CoordinatorStateMachine, asking: Int64) -> (committed: [UnitSpec], finished: Bool) {
        var pending = assigns(m.handle(.received(a, .credit(count: 1)), nowMs: asking)).map(\.0)
        var committed: [UnitSpec] = []
        var finished = false
        var now = asking + 1
        while let unit = pending.first {
            pending.removeFirst()
            var actions = m.handle(.received(a, ok(unit)), nowMs: now)
            actions += m.handle(.received(a, .credit(count: 1)), nowMs: now)
            committed += commits(actions)
            pending += assigns(actions).map(\.0)
            finished = finished || actions.contains(.finished)
            now += 1
        }
        return (committed, finished)
    }

    static func ok(_ unit: UnitSpec, attempt: Int = 1, elapsed: Int64 = 1000) -> ProtocolMessage {
        .result(unit: unit, attempt: attempt, status: .ok, elapsedMicroseconds: elapsed, payload: [1, 2, 3], detail: "")
    }

    @Test func aWorkerSaysHelloAsksForWorkAndGetsOneTreeAtATimeUntilTheCostIsKnown() {
        var m = Self.machine()
        let welcome = m.handle(Self.hello(Self.a), nowMs: 0)
        #expect(welcome.contains { if case .send(_, .welcome(_, "h", "name: x", 1000, 3)) = $0 { return true } else { return false } })
        let first = m.handle(.received(Self.a, .credit(count: 2)), nowMs: 1)
        // Tree-block-major: tree 0 for every configuration before tree 1 (consecutive units share base trees).
        #expect(Self.assigns(first).map(\.0) == [UnitSpec(configuration: 0, trees: 0 ..< 1), UnitSpec(configuration: 1, trees: 0 ..< 1)])
        #expect(Self.assigns(first).allSatisfy { $0.1 == 1 })
    }

    @Test func unitsQueuedBehindOthersOnAWorkerGetLongerDeadlines() {
        var m = Self.machine(configurations: 4, trees: 400) { $0.minimumTimeLimitMs = 100 }
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        // Measure the cost: one tree in 10 s (a slow tree, so deadlines exceed the minimum).
        let first = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0)).map(\.0)
        _ = m.handle(.received(Self.a, Self.ok(first[0], elapsed: 10_000_000)), nowMs: 10)
        let burst = m.handle(.received(Self.a, .credit(count: 3)), nowMs: 20)
        let deadlines = burst.compactMap { action -> Int? in
            if case let .send(_, .assign(_, _, ms)) = action { return ms } else { return nil }
        }
        #expect(deadlines.count == 3)
        #expect(deadlines[0] < deadlines[1] && deadlines[1] < deadlines[2], "each waits for the ones before it: \(deadlines)")
        #expect(deadlines[1] - deadlines[0] == deadlines[2] - deadlines[1], "one expected unit time per unit ahead")
    }

    @Test func everyTreeIsCommittedOnceAndTheSweepFinishes() {
        var m = Self.machine()
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let (committed, finished) = Self.runOut(&m, asking: 0)
        #expect(finished)
        for c in 0 ..< 2 {
            let trees = committed.filter { $0.configuration == c }.flatMap { Array($0.trees) }.sorted()
            #expect(trees == [0, 1, 2], "configuration \(c) committed exactly once per tree")
        }
    }

    @Test func aWorkerWithAnotherEngineIsRefused() {
        var m = Self.machine()
        let actions = m.handle(Self.hello(Self.a, engine: "2.0"), nowMs: 0)
        #expect(actions.contains { if case .send(_, .refuse(let r)) = $0 { return r.contains("never mix") } else { return false } })
        #expect(m.liveWorkers == 0)
    }

    @Test func messagesBeforeHelloAreRefused() {
        var m = Self.machine()
        let actions = m.handle(.received(Self.a, .credit(count: 5)), nowMs: 0)
        #expect(Self.assigns(actions).isEmpty)
        #expect(actions.contains { if case .log(let l) = $0 { return l.description.contains("has not said hello") } else { return false } })
    }

    @Test func aSilentWorkersUnitsGoToAnotherWorkerWithTheNextAttempt() {
        // No speculation here: b would otherwise already hold a copy of the straggler.
        var m = Self.machine(configurations: 1, trees: 1) { $0.speculativeStragglers = false }
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let given = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0))
        #expect(given.count == 1)
        _ = m.handle(Self.hello(Self.b), nowMs: 100)
        _ = m.handle(.received(Self.b, .credit(count: 1)), nowMs: 100)
        // b keeps talking; a goes silent past 3 × 1000 ms.
        _ = m.handle(.received(Self.b, .heartbeat(inflight: 0)), nowMs: 3000)
        let actions = m.handle(.tick, nowMs: 3101)
        #expect(actions.contains { if case .log(let l) = $0 { return l.description.contains("declared dead") } else { return false } })
        #expect(Self.assigns(actions, to: Self.b).map(\.1) == [2], "re-leased with attempt 2")
        // a wakes up and sends its late result: discarded, acknowledged, not committed.
        let late = m.handle(.received(Self.a, Self.ok(given[0].0)), nowMs: 3200)
        #expect(Self.commits(late).isEmpty)
        let done = m.handle(.received(Self.b, Self.ok(given[0].0, attempt: 2)), nowMs: 3300)
        #expect(Self.commits(done) == [given[0].0])
        #expect(done.contains(.finished))
    }

    @Test func aDuplicateResultIsAcknowledgedAndDiscarded() {
        var m = Self.machine(configurations: 1, trees: 2)
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let unit = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0))[0].0
        #expect(Self.commits(m.handle(.received(Self.a, Self.ok(unit)), nowMs: 1)) == [unit])
        let again = m.handle(.received(Self.a, Self.ok(unit)), nowMs: 2)
        #expect(Self.commits(again).isEmpty)
        #expect(again.contains { if case .send(_, .ack(let u)) = $0 { return u == unit } else { return false } })
        #expect(again.contains { if case .log(let l) = $0 { return l.description.contains("duplicate") } else { return false } })
    }

    @Test func aResultForAUnitOutsideThePlanIsRejected() {
        var m = Self.machine()
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let actions = m.handle(.received(Self.a, Self.ok(UnitSpec(configuration: 99, trees: 0 ..< 1))), nowMs: 1)
        #expect(Self.commits(actions).isEmpty)
        #expect(
            actions.contains {
                if case .log(let l) = $0 { return l.description.contains("rejected a result for a unit not in the plan unit=c99:t0-0") } else { return false }
            })
    }

    /// The tail's idle workers are parked, not asked again on every message, and come back as soon as there is
    /// something they may take: here a retry of a unit that failed on the other worker.
    @Test func anIdleWorkerIsParkedUntilARetryAppearsAndThenTakesIt() {
        var m = Self.machine(configurations: 1, trees: 1) { $0.speculativeStragglers = false }
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let unit = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0))[0].0
        _ = m.handle(Self.hello(Self.b), nowMs: 1)
        #expect(Self.assigns(m.handle(.received(Self.b, .credit(count: 1)), nowMs: 1)).isEmpty)
        #expect(m.parked.workers == [Self.b] && m.creditors.isEmpty, "b found nothing: parked")
        // Messages that offer b nothing leave it parked.
        _ = m.handle(.received(Self.a, .heartbeat(inflight: 1)), nowMs: 2)
        #expect(m.parked.workers == [Self.b])
        let failed = m.handle(
            .received(Self.a, .result(unit: unit, attempt: 1, status: .error, elapsedMicroseconds: 0, payload: [], detail: "boom")), nowMs: 3)
        #expect(Self.assigns(failed, to: Self.b).map { $0.0 } == [unit] && Self.assigns(failed, to: Self.b).map { $0.1 } == [2])
        #expect(m.parked.isEmpty)
    }

    /// The tail index (batches by worker, waiting workers, late leases) is what a scan of every lease would give,
    /// after every event of a sweep with moves, copies, failures and a worker that dies (checked by
    /// `LeaseTable.invariantViolations`, which rebuilds it from the leases).
    @Test func theTailIndexAgreesWithTheLeasesThroughMovesCopiesAndADeadWorker() {
        var m = Self.machine(configurations: 4, trees: 6) { $0.minimumStragglerDelayMs = 50 }
        _ = m.handle(Self.hello(Self.a, slots: 2), nowMs: 0)
        var held = Self.assigns(m.handle(.received(Self.a, .credit(count: 12)), nowMs: 0)).map { ($0.0, $0.1, Self.a) }
        #expect(m.table.invariantViolations().isEmpty)
        #expect(m.table.tail.waiting == [Self.a], "a holds more batches than its 2 slots")
        _ = m.handle(Self.hello(Self.b, slots: 2), nowMs: 5)
        let moved = m.handle(.received(Self.b, .credit(count: 4)), nowMs: 5)
        #expect(!Self.assigns(moved, to: Self.b).isEmpty, "b takes a batch a had queued")
        held += Self.assigns(moved, to: Self.b).map { ($0.0, $0.1, Self.b) }
        #expect(m.table.invariantViolations().isEmpty)
        var now: Int64 = 10
        // b finishes what it holds; a stays silent until it is declared dead, so its units are copied, then retried.
        for (unit, attempt, w) in held where w == Self.b {
            _ = m.handle(.received(Self.b, Self.ok(unit, attempt: attempt)), nowMs: now)
            now += 1
            #expect(m.table.invariantViolations().isEmpty)
        }
        var finished = false
        var rounds = 0
        while !finished && rounds < 200 {
            rounds += 1
            now += 100
            var actions = m.handle(.tick, nowMs: now)
            actions += m.handle(.received(Self.b, .credit(count: 2)), nowMs: now)
            for (unit, attempt) in Self.assigns(actions, to: Self.b) {
                actions += m.handle(.received(Self.b, Self.ok(unit, attempt: attempt)), nowMs: now)
            }
            #expect(m.table.invariantViolations().isEmpty)
            finished = actions.contains(.finished) || m.finished
        }
        #expect(finished, "b ran every tree once a was gone")
        #expect(m.committedTrees == 24)
    }

    @Test func aUnitThatKeepsFailingIsQuarantinedAndTheSweepGoesOn() {
        var m = Self.machine(configurations: 1, trees: 2)
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        var actions = m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0)
        var quarantined: [UnitSpec] = []
        var finished = false
        var now: Int64 = 1
        while let (unit, attempt) = Self.assigns(actions).first {
            let bad = unit.trees.lowerBound == 0
            let message: ProtocolMessage =
                bad
                ? .result(unit: unit, attempt: attempt, status: .error, elapsedMicroseconds: 0, payload: [], detail: "boom")
                : Self.ok(unit, attempt: attempt)
            actions = m.handle(.received(Self.a, message), nowMs: now)
            actions += m.handle(.received(Self.a, .credit(count: 1)), nowMs: now)
            quarantined += actions.compactMap { if case let .quarantine(u, _) = $0 { return u } else { return nil } }
            for case let .log(event) in actions where event.message == "quarantined a unit" { #expect(event.kind == .quarantine) }
            finished = finished || actions.contains(.finished)
            now += 1
        }
        #expect(quarantined == [UnitSpec(configuration: 0, trees: 0 ..< 1)])
        #expect(m.retries == 2, "attempts 2 and 3 were retries; the third failure quarantines")
        #expect(finished)
    }

    @Test func joiningLeavingAndQuarantiningAreTypedEventsNotMessagesToMatch() {
        var m = Self.machine(configurations: 1, trees: 2)
        func events(_ actions: [CoordinatorAction]) -> [NodeEvent] {
            actions.compactMap { if case let .log(event) = $0 { return event } else { return nil } }
        }
        let joined = events(m.handle(Self.hello(Self.a), nowMs: 0))
        #expect(joined.map(\.message) == ["worker joined"] && joined.map(\.kind) == [.membership])
        let again = events(m.handle(Self.hello(Self.a), nowMs: 10))
        #expect(again.map(\.message).contains("worker said hello again; the units it held go back to the queue"))
        #expect(!again.isEmpty && again.allSatisfy { $0.kind == .membership }, "\(again)")
        let unit = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 20))[0].0
        let failed = events(
            m.handle(.received(Self.a, .result(unit: unit, attempt: 1, status: .error, elapsedMicroseconds: 0, payload: [], detail: "boom")), nowMs: 30))
        #expect(failed.allSatisfy { $0.kind == .other }, "a failure short of the budget is not a quarantine: \(failed)")
        let dead = events(m.handle(.tick, nowMs: 60_000))
        #expect(dead.contains { $0.message == "worker silent: declared dead" && $0.kind == .membership }, "\(dead)")
        #expect(dead.allSatisfy { $0.kind != .quarantine })
    }

    @Test func aResumedSweepSkipsCommittedTrees() {
        var covered = [TreeCoverage(), TreeCoverage()]
        covered[0].insert(0 ..< 3)
        covered[1].insert(1 ..< 2)
        var m = Self.machine(covered: covered)
        _ = m.handle(Self.hello(Self.a, slots: 4), nowMs: 0)
        let units = Self.assigns(m.handle(.received(Self.a, .credit(count: 10)), nowMs: 0)).map(\.0)
        #expect(units == [UnitSpec(configuration: 1, trees: 0 ..< 1), UnitSpec(configuration: 1, trees: 2 ..< 3)])
    }

    @Test func unitsGrowToTheTargetDurationOnceTheCostIsKnownAndShrinkAtTheTail() {
        var m = Self.machine(configurations: 1, trees: 1000) { $0.targetUnitSeconds = 0.1 }
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let first = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0))[0].0
        #expect(first.trees.count == 1)
        _ = m.handle(.received(Self.a, Self.ok(first, elapsed: 2000)), nowMs: 1) // 2 ms per tree
        let next = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 1))[0].0
        // 0.1 s / 2 ms = 50 trees, within the 10-units-per-slot bound of the 998 trees left.
        #expect(next.trees.count == 50)
    }

    /// Issue 30 §7: the unit size is capped before it becomes an `Int`: a cost of a fraction of a microsecond (or a
    /// target out of range) made `Int(target)` trap.
    @Test func theUnitSizeOfAHugeTargetOrATinyCostIsTheMaximumWithoutATrap() {
        var settings = CoordinatorSettings(sweepID: "s", configHash: "h", configText: "", engineVersion: "e")
        for (seconds, cost) in [(3600.0, 1e-12), (1e300, 1.0), (.infinity, 1.0), (.nan, 1.0)] {
            settings.targetUnitSeconds = seconds
            #expect(CoordinatorStateMachine.treesPerUnit(cost: cost, settings: settings, remaining: 1 << 40, liveSlots: 1) == 256)
        }
        settings.targetUnitSeconds = 0.001
        #expect(CoordinatorStateMachine.treesPerUnit(cost: 10, settings: settings, remaining: 1 << 40, liveSlots: 1) == 100)
    }

    @Test func anIdleWorkerTakesTheUnstartedHalfOfAnotherWorkersWindowInsteadOfDuplicatingIt() {
        // One tree, eight configurations: a single window, handed to worker a.
        var m = Self.machine(configurations: 8, trees: 1)
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        #expect(Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0)).map(\.0) == [UnitSpec(configuration: 0, trees: 0 ..< 1)])
        _ = m.handle(Self.hello(Self.b), nowMs: 1)
        // Every tree is handed out; b takes configurations 4–7, which a has not started.
        let stolen = Self.assigns(m.handle(.received(Self.b, .credit(count: 1)), nowMs: 1))
        #expect(stolen.map(\.0) == [UnitSpec(configuration: 4, trees: 0 ..< 1)] && stolen.allSatisfy { $0.1 == 1 })
        // a keeps configurations 1–3 only.
        let rest = Self.assigns(m.handle(.received(Self.a, .credit(count: 5)), nowMs: 2)).map(\.0.configuration)
        #expect(rest.prefix(3) == [1, 2, 3])
        // Once a's own half is out it steals again: b is on 4, with 5–7 waiting; a takes the upper half (6, 7).
        #expect(rest.dropFirst(3) == [6, 7])
        #expect(Self.assigns(m.handle(.received(Self.b, .credit(count: 3)), nowMs: 3)).map(\.0.configuration).prefix(1) == [5])
    }

    static func cancels(_ actions: [CoordinatorAction], to w: WorkerID) -> [UnitSpec] {
        actions.compactMap { if case let .send(to, .cancel(unit)) = $0, to == w { return unit } else { return nil } }
    }

    static func logs(_ actions: [CoordinatorAction]) -> [String] {
        actions.compactMap { if case let .log(event) = $0 { return event.description } else { return nil } }
    }

    @Test func anIdleWorkerReRunsAUnitOnlyOnceItIsLateAndTheFirstResultWins() {
        var m = Self.machine(configurations: 1, trees: 1)
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let unit = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0))[0].0
        _ = m.handle(Self.hello(Self.b), nowMs: 10)
        // Nothing else to do, but a's unit is not late: b waits rather than duplicate it.
        #expect(Self.assigns(m.handle(.received(Self.b, .credit(count: 1)), nowMs: 10)).isEmpty)
        #expect(Self.assigns(m.handle(.tick, nowMs: 900)).isEmpty)
        // Its cost is unknown, so it is late once a second (minimumStragglerDelayMs) has passed: b gets a copy.
        let copy = m.handle(.tick, nowMs: 1001)
        #expect(Self.assigns(copy, to: Self.b).map(\.0) == [unit])
        #expect(
            Self.logs(copy).contains { $0.hasPrefix("re-running a straggler on an idle worker late_ms=") && $0.hasSuffix("unit=\(unit.id) worker=worker-b") })
        let won = m.handle(.received(Self.b, Self.ok(unit)), nowMs: 1100)
        #expect(Self.commits(won) == [unit])
        #expect(Self.cancels(won, to: Self.a) == [unit])
        let lost = m.handle(.received(Self.a, Self.ok(unit)), nowMs: 1200)
        #expect(Self.commits(lost).isEmpty)
        #expect(m.stragglersCopied == 1 && m.batchesMoved == 0)
    }

    @Test func anIdleWorkerTakesABatchQueuedOnAnotherWorkerAndTheOtherDropsIt() {
        // One tree per unit until the cost is known: a's eight units are two batches (trees 0 and 1, four
        // configurations each); its one slot runs the first, the second waits.
        var m = Self.machine(configurations: 4, trees: 2)
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let held = Self.assigns(m.handle(.received(Self.a, .credit(count: 8)), nowMs: 0)).map(\.0)
        #expect(held.map(\.trees) == Array(repeating: 0 ..< 1, count: 4) + Array(repeating: 1 ..< 2, count: 4))
        _ = m.handle(Self.hello(Self.b), nowMs: 10)
        // Every tree is handed out; b takes two of the waiting batch's units, moved (a is told to drop them), not copied.
        let moved = m.handle(.received(Self.b, .credit(count: 2)), nowMs: 10)
        let taken = [UnitSpec(configuration: 0, trees: 1 ..< 2), UnitSpec(configuration: 1, trees: 1 ..< 2)]
        #expect(Self.assigns(moved, to: Self.b).map(\.0) == taken)
        #expect(Self.assigns(moved, to: Self.b).allSatisfy { $0.1 == 1 }, "a move is not a retry")
        #expect(Self.cancels(moved, to: Self.a) == taken)
        #expect(
            Self.logs(moved).contains {
                $0.hasPrefix("moved queued units to an idle worker") && $0.contains("from=worker-a") && $0.contains("units=2 worker=worker-b")
            })
        // While b holds work of its own it takes no more (else two workers would pass units back and forth).
        #expect(Self.assigns(m.handle(.received(Self.b, .credit(count: 4)), nowMs: 20)).isEmpty)
        // b's results commit; a's result for a unit it had been told to drop is discarded.
        #expect(Self.commits(m.handle(.received(Self.b, Self.ok(taken[0])), nowMs: 40)) == [taken[0]])
        #expect(Self.commits(m.handle(.received(Self.a, Self.ok(taken[1])), nowMs: 50)).isEmpty)
        let done = m.handle(.received(Self.b, Self.ok(taken[1])), nowMs: 60)
        #expect(Self.commits(done) == [taken[1]])
        // Idle again (with the credit it asked for), b takes the rest of that batch; a's first batch, which
        // its slot is running, stays with a.
        #expect(Self.assigns(done, to: Self.b).map(\.0) == [UnitSpec(configuration: 2, trees: 1 ..< 2), UnitSpec(configuration: 3, trees: 1 ..< 2)])
        #expect(Self.cancels(done, to: Self.a) == [UnitSpec(configuration: 2, trees: 1 ..< 2), UnitSpec(configuration: 3, trees: 1 ..< 2)])
        let later = m.handle(.received(Self.b, .credit(count: 1)), nowMs: 70)
        #expect(Self.assigns(later).isEmpty, "a's running batch is neither queued nor late")
        #expect(m.batchesMoved == 2 && m.stragglersCopied == 0, "two moves: the first half of the batch, then the rest")
    }

    @Test func idleWorkersTakeTheNewestWaitingBatchesOneEachAndTheRunningOneStays() {
        let c = WorkerID(Array("worker-c".utf8))
        // a holds three batches (trees 0, 1, 2; two configurations each): it runs the first, two wait.
        var m = Self.machine(configurations: 2, trees: 3)
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        #expect(Self.assigns(m.handle(.received(Self.a, .credit(count: 6)), nowMs: 0)).count == 6)
        _ = m.handle(Self.hello(Self.b), nowMs: 1)
        _ = m.handle(Self.hello(c), nowMs: 1)
        let toB = Self.assigns(m.handle(.received(Self.b, .credit(count: 17)), nowMs: 2), to: Self.b).map(\.0)
        let toC = Self.assigns(m.handle(.received(c, .credit(count: 17)), nowMs: 3), to: c).map(\.0)
        #expect(toB == [UnitSpec(configuration: 0, trees: 2 ..< 3), UnitSpec(configuration: 1, trees: 2 ..< 3)])
        #expect(toC == [UnitSpec(configuration: 0, trees: 1 ..< 2), UnitSpec(configuration: 1, trees: 1 ..< 2)])
        // What a runs is neither queued nor late: a further idle worker gets nothing.
        let d = WorkerID(Array("worker-d".utf8))
        _ = m.handle(Self.hello(d), nowMs: 4)
        #expect(Self.assigns(m.handle(.received(d, .credit(count: 17)), nowMs: 5)).isEmpty)
    }

    @Test func aUnitIsLateOnceItHasRunAsLongAgainAsItsMeasuredCostAllows() {
        var m = Self.machine(configurations: 1, trees: 2)
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        // Measure: one tree takes 1 s. The second unit (one tree) should then be done at 2000 ms.
        let first = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 0))[0].0
        _ = m.handle(.received(Self.a, Self.ok(first, elapsed: 1_000_000)), nowMs: 1000)
        let second = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 1000))[0].0
        _ = m.handle(Self.hello(Self.b), nowMs: 1000)
        _ = m.handle(.received(Self.b, .credit(count: 1)), nowMs: 1000)
        var copiedAt: [Int64] = []
        for now in stride(from: Int64(1100), through: 5000, by: 100) {
            // Any event may dispatch: a's heartbeat as well as the tick.
            let actions = m.handle(.received(Self.a, .heartbeat(inflight: 1)), nowMs: now) + m.handle(.tick, nowMs: now)
            if Self.assigns(actions, to: Self.b).map(\.0) == [second] { copiedAt.append(now) }
        }
        // Late by as long again as it was expected to take (1 s, also the minimum): copied once, just after 3000 ms.
        #expect(copiedAt == [3100])
    }

    /// A unit queued behind others on its worker is expected to end once they have drained over its slots and it
    /// has run: counting what the worker holds, including units sent before the cost was known. (Projected from a
    /// running sum of what was sent after the cost was known, the queue sent first was left out and every queued
    /// unit looked late a second after it was sent: the cluster simulation copied nearly every unit at the tail.)
    @Test func aUnitQueuedBehindOthersIsLateOnlyOnceTheyAndItCouldHaveRun() {
        var m = Self.machine(configurations: 1, trees: 6)
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        // Three units sent before the cost is known; the first result measures it: one tree takes 1 s.
        let early = Self.assigns(m.handle(.received(Self.a, .credit(count: 3)), nowMs: 0)).map(\.0)
        _ = m.handle(.received(Self.a, Self.ok(early[0], elapsed: 1_000_000)), nowMs: 1000)
        // The fourth waits behind the two still held on a's one slot: expected done at 1000 + 2 × 1000 + 1000.
        let queued = Self.assigns(m.handle(.received(Self.a, .credit(count: 1)), nowMs: 1000)).map(\.0)
        #expect(queued.count == 1)
        #expect(m.table.byUnit[queued[0]]?.first?.expectedDoneMs == 4003, "3 × (1 s + the 1 ms expectedMs rounds up) after 1000")
        // An idle worker with nothing else to do copies it only once it is late by as long again (3 s): after 7000.
        _ = m.handle(.received(Self.a, Self.ok(early[1], elapsed: 1_000_000)), nowMs: 2000)
        _ = m.handle(.received(Self.a, Self.ok(early[2], elapsed: 1_000_000)), nowMs: 3000)
        _ = m.handle(Self.hello(Self.b), nowMs: 3000)
        var copied: [UnitSpec] = []
        var firstCopy: Int64?
        for now in stride(from: Int64(3100), through: 8000, by: 100) {
            // a is alive (its heartbeat) and still running the unit.
            let actions =
                m.handle(.received(Self.a, .heartbeat(inflight: 1)), nowMs: now) + m.handle(.received(Self.b, .credit(count: 1)), nowMs: now)
                + m.handle(.tick, nowMs: now)
            let got = Self.assigns(actions, to: Self.b).map(\.0)
            if got.contains(queued[0]) && firstCopy == nil { firstCopy = now }
            copied += got
        }
        #expect(firstCopy == 7100, "copied at \(firstCopy.map(String.init) ?? "never"); b got \(copied.map(\.id))")
    }

    @Test func aUnitPastItsDeadlineIsRetried() {
        var m = Self.machine(configurations: 1, trees: 1) {
            $0.minimumTimeLimitMs = 500; $0.speculativeStragglers = false
        }
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        _ = m.handle(.received(Self.a, .credit(count: 2)), nowMs: 0)
        _ = m.handle(.received(Self.a, .heartbeat(inflight: 1)), nowMs: 450)
        let actions = m.handle(.tick, nowMs: 600)
        #expect(actions.contains { if case .log(let l) = $0 { return l.description.contains("passed its deadline") } else { return false } })
        #expect(Self.assigns(actions).map(\.1) == [2])
    }

    @Test func treeCoverageMergesAndFindsGaps() {
        var c = TreeCoverage()
        c.insert(2 ..< 4)
        c.insert(6 ..< 8)
        c.insert(4 ..< 6)
        #expect(c.ranges == [2 ..< 8])
        #expect(c.nextGap(from: 0, limit: 10, maxCount: 5) == 0 ..< 2)
        #expect(c.nextGap(from: 2, limit: 10, maxCount: 5) == 8 ..< 10)
        #expect(c.covers(3 ..< 7) && !c.covers(1 ..< 3) && c.overlaps(1 ..< 3))
    }

    @Test func treeCoverageAgreesWithASetOfTreesOverSeededRandomInserts() {
        var rng = SplitMix64(seed: 0x7EE5)
        func next(_ n: Int) -> Int { Int.random(in: 0 ..< n, using: &rng) }
        for _ in 0 ..< 200 {
            var c = TreeCoverage()
            var model = Set<Int>()
            for _ in 0 ..< 30 {
                let lower = next(60), r = lower ..< lower + next(6)
                c.insert(r)
                model.formUnion(r)
                // Sorted, disjoint and not touching: the canonical form.
                #expect(zip(c.ranges, c.ranges.dropFirst()).allSatisfy { $0.upperBound < $1.lowerBound })
                #expect(c.count == model.count)
                let start = next(60), probe = start ..< start + 1 + next(8)
                #expect(c.overlaps(probe) == probe.contains { model.contains($0) })
                #expect(c.covers(probe) == probe.allSatisfy { model.contains($0) })
            }
        }
    }

    @Test func aHelloFromARegisteredWorkerReturnsItsLeasesToTheQueueWithoutSpendingTheirBudget() {
        var m = Self.machine(configurations: 1, trees: 4)
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let held = Self.assigns(m.handle(.received(Self.a, .credit(count: 2)), nowMs: 0)).map(\.0)
        #expect(held.count == 2 && m.leasedUnits == 2)
        let again = m.handle(Self.hello(Self.a), nowMs: 10)
        #expect(Self.logs(again).contains("worker said hello again; the units it held go back to the queue held=2 worker=worker-a"))
        #expect(m.leasedUnits == 0 && m.liveWorkers == 1)
        // They go out again, as attempt 2, to whoever asks first; nothing was quarantined.
        let out = Self.assigns(m.handle(.received(Self.a, .credit(count: 2)), nowMs: 20))
        #expect(out.map(\.0) == held && out.allSatisfy { $0.1 == 2 })
        #expect(m.quarantined.isEmpty)
    }

    @Test func aResultFromAWorkerThatHeldItsUnitBeforeARestartIsCommittedWhateverTheCarving() {
        // A restarted coordinator: trees 0-9 of configuration 0 were cut as one unit by the coordinator before it,
        // which leased it to a (its journal says so), and the worker re-sends it from its outbox.
        let old = UnitSpec(configuration: 0, trees: 0 ..< 10)
        var m = Self.machine(configurations: 2, trees: 20, formerLeases: [old: [Self.a]])
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let accepted = m.handle(.received(Self.a, Self.ok(old)), nowMs: 1)
        #expect(Self.commits(accepted) == [old])
        #expect(accepted.contains { if case .send(Self.a, .ack(old)) = $0 { return true } else { return false } })
        // Carving goes around it: no unit handed out after it overlaps its trees.
        let next = Self.assigns(m.handle(.received(Self.a, .credit(count: 4)), nowMs: 2)).map(\.0)
        #expect(next.count == 4 && next.allSatisfy { $0.configuration == 1 || !$0.trees.overlaps(0 ..< 10) }, "\(next.map(\.id))")
        // A failure of a unit nobody holds changes nothing but is acknowledged, so the worker forgets it.
        let failure = m.handle(
            .received(
                Self.a,
                .result(
                    unit: UnitSpec(configuration: 1, trees: 15 ..< 16), attempt: 1, status: .error,
                    elapsedMicroseconds: 0, payload: [], detail: "x")), nowMs: 3)
        #expect(Self.commits(failure).isEmpty && m.retries == 0)
        #expect(failure.contains { if case .send(Self.a, .ack) = $0 { return true } else { return false } })
    }

    @Test func aResultThatOverlapsCommittedTreesIsDiscardedAndItsOtherTreesRunAgain() {
        // Both units were leased to a by an earlier coordinator, which cut them otherwise.
        let first = UnitSpec(configuration: 0, trees: 0 ..< 4), overlapping = UnitSpec(configuration: 0, trees: 2 ..< 6)
        var m = Self.machine(configurations: 1, trees: 10, formerLeases: [first: [Self.a], overlapping: [Self.a]])
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        _ = m.handle(.received(Self.a, Self.ok(first)), nowMs: 1)
        // Trees 2-5 overlap what is committed, 4 and 5 do not.
        let late = m.handle(.received(Self.a, Self.ok(overlapping)), nowMs: 2)
        #expect(Self.commits(late).isEmpty)
        #expect(Self.logs(late).contains("the part of a unit nothing covers goes back to the queue part_of=c0:t2-5 unit=c0:t4-5"))
        // Run the sweep out: every tree is committed once and it finishes.
        let (committed, finished) = Self.runOut(&m, asking: 3)
        #expect(finished)
        #expect(([UnitSpec(configuration: 0, trees: 0 ..< 4)] + committed).flatMap { Array($0.trees) }.sorted() == Array(0 ..< 10))
    }

    @Test func aResultForAUnitOutsideThePlanIsRejectedButAcknowledged() {
        var m = Self.machine()
        _ = m.handle(Self.hello(Self.a), nowMs: 0)
        let bogus = UnitSpec(configuration: 9, trees: 0 ..< 1)
        let actions = m.handle(.received(Self.a, Self.ok(bogus)), nowMs: 1)
        #expect(Self.commits(actions).isEmpty)
        #expect(actions.contains { if case .send(Self.a, .ack(bogus)) = $0 { return true } else { return false } }, "else it comes back after every hello")
    }
}
