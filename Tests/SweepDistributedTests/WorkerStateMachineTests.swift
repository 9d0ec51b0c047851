import SweepProtocol
import Testing

@testable import SweepDistributed

@Suite struct WorkerStateMachineTests {
    static func machine(slots: Int = 2, keepAlive: Bool = false) -> WorkerStateMachine {
        var s = WorkerSettings(workerID: "w1", host: "h", slots: slots, engineVersion: "1.0")
        s.keepAlive = keepAlive
        return WorkerStateMachine(settings: s)
    }
    static let welcome = ProtocolMessage.welcome(sweepID: "s", configHash: "h", configText: "name: x", heartbeatMs: 1000, liveness: 3)
    static let u1 = UnitSpec(configuration: 0, trees: 0 ..< 1)
    static let u2 = UnitSpec(configuration: 0, trees: 1 ..< 2)

    static func sent(_ actions: [WorkerAction]) -> [ProtocolMessage] {
        actions.compactMap { if case .send(let m) = $0 { return m } else { return nil } }
    }

    @Test func itSaysHelloThenAsksForItsSlotsPlusThePrefetch() {
        var w = Self.machine()
        let hello = Self.sent(w.handle(.connected, nowMs: 0))
        #expect(hello.count == 1)
        if case let .hello(id, _, slots, engine)? = hello.first { #expect(id == "w1" && slots == 2 && engine == "1.0") } else { Issue.record("no hello") }
        let actions = w.handle(.received(Self.welcome), nowMs: 1)
        #expect(actions.contains { if case .prepare(_, "h") = $0 { return true } else { return false } })
        #expect(Self.sent(actions).contains { if case .credit(3) = $0 { return true } else { return false } })
    }

    @Test func assignedUnitsStartOnFreeSlotsAndResultsStayInTheOutboxUntilAcknowledged() {
        var w = Self.machine(slots: 1)
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(Self.welcome), nowMs: 0)
        let start = w.handle(.received(.assign(unit: Self.u1, attempt: 1, timeLimitMs: 1000)), nowMs: 1)
        #expect(start.contains { if case .start(Self.u1, 1, 1000) = $0 { return true } else { return false } })
        let queued = w.handle(.received(.assign(unit: Self.u2, attempt: 1, timeLimitMs: 1000)), nowMs: 2)
        #expect(!queued.contains { if case .start = $0 { return true } else { return false } }, "one slot: u2 waits")
        let done = w.handle(.finished(Self.u1, attempt: 1, status: .ok, elapsedMicroseconds: 5, payload: [9], detail: ""), nowMs: 3)
        #expect(Self.sent(done).contains { if case .result(Self.u1, 1, .ok, 5, [9], "") = $0 { return true } else { return false } })
        #expect(done.contains { if case .start(Self.u2, 1, _) = $0 { return true } else { return false } })
        #expect(w.outbox.count == 1)
        _ = w.handle(.received(.ack(unit: Self.u1)), nowMs: 4)
        #expect(w.outbox.isEmpty)
    }

    @Test func aBatchOfAssignmentsActsLikeItsAssignsInOrderAndABatchOfAcksEmptiesTheOutbox() {
        var w = Self.machine(slots: 1)
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(Self.welcome), nowMs: 0)
        let start = w.handle(
            .received(
                .assignments([
                    Assignment(unit: Self.u1, attempt: 1, timeLimitMs: 1000),
                    Assignment(unit: Self.u2, attempt: 2, timeLimitMs: 2000)
                ])), nowMs: 1)
        #expect(start.filter { if case .start = $0 { return true } else { return false } }.count == 1, "one slot: u1 runs, u2 waits")
        #expect(start.contains { if case .start(Self.u1, 1, 1000) = $0 { return true } else { return false } })
        let next = w.handle(.finished(Self.u1, attempt: 1, status: .ok, elapsedMicroseconds: 5, payload: [9], detail: ""), nowMs: 2)
        #expect(next.contains { if case .start(Self.u2, 2, 2000) = $0 { return true } else { return false } })
        _ = w.handle(.finished(Self.u2, attempt: 2, status: .ok, elapsedMicroseconds: 5, payload: [8], detail: ""), nowMs: 3)
        #expect(w.outbox.count == 2)
        _ = w.handle(.received(.acks([Self.u2, Self.u1])), nowMs: 4)
        #expect(w.outbox.isEmpty)
    }

    @Test func withStartAheadAPrefetchedUnitStartsBehindTheBusySlotAndTheNextIsAskedForWhenOneFinishes() {
        var settings = WorkerSettings(workerID: "w1", host: "h", slots: 1, engineVersion: "1.0")
        settings.startAhead = 1
        var w = WorkerStateMachine(settings: settings)
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(Self.welcome), nowMs: 0)
        _ = w.handle(.received(.assign(unit: Self.u1, attempt: 1, timeLimitMs: 1000)), nowMs: 1)
        let ahead = w.handle(.received(.assign(unit: Self.u2, attempt: 1, timeLimitMs: 1000)), nowMs: 2)
        #expect(ahead.contains { if case .start(Self.u2, 1, _) = $0 { return true } else { return false } }, "u2 queues behind u1")
        #expect(w.running.count == 2)
        let done = w.handle(.finished(Self.u1, attempt: 1, status: .ok, elapsedMicroseconds: 5, payload: [9], detail: ""), nowMs: 3)
        #expect(Self.sent(done).contains { if case .credit(1) = $0 { return true } else { return false } }, "one more to keep one ahead")
        let third = UnitSpec(configuration: 0, trees: 2 ..< 3)
        let next = w.handle(.received(.assign(unit: third, attempt: 1, timeLimitMs: 1000)), nowMs: 4)
        #expect(next.contains { if case .start(third, 1, _) = $0 { return true } else { return false } })
    }

    @Test func aSilentCoordinatorTriggersReconnectWithDoublingBackoffAndTheOutboxIsResent() {
        var w = Self.machine(slots: 1)
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(Self.welcome), nowMs: 0)
        _ = w.handle(.received(.assign(unit: Self.u1, attempt: 1, timeLimitMs: 1000)), nowMs: 0)
        _ = w.handle(.finished(Self.u1, attempt: 1, status: .ok, elapsedMicroseconds: 5, payload: [9], detail: ""), nowMs: 10)
        var delays: [Int] = []
        var now: Int64 = 3100
        for _ in 0 ..< 7 {
            let actions = w.handle(.tick, nowMs: now)
            for action in actions { if case .reconnect(let ms) = action { delays.append(ms) } }
            #expect(!Self.sent(actions).contains { if case .heartbeat = $0 { return true } else { return false } })
            _ = w.handle(.connected, nowMs: now)
            now += 3200
        }
        #expect(delays == [1000, 2000, 4000, 8000, 16000, 32000, 32000])
        let back = w.handle(.received(Self.welcome), nowMs: now)
        #expect(
            Self.sent(back).contains { if case .result(Self.u1, 1, .ok, _, _, _) = $0 { return true } else { return false } },
            "finished-but-unacknowledged results are re-sent after re-registering")
    }

    @Test func aHelloWaitsAtLeastThreeSecondsForItsWelcomeAndGoesAgainWhenTheConnectionComesBack() {
        var w = Self.machine(slots: 1)
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(.welcome(sweepID: "s", configHash: "h", configText: "name: x", heartbeatMs: 200, liveness: 3)), nowMs: 0)
        // Silent for 600 ms (liveness × a 200 ms heartbeat): a new socket, and a new hello on it.
        let silent = w.handle(.tick, nowMs: 700)
        #expect(silent.contains { if case .reconnect(1000) = $0 { return true } else { return false } })
        _ = w.handle(.connected, nowMs: 1700)
        // A coordinator slow to start gets 3 s, not 600 ms, before the socket goes: nothing until then.
        for now in stride(from: Int64(1800), through: 4700, by: 100) {
            let actions = w.handle(.tick, nowMs: now)
            #expect(actions.isEmpty, "at \(now) ms")
        }
        let late = w.handle(.tick, nowMs: 4800)
        #expect(late.contains { if case .reconnect(2000) = $0 { return true } else { return false } })
        // On a new socket, libzmq loses the connection and makes it again: the hello may be lost, so it goes again.
        _ = w.handle(.connected, nowMs: 6800)
        let again = w.handle(.transportReconnected, nowMs: 7000)
        #expect(Self.sent(again).contains { if case .hello = $0 { return true } else { return false } })
        // Once registered, a reconnection of the transport sends nothing (the coordinator says if it lost us).
        _ = w.handle(.received(Self.welcome), nowMs: 7100)
        let quiet = w.handle(.transportReconnected, nowMs: 7200)
        #expect(Self.sent(quiet).isEmpty)
    }

    @Test func itExitsWhenTheSweepIsDoneUnlessKeptAlive() {
        var w = Self.machine()
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(Self.welcome), nowMs: 0)
        #expect(w.handle(.received(.disconnect(reason: "done")), nowMs: 1).contains { if case .exit(0, _) = $0 { return true } else { return false } })
        var kept = Self.machine(keepAlive: true)
        _ = kept.handle(.connected, nowMs: 0)
        _ = kept.handle(.received(Self.welcome), nowMs: 0)
        #expect(!kept.handle(.received(.disconnect(reason: "done")), nowMs: 1).contains { if case .exit = $0 { return true } else { return false } })
    }

    /// Issue 30 §3: `done` while a unit still runs (one leased before a coordinator restart, whose trees another
    /// worker ran since) and another waits behind it: the worker abandons both and exits 0 at once; kept alive, it
    /// abandons nothing and stays.
    @Test func doneWhileAUnitStillRunsAbandonsItAndExitsUnlessKeptAlive() {
        for keepAlive in [false, true] {
            var w = Self.machine(slots: 1, keepAlive: keepAlive)
            _ = w.handle(.connected, nowMs: 0)
            _ = w.handle(.received(Self.welcome), nowMs: 0)
            _ = w.handle(
                .received(
                    .assignments([
                        Assignment(unit: Self.u1, attempt: 1, timeLimitMs: 60_000), Assignment(unit: Self.u2, attempt: 1, timeLimitMs: 60_000)
                    ])), nowMs: 1)
            #expect(w.running.count == 1 && !w.isIdle, "u1 runs, u2 waits")
            let done = w.handle(.received(.disconnect(reason: "done")), nowMs: 2)
            let exits = done.compactMap { if case let .exit(code, reason) = $0 { return (code, reason) } else { return nil } }
            let abandoned = done.compactMap { if case .abandon(let u) = $0 { return u } else { return nil } }
            if keepAlive {
                #expect(exits.isEmpty && abandoned.isEmpty, "kept alive: \(done)")
                #expect(w.running.count == 1)
                guard case .ready = w.phase else { Issue.record("not ready: \(w.phase)"); return }
            } else {
                #expect(exits.count == 1 && exits.first?.0 == 0 && exits.first?.1 == "the sweep is done", "\(done)")
                #expect(abandoned == [Self.u1], "the running unit is abandoned: \(done)")
                #expect(w.isIdle && w.outbox.isEmpty && w.phase == .exiting)
                #expect(
                    done.contains {
                        if case .log(let e) = $0 { return e.message == "the sweep is done; abandoned the units this worker still held" }
                        return false
                    })
            }
        }
    }

    @Test func aRefusalEndsTheWorkerWithTheReason() {
        var w = Self.machine()
        _ = w.handle(.connected, nowMs: 0)
        let actions = w.handle(.received(.refuse(reason: "engine mismatch")), nowMs: 1)
        #expect(actions.contains { if case .exit(2, let r) = $0 { return r.contains("engine mismatch") } else { return false } })
    }

    @Test func aCancelledUnitIsAbandonedAndItsSlotAskedForAgain() {
        var w = Self.machine(slots: 1)
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(Self.welcome), nowMs: 0)
        _ = w.handle(.received(.assign(unit: Self.u1, attempt: 1, timeLimitMs: 1000)), nowMs: 1)
        let actions = w.handle(.received(.cancel(unit: Self.u1)), nowMs: 2)
        #expect(actions.contains { if case .abandon(Self.u1) = $0 { return true } else { return false } })
        #expect(w.isIdle)
    }

    @Test func heartbeatsFlowEveryIntervalWhileConnected() {
        var w = Self.machine()
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(Self.welcome), nowMs: 0)
        _ = w.handle(.received(.heartbeat(inflight: 0)), nowMs: 900)
        let beats = Self.sent(w.handle(.tick, nowMs: 1000))
        #expect(beats.contains { if case .heartbeat = $0 { return true } else { return false } })
        #expect(Self.sent(w.handle(.tick, nowMs: 1500)).isEmpty)
    }

    static func asksForItsLoad(_ actions: [WorkerAction]) -> Bool {
        actions.contains { if case .sampleLoad = $0 { return true } else { return false } }
    }

    /// Issue 35: every worker, wherever it runs, reports its own CPU and memory once a heartbeat interval, on a clock
    /// of its own: a busy worker's results keep its heartbeats from being due, not its load.
    @Test func aRegisteredWorkerReportsItsLoadOnceAHeartbeatIntervalEvenWhileResultsFlow() {
        var w = Self.machine(slots: 1)
        _ = w.handle(.connected, nowMs: 0)
        #expect(!Self.asksForItsLoad(w.handle(.tick, nowMs: 200)), "not registered yet: the coordinator does not know it")
        let load = WorkerLoad(pid: 4242, cpuPermille: 990, residentBytes: 60_000_000)
        #expect(Self.sent(w.handle(.sampled(load), nowMs: 201)).isEmpty, "a sample taken before the welcome is not sent")
        _ = w.handle(.received(Self.welcome), nowMs: 300)
        #expect(Self.asksForItsLoad(w.handle(.tick, nowMs: 400)), "the first check after the welcome")
        #expect(Self.sent(w.handle(.sampled(load), nowMs: 400)) == [.load(load)])
        // Results every 100 ms: no heartbeat is due, the load still is, once a second.
        var asked: [Int64] = []
        for now in stride(from: Int64(500), through: 3400, by: 100) {
            _ = w.handle(.received(.assign(unit: UnitSpec(configuration: 0, trees: Int(now) ..< Int(now) + 1), attempt: 1, timeLimitMs: 9000)), nowMs: now)
            _ = w.handle(
                .finished(
                    UnitSpec(configuration: 0, trees: Int(now) ..< Int(now) + 1), attempt: 1, status: .ok, elapsedMicroseconds: 1, payload: [], detail: ""),
                nowMs: now)
            let actions = w.handle(.tick, nowMs: now)
            #expect(!Self.sent(actions).contains { if case .heartbeat = $0 { return true } else { return false } })
            if Self.asksForItsLoad(actions) { asked.append(now) }
        }
        #expect(asked == [1400, 2400, 3400])
    }

    /// A restarted coordinator answers everything the worker sent before it knew of the restart with
    /// `say hello first`. One hello answers the burst, at once and on the same connection; the welcome starts the
    /// credit and the queue over, and the outbox goes to the new coordinator.
    @Test func aBurstOfSayHelloFirstGetsOneHelloAtOnceAndTheWelcomeStartsCreditAndQueueOver() {
        var w = Self.machine(slots: 1)
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(Self.welcome), nowMs: 0)
        let u3 = UnitSpec(configuration: 0, trees: 2 ..< 3)
        _ = w.handle(
            .received(
                .assignments([
                    Assignment(unit: Self.u1, attempt: 1, timeLimitMs: 9000),
                    Assignment(unit: Self.u2, attempt: 1, timeLimitMs: 9000),
                    Assignment(unit: u3, attempt: 1, timeLimitMs: 9000)
                ])), nowMs: 1)
        _ = w.handle(.finished(Self.u1, attempt: 1, status: .ok, elapsedMicroseconds: 5, payload: [9], detail: ""), nowMs: 2000)
        var actions: [WorkerAction] = []
        for t in Int64(2010) ..< 2015 { actions += w.handle(.received(.disconnect(reason: "say hello first")), nowMs: t) }
        let hellos = Self.sent(actions).filter { if case .hello = $0 { return true } else { return false } }
        #expect(hellos.count == 1, "one hello for the burst")
        #expect(!actions.contains { if case .reconnect = $0 { return true } else { return false } }, "no reconnect, no backoff")
        #expect(w.phase == .helloSent(atMs: 2010), "the hello of the first reply")
        // No welcome within a heartbeat interval: the hello may be lost, so the next reply gets another.
        #expect(Self.sent(w.handle(.received(.disconnect(reason: "say hello first")), nowMs: 2500)).isEmpty)
        #expect(
            Self.sent(w.handle(.received(.disconnect(reason: "say hello first")), nowMs: 3011))
                .contains { if case .hello = $0 { return true } else { return false } })
        let back = w.handle(.received(Self.welcome), nowMs: 3020)
        let sent = Self.sent(back)
        #expect(sent.contains { if case .result(Self.u1, 1, .ok, _, _, _) = $0 { return true } else { return false } }, "the outbox goes again")
        // u2 runs on (its result will be welcome); u3, queued behind it, was taken back by the coordinator's
        // hello handling, so it is forgotten, and the credit asked for counts only the running unit.
        #expect(w.running.map(\.unit) == [Self.u2] && w.queued.isEmpty)
        #expect(sent.contains { if case .credit(1) = $0 { return true } else { return false } }, "\(sent)")
    }
}
