import SweepProtocol
import Testing

@testable import SweepDistributed

/// A coordinator killed and started again from its journal while its workers live (issue 14 §1), in virtual time:
/// the workers must come back to the new coordinator on their own, the sweep must finish, and no tree may be
/// journaled twice or never.
@Suite struct CoordinatorRestartTests {
    /// The work is about 2.4 s of virtual time on 4 slots; a restart that costs a reconnect backoff or a lease
    /// deadline shows as tens of seconds.
    static let config = VirtualCluster.Config()
    static let seeds: [UInt64] = [1, 2, 3, 4, 5]

    @Test func withoutAKillEveryTreeIsJournaledOnce() {
        for seed in Self.seeds {
            var cluster = VirtualCluster(Self.config, seed: seed)
            cluster.run(until: 60_000) { $0.isFinished }
            let finished = cluster.isFinished, once = cluster.everyTreeOnce, twice = cluster.doubleCounted.count
            #expect(finished && once && twice == 0, "seed \(seed)")
            #expect(cluster.now < 5_000, "seed \(seed): \(cluster.now) ms")
        }
    }

    /// Kill points: before any commit, after the first, early, midway and near the end; the coordinator down for
    /// a moment, for less than the workers' liveness, and for longer than their longest backoff.
    @Test(arguments: [0, 1, 5, 20, 60, 90])
    func aRestartedCoordinatorTakesBackItsWorkersAndFinishesWithEveryTreeOnce(commitsBeforeKill: Int) {
        for seed in Self.seeds {
            for downMs: Int64 in [100, 2_000, 40_000] {
                var cluster = VirtualCluster(Self.config, seed: seed &+ UInt64(commitsBeforeKill) &* 1000)
                cluster.run(until: 60_000) { $0.journal.count >= commitsBeforeKill && $0.now > 50 }
                let what = "seed \(seed), killed after \(cluster.journal.count) commits at \(cluster.now) ms, down \(downMs) ms"
                guard !cluster.isFinished else { continue }
                cluster.killCoordinator()
                cluster.run(until: cluster.now + downMs)
                cluster.startCoordinator()
                let restartedAt = cluster.now
                cluster.run(until: restartedAt + 120_000) { $0.isFinished }
                let finished = cluster.isFinished, once = cluster.everyTreeOnce, twice = cluster.doubleCounted.map(\.id)
                #expect(finished, "\(what): stalled; last lines:\n\(cluster.logs.suffix(12).joined(separator: "\n"))")
                #expect(twice.isEmpty, "\(what): journaled twice: \(twice)")
                #expect(once, "\(what): a tree was lost or counted twice")
                // The workers rejoin within a second or so of hearing the new coordinator (no backoff, no lease
                // deadline): what is left takes a few seconds at most, plus the reconnect of a worker that gave up.
                let limit: Int64 = downMs > 3_000 ? 45_000 : 8_000
                let took = cluster.now - restartedAt
                #expect(took < limit, "\(what): took \(took) ms after the restart")
                // Issue 30 §3: every worker leaves once told the sweep is done, even one still running a unit the
                // first coordinator leased it (a worker waiting out a reconnect backoff hears it when it is back).
                let finishedAt = cluster.now
                cluster.run(until: finishedAt + 40_000) { $0.workers.allSatisfy(\.exited) }
                let staying = cluster.workers.indices.filter { !cluster.workers[$0].exited }
                #expect(staying.isEmpty, "\(what): workers \(staying) still running \(cluster.now - finishedAt) ms after the end")
            }
        }
    }

    @Test func twoKillsInARowStillFinishWithEveryTreeOnce() {
        for seed in Self.seeds {
            var cluster = VirtualCluster(Self.config, seed: seed)
            for commits in [10, 40] {
                cluster.run(until: 60_000) { $0.journal.count >= commits }
                cluster.killCoordinator()
                cluster.run(until: cluster.now + 1_500)
                cluster.startCoordinator()
            }
            cluster.run(until: cluster.now + 120_000) { $0.isFinished }
            let finished = cluster.isFinished, once = cluster.everyTreeOnce, twice = cluster.doubleCounted.count
            #expect(finished && once && twice == 0, "seed \(seed)")
            #expect(cluster.incarnations == 3)
        }
    }
}
