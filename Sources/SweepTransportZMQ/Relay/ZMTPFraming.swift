/// How many bytes a frame takes on the wire, by ZMTP 3 security mechanism (ZeroMQ RFC 23 and RFC 26), so that the
/// ``InboundRelay`` can take a message the coordinator read off a connection's count of bytes it passed on.
///
/// A ZMTP 3 frame is a flags byte, a size (one byte up to 255, else eight) and the body. Under NULL the body is the
/// frame itself. Under CURVE every frame travels as a MESSAGE: the name (`\x07MESSAGE`, 8 bytes), an 8-byte short
/// nonce and a box holding a flags byte and the frame, sealed with a 16-byte tag: 33 bytes more than the frame.
/// These are the least bytes a frame can take: a peer that spends more (a long size for a short frame) only
/// reaches its own budget sooner.
public enum ZMTPFraming: Sendable, Equatable {
    case null
    case curve

    /// The body's bytes beyond the frame's own.
    var bodyOverhead: Int {
        switch self {
        case .null: 0
        case .curve: 33
        }
    }

    /// The wire size of one frame of `payload` bytes.
    public func wireBytes(payload: Int) -> Int {
        let body = payload + bodyOverhead
        return (body <= 255 ? 2 : 9) + body
    }
}
