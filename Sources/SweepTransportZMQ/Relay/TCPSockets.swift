#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The plain TCP calls the ``InboundRelay`` makes: a listening socket for a ZeroMQ `tcp://` endpoint, connections
/// from a chosen loopback address, and text for addresses. Every socket is non-blocking and closed on exec.
enum TCPSockets {
    /// The host and port of a `tcp://HOST:PORT` endpoint as ZeroMQ writes them (`*` for any address or port,
    /// `[…]` around an IPv6 address); nil for another transport or a malformed endpoint.
    static func split(_ endpoint: String) -> (host: String, port: String)? {
        guard endpoint.hasPrefix("tcp://") else { return nil }
        let rest = endpoint.dropFirst("tcp://".count)
        guard let colon = rest.lastIndex(of: ":") else { return nil }
        var host = String(rest[..<colon])
        let port = String(rest[rest.index(after: colon)...])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty, port == "*" || UInt16(port) != nil else { return nil }
        return (host, port)
    }

    /// A socket listening on `endpoint`'s address, as `zmq_bind` would take it: `*` is every IPv4 address, a
    /// numeric address is itself, an interface name is that interface's first IPv4 address, and anything else
    /// is resolved as a host name. Returns the socket and the endpoint bound (`tcp://0.0.0.0:41235` for
    /// `tcp://*:*`).
    static func listen(_ endpoint: String, backlog: Int32 = 100) throws -> (socket: Int32, bound: String) {
        guard let (host, port) = split(endpoint) else {
            throw ZMQError(errno: EINVAL, operation: "listening on \(endpoint)")
        }
        let portNumber = port == "*" ? 0 : UInt16(port)!
        guard var address = resolve(host) else {
            throw ZMQError(errno: ENODEV, operation: "listening on \(endpoint) (no such address, interface or host)")
        }
        setPort(&address, portNumber)
        let fd = try makeSocket(family: Int32(address.ss_family), operation: "listening on \(endpoint)")
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        let bound = withSockaddr(&address) { Glibc.bind(fd, $0, $1) }
        guard bound == 0, Glibc.listen(fd, backlog) == 0 else {
            let error = ZMQError(errno: errno, operation: "listening on \(endpoint)")
            close(fd)
            throw error
        }
        return (fd, "tcp://" + (localAddress(fd) ?? "\(host):\(port)"))
    }

    /// A non-blocking connection from `source` (a host-order IPv4 loopback address, any port) to
    /// 127.0.0.1:`port`, under way: it completes (or fails, `SO_ERROR`) once the socket is writable.
    static func connectLoopback(from source: UInt32, toPort port: UInt16) throws -> Int32 {
        let fd = try makeSocket(family: AF_INET, operation: "a relay connection")
        var local = ipv4(source, port: 0)
        var remote = ipv4(0x7F00_0001, port: port)
        let bound = withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        let connected = withUnsafePointer(to: &remote) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, connected == 0 || errno == EINPROGRESS else {
            let error = ZMQError(errno: errno, operation: "a relay connection from \(RelayAddressPool.text(source))")
            close(fd)
            throw error
        }
        return fd
    }

    /// Whether this system lets a socket bind `source` (a loopback address other than 127.0.0.1).
    static func canBind(_ source: UInt32) -> Bool {
        guard let fd = try? makeSocket(family: AF_INET, operation: "a probe") else { return false }
        defer { close(fd) }
        var local = ipv4(source, port: 0)
        return withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        } == 0
    }

    /// The error a non-blocking connect ended with (0: connected).
    static func pendingError(_ fd: Int32) -> Int32 {
        var value: Int32 = 0
        var size = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &value, &size) == 0 else { return errno }
        return value
    }

    /// Accepts one waiting connection: its socket (non-blocking) and its peer's address (`10.0.0.7:51234`), or
    /// the error (`EAGAIN` when none waits).
    static func accept(_ listener: Int32) -> Result<(socket: Int32, peer: String), ZMQError> {
        var address = sockaddr_storage()
        var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &size) }
        }
        guard fd >= 0 else { return .failure(ZMQError(errno: errno, operation: "accept")) }
        makeNonBlocking(fd)
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, socklen_t(MemoryLayout<Int32>.size))
        return .success((fd, text(address) ?? "unknown"))
    }

    /// Non-blocking, and closed on exec (Glibc's module has neither `accept4` nor `pipe2`).
    static func makeNonBlocking(_ fd: Int32) {
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }

    // MARK: - Addresses

    private static func makeSocket(family: Int32, operation: String) throws -> Int32 {
        let fd = socket(family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ZMQError(errno: errno, operation: operation) }
        makeNonBlocking(fd)
        if family == AF_INET {
            var one: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        }
        return fd
    }

    private static func ipv4(_ address: UInt32, port: UInt16) -> sockaddr_in {
        var result = sockaddr_in()
        result.sin_family = sa_family_t(AF_INET)
        result.sin_port = port.bigEndian
        result.sin_addr.s_addr = address.bigEndian
        return result
    }

    /// `host` as a bindable address: `*`, a numeric address, an interface's IPv4 address, or a resolved name.
    private static func resolve(_ host: String) -> sockaddr_storage? {
        if host == "*" {
            var any = sockaddr_storage()
            withUnsafeMutablePointer(to: &any) {
                $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee = ipv4(0, port: 0) }
            }
            return any
        }
        if let numeric = lookup(host, flags: AI_NUMERICHOST | AI_PASSIVE) { return numeric }
        if let interface = interfaceAddress(host) { return interface }
        return lookup(host, flags: AI_PASSIVE)
    }

    private static func lookup(_ host: String, flags: Int32) -> sockaddr_storage? {
        var hints = addrinfo()
        hints.ai_flags = flags
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0, let first = list else { return nil }
        defer { freeaddrinfo(list) }
        // The first IPv4 answer, else the first of any family.
        var chosen = first
        var cursor: UnsafeMutablePointer<addrinfo>? = first
        while let entry = cursor {
            if entry.pointee.ai_family == AF_INET {
                chosen = entry
                break
            }
            cursor = entry.pointee.ai_next
        }
        var result = sockaddr_storage()
        withUnsafeMutableBytes(of: &result) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: chosen.pointee.ai_addr, count: Int(chosen.pointee.ai_addrlen)))
        }
        return result
    }

    private static func interfaceAddress(_ name: String) -> sockaddr_storage? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var cursor = list
        while let entry = cursor {
            defer { cursor = entry.pointee.ifa_next }
            guard let interface = entry.pointee.ifa_name,
                String(decoding: UnsafeRawBufferPointer(start: interface, count: strlen(interface)), as: UTF8.self) == name,
                let address = entry.pointee.ifa_addr,
                address.pointee.sa_family == sa_family_t(AF_INET)
            else { continue }
            var result = sockaddr_storage()
            withUnsafeMutableBytes(of: &result) { target in
                target.copyMemory(from: UnsafeRawBufferPointer(start: address, count: MemoryLayout<sockaddr_in>.size))
            }
            return result
        }
        return nil
    }

    private static func setPort(_ address: inout sockaddr_storage, _ port: UInt16) {
        withUnsafeMutablePointer(to: &address) { pointer in
            if pointer.pointee.ss_family == sa_family_t(AF_INET6) {
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port = port.bigEndian }
            } else {
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port = port.bigEndian }
            }
        }
    }

    private static func withSockaddr<R>(_ address: inout sockaddr_storage, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        let size = address.ss_family == sa_family_t(AF_INET6) ? MemoryLayout<sockaddr_in6>.size : MemoryLayout<sockaddr_in>.size
        return withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(size)) } }
    }

    /// The socket's own address as `HOST:PORT` (`[…]:PORT` for IPv6).
    private static func localAddress(_ fd: Int32) -> String? {
        var address = sockaddr_storage()
        var size = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let rc = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &size) } }
        return rc == 0 ? text(address) : nil
    }

    /// `HOST:PORT` of an IPv4 or IPv6 address.
    private static func text(_ address: sockaddr_storage) -> String? {
        var copy = address
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        return withUnsafePointer(to: &copy) { pointer -> String? in
            if pointer.pointee.ss_family == sa_family_t(AF_INET6) {
                return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    var raw = v6.pointee.sin6_addr
                    guard inet_ntop(AF_INET6, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
                    return "[\(cText(buffer))]:\(UInt16(bigEndian: v6.pointee.sin6_port))"
                }
            }
            return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                var raw = v4.pointee.sin_addr
                guard inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count)) != nil else { return nil }
                return "\(cText(buffer)):\(UInt16(bigEndian: v4.pointee.sin_port))"
            }
        }
    }

    /// A NUL-terminated buffer's text.
    private static func cText(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
