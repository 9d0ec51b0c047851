/// The most one inbound message may hold, counted over all its frames. ``ZMQSocketOptions/maxMessageSize`` bounds
/// each frame inside libzmq; this bounds the whole message as ``ZMQSocket/receive(dontWait:limit:)`` takes it out.
/// A ROUTER puts the sender's routing id before the message: an envelope frame, held to a limit of its own and not
/// counted with the message.
public struct ZMQMessageLimit: Sendable, Equatable {
    public var frames: Int
    public var bytes: Int
    /// Frames before the message (a ROUTER's routing id: one), each of at most `envelopeBytes`.
    public var envelopeFrames: Int
    public var envelopeBytes: Int
    /// How the message's frames travel, for ``ZMQMessageSize/wireBytes``.
    public var framing: ZMTPFraming

    public init(frames: Int, bytes: Int, envelopeFrames: Int = 0, envelopeBytes: Int = 0, framing: ZMTPFraming = .null) {
        self.frames = frames
        self.bytes = bytes
        self.envelopeFrames = envelopeFrames
        self.envelopeBytes = envelopeBytes
        self.framing = framing
    }

    /// No limit.
    public static let none = ZMQMessageLimit(frames: .max, bytes: .max)
}

/// A message's size, counted frame by frame as it is received. Once a frame takes the message over its limit,
/// that frame and every later one are counted but not kept.
public struct ZMQMessageSize: Sendable, Equatable {
    /// The envelope's frames seen so far.
    public private(set) var envelopeFrames = 0
    /// The message's frames and bytes, the envelope not counted.
    public private(set) var frames = 0
    public private(set) var bytes = 0
    /// The least bytes the message's frames took on the wire (``ZMTPFraming``), the envelope not counted: what
    /// an ``InboundRelay`` gives back once the message is taken out.
    public private(set) var wireBytes = 0
    /// A frame took the message over its limit.
    public private(set) var isOverLimit = false

    public init() {}

    /// Counts one frame of `count` bytes against `limit`; whether to keep it.
    public mutating func add(frameOf count: Int, limit: ZMQMessageLimit) -> Bool {
        if envelopeFrames < limit.envelopeFrames && frames == 0 {
            envelopeFrames += 1
            if count > limit.envelopeBytes { isOverLimit = true }
            return !isOverLimit
        }
        frames += 1
        bytes = bytes.addingReportingOverflow(count).overflow ? .max : bytes + count
        let wire = limit.framing.wireBytes(payload: count)
        wireBytes = wireBytes.addingReportingOverflow(wire).overflow ? .max : wireBytes + wire
        if frames > limit.frames || bytes > limit.bytes { isOverLimit = true }
        return !isOverLimit
    }
}

/// A message received with a limit (``ZMQSocket/receive(dontWait:limit:)``).
public struct ZMQBoundedMessage: Sendable {
    /// Every frame when the message is within its limit; else only those before the frame that took it over.
    public var frames: [[UInt8]]
    /// The `User-Id` a ZAP handler gave the sender's connection (``ZAPVerdict/allow(userID:)``); nil without one.
    public var userID: String?
    /// The sender's address as libzmq gives it (`Peer-Address`: an IP address for `tcp://`); nil for `ipc://`.
    public var peerAddress: String?
    /// The whole message's size, every frame counted.
    public var size: ZMQMessageSize
    /// The limit it was held to (the one for its `userID`).
    public var limit: ZMQMessageLimit

    public var isOverLimit: Bool { size.isOverLimit }
}
