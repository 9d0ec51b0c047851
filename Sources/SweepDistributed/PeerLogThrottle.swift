/// Keeps one peer, or many, from flooding the coordinator's log (docs/protocol.md §3): the lines about one peer go
/// through at most once per window (a second) per peer, and the number held back is logged when the window
/// ends, or when the coordinator stops first (``remainingWindows()``). Lines about a peer's comings and goings
/// (``admitMembership(_:nowMs:)``: joined, said hello again, left, unreachable, declared dead) have
/// `membershipLinesPerPeer` of their own in its window besides, so a worker that joins, dies and is replaced within a
/// second still shows, but a peer saying hello over and over does not flood. A flood from many peers at once is
/// capped as well: at most `maximumLinesPerWindow` lines about peers pass in any one window, the rest are counted,
/// and at most `maximumNamedPeers` peers get a count of their own when their windows end (the others are added to
/// the count for all peers). Lines that record a unit's quarantine are never held back (the caller does not pass
/// them through here). Memory stays bounded: a peer is forgotten once its window has ended and its count is logged.
public struct PeerLogThrottle: Sendable {
    public var windowMs: Int64 = 1000
    public var maximumLinesPerWindow = 100
    public var maximumNamedPeers = 10
    /// Lines about one peer's joining and leaving that pass in its window, besides its one other line.
    public var membershipLinesPerPeer = 4
    private struct Window {
        var start: Int64
        var held: Int
        /// The membership lines about the peer that went out in this window.
        var membership: Int
    }
    private var peers: [WorkerID: Window] = [:]
    private var globalStart: Int64?
    private var globalLines = 0
    private var globalHeld = 0

    public init() {}

    /// Whether a line about `peer` may be logged now; if not, it is counted.
    public mutating func admit(_ peer: WorkerID, nowMs: Int64) -> Bool {
        admit(peer, nowMs: nowMs, membership: false)
    }

    /// Whether a line saying that `peer` joined or left may be logged now: the peer's first
    /// `membershipLinesPerPeer` such lines in its window pass, even after another line about it, unless the cap on
    /// all peers is reached; if not, it is counted.
    public mutating func admitMembership(_ peer: WorkerID, nowMs: Int64) -> Bool {
        admit(peer, nowMs: nowMs, membership: true)
    }

    private mutating func admit(_ peer: WorkerID, nowMs: Int64, membership: Bool) -> Bool {
        if globalStart.map({ nowMs - $0 >= windowMs }) ?? true { globalStart = nowMs; globalLines = 0 }
        let open = peers[peer].flatMap { nowMs - $0.start < windowMs ? $0 : nil }
        if let open, !membership || open.membership >= membershipLinesPerPeer {
            peers[peer]?.held += 1
            return false
        }
        guard globalLines < maximumLinesPerWindow else {
            globalHeld += 1
            return false
        }
        globalLines += 1
        peers[peer] = Window(start: open?.start ?? nowMs, held: peers[peer]?.held ?? 0, membership: (open?.membership ?? 0) + (membership ? 1 : 0))
        return true
    }

    /// The counts to log for windows that have ended: one event per peer that had lines held back (for the first
    /// `maximumNamedPeers` of them), and one for lines held back by the cap on all peers and about the other peers.
    public mutating func endedWindows(nowMs: Int64) -> [NodeEvent] {
        let window = windowMs
        return counts { start in nowMs - start >= window }
    }

    /// The counts of every window, ended or not, as ``endedWindows(nowMs:)`` gives them: for a coordinator that stops
    /// before its last windows end, so that the lines held back in them are counted, not lost.
    public mutating func remainingWindows() -> [NodeEvent] { counts { _ in true } }

    /// The counts of the windows whose start `ended` says has ended; those peers are forgotten.
    private mutating func counts(ended: (Int64) -> Bool) -> [NodeEvent] {
        var events: [NodeEvent] = []
        for (peer, entry) in peers.sorted(by: { $0.key.description < $1.key.description }) where ended(entry.start) {
            if entry.held > 0 && events.count < maximumNamedPeers {
                events.append(.notice("held back log lines about a peer in the last second", ["peer": .text(peer.description), "held": .number(entry.held)]))
            } else {
                globalHeld += entry.held
            }
            peers[peer] = nil
        }
        if globalHeld > 0, let start = globalStart, ended(start) {
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
