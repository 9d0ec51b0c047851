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

/// Issue 30 §2: limits on the whole message, which libzmq's ZMQ_MAXMSGSIZE (per frame) does not give. A message
/// over its limit is counted to its end and freed without being copied, and the socket reads the next one.
@Suite struct ZMQWholeMessageLimitTests {
    /// Three frames and 1,000 bytes, after a routing id of at most 255 bytes.
    static let limit = ZMQMessageLimit(frames: 3, bytes: 1000, envelopeFrames: 1, envelopeBytes: 255)

    @Test func theCountKeepsFramesUntilOneTakesTheMessageOverAndCountsTheRest() {
        var size = ZMQMessageSize()
        let kept = [255, 400, 500, 101, 0, 7].map { size.add(frameOf: $0, limit: Self.limit) }
        #expect(kept == [true, true, true, false, false, false], "the routing id apart, the third frame takes it to 1001 bytes")
        #expect(size.envelopeFrames == 1 && size.frames == 5 && size.bytes == 1008 && size.isOverLimit)
        var many = ZMQMessageSize()
        let frames = (0 ..< 10).map { _ in many.add(frameOf: 0, limit: Self.limit) }
        #expect(frames == [true, true, true, true] + Array(repeating: false, count: 6), "the fourth empty frame after the id is one too many")
        var exact = ZMQMessageSize()
        #expect([5, 500, 250, 250].allSatisfy { exact.add(frameOf: $0, limit: Self.limit) } && !exact.isOverLimit, "at the limit is within it")
        var longID = ZMQMessageSize()
        #expect(!longID.add(frameOf: 256, limit: Self.limit) && longID.isOverLimit && longID.frames == 0, "a routing id over its own limit")
    }

    /// A pair of connected sockets over TCP (where ZMQ_MAXMSGSIZE would apply too; it is off here).
    func pair(_ context: ZMQContext) throws -> (router: ZMQSocket, dealer: ZMQSocket) {
        let router = try ZMQSocket(context: context, type: .router, options: ZMQSocketOptions(linger: 0))
        let endpoint = try router.bind("tcp://127.0.0.1:*")
        let dealer = try ZMQSocket(context: context, type: .dealer, options: ZMQSocketOptions(linger: 0, routingID: bytes("peer")))
        try dealer.connect(endpoint)
        return (router, dealer)
    }

    func receiveBounded(_ socket: ZMQSocket, limit: ZMQMessageLimit = limit) throws -> ZMQBoundedMessage? {
        guard try ZMQSocket.poll([(socket, .readable)], timeoutMs: 2000) == [true] else { return nil }
        return try socket.receive(dontWait: true) { _ in limit }
    }

    @Test func aManyFrameMessageAndAnOversizeTotalAreRefusedAndTheNextMessageArrivesWhole() throws {
        let context = try ZMQContext()
        defer { context.terminate() }
        let (router, dealer) = try pair(context)
        defer { router.close(); dealer.close() }
        // Ten thousand empty frames: no byte over, but the frame count is.
        try dealer.send(Array(repeating: [], count: 10_000))
        let many = try #require(try receiveBounded(router))
        #expect(many.isOverLimit && many.size.frames == 10_000 && many.size.bytes == 0)
        #expect(many.frames == [bytes("peer"), [], [], []], "the frames within the limit: the routing id and three")
        // Three frames of 400 bytes, each far under any frame limit: 1,200 bytes.
        try dealer.send(Array(repeating: [UInt8](repeating: 1, count: 400), count: 3))
        let big = try #require(try receiveBounded(router))
        #expect(big.isOverLimit && big.size.frames == 3 && big.size.bytes == 1200)
        #expect(big.frames.count == 3, "the routing id and two frames: the last, which went over, was not copied")
        try dealer.send([bytes("hello"), [UInt8](repeating: 2, count: 900)])
        let next = try #require(try receiveBounded(router))
        #expect(!next.isOverLimit && next.frames == [bytes("peer"), bytes("hello"), [UInt8](repeating: 2, count: 900)])
        #expect(next.size.frames == 2 && next.size.bytes == 905)
        #expect(try router.receive(dontWait: true) == nil, "nothing of the refused messages is left to read")
    }

    @Test func theLimitFollowsTheUserIDWhichAPlainConnectionLacks() throws {
        let context = try ZMQContext()
        defer { context.terminate() }
        let (router, dealer) = try pair(context)
        defer { router.close(); dealer.close() }
        try dealer.send([bytes("x")])
        var asked: [String?] = []
        _ = try ZMQSocket.poll([(router, .readable)], timeoutMs: 2000)
        let message = try #require(
            try router.receive(dontWait: true) {
                asked.append($0); return .none
            })
        #expect(message.userID == nil && asked == [nil], "asked once, before the first frame, with no User-Id")
    }
}
