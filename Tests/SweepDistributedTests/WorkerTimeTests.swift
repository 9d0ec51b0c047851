import SweepProtocol
import Testing

@testable import SweepDistributed

/// The worker's timeouts live in its machine (docs/STATE_MACHINES.md, "Worker"): the driver only sends `tick`.
@Suite struct WorkerTimeTests {
    static let u1 = WorkerStateMachineTests.u1

    static func ready() -> WorkerStateMachine {
        var w = WorkerStateMachineTests.machine(slots: 1)
        _ = w.handle(.connected, nowMs: 0)
        _ = w.handle(.received(WorkerStateMachineTests.welcome), nowMs: 0)
        return w
    }

    @Test func aUnitPastItsDeadlineIsAbandonedAndReportedAsATimeout() {
        var w = Self.ready()
        let started = w.handle(.received(.assign(unit: Self.u1, attempt: 2, timeLimitMs: 1000)), nowMs: 10)
        #expect(started.contains { if case .start(Self.u1, 2, 1000) = $0 { return true } else { return false } })
        #expect(w.running.map(\.deadlineMs) == [1010])
        #expect(!w.handle(.tick, nowMs: 1010).contains { if case .abandon = $0 { return true } else { return false } }, "at its deadline it still runs")
        let late = w.handle(.tick, nowMs: 1011)
        #expect(late.contains { if case .abandon(Self.u1) = $0 { return true } else { return false } })
        #expect(
            WorkerStateMachineTests.sent(late).contains {
                if case .result(Self.u1, 2, .timeout, 0, [], "ran past its deadline") = $0 { return true } else { return false }
            })
        #expect(w.running.isEmpty && w.outbox.count == 1)
    }

    @Test func aReconnectOpensANewSocketOnceTheBackoffHasPassedAndSaysHelloOnIt() {
        var w = Self.ready()
        let silent = w.handle(.tick, nowMs: 3100)
        #expect(silent.contains { if case .reconnect(1000) = $0 { return true } else { return false } })
        #expect(w.phase == .disconnected(reconnectAtMs: 4100), "a new socket after the 1 s backoff")
        #expect(!w.handle(.tick, nowMs: 4099).contains { if case .connect = $0 { return true } else { return false } })
        let back = w.handle(.tick, nowMs: 4100)
        guard case .connect? = back.first else { Issue.record("no connect first: \(back)"); return }
        #expect(WorkerStateMachineTests.sent(back).contains { if case .hello = $0 { return true } else { return false } })
        #expect(w.phase == .helloSent(atMs: 4100))
    }

    @Test func thePeriodicChecksRunAtMostEveryHundredMillisecondsWhateverTheTickRate() {
        var w = Self.ready()
        _ = w.handle(.received(.heartbeat(inflight: 0)), nowMs: 950)
        #expect(WorkerStateMachineTests.sent(w.handle(.tick, nowMs: 960)).isEmpty, "the heartbeat is not due")
        #expect(WorkerStateMachineTests.sent(w.handle(.tick, nowMs: 1000)).isEmpty, "checked 40 ms ago")
        #expect(WorkerStateMachineTests.sent(w.handle(.tick, nowMs: 1060)).contains { if case .heartbeat = $0 { return true } else { return false } })
    }
}
