/// One ZAP request (ZeroMQ RFC 27): a peer's handshake waiting for a verdict.
public struct ZAPRequest: Sendable, Equatable {
    /// The server socket's ``ZMQSocketOptions/zapDomain``.
    public var domain: String
    /// The peer's address as libzmq reports it (an IP address for `tcp://`, empty for `ipc://`).
    public var address: String
    /// `"NULL"`, `"PLAIN"` or `"CURVE"`.
    public var mechanism: String
    /// The client's long-term public key, for CURVE.
    public var clientKey: CurvePublicKey?
}

/// What a ``ZMQAuthenticator`` answers.
public enum ZAPVerdict: Sendable, Equatable {
    /// Status 200: the handshake completes; `userID` becomes the connection's `User-Id` property.
    case allow(userID: String)
    /// Status 400: the connection is closed before any message passes.
    case deny(reason: String)
}

/// The context's ZAP handler: a REP socket on `inproc://zeromq.zap.01` that libzmq asks about every handshake
/// of a server socket with a ``ZMQSocketOptions/zapDomain`` (or with CURVE on).
///
/// Like any socket it belongs to the thread that made it: add ``socket`` to that thread's ``ZMQPoller`` and call
/// ``answerPending(_:)`` when it is readable. Make it before binding the server socket, or early handshakes go
/// unchecked. One per context.
public final class ZMQAuthenticator {
    /// The endpoint RFC 27 fixes.
    public static let endpoint = "inproc://zeromq.zap.01"
    public let socket: ZMQSocket

    public init(context: ZMQContext) throws {
        socket = try ZMQSocket(context: context, type: .rep, options: ZMQSocketOptions(linger: 0))
        do { try socket.bind(Self.endpoint) } catch { socket.close(); throw error }
    }

    /// Answers every request waiting now with `decide`'s verdict; returns how many. A request that is not
    /// ZAP 1.0 is denied without asking `decide`.
    @discardableResult
    public func answerPending(_ decide: (ZAPRequest) -> ZAPVerdict) throws -> Int {
        var answered = 0
        while let frames = try socket.receive(dontWait: true) {
            answered += 1
            let requestID = frames.count > 1 ? frames[1] : []
            guard frames.count >= 6, frames[0] == Array("1.0".utf8) else {
                try socket.send(Self.reply(requestID, status: "400", text: "malformed ZAP request", user: ""))
                continue
            }
            let text = { (i: Int) in String(decoding: frames[i], as: UTF8.self) }
            let mechanism = text(5)
            let key = mechanism == "CURVE" && frames.count >= 7 ? CurvePublicKey(bytes: frames[6]) : nil
            let request = ZAPRequest(domain: text(2), address: text(3), mechanism: mechanism, clientKey: key)
            switch decide(request) {
            case .allow(let user): try socket.send(Self.reply(requestID, status: "200", text: "OK", user: user))
            case .deny(let reason): try socket.send(Self.reply(requestID, status: "400", text: reason, user: ""))
            }
        }
        return answered
    }

    private static func reply(_ id: [UInt8], status: String, text: String, user: String) -> [[UInt8]] {
        [Array("1.0".utf8), id, Array(status.utf8), Array(text.utf8), Array(user.utf8), []]
    }

    public func close() { socket.close() }
}

@available(*, unavailable)
extension ZMQAuthenticator: Sendable {}
