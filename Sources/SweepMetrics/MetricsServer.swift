import NIOCore
import NIOHTTP1
import NIOPosix
import Synchronization

/// Serves `GET /metrics` over HTTP (SwiftNIO) for Prometheus to scrape, and any further pages (the live view:
/// ``LiveView/pages``), on one event-loop thread of its own, within ``Limits``: nothing a client sends can hold
/// more than a bounded request, a bounded time or one of a bounded number of connections (docs/operations.md,
/// "The metrics port").
public final class MetricsServer: Sendable {
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A page served at `path`: its body, or nil while there is nothing to show yet (answered 503). The body is
    /// made on a worker thread of the server, never on its event loop, so a large page delays no other client.
    public struct Page: Sendable {
        public var path: String
        public var contentType: String
        public var body: @Sendable () -> ByteBuffer?
        /// Whether the page is served only to a request with the server's token (``MetricsServer/init(host:port:token:pages:limits:render:)``).
        public var requiresToken: Bool
        public init(path: String, contentType: String, requiresToken: Bool = false, body: @escaping @Sendable () -> ByteBuffer?) {
            self.path = path; self.contentType = contentType; self.requiresToken = requiresToken; self.body = body
        }
    }

    /// What one client may send and hold. A request over a size limit is answered 431 (head) or 413 (body), one
    /// whose head has not arrived in time 408, one past the connection cap 503, and each connection is closed.
    public struct Limits: Sendable, Equatable {
        /// Bytes of the request line and header lines together (any one line too).
        public var headBytes = 8 * 1024
        /// Header fields in one request.
        public var headerFields = 64
        /// Bytes of a request body (the server serves only `GET`, which has none).
        public var bodyBytes = 1024
        /// The whole request head must arrive within this from the moment the connection opens.
        public var headTimeout: Duration = .seconds(10)
        /// A connection is closed this long after it opened, whatever it is doing (a client that never reads).
        public var connectionTimeout: Duration = .seconds(30)
        /// Connections open at once; one more is answered 503 and closed.
        public var connections = 64
        public init() {}
    }

    let group: MultiThreadedEventLoopGroup
    let workers: NIOThreadPool
    let channel: any Channel
    /// The port it listens on (the one chosen by the system when asked for port 0).
    public let port: UInt16
    public let limits: Limits

    /// Starts listening on `host:port` and returns once it listens; throws a one-sentence error when it cannot
    /// (the port is taken, the address is not local). With a `token`, the pages that require it are served only to a
    /// request that carries it (`Authorization: Bearer TOKEN`, or `?token=TOKEN`); without one they are public.
    public init(
        host: String = "127.0.0.1", port: UInt16, token: String? = nil, pages: [Page] = [], limits: Limits = Limits(),
        render: @escaping @Sendable () -> String
    ) throws {
        let metrics = Page(path: "/metrics", contentType: "text/plain; version=0.0.4; charset=utf-8") { ByteBuffer(string: render()) }
        let routes = RouteTable(pages: [metrics] + pages, token: token)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let workers = NIOThreadPool(numberOfThreads: 1)
        workers.start()
        let open = ConnectionCount(limit: limits.connections)
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .serverChannelOption(.backlog, value: 256)
            // Out of file descriptors (EMFILE): stop accepting for a second instead of failing for good.
            .serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptBackoffHandler(shouldForwardIOErrorCaught: false))
                }
            }
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    guard open.enter() else {
                        try channel.pipeline.syncOperations.addHandler(BoundedRequestHandler.OverCapacity())
                        return
                    }
                    channel.closeFuture.whenComplete { _ in open.leave() }
                    var decoderLimits = NIOHTTPDecoderLimitConfiguration()
                    decoderLimits.maxHeaderFieldSize = limits.headBytes
                    decoderLimits.maxHeaderListSize = limits.headBytes
                    decoderLimits.maxHeaderFieldCount = limits.headerFields
                    let sync = channel.pipeline.syncOperations
                    try sync.addHandler(HTTPResponseEncoder())
                    try sync.addHandler(ByteToMessageHandler(HTTPRequestDecoder(leftOverBytesStrategy: .dropBytes, limitConfiguration: decoderLimits)))
                    try sync.addHandler(BoundedRequestHandler(routes: routes, limits: limits, workers: workers))
                }
            }
        let channel: any Channel
        do {
            channel = try bootstrap.bind(host: host, port: Int(port)).wait()
        } catch {
            try? group.syncShutdownGracefully()
            try? workers.syncShutdownGracefully()
            throw StartError(description: "cannot serve metrics on \(host):\(port): \(error)")
        }
        self.group = group
        self.workers = workers
        self.channel = channel
        self.limits = limits
        self.port = UInt16(channel.localAddress?.port ?? Int(port))
    }

    /// Stops listening and closes every connection, without waiting for any of them: whatever a client is doing,
    /// the command that started the server is not held back.
    public func stop() {
        channel.close(promise: nil)
        group.shutdownGracefully { _ in }
        workers.shutdownGracefully { _ in }
    }
}

/// The pages by path.
struct RouteTable: Sendable {
    let pages: [String: MetricsServer.Page]
    /// What a request for a page that requires a token must carry; nil: every page is public.
    let token: String?
    init(pages: [MetricsServer.Page], token: String? = nil) {
        self.pages = Dictionary(pages.map { ($0.path, $0) }, uniquingKeysWith: { _, last in last })
        self.token = token
    }

    /// Whether `head` may have `page`: a public page, a server without a token, or the token as a bearer credential
    /// or the `token` query parameter (compared in constant time).
    func allows(_ page: MetricsServer.Page, _ head: HTTPRequestHead) -> Bool {
        guard page.requiresToken, let token else { return true }
        var offered: [String] = head.headers["Authorization"].compactMap { value in
            value.hasPrefix("Bearer ") ? String(value.dropFirst("Bearer ".count)).trimmingCharacters(in: .whitespaces) : nil
        }
        if let query = head.uri.split(separator: "?", maxSplits: 1).dropFirst().first {
            for pair in query.split(separator: "&") where pair.hasPrefix("token=") { offered.append(String(pair.dropFirst("token=".count))) }
        }
        return offered.contains { Self.same($0, token) }
    }

    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// The connections open now, against the cap.
final class ConnectionCount: Sendable {
    let limit: Int
    let open = Atomic<Int>(0)
    init(limit: Int) { self.limit = limit }

    /// Counts one more connection; false (and not counted) when the cap is reached.
    func enter() -> Bool {
        if open.wrappingAdd(1, ordering: .relaxed).newValue <= limit { return true }
        open.wrappingSubtract(1, ordering: .relaxed)
        return false
    }

    func leave() { open.wrappingSubtract(1, ordering: .relaxed) }
}
