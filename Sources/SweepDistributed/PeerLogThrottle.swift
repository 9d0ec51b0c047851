/// Keeps one peer from flooding the coordinator's log (docs/protocol.md §3): the lines about one peer's messages
/// go through at most once per window (a second) per peer, and the number held back is logged when the window
/// ends. A flood from many peers at once is capped as well: at most `maximumLinesPerWindow` lines about peers
/// pass in any one window, the rest are counted. Lines that record a unit's quarantine are never held back (the
/// caller does not pass them through here), nor is a worker's first registration (``force(_:nowMs:)``). Memory stays bounded: a peer is forgotten once its window has ended
/// and its count is logged.
public struct PeerLogThrottle: Sendable {
    public var windowMs: Int64 = 1000
    public var maximumLinesPerWindow = 100
    private var peers: [WorkerID: (start: Int64, held: Int)] = [:]
    private var globalStart: Int64?
    private var globalLines = 0
    private var globalHeld = 0

    public init() {}

    /// Notes a line about `peer` that is logged whatever the throttle says (a worker joining): it opens the peer's
    /// second like any line, so what follows within it is held back.
    public mutating func force(_ peer: WorkerID, nowMs: Int64) {
        if let entry = peers[peer], nowMs - entry.start < windowMs { return }
        peers[peer] = (nowMs, peers[peer]?.held ?? 0)
    }

    /// Whether a line about `peer` may be logged now; if not, it is counted.
    public mutating func admit(_ peer: WorkerID, nowMs: Int64) -> Bool {
        if globalStart.map({ nowMs - $0 >= windowMs }) ?? true { globalStart = nowMs; globalLines = 0 }
        if let entry = peers[peer], nowMs - entry.start < windowMs {
            peers[peer] = (entry.start, entry.held + 1)
            return false
        }
        guard globalLines < maximumLinesPerWindow else {
            globalHeld += 1
            return false
        }
        globalLines += 1
        peers[peer] = (nowMs, peers[peer]?.held ?? 0)
        return true
    }

    /// The counts to log for windows that have ended: one event per peer that had lines held back, and one for
    /// lines held back by the cap on all peers.
    public mutating func endedWindows(nowMs: Int64) -> [NodeEvent] {
        var events: [NodeEvent] = []
        for (peer, entry) in peers.sorted(by: { $0.key.description < $1.key.description }) where nowMs - entry.start >= windowMs {
            if entry.held > 0 {
                events.append(.notice("held back log lines about a peer in the last second", ["peer": .text(peer.description), "held": .number(entry.held)]))
            }
            peers[peer] = nil
        }
        if globalHeld > 0, let start = globalStart, nowMs - start >= windowMs {
            events.append(
                .notice(
                    "held back log lines about other peers in the last second",
                    ["held": .number(globalHeld), "most_a_second": .number(maximumLinesPerWindow)]))
            globalHeld = 0
        }
        return events
    }

    /// Peers with a window open (for tests: the throttle forgets peers).
    public var trackedPeers: Int { peers.count }
}
