internal import CZeroMQ

/// A connection event of a monitored socket (`zmq_socket_monitor`).
public struct ZMQMonitorEvent: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case connected, accepted, disconnected, closed
        case handshakeSucceeded
        /// The peer spoke another security mechanism (say NULL to a CURVE server).
        case mechanismMismatch
        /// A CURVE box did not open: the client does not hold this server's public key (or vice versa).
        case cryptographicFailure
        /// Another ZMTP protocol error (`ZMQ_PROTOCOL_ERROR_*` code).
        case protocolError(code: UInt32)
        /// The ZAP handler refused the peer, with its status code (400 for a refused key).
        case authenticationFailed(status: Int)
        /// A handshake failed without detail (an errno).
        case handshakeFailed(errno: Int)
        case other(event: UInt16, value: UInt32)
    }

    public var kind: Kind
    /// The endpoint the event concerns (libzmq gives the bound or connected endpoint, not the peer's address).
    public var endpoint: String
}

/// Reads a socket's connection events through an `inproc://` PAIR socket.
///
/// Made by ``ZMQSocket/monitor()`` on the monitored socket's thread; poll ``socket`` there and call ``drain()``.
/// Close it (``close()``) before the monitored socket's context terminates.
public final class ZMQMonitor {
    public let socket: ZMQSocket

    init(socket: ZMQSocket) { self.socket = socket }

    /// Every event waiting now, oldest first.
    public func drain() throws -> [ZMQMonitorEvent] {
        var events: [ZMQMonitorEvent] = []
        while let frames = try socket.receive(dontWait: true) {
            guard frames.count >= 2, frames[0].count >= 6 else { continue }
            let f = frames[0]
            let event = UInt16(f[0]) | UInt16(f[1]) << 8
            let value = UInt32(f[2]) | UInt32(f[3]) << 8 | UInt32(f[4]) << 16 | UInt32(f[5]) << 24
            events.append(ZMQMonitorEvent(kind: Self.kind(event, value), endpoint: String(decoding: frames[1], as: UTF8.self)))
        }
        return events
    }

    static func kind(_ event: UInt16, _ value: UInt32) -> ZMQMonitorEvent.Kind {
        switch Int32(event) {
        case ZMQ_EVENT_CONNECTED: .connected
        case ZMQ_EVENT_ACCEPTED: .accepted
        case ZMQ_EVENT_DISCONNECTED: .disconnected
        case ZMQ_EVENT_CLOSED: .closed
        case ZMQ_EVENT_HANDSHAKE_SUCCEEDED: .handshakeSucceeded
        case ZMQ_EVENT_HANDSHAKE_FAILED_AUTH: .authenticationFailed(status: Int(value))
        case ZMQ_EVENT_HANDSHAKE_FAILED_NO_DETAIL: .handshakeFailed(errno: Int(value))
        case ZMQ_EVENT_HANDSHAKE_FAILED_PROTOCOL:
            switch Int32(bitPattern: value) {
            case ZMQ_PROTOCOL_ERROR_ZMTP_MECHANISM_MISMATCH: .mechanismMismatch
            case ZMQ_PROTOCOL_ERROR_ZMTP_CRYPTOGRAPHIC: .cryptographicFailure
            default: .protocolError(code: value)
            }
        default: .other(event: event, value: value)
        }
    }

    public func close() { socket.close() }
}

@available(*, unavailable)
extension ZMQMonitor: Sendable {}

extension ZMQSocket {
    /// Starts monitoring this socket's connections and handshakes (`zmq_socket_monitor`, every event) and
    /// returns the reader, which belongs to this thread like the socket.
    public func monitor() throws -> ZMQMonitor {
        owner.check("monitor()")
        let handle = try liveHandle("zmq_socket_monitor")
        let endpoint = "inproc://touchsweep-monitor-\(UInt(bitPattern: handle))"
        guard zmq_socket_monitor(handle, endpoint, ZMQ_EVENT_ALL) == 0 else { throw ZMQError.last("zmq_socket_monitor") }
        let pair = try ZMQSocket(context: context, type: .pair, options: ZMQSocketOptions(linger: 0))
        do { try pair.connect(endpoint) } catch { pair.close(); throw error }
        return ZMQMonitor(socket: pair)
    }
}
