import SweepDistributed
import SweepProtocol
import SweepTransportZMQ

/// What a coordinator holds each inbound message to, counted over the whole message — every frame, every byte —
/// as its transport takes it in, before anything is copied whole or decoded (docs/protocol.md §3, "Message
/// limits"): from any peer, the largest message a worker sends; from a status key's connection, a status request.
enum InboundLimits {
    /// Any peer: a result with the longest detail and the largest payload.
    static let any = ZMQMessageLimit(frames: InboundSizes.mostFrames, bytes: InboundSizes.largestMessage)
    /// A status key's connection: a status request, which is all it may send.
    static let statusKey = ZMQMessageLimit(frames: InboundSizes.statusRequestFrames, bytes: InboundSizes.statusRequestBytes)
    /// The longest routing id libzmq lets a peer set (`ZMQ_ROUTING_ID`); a ROUTER puts it before the message.
    static let routingIDBytes = 255

    static func limit(isStatusKey: Bool) -> ZMQMessageLimit { isStatusKey ? statusKey : any }

    /// The limit for a ROUTER's message, whose routing-id frame comes first (held to ``routingIDBytes`` apart);
    /// `framing` sizes its frames on the wire for the relay.
    static func withRoutingID(isStatusKey: Bool, framing: ZMTPFraming = .null) -> ZMQMessageLimit {
        var limit = limit(isStatusKey: isStatusKey)
        limit.envelopeFrames = 1
        limit.envelopeBytes = routingIDBytes
        limit.framing = framing
        return limit
    }

    /// Room for a connection's handshake and the commands around its messages: a CURVE handshake takes under
    /// 1 KiB on the wire.
    static let handshakeBytes = 64 << 10

    /// What a connection through the ``InboundRelay`` may make libzmq hold: the largest message with every frame's
    /// framing (at most 9 bytes of ZMTP and 33 of CURVE), and its handshake.
    static let connectionBytes = any.bytes + any.frames * 42 + handshakeBytes

    /// A status key's connection: its handshake and status requests, nothing like a message of work.
    static let statusKeyConnectionBytes = handshakeBytes

    /// The relay's limits on an endpoint with a gatekeeper (`curve`: a connection holds only ``handshakeBytes``
    /// until the gatekeeper has said whose key it is) or without.
    static func relay(curve: Bool) -> InboundRelayLimits {
        InboundRelayLimits(connectionBytes: connectionBytes, handshakeBytes: curve ? handshakeBytes : nil)
    }

    /// What a ROUTER received as the coordinator's transport hands it on: the peer, and the frames or, over the
    /// limit, the message's size. Nil for a message without a routing id and a frame (libzmq never delivers one)
    /// or with a routing id longer than any libzmq peer can set (no peer to name: dropped unread).
    static func inbound(_ message: ZMQBoundedMessage, isStatusKey: Bool, key: String) -> InboundFrames? {
        guard let routingID = message.frames.first, message.isOverLimit || message.frames.count >= 2 else { return nil }
        let peer = WorkerID(routingID)
        guard message.isOverLimit else {
            return InboundFrames(peer: peer, frames: Array(message.frames.dropFirst()), isStatusKey: isStatusKey, key: key)
        }
        let limit = limit(isStatusKey: isStatusKey)
        let oversize = OversizeMessage(
            frames: message.size.frames, bytes: message.size.bytes, mostFrames: limit.frames, mostBytes: limit.bytes,
            header: message.frames.count > 1 ? message.frames[1] : nil)
        return InboundFrames(peer: peer, frames: [], isStatusKey: isStatusKey, key: key, oversize: oversize)
    }

    /// `inbound` held to its limit as the in-memory network's transport takes it in (its messages carry no routing
    /// id): unchanged when within, else its frames counted and dropped.
    static func bounded(_ inbound: InboundFrames) -> InboundFrames {
        let limit = limit(isStatusKey: inbound.isStatusKey)
        var size = ZMQMessageSize()
        var kept: [[UInt8]] = []
        for frame in inbound.frames where size.add(frameOf: frame.count, limit: limit) { kept.append(frame) }
        guard size.isOverLimit else { return inbound }
        var refused = inbound
        refused.frames = []
        refused.oversize = OversizeMessage(
            frames: size.frames, bytes: size.bytes, mostFrames: limit.frames, mostBytes: limit.bytes, header: kept.first)
        return refused
    }
}
