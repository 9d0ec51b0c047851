import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A client that sends exactly the bytes it is given, as slowly or as badly as a test wants: a TCP connection to
/// 127.0.0.1 with a receive timeout.
public final class RawHTTPClient {
    public let fd: Int32

    /// Connects to 127.0.0.1:`port`; nil when the connection is refused.
    public init?(port: UInt16, receiveTimeoutSeconds: Int = 10) {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(port.bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(fd)
            return nil
        }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var sendTimeout = timeval(tv_sec: 2, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &sendTimeout, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    }

    deinit { close(fd) }

    /// Sends `bytes`; false once the server has closed the connection (or stopped reading for 2 s).
    @discardableResult public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return false }
            offset += n
        }
        return true
    }

    @discardableResult public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    /// Everything the server sends until it closes the connection (or the receive timeout passes).
    public func readAll() -> String {
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            response += buffer[..<n]
        }
        return String(decoding: response, as: UTF8.self)
    }

    /// The status code of the answer read to the end ("HTTP/1.1 431 …" → 431), or nil without one.
    public func status() -> Int? {
        let text = readAll()
        guard text.hasPrefix("HTTP/1.1 ") else { return nil }
        return Int(text.dropFirst(9).prefix(3))
    }

    /// A whole `GET path` and its answer: the status and the body.
    public static func get(port: UInt16, _ path: String) -> (status: Int, body: String)? {
        guard let client = RawHTTPClient(port: port) else { return nil }
        client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        let text = client.readAll()
        guard text.hasPrefix("HTTP/1.1 "), let status = Int(text.dropFirst(9).prefix(3)), let split = text.range(of: "\r\n\r\n") else { return nil }
        return (status, String(text[split.upperBound...]))
    }
}

/// A flag set from one thread and read from others (a test's background attackers stop when it is set).
public final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    public init() {}
    public var isSet: Bool { value.load(ordering: .relaxed) }
    public func set() { value.store(true, ordering: .relaxed) }
}
