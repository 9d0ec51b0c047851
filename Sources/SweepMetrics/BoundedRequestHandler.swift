import NIOCore
import NIOHTTP1
import NIOPosix

/// One connection of the metrics server: one request, one answer, then the connection is closed. The request head
/// must arrive within ``MetricsServer/Limits/headTimeout`` (else 408) and within the decoder's size limits (else
/// 431: NIO's decoder stops at the limit, in linear time); a body over its limit is answered 413; anything but
/// `GET` or `HEAD` 405; an unknown path 404. Whatever happens, the connection is closed at
/// ``MetricsServer/Limits/connectionTimeout``.
final class BoundedRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    enum State {
        /// Waiting for the request head.
        case head
        /// The head arrived; counting the body's bytes.
        case body(HTTPRequestHead, bytes: Int)
        /// An answer is being made or written; nothing more is read.
        case answering
    }

    let routes: RouteTable
    let limits: MetricsServer.Limits
    let workers: NIOThreadPool
    var state = State.head
    var headDeadline: Scheduled<Void>?
    var connectionDeadline: Scheduled<Void>?

    init(routes: RouteTable, limits: MetricsServer.Limits, workers: NIOThreadPool) {
        self.routes = routes; self.limits = limits; self.workers = workers
    }

    func handlerAdded(context: ChannelHandlerContext) {
        let loop = context.eventLoop.assumeIsolated()
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        headDeadline = loop.scheduleTask(in: .init(limits.headTimeout)) { [self] in
            if case .head = state { answer(bound.value, .requestTimeout, "the request head did not arrive in time\n") }
        }
        connectionDeadline = loop.scheduleTask(in: .init(limits.connectionTimeout)) { bound.value.close(promise: nil) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        headDeadline?.cancel()
        connectionDeadline?.cancel()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch (state, unwrapInboundIn(data)) {
        case (.head, .head(let head)):
            headDeadline?.cancel()
            state = .body(head, bytes: 0)
        case (.body(let head, let bytes), .body(let chunk)):
            let total = bytes + chunk.readableBytes
            if total > limits.bodyBytes {
                answer(context, .payloadTooLarge, "a request body may have at most \(limits.bodyBytes) bytes\n")
            } else {
                state = .body(head, bytes: total)
            }
        case (.body(let head, _), .end):
            route(context, head)
        default:
            break
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard case .answering = state else {
            if let parse = error as? HTTPParserError, parse == .headerOverflow {
                answer(
                    context, .requestHeaderFieldsTooLarge,
                    "the request head may have at most \(limits.headBytes) bytes and \(limits.headerFields) header fields\n")
            } else {
                answer(context, .badRequest, "the request is not HTTP/1.1 this server reads\n")
            }
            return
        }
        context.close(promise: nil)
    }

    /// The page at the request's path (its query, if any, ignored), made on the server's worker thread.
    func route(_ context: ChannelHandlerContext, _ head: HTTPRequestHead) {
        guard head.method == .GET || head.method == .HEAD else {
            answer(context, .methodNotAllowed, "only GET is served here\n", extra: [("Allow", "GET, HEAD")])
            return
        }
        let path = String(head.uri.prefix { $0 != "?" && $0 != "#" })
        guard let page = routes.pages[path] else {
            answer(context, .notFound, "no page at \(path.prefix(200)); the pages are \(routes.pages.keys.sorted().joined(separator: ", "))\n")
            return
        }
        guard routes.allows(page, head) else {
            answer(
                context, .unauthorized,
                "\(path) needs the live view's token: open \(path)?token=TOKEN, or send Authorization: Bearer TOKEN "
                    + "(the coordinator logs the URL with its token when it starts; docs/operations.md, \"The metrics port\")\n",
                extra: [("WWW-Authenticate", "Bearer")])
            return
        }
        state = .answering
        let bound = NIOLoopBound(context, eventLoop: context.eventLoop)
        let withBody = head.method == .GET
        workers.runIfActive(eventLoop: context.eventLoop) { page.body() }.assumeIsolated().whenComplete { [self] result in
            let context = bound.value
            switch result {
            case .success(let body?):
                write(context, .ok, body: body, contentType: page.contentType, extra: [("Cache-Control", "no-store")], withBody: withBody)
            case .success(nil):
                write(
                    context, .serviceUnavailable, body: ByteBuffer(string: "the coordinator has not started serving yet\n"),
                    contentType: "text/plain; charset=utf-8", extra: [], withBody: withBody)
            case .failure:
                context.close(promise: nil)
            }
        }
    }

    /// Answers with a short text and closes; the first answer wins.
    func answer(_ context: ChannelHandlerContext, _ status: HTTPResponseStatus, _ text: String, extra: [(String, String)] = []) {
        if case .answering = state { return }
        state = .answering
        headDeadline?.cancel()
        write(context, status, body: ByteBuffer(string: text), contentType: "text/plain; charset=utf-8", extra: extra, withBody: true)
    }

    func write(
        _ context: ChannelHandlerContext, _ status: HTTPResponseStatus, body: ByteBuffer, contentType: String, extra: [(String, String)],
        withBody: Bool
    ) {
        var headers = HTTPHeaders([("Content-Type", contentType), ("Content-Length", String(body.readableBytes)), ("Connection", "close")])
        headers.add(contentsOf: extra)
        context.write(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: status, headers: headers))), promise: nil)
        if withBody { context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil) }
        context.writeAndFlush(wrapOutboundOut(.end(nil))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }

    /// A connection past the cap: answered 503 as soon as it is active, then closed; nothing it sends is read.
    final class OverCapacity: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        func channelActive(context: ChannelHandlerContext) {
            let text = "too many connections to the metrics server; try again\n"
            let response =
                "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: \(text.utf8.count)\r\n"
                + "Connection: close\r\nRetry-After: 1\r\n\r\n" + text
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: response))).assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {}
    }
}
