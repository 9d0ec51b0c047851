import SweepProtocol
import Testing

@testable import SweepDistributed

/// What the coordinator's state machine reports for `sweep status` (``CoordinatorStateMachine/statusReport(nowMs:)``, which
/// the driver answers a status request with): its counters, and one row per worker.
@Suite struct CoordinatorStatusTests {
    typealias T = CoordinatorStateMachineTests

    @Test func theReportNamesTheSweepAndListsEachWorkerWithTheUnitsItDelivered() {
        var m = T.machine(configurations: 2, trees: 3)
        _ = m.handle(T.hello(T.a, slots: 2), nowMs: 0)
        _ = m.handle(T.hello(T.b, slots: 1), nowMs: 10)
        let units = T.assigns(m.handle(.received(T.a, .credit(count: 2)), nowMs: 20), to: T.a).map(\.0)
        #expect(units.count == 2)
        let done = m.handle(.received(T.a, T.ok(units[0])), nowMs: 500)
        #expect(T.commits(done) == [units[0]])

        // At 1000 ms. A status request is the driver's to answer; the machine gives it no answer of its own.
        #expect(m.handle(.received(WorkerID([9]), .statusRequest), nowMs: 1000).isEmpty)
        let r = m.statusReport(nowMs: 1000)
        #expect(r.sweepID == "s" && r.configHash == "h" && !r.finished)
        #expect(r.unitsDone == 1 && r.treesDone == units[0].trees.count && r.treesTotal == 6)
        #expect(r.retries == 0 && r.quarantinedCount == 0 && r.quarantinedUnits.isEmpty)
        // The driver fills these in (CoordinatorNode): the machine does not see tallies or the clock's origin.
        #expect(r.scenariosDone == 0 && r.treesThisRun == 0 && r.elapsedMs == 0)
        #expect(
            r.workers == [
                StatusReport.Worker(id: "worker-a", host: "h", slots: 2, unitsDone: 1, unitsHeld: 1, lastHeardMsAgo: 500),
                StatusReport.Worker(id: "worker-b", host: "h", slots: 1, unitsDone: 0, unitsHeld: 0, lastHeardMsAgo: 990)
            ])
    }

    /// Issue 35: each worker reports its own CPU and memory (`load`); the report carries the latest per worker, and a
    /// worker that said hello again starts without one.
    @Test func eachWorkerRowCarriesTheLoadItLastReported() {
        var m = T.machine(configurations: 2, trees: 3)
        _ = m.handle(T.hello(T.a, slots: 2), nowMs: 0)
        _ = m.handle(T.hello(T.b, slots: 1), nowMs: 10)
        let first = WorkerLoad(pid: 11, cpuPermille: nil, residentBytes: 50_000_000)
        let second = WorkerLoad(pid: 11, cpuPermille: 1980, residentBytes: 61_000_000)
        #expect(m.handle(.received(T.a, .load(first)), nowMs: 100).isEmpty, "a load needs no answer")
        _ = m.handle(.received(T.a, .load(second)), nowMs: 1100)
        let r = m.statusReport(nowMs: 1200)
        #expect(r.workers.map(\.load) == [second, nil])
        #expect(r.workers[0].lastHeardMsAgo == 100, "a load is a sign of life")
        _ = m.handle(T.hello(T.a, slots: 2), nowMs: 1300)
        let again = m.statusReport(nowMs: 1400)
        #expect(again.workers.map(\.load) == [nil, nil])
    }

    @Test func rateAndETAComeFromTheTreesOfThisRun() {
        var r = StatusReport(
            sweepID: "s", configHash: "h", unitsDone: 0, unitsTotal: 0, treesDone: 50, treesTotal: 150,
            scenariosDone: 1000, scenariosTotal: 3000, treesThisRun: 20, elapsedMs: 4000, retries: 0,
            quarantinedCount: 0, quarantinedUnits: [], finished: false, workers: [])
        // 30 of the 50 trees were resumed from the journal: 20 trees in 4 s is 5 trees/s, 100 left take 20 s.
        #expect(r.treesPerSecond == 5 && r.scenariosPerSecond == 100 && r.etaSeconds == 20)
        r.treesThisRun = 0
        #expect(r.treesPerSecond == nil && r.etaSeconds == nil)
        r.finished = true
        #expect(r.etaSeconds == 0)
    }
}
