#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One peer's connection through the relay: the socket the peer connected, the relay's own connection to the
/// ROUTER from a loopback address of its own, a buffer each way and the peer's ``RelayBudget``. Lives on the
/// relay's thread.
final class RelayConnection {
    let client: Int32
    let upstream: Int32
    /// The loopback address the upstream connection comes from: libzmq's `Peer-Address` for its messages.
    let source: UInt32
    /// The peer's own address (`10.0.0.7:51234`), for log lines.
    let peer: String
    var budget: RelayBudget
    private(set) var connecting = true
    private var toUpstream: RelayBuffer
    private var toClient: RelayBuffer
    private var clientDone = false
    private var upstreamDone = false

    init(client: Int32, upstream: Int32, source: UInt32, peer: String, limit: Int, bufferBytes: Int) {
        self.client = client
        self.upstream = upstream
        self.source = source
        self.peer = peer
        budget = RelayBudget(limit: limit)
        toUpstream = RelayBuffer(capacity: bufferBytes)
        toClient = RelayBuffer(capacity: bufferBytes)
    }

    /// The events to wait for on the peer's socket and on the upstream one.
    var wanted: (client: Int16, upstream: Int16) {
        var onClient: Int16 = 0
        var onUpstream: Int16 = 0
        if !connecting {
            if !clientDone && toUpstream.space > 0 && budget.allowance > 0 { onClient |= Int16(POLLIN) }
            if !upstreamDone && toClient.space > 0 { onUpstream |= Int16(POLLIN) }
            if !toClient.isEmpty { onClient |= Int16(POLLOUT) }
        }
        if connecting || !toUpstream.isEmpty { onUpstream |= Int16(POLLOUT) }
        return (onClient, onUpstream)
    }

    /// Moves what the sockets allow now, after `poll` said `client` and `upstream` events. Returns false once the
    /// connection is over: either side closed (after what the other side sent was passed on) or failed.
    func pump(client clientEvents: Int16, upstream upstreamEvents: Int16, nowMs: Int64) -> Bool {
        if connecting {
            guard upstreamEvents & Int16(POLLOUT | POLLERR | POLLHUP) != 0 else { return true }
            guard TCPSockets.pendingError(upstream) == 0 else { return false }
            connecting = false
        }
        // A socket in error or hung up that the relay cannot read now would wake every poll: the connection is over.
        let broken = Int16(POLLERR | POLLHUP)
        if clientEvents & broken != 0 && (clientDone || budget.allowance == 0 || toUpstream.space == 0) { return false }
        if upstreamEvents & broken != 0 && (upstreamDone || toClient.space == 0) { return false }
        if clientEvents & Int16(POLLIN | POLLHUP | POLLERR) != 0 && !clientDone {
            switch toUpstream.read(from: client, limit: budget.allowance) {
            case .moved(let n): budget.forwarded(n, nowMs: nowMs)
            case .wouldBlock: break
            case .closed: clientDone = true
            }
        }
        if upstreamEvents & Int16(POLLIN | POLLHUP | POLLERR) != 0 && !upstreamDone {
            if case .closed = toClient.read(from: upstream, limit: .max) { upstreamDone = true }
        }
        if !toUpstream.isEmpty, case .closed = toUpstream.write(to: upstream) { return false }
        if !toClient.isEmpty, case .closed = toClient.write(to: client) { return false }
        // A side that closed ends the connection once what it sent has gone to the other side.
        if clientDone && toUpstream.isEmpty { return false }
        if upstreamDone && toClient.isEmpty { return false }
        return true
    }

    func close() {
        Glibc.close(client)
        Glibc.close(upstream)
    }
}
