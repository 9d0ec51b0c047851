import Foundation
import SweepDistributed
import SweepNode
import SweepProtocol
import TestSupport
import Testing
import TouchEngine

/// The coordinator and worker loops in one process, in virtual time, over an in-memory network: the fault
/// scenarios of docs/protocol.md without processes and without sleeps. Each test reads as a transcript; the
/// cluster's log lines carry virtual timestamps.
@Suite struct NodeLoopTests {
    /// Lines of `cluster` containing every one of `parts`.
    func lines(_ cluster: InProcessCluster, _ parts: String...) -> [String] {
        cluster.lines.filter { line in parts.allSatisfy { line.contains($0) } }
    }

    /// Virtual milliseconds of a line's timestamp (`HH:MM:SS.mmm …`).
    func ms(_ line: String) -> Int64 {
        let f = line.prefix(12).split { $0 == ":" || $0 == "." }.compactMap { Int64($0) }
        return ((f[0] * 60 + f[1]) * 60 + f[2]) * 1000 + f[3]
    }

    @Test func aSweepOnTwoWorkersEndsWithTheReportsOfSweepRun() throws {
        let cluster = try InProcessCluster()
        try cluster.startCoordinator()
        try cluster.addWorker("w1")
        try cluster.addWorker("w2")
        #expect(try cluster.runToTheEnd(), "\(cluster.lines)")
        #expect(cluster.filesDifferingFromSweepRun().isEmpty, "every report file has the bytes of sweep run's")
        #expect(cluster.workers.map { $0.exit?.code } == [0, 0], "both workers left with 0: \(cluster.workers.map { $0.exit?.reason })")
        #expect(cluster.workers.allSatisfy { $0.executor.unitsRun > 0 }, "both workers ran units")
        let journal = try cluster.journal()
        #expect(Set(journal.keys).count == journal.keys.count && !journal.treeTwice, "no unit and no tree journaled twice")
        #expect(lines(cluster, "info coordinator: worker joined", "worker=w1").count == 1)
        #expect(lines(cluster, "info worker-w2: joined a sweep", "sweep=tiny").count == 1)
    }

    /// A worker stopped mid-run (SIGSTOP) is silent: the coordinator declares it dead once liveness × heartbeat
    /// (3 × 200 ms) pass without a word, its unit runs on the other worker, and what it sends after it thaws is
    /// discarded; the totals are those of `sweep run`.
    @Test func aFrozenWorkerIsDeclaredDeadItsUnitsRunElsewhereAndItsLateResultsAreDiscarded() throws {
        let cluster = try InProcessCluster()
        try cluster.startCoordinator()
        try cluster.addWorker("steady", unitMs: 60)
        try cluster.addWorker("sleeper", unitMs: 400)
        #expect(try cluster.run { cluster.worker("sleeper").loop.runningUnits > 0 }, "the sleeper got a unit")
        let frozenAt = cluster.clock.nowMs
        cluster.network.freeze("sleeper")
        #expect(try cluster.run { !lines(cluster, "worker silent: declared dead", "worker=sleeper").isEmpty }, "\(cluster.lines)")
        let dead = try #require(lines(cluster, "warning coordinator: worker silent: declared dead", "worker=sleeper").first)
        // Its last heartbeat was at most one interval before it froze; dead within a tick (40 ms) of 600 ms after it.
        #expect((400 ... 650).contains(ms(dead) - frozenAt), "declared dead \(ms(dead) - frozenAt) ms after it froze: \(dead)")
        try cluster.run(atMostMs: 300) { false }
        cluster.network.thaw("sleeper")
        let thawedAt = cluster.clock.nowMs
        #expect(try cluster.runToTheEnd(), "\(cluster.lines)")
        // Thawed, it hears that the coordinator does not know it any more, says hello again and re-sends its
        // results: the units it held were leased again, so those are discarded (its lines held back this second).
        let after = cluster.lines.filter { ms($0) >= thawedAt }
        #expect(
            after.contains { $0.contains("notice worker-sleeper: the coordinator does not know this worker; saying hello again") },
            "\(cluster.lines.joined(separator: "\n"))")
        #expect(after.contains { $0.contains("info coordinator: worker joined") && $0.hasSuffix("worker=sleeper") })
        let lost = lines(cluster, "warning coordinator: retrying a unit", "was lost with worker sleeper")
        #expect(!lost.isEmpty, "the units it held went back to the queue")
        #expect(cluster.filesDifferingFromSweepRun().isEmpty, "the totals are unchanged")
        let journal = try cluster.journal()
        #expect(Set(journal.keys).count == journal.keys.count && !journal.treeTwice, "no unit and no tree journaled twice")
        for line in lost {
            let unit = String(line.split(separator: " ").last!.dropFirst("unit=".count))
            #expect(journal.keys.filter { $0 == unit }.count == 1, "\(unit), lost with the sleeper, ran elsewhere and counted once")
        }
    }

    /// A coordinator killed and started again from its journal while its workers live (systemd, Kubernetes): the
    /// workers see their connection lost and back, say hello to the new one, and the sweep ends with the reports
    /// of `sweep run`, no unit journaled twice. Twenty rounds in a row, killed at different points (before any
    /// commit, early, midway) and down for different times (none, within the workers' liveness, beyond it).
    @Test func aCoordinatorRestartedFromItsJournalWhileItsWorkersLiveTakesThemBackTwentyTimesInARow() throws {
        let killAfterUnits = [0, 1, 3, 6, 10]
        let downMs: [Int64] = [0, 300, 1500, 100]
        var reference: [String]?
        for round in 0 ..< 20 {
            let cluster = try InProcessCluster(name: "restart-\(round)")
            try cluster.addWorker("a", unitMs: 30)
            try cluster.addWorker("b", unitMs: 45)
            try cluster.step()
            try cluster.startCoordinator()
            let units = killAfterUnits[round % killAfterUnits.count]
            #expect(
                try cluster.run { lines(cluster, "worker joined").count == 2 && cluster.coordinator!.committedUnits >= units },
                "round \(round): both joined and \(units) units committed")
            cluster.killCoordinator()
            let killedAt = cluster.clock.nowMs
            try cluster.run(atMostMs: downMs[round % downMs.count]) { false }
            try cluster.startCoordinator()
            #expect(try cluster.runToTheEnd(), "round \(round): the sweep ended: \(cluster.lines)")
            let rejoined = cluster.lines.filter { ms($0) >= killedAt && $0.contains("info coordinator: worker joined") }
            #expect(rejoined.count == 2, "round \(round): both workers took the new coordinator: \(rejoined)")
            #expect(cluster.workers.map { $0.exit?.code } == [0, 0], "round \(round)")
            reference = reference ?? cluster.reports().run
            #expect(cluster.filesDifferingFromSweepRun(reference: reference).isEmpty, "round \(round): the reports of sweep run")
            let journal = try cluster.journal()
            #expect(Set(journal.keys).count == journal.keys.count && !journal.treeTwice, "round \(round): no unit and no tree journaled twice")
        }
    }

    /// Garbage and a peer of another protocol version (docs/protocol.md §3): the lines about one peer pass once a
    /// virtual second, the rest are counted; the version peer gets a refusal it can read, once a second; a result
    /// for a unit outside the plan and a payload that does not decode are rejected; the sweep is untouched.
    @Test func garbageAndAnotherProtocolVersionAreLoggedOnceASecondPerPeerAndRefused() throws {
        let cluster = try InProcessCluster()
        try cluster.startCoordinator()
        let endpoint = cluster.endpoint
        for i in 0 ..< 201 { cluster.network.inject([[0x47, 0x41, UInt8(i % 256)]], from: "raw-flood", to: endpoint) }
        let old = cluster.network.worker("raw-version", connectingTo: endpoint)
        try old.open()
        var hello = FrameCodec.encode(.hello(workerID: "raw-version", host: "test", slots: 1, engineVersion: "e"))
        hello[0][4] = 99 // SWP/99
        try old.send(hello)
        try old.send(hello)
        try cluster.step()
        #expect(lines(cluster, "rejected a message", "worker=raw-flood").count == 1, "one line this second")
        #expect(lines(cluster, "rejected a message reason=\"Unsupported protocol version 99").count == 1)
        var refusals: [String] = []
        while let frames = try old.receive() {
            if case .refuse(let reason) = try FrameCodec.decode(frames) { refusals.append(reason) }
        }
        #expect(refusals.count == 1 && refusals[0].contains("SWP/99"), "one refusal a second, readable: \(refusals)")
        try cluster.run(atMostMs: 1100) { false }
        #expect(
            lines(cluster, "notice coordinator: held back log lines about a peer in the last second held=200 peer=raw-flood").count == 1,
            "\(cluster.lines)")
        try old.send(hello)
        try cluster.step()
        #expect(try old.receive() != nil, "a second later, another refusal")
        // A peer that registers, then sends results for a unit outside the plan and a payload that does not decode.
        let raw = cluster.network.worker("raw-client", connectingTo: endpoint)
        try raw.open()
        try raw.send(FrameCodec.encode(.hello(workerID: "raw-client", host: "test", slots: 1, engineVersion: EngineVersion.current)))
        try raw.send(FrameCodec.encode(.credit(count: 1)))
        try cluster.step()
        var leased: (UnitSpec, Int)?
        while let frames = try raw.receive() {
            if case let .assign(unit, attempt, _) = try FrameCodec.decode(frames) { leased = (unit, attempt) }
        }
        let (unit, attempt) = try #require(leased, "the raw client got a unit")
        try cluster.run(atMostMs: 1000) { false }
        try raw.send(
            FrameCodec.encode(
                .result(
                    unit: UnitSpec(configuration: 999, trees: 0 ..< 1), attempt: 1, status: .ok,
                    elapsedMicroseconds: 1, payload: [0], detail: "")))
        try cluster.run(atMostMs: 1000) { false }
        try raw.send(FrameCodec.encode(.result(unit: unit, attempt: attempt, status: .ok, elapsedMicroseconds: 1, payload: [9, 9, 9], detail: "")))
        try cluster.step()
        #expect(lines(cluster, "c999", "worker=raw-client").count == 1, "the unknown unit, once")
        #expect(lines(cluster, "rejected a result payload that does not decode", "unit=\(unit.id) worker=raw-client").count == 1)
        raw.close()
        try cluster.addWorker("good-0")
        try cluster.addWorker("good-1")
        #expect(try cluster.runToTheEnd(), "\(cluster.lines)")
        #expect(cluster.filesDifferingFromSweepRun().isEmpty, "the garbage changed nothing")
    }

    /// A client holding a status key (`--status-keys`) may ask for `status` and nothing else: its hello is refused,
    /// and said so in the log, and it never becomes a worker.
    @Test func aStatusKeyIsAnsweredStatusAndRefusedAnythingElse() throws {
        let cluster = try InProcessCluster()
        try cluster.startCoordinator()
        let reader = try cluster.statusKeyPeer("reader")
        try reader.send(FrameCodec.encode(.statusRequest))
        try reader.send(FrameCodec.encode(.hello(workerID: "reader", host: "test", slots: 4, engineVersion: EngineVersion.current)))
        try cluster.step()
        var replies: [ProtocolMessage] = []
        while let frames = try reader.receive() { replies.append(try FrameCodec.decode(frames)) }
        #expect(replies.count == 2, "\(replies)")
        guard replies.count == 2, case .status(let report) = replies[0], case .refuse(let reason) = replies[1] else {
            Issue.record("a status, then a refusal: \(replies)")
            return
        }
        #expect(report.sweepID == "tiny" && report.unitsDone == 0)
        #expect(reason == "this key is a status key: it may ask for status but never take work")
        #expect(
            lines(cluster, "warning coordinator: refused a message from a status key, which may ask for status only key=reader type=hello worker=reader").count
                == 1,
            "\(cluster.lines)")
        #expect(lines(cluster, "worker joined").isEmpty)
    }

    /// A worker that vanishes (its process died, its connection with it) is unreachable: its units go back to the
    /// queue and run on the other worker; the reports are those of `sweep run`.
    @Test func aWorkerThatVanishesIsUnreachableAndItsUnitsMoveOn() throws {
        let cluster = try InProcessCluster()
        try cluster.startCoordinator()
        try cluster.addWorker("goner", unitMs: 300)
        try cluster.addWorker("stayer", unitMs: 40)
        #expect(try cluster.run { cluster.worker("goner").loop.runningUnits > 0 })
        cluster.drop("goner")
        #expect(try cluster.runToTheEnd(), "\(cluster.lines)")
        #expect(!lines(cluster, "warning coordinator: worker unreachable; its units go back to the queue worker=goner").isEmpty, "\(cluster.lines)")
        #expect(cluster.filesDifferingFromSweepRun().isEmpty)
        let journal = try cluster.journal()
        #expect(Set(journal.keys).count == journal.keys.count && !journal.treeTwice)
    }

    /// A unit that fails on every worker is retried within its budget, then quarantined; the sweep goes on, and
    /// only its configuration's summary row differs. Run again with the cause fixed, only that unit runs and the
    /// reports become those of `sweep run`.
    @Test func aUnitThatKeepsFailingIsQuarantinedAndARunWithTheCauseFixedCompletesTheSweep() throws {
        let cluster = try InProcessCluster()
        try cluster.startCoordinator(retryBudget: 2)
        try cluster.addWorker("w1", failingTree: (1, 3))
        try cluster.addWorker("w2", failingTree: (1, 3))
        #expect(try cluster.runToTheEnd(), "\(cluster.lines)")
        let outcome = cluster.coordinator!.outcome
        #expect(outcome.quarantined.map(\.unit.configuration) == [1] && outcome.quarantined[0].unit.trees.contains(3))
        #expect(outcome.quarantined[0].reason.contains("injected failure on tree 3"), "\(outcome.quarantined[0].reason)")
        #expect(lines(cluster, "error coordinator: quarantined a unit failures=2", "unit=c1:t3-3").count == 1, "a budget of two attempts")
        let (reports, run) = cluster.reports()
        let rows = { (files: [String]) in files[0].split(separator: "\r\n") }
        let differing = zip(rows(reports), rows(run)).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing == [2], "only configuration 1's row differs: rows \(differing)")
        // The cause fixed, the same command again: the quarantined unit runs, the rest comes from the journal.
        cluster.killCoordinator()
        let again = try InProcessCluster(name: "quarantine-again", output: cluster.output)
        try again.startCoordinator()
        try again.addWorker("w3")
        #expect(try again.runToTheEnd(), "\(again.lines)")
        #expect(again.coordinator!.outcome.retriedUnits == 1 && again.coordinator!.outcome.quarantined.isEmpty)
        #expect(again.filesDifferingFromSweepRun().isEmpty, "the reports of sweep run")
    }
}
