#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a non-blocking read or write came to.
enum RelayIO: Equatable {
    case moved(Int)
    case wouldBlock
    /// The peer closed its side (a read of 0 bytes), or the socket failed.
    case closed
}

/// Bytes read from one socket and not yet written to the other, in a fixed-size buffer: the relay reads only
/// into free space, so a side that does not drain holds back the other (TCP's own flow control does the rest).
struct RelayBuffer {
    private var storage: [UInt8]
    private var start = 0
    private var end = 0

    init(capacity: Int) {
        storage = [UInt8](repeating: 0, count: capacity)
    }

    var isEmpty: Bool { start == end }
    /// Free space, once what is written is moved out of the way.
    var space: Int { storage.count - (end - start) }

    /// Reads at most `limit` bytes (and no more than fits) from `fd`.
    mutating func read(from fd: Int32, limit: Int) -> RelayIO {
        if start > 0 && end == storage.count {
            storage.withUnsafeMutableBufferPointer { buffer in
                _ = memmove(buffer.baseAddress!, buffer.baseAddress! + start, end - start)
            }
            end -= start
            start = 0
        }
        let count = min(limit, storage.count - end)
        guard count > 0 else { return .moved(0) }
        let n = storage.withUnsafeMutableBufferPointer { Glibc.read(fd, $0.baseAddress! + end, count) }
        if n > 0 {
            end += n
            return .moved(n)
        }
        if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) { return .wouldBlock }
        return .closed
    }

    /// Writes what it holds to `fd`, as much as the socket takes.
    mutating func write(to fd: Int32) -> RelayIO {
        guard !isEmpty else { return .moved(0) }
        let n = storage.withUnsafeBufferPointer { Glibc.send(fd, $0.baseAddress! + start, end - start, Int32(MSG_NOSIGNAL)) }
        if n >= 0 {
            start += n
            if start == end { (start, end) = (0, 0) }
            return .moved(n)
        }
        if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR { return .wouldBlock }
        return .closed
    }
}
