import Testing

@testable import SweepDistributed

/// The coordinator's log under a flood: one line per peer per second, the rest counted, nothing remembered for ever.
@Suite struct PeerLogThrottleTests {
    static let a = WorkerID(Array("peer-a".utf8))
    static let b = WorkerID(Array("peer-b".utf8))

    @Test func onePeerGetsOneLineASecondAndTheRestAreCountedWhenTheSecondEnds() {
        var t = PeerLogThrottle()
        let admitted = (0 ..< 200).filter { t.admit(Self.a, nowMs: Int64($0)) }
        #expect(admitted == [0])
        let b = t.admit(Self.b, nowMs: 10)
        #expect(b, "another peer has its own second")
        let early = t.endedWindows(nowMs: 999)
        #expect(early.isEmpty, "the second has not ended")
        let ended = t.endedWindows(nowMs: 1000)
        #expect(ended == [.notice("held back log lines about a peer in the last second", ["peer": "peer-a", "held": 199])])
        let later = t.endedWindows(nowMs: 1010)
        #expect(later.isEmpty, "peer-b had nothing held back")
        #expect(t.trackedPeers == 0, "peers are forgotten once their second is over")
        let again = t.admit(Self.a, nowMs: 1011)
        #expect(again, "a new second, a new line")
    }

    @Test func manyPeersAtOnceAreCappedAndCounted() {
        var t = PeerLogThrottle()
        t.maximumLinesPerWindow = 10
        let admitted = (0 ..< 50).filter { t.admit(WorkerID(Array("p\($0)".utf8)), nowMs: 5) }.count
        #expect(admitted == 10)
        let ended = t.endedWindows(nowMs: 1005)
        #expect(ended.map(\.description).contains("held back log lines about other peers in the last second held=40 most_a_second=10"), "\(ended)")
    }

    @Test func aForcedLineOpensThePeersSecondSoTheNoiseAfterItIsHeldBack() {
        var t = PeerLogThrottle()
        t.force(Self.a, nowMs: 0) // "worker peer-a joined"
        let noise = t.admit(Self.a, nowMs: 10)
        #expect(!noise)
        let ended = t.endedWindows(nowMs: 1000)
        #expect(ended == [.notice("held back log lines about a peer in the last second", ["peer": "peer-a", "held": 1])])
    }
}
