/// What one relayed connection may make libzmq hold: the bytes the relay has taken from the peer and not yet seen
/// the coordinator take out of libzmq as whole messages. libzmq hands a multipart message over only once its last
/// frame is in, so without this a peer could make it buffer any number of frames each under `ZMQ_MAXMSGSIZE`.
///
/// The relay reads from a peer no more than ``allowance``; each message the coordinator takes out gives its wire
/// bytes back (``takenOut(_:)``). A peer whose message will not fit stays at its limit with nothing given back:
/// once it has been there ``isStalled(nowMs:stallMs:)`` long, the relay closes its connection, and libzmq frees
/// what it held. A pure value: the relay's thread owns one per connection and passes the time in.
struct RelayBudget: Sendable, Equatable {
    /// The most bytes held at once.
    private(set) var limit: Int
    /// Bytes taken from the peer and not yet given back.
    private(set) var held = 0
    /// When `held` last reached `limit`; nil while under it.
    private(set) var atLimitSinceMs: Int64?

    init(limit: Int) {
        self.limit = limit
    }

    /// How many more bytes may be read from the peer now.
    var allowance: Int { max(0, limit - held) }

    /// `count` bytes were read from the peer.
    mutating func forwarded(_ count: Int, nowMs: Int64) {
        held += count
        noteLimit(nowMs: nowMs)
    }

    /// The coordinator took out a message of `wireBytes` from this connection. Never below zero: bytes the peer
    /// spent beyond a frame's least size (its handshake among them) stay counted.
    mutating func takenOut(_ wireBytes: Int, nowMs: Int64) {
        held = max(0, held - wireBytes)
        // Something was given back: a peer still at its limit starts a new wait.
        if wireBytes > 0 { atLimitSinceMs = nil }
        noteLimit(nowMs: nowMs)
    }

    /// A new limit: the gatekeeper has said who the peer is.
    mutating func setLimit(_ newLimit: Int, nowMs: Int64) {
        limit = newLimit
        noteLimit(nowMs: nowMs)
    }

    /// Whether the peer has been at its limit, with nothing given back, for `stallMs` or longer.
    func isStalled(nowMs: Int64, stallMs: Int64) -> Bool {
        guard let since = atLimitSinceMs else { return false }
        return nowMs - since >= stallMs
    }

    private mutating func noteLimit(nowMs: Int64) {
        if held >= limit {
            if atLimitSinceMs == nil { atLimitSinceMs = nowMs }
        } else {
            atLimitSinceMs = nil
        }
    }
}
