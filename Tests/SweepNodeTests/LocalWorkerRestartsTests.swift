import Testing

@testable import SweepNode

/// When `sweep submit` replaces a local worker (issue 30 §9): the value's events and the actions they return.
@Suite struct LocalWorkerRestartsTests {
    typealias Exit = LocalWorkerRestarts.Exit

    static func killed(_ slot: Int, ranMs: Int64 = 500) -> Exit {
        Exit(slot: slot, status: 9, signalled: true, stderrTail: "", ranMs: ranMs)
    }

    @Test func aWorkerThatEndsIsReplacedAfterAWaitThatDoublesThenItsSlotIsGivenUp() {
        var restarts = LocalWorkerRestarts(slots: 2)
        #expect(restarts.ended(Self.killed(0)) == [.restart(slot: 0, afterMs: 100, restarts: 1)])
        #expect(restarts.ended(Self.killed(0)) == [.restart(slot: 0, afterMs: 200, restarts: 2)])
        #expect(restarts.ended(Self.killed(0)) == [.restart(slot: 0, afterMs: 400, restarts: 3)])
        // The fourth in a row: slot 0 gets no more workers, but slot 1 still works.
        #expect(restarts.ended(Self.killed(0)) == [.retire(slot: 0)])
        #expect(!restarts.allRetired)
        #expect(restarts.ended(Self.killed(0)).isEmpty, "a retired slot has no worker to end")
        // Slot 1's failures are counted on their own.
        #expect(restarts.ended(Self.killed(1)) == [.restart(slot: 1, afterMs: 100, restarts: 4)])
        for _ in 0 ..< 2 { _ = restarts.ended(Self.killed(1)) }
        let last = Exit(slot: 1, status: 2, signalled: false, stderrTail: "a line\nsweep worker: refused\n", ranMs: 30)
        #expect(
            restarts.ended(last) == [
                .retire(slot: 1),
                .giveUp(
                    cause: "every local worker died: 8 were started for 2 slots, and each slot's workers ended 4 times in a row; "
                        + "the last exited with status 2 after writing 'sweep worker: refused'")
            ])
        #expect(restarts.allRetired)
    }

    @Test func aWorkerThatRanAMinuteStartsItsSlotsCountAgain() {
        var restarts = LocalWorkerRestarts(slots: 1)
        for _ in 0 ..< 3 { _ = restarts.ended(Self.killed(0)) }
        // The OOM killer ends a worker that had been running for minutes: it is the first failure of a new run.
        #expect(restarts.ended(Self.killed(0, ranMs: 61_000)) == [.restart(slot: 0, afterMs: 100, restarts: 4)])
        #expect(restarts.ended(Self.killed(0)) == [.restart(slot: 0, afterMs: 200, restarts: 5)])
    }

    @Test func aWorkerThatExitsZeroOrEndsAfterTheSweepIsNotReplaced() {
        var restarts = LocalWorkerRestarts(slots: 1)
        #expect(restarts.ended(Exit(slot: 0, status: 0, signalled: false, stderrTail: "", ranMs: 10)).isEmpty, "told the sweep is done")
        restarts.sweepFinished()
        #expect(restarts.ended(Self.killed(0)).isEmpty)
        #expect(restarts.restarts == 0)
    }

    @Test func theCauseNamesTheSignalOrStatusAndTheLastLineWritten() {
        #expect(Self.killed(0).cause == "was killed by signal 9 (SIGKILL)")
        #expect(
            Exit(slot: 0, status: 11, signalled: true, stderrTail: "Fatal error\n", ranMs: 0).cause
                == "was killed by signal 11 (SIGSEGV) after writing 'Fatal error'")
        #expect(Exit(slot: 0, status: 70, signalled: false, stderrTail: "", ranMs: 0).cause == "exited with status 70")
    }
}
