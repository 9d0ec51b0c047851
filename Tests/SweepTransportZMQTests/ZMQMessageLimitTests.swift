import SweepTransportZMQ
import Testing

/// ZMQ_MAXMSGSIZE as the coordinator relies on it: a frame over the limit never reaches the application (libzmq
/// drops the peer's connection once the frame's size is read, before allocating it), and the socket monitor
/// sees the connection go.
@Suite struct ZMQMessageLimitTests {
    @Test func aFrameOverTheLimitNeverArrivesAndItsConnectionIsDropped() throws {
        let context = try ZMQContext()
        defer { context.terminate() }
        let router = try ZMQSocket(context: context, type: .router, options: ZMQSocketOptions(linger: 0, maxMessageSize: 1_000_000))
        defer { router.close() }
        let monitor = try router.monitor()
        defer { monitor.close() }
        let endpoint = try router.bind("tcp://127.0.0.1:*")
        let dealer = try ZMQSocket(context: context, type: .dealer, options: ZMQSocketOptions(linger: 0))
        defer { dealer.close() }
        try dealer.connect(endpoint)
        try dealer.send([Array(repeating: 1, count: 999_000)])
        let small = try receive(router, timeoutMs: 2000)
        #expect(small?.last?.count == 999_000, "a frame under the limit arrives")
        try dealer.send([Array(repeating: 2, count: 1_000_001)])
        #expect(try receive(router, timeoutMs: 1000) == nil, "the frame over the limit never arrives")
        var kinds: [ZMQMonitorEvent.Kind] = []
        for _ in 0 ..< 20 where !kinds.contains(.disconnected) {
            _ = try ZMQSocket.poll([(monitor.socket, .readable)], timeoutMs: 100)
            kinds += try monitor.drain().map(\.kind)
        }
        #expect(kinds.contains(.disconnected), "\(kinds)")
    }
}
