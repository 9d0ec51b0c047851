import SweepNode
import SweepProtocol
import Testing
import TouchEngine

/// Issue 30 §10: the coordinator's log under a flood of hellos, in virtual time.
@Suite struct PeerLogFloodLoopTests {
    /// Lines of `cluster` containing every one of `parts`.
    func lines(_ cluster: InProcessCluster, _ parts: String...) -> [String] {
        cluster.lines.filter { line in parts.allSatisfy { line.contains($0) } }
    }

    /// The held counts of the "held back" notices of `cluster`.
    func held(_ cluster: InProcessCluster) -> Int {
        cluster.lines.filter { $0.contains("held back log lines") }.compactMap { line in
            line.range(of: " held=").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
        }.reduce(0, +)
    }

    /// Issue 30 §10: 500 hellos logged 1,000 lines. From one peer in a second, they are four lines and a count;
    /// from 500 peers that then vanish, the join lines and the lines about their going are capped at 100 a second
    /// for all peers, with every other line counted.
    @Test func fiveHundredHellosGiveABoundedNumberOfLines() throws {
        let cluster = try InProcessCluster()
        try cluster.startCoordinator()
        let hello = { (id: String) in FrameCodec.encode(.hello(workerID: id, host: "test", slots: 1, engineVersion: EngineVersion.current)) }
        let again = cluster.network.worker("again", connectingTo: cluster.endpoint)
        try again.open()
        for _ in 0 ..< 500 { try again.send(hello("again")) }
        try cluster.step()
        #expect(lines(cluster, "worker=again").count == 4, "two join lines, two 'said hello again': \(cluster.lines)")
        try cluster.run(atMostMs: 1100) { false }
        // 498 more joins, 497 more "said hello again" and, as the raw peer sends no heartbeat, its death.
        #expect(lines(cluster, "held back log lines about a peer in the last second held=996 peer=again").count == 1, "\(cluster.lines)")
        cluster.network.drop("again")
        try cluster.run(atMostMs: 2000) { false } // its going is logged before the flood below

        let before = cluster.lines.count, heldBefore = held(cluster)
        for i in 0 ..< 500 {
            let peer = cluster.network.worker("hello-\(i)", connectingTo: cluster.endpoint)
            try peer.open()
            try peer.send(hello("hello-\(i)"))
        }
        try cluster.step()
        for i in 0 ..< 500 { cluster.network.drop("hello-\(i)") }
        try cluster.run(atMostMs: 3000) { false }
        let about = cluster.lines.dropFirst(before).filter { $0.contains("worker=hello-") }
        // Before: 1,000 lines, a join and a going for each.
        #expect(about.count <= 200, "at most 100 lines a second about all peers: \(about.count)")
        #expect(about.count + held(cluster) - heldBefore == 1000, "every other line counted: \(about.count) lines")
        #expect(cluster.lines.count - before <= about.count + 12, "and a few notices: \(cluster.lines.dropFirst(before + about.count))")
    }
}
