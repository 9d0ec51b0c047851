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

    @Test func aCoordinatorThatStopsWithinTheSecondStillCountsWhatItHeldBack() {
        var t = PeerLogThrottle()
        t.maximumLinesPerWindow = 2
        let admitted = (0 ..< 30).filter { t.admit($0 < 20 ? Self.a : WorkerID(Array("p\($0)".utf8)), nowMs: 100) }.count
        #expect(admitted == 2, "peer-a's first line and one other peer's, then the cap")
        #expect(t.endedWindows(nowMs: 600).isEmpty, "no second has ended")
        let remaining = t.remainingWindows().map(\.description)
        #expect(
            remaining == [
                "held back log lines about a peer in the last second held=19 peer=peer-a",
                "held back log lines about other peers in the last second held=9 most_a_second=2"
            ], "\(remaining)")
        #expect(t.trackedPeers == 0)
        #expect(t.remainingWindows().isEmpty, "counted once")
    }

    @Test func manyPeersAtOnceAreCappedAndCounted() {
        var t = PeerLogThrottle()
        t.maximumLinesPerWindow = 10
        let admitted = (0 ..< 50).filter { t.admit(WorkerID(Array("p\($0)".utf8)), nowMs: 5) }.count
        #expect(admitted == 10)
        let ended = t.endedWindows(nowMs: 1005)
        #expect(ended.map(\.description).contains("held back log lines about other peers in the last second held=40 most_a_second=10"), "\(ended)")
    }

    @Test func aMembershipLineOpensThePeersSecondSoTheNoiseAfterItIsHeldBack() {
        var t = PeerLogThrottle()
        let joined = t.admitMembership(Self.a, nowMs: 0)
        let noise = t.admit(Self.a, nowMs: 10)
        #expect(joined && !noise)
        let ended = t.endedWindows(nowMs: 1000)
        #expect(ended == [.notice("held back log lines about a peer in the last second", ["peer": "peer-a", "held": 1])])
    }

    /// Issue 30 §10: a peer saying hello 500 times in a second gets four lines about its joining, not 500 (or 1,000);
    /// four pass even after another line about the same peer, enough for a worker that joins, dies and is replaced
    /// within a second (joined, unreachable, said hello again, joined).
    @Test func membershipLinesPassFourTimesASecondPerPeerEvenAfterAnotherLine() {
        var t = PeerLogThrottle()
        let noise = t.admit(Self.a, nowMs: 0) // "ignored a message from a worker that has not said hello"
        let joins = (1 ... 500).filter { t.admitMembership(Self.a, nowMs: Int64($0)) }
        #expect(noise && joins == [1, 2, 3, 4], "four pass after the noise line, the other 496 are held")
        let more = t.admit(Self.a, nowMs: 600)
        #expect(!more, "the peer's other line of this second was the noise")
        let ended = t.endedWindows(nowMs: 1000)
        #expect(ended == [.notice("held back log lines about a peer in the last second", ["peer": "peer-a", "held": 497])])
        let next = t.admitMembership(Self.a, nowMs: 1001)
        #expect(next, "a new second, new lines")
    }

    /// 500 peers joining at once: 100 join lines pass, and the counts held back name at most ten peers; the rest
    /// are one line for all.
    @Test func manyPeersJoiningAtOnceAreCappedAndTheirCountsAreBounded() {
        var t = PeerLogThrottle()
        let peers = (0 ..< 500).map { WorkerID(Array("p\($0)".utf8)) }
        let joined = peers.filter { t.admitMembership($0, nowMs: 5) }.count
        let noise = peers.filter { t.admit($0, nowMs: 6) }.count // a line about each one's messages
        #expect(joined == 100 && noise == 0)
        let ended = t.endedWindows(nowMs: 1005)
        #expect(ended.count == 11, "\(ended)")
        #expect(ended.dropLast().allSatisfy { $0.message == "held back log lines about a peer in the last second" && $0.metadata["held"] == 1 })
        // 400 joins and 400 lines over the cap, and 90 peers' held lines beyond the ten named.
        #expect(ended.last == .notice("held back log lines about other peers in the last second", ["held": 890, "most_a_second": 100]))
        #expect(t.trackedPeers == 0)
    }
}
