#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The relay's thread: accepts peers, opens a connection to the ROUTER for each, moves bytes both ways within each
/// peer's budget, and closes connections stalled at their limit. Owns every socket but the listener and the wake
/// descriptor, which the ``InboundRelay`` closes after the thread has ended.
final class RelayLoop {
    let relay: InboundRelay
    private var pool = RelayAddressPool()
    private var connections: [UInt32: RelayConnection] = [:]
    private var acceptPausedUntilMs: Int64 = 0
    private var lastWaiting: Set<UInt32> = []

    init(relay: InboundRelay) {
        self.relay = relay
    }

    func run() {
        var fds: [pollfd] = []
        var order: [RelayConnection] = []
        while true {
            let now = Self.nowMs()
            guard takeWhatTheCoordinatorSaid(nowMs: now) else { break }
            closeStalled(nowMs: now)
            fds.removeAll(keepingCapacity: true)
            order.removeAll(keepingCapacity: true)
            fds.append(pollfd(fd: relay.wakeFD, events: Int16(POLLIN), revents: 0))
            let listening = now >= acceptPausedUntilMs
            fds.append(pollfd(fd: listening ? relay.listener : -1, events: Int16(POLLIN), revents: 0))
            publishWaiting()
            for connection in connections.values {
                let wanted = connection.wanted
                fds.append(pollfd(fd: connection.client, events: wanted.client, revents: 0))
                fds.append(pollfd(fd: connection.upstream, events: wanted.upstream, revents: 0))
                order.append(connection)
            }
            let ready = poll(&fds, nfds_t(fds.count), timeoutMs(nowMs: now))
            if ready < 0 && errno != EINTR { break }
            let after = Self.nowMs()
            if fds[0].revents != 0 {
                var drained = [UInt8](repeating: 0, count: 256)
                while Glibc.read(relay.wakeFD, &drained, drained.count) > 0 {}
            }
            // A limit set while the thread slept applies to what it reads now: bytes the peer sent after
            // `setLimit` returned are never read under the older limit.
            guard takeWhatTheCoordinatorSaid(nowMs: after) else { break }
            if fds[1].revents != 0 { acceptWaiting(nowMs: after) }
            for (index, connection) in order.enumerated() {
                let clientEvents = fds[2 + 2 * index].revents, upstreamEvents = fds[3 + 2 * index].revents
                guard clientEvents != 0 || upstreamEvents != 0 else { continue }
                let held = connection.budget.held
                if !connection.pump(client: clientEvents, upstream: upstreamEvents, nowMs: after) {
                    drop(connection)
                } else if connection.budget.held != held {
                    publishHeld(connection)
                }
            }
        }
        for connection in connections.values { drop(connection) }
    }

    /// Applies the bytes given back and the new limits; false once the relay is stopping.
    private func takeWhatTheCoordinatorSaid(nowMs: Int64) -> Bool {
        let (stopping, givenBack, limits) = relay.shared.withLock { state in
            defer {
                state.givenBack.removeAll()
                state.newLimits.removeAll()
            }
            return (state.stopping, state.givenBack, state.newLimits)
        }
        for (source, bytes) in givenBack {
            guard let connection = connections[source] else { continue }
            connection.budget.takenOut(bytes, nowMs: nowMs)
            publishHeld(connection)
        }
        for (source, bytes) in limits { connections[source]?.budget.setLimit(bytes, nowMs: nowMs) }
        return !stopping
    }

    private func closeStalled(nowMs: Int64) {
        for connection in connections.values where connection.budget.isStalled(nowMs: nowMs, stallMs: relay.limits.stallMs) {
            let event = InboundRelayEvent.closedAtLimit(peer: connection.peer, limit: connection.budget.limit)
            relay.shared.withLock { $0.events.append(event) }
            drop(connection)
        }
    }

    /// Until the next connection may stall, or accepting may resume; −1 for none.
    private func timeoutMs(nowMs: Int64) -> Int32 {
        var deadline: Int64?
        for connection in connections.values {
            guard let since = connection.budget.atLimitSinceMs else { continue }
            deadline = min(deadline ?? .max, since + relay.limits.stallMs)
        }
        if acceptPausedUntilMs > nowMs { deadline = min(deadline ?? .max, acceptPausedUntilMs) }
        guard let deadline else { return -1 }
        return Int32(clamping: max(0, deadline - nowMs))
    }

    private func acceptWaiting(nowMs: Int64) {
        while true {
            switch TCPSockets.accept(relay.listener) {
            case .failure(let error):
                if error.errno == EAGAIN || error.errno == EWOULDBLOCK || error.errno == EINTR || error.errno == ECONNABORTED { return }
                // Out of descriptors, say: the waiting peer stays queued; try again shortly.
                relay.shared.withLock { $0.events.append(.acceptFailed(error)) }
                acceptPausedUntilMs = nowMs + 100
                return
            case .success(let (client, peer)):
                admit(client, peer: peer)
            }
        }
    }

    private func admit(_ client: Int32, peer: String) {
        guard connections.count < relay.limits.maxConnections, let source = pool.take() else {
            let open = connections.count
            relay.shared.withLock { $0.events.append(.refused(peer: peer, open: open)) }
            Glibc.close(client)
            return
        }
        let upstream: Int32
        do {
            upstream = try TCPSockets.connectLoopback(from: source, toPort: relay.upstreamPort)
        } catch {
            pool.release(source)
            Glibc.close(client)
            let failure = (error as? ZMQError) ?? ZMQError(errno: EIO, operation: "a relay connection")
            relay.shared.withLock { $0.events.append(.upstreamFailed(peer: peer, error: failure)) }
            return
        }
        let limit = relay.limits.handshakeBytes ?? relay.limits.connectionBytes
        connections[source] = RelayConnection(
            client: client, upstream: upstream, source: source, peer: peer, limit: limit, bufferBytes: relay.limits.bufferBytes)
        relay.shared.withLock { state in
            state.peers[source] = peer
            state.held[source] = 0
        }
    }

    /// Says which connections wait at their limit, before the thread sleeps in `poll`: what is given back for
    /// them wakes it.
    private func publishWaiting() {
        let waiting = Set(connections.values.lazy.filter { $0.budget.allowance == 0 }.map(\.source))
        guard waiting != lastWaiting else { return }
        lastWaiting = waiting
        relay.shared.withLock { $0.waiting = waiting }
    }

    private func publishHeld(_ connection: RelayConnection) {
        let held = connection.budget.held
        relay.shared.withLock { $0.held[connection.source] = held }
    }

    private func drop(_ connection: RelayConnection) {
        connection.close()
        connections[connection.source] = nil
        pool.release(connection.source)
        relay.shared.withLock { state in
            state.peers[connection.source] = nil
            state.held[connection.source] = nil
            state.givenBack[connection.source] = nil
            state.newLimits[connection.source] = nil
        }
    }

    static func nowMs() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1000 + Int64(now.tv_nsec) / 1_000_000
    }
}
