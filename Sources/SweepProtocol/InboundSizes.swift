/// The largest messages a coordinator can receive from a valid peer (docs/protocol.md §3, "Message limits"):
/// what its transport holds every message to before anything is decoded. Counted without the routing-id frame a
/// ROUTER socket adds.
public enum InboundSizes {
    /// The largest frame: a result's payload. The coordinator's `ZMQ_MAXMSGSIZE`.
    public static let largestFrame = WireLimits.payloadBytes

    /// The most frames a message to the coordinator has: a result's header, body and payload.
    public static let mostFrames = MessageType.allCases.filter(\.isSentToCoordinator).map(\.frameCount).max()!

    /// The largest message a worker sends: a result with the longest detail and the largest payload. A result's
    /// body is its unit (three `i64`), attempt (`i64`), status (`u8`), elapsed time (`i64`) and detail (a string
    /// of at most ``WireLimits/reasonBytes``); a hello (three identifiers and an `i64`) and a disconnect (one
    /// reason) are smaller.
    public static let largestMessage = FrameCodec.headerBytes + (3 * 8 + 8 + 1 + 8 + 4 + WireLimits.reasonBytes) + largestFrame

    /// A status request: its header and an empty body. All a status key's connection may send.
    public static let statusRequestFrames = MessageType.statusRequest.frameCount
    public static let statusRequestBytes = FrameCodec.headerBytes
}

extension MessageType {
    /// Whether a worker or a status client sends messages of this type to the coordinator.
    public var isSentToCoordinator: Bool {
        switch self {
        case .hello, .credit, .result, .heartbeat, .disconnect, .statusRequest, .load: true
        case .welcome, .refuse, .assign, .ack, .cancel, .status, .assignments, .acks: false
        }
    }
}
