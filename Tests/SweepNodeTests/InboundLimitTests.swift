import Foundation
import Logging
import SweepDistributed
import SweepNode
import SweepProtocol
import SweepTransportZMQ
import Testing
import TouchEngine

/// Issue 30 §2: whole-message limits at the coordinator, a status key held to a status request, and the log under
/// a flood of refused messages.
@Suite struct InboundLimitTests {
    /// Lines of `cluster` containing every one of `parts`.
    func lines(_ cluster: InProcessCluster, _ parts: String...) -> [String] {
        cluster.lines.filter { line in parts.allSatisfy { line.contains($0) } }
    }

    @Test func theLargestMessageIsAResultWithTheLongestDetailAndPayload() {
        let result = FrameCodec.encode(
            .result(
                unit: UnitSpec(configuration: 1, trees: 0 ..< 2), attempt: 1, status: .ok, elapsedMicroseconds: 5,
                payload: [UInt8](repeating: 0, count: WireLimits.payloadBytes),
                detail: String(repeating: "x", count: WireLimits.reasonBytes)))
        #expect(result.count == InboundSizes.mostFrames && result.map(\.count).reduce(0, +) == InboundSizes.largestMessage)
        #expect((try? FrameCodec.decode(result)) != nil, "it is valid")
        let request = FrameCodec.encode(.statusRequest)
        #expect(request.count == InboundSizes.statusRequestFrames && request.map(\.count).reduce(0, +) == InboundSizes.statusRequestBytes)
    }

    /// The ZeroMQ transport over CURVE: a status key's hello comes back refused with its header only, its status
    /// request whole; a worker key's hello whole, its five-frame message refused with its size.
    @Test func theZeroMQTransportHoldsAStatusKeyToAStatusRequestAndAnyPeerToTheLargestMessage() throws {
        let server = try CurveKeyPair.generate(), status = try CurveKeyPair.generate(), worker = try CurveKeyPair.generate()
        let transport = try ZMQCoordinatorTransport(
            maxMessageBytes: Int64(InboundSizes.largestFrame), security: .curve(secretKey: server.secretKey, allowed: nil),
            statusKeys: [status.publicKey: "test"], logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() })
        defer { transport.close() }
        let endpoint = try transport.bind("tcp://127.0.0.1:*")
        let context = try ZMQContext()
        defer { context.terminate() }
        func client(_ id: String, _ key: CurveKeyPair) throws -> ZMQSocket {
            let socket = try ZMQSocket(
                context: context, type: .dealer,
                options: ZMQSocketOptions(linger: 0, routingID: Array(id.utf8), curve: .client(serverKey: server.publicKey, secretKey: key.secretKey)))
            try socket.connect(endpoint)
            return socket
        }
        let reader = try client("reader", status), working = try client("working", worker)
        defer { reader.close(); working.close() }
        let hello = FrameCodec.encode(.hello(workerID: "x", host: "h", slots: 1, engineVersion: EngineVersion.current))
        try reader.send(hello)
        try reader.send(FrameCodec.encode(.statusRequest))
        try working.send(hello)
        try working.send(FrameCodec.encode(.credit(count: 1)) + [[1], [2], [3]])
        var received: [String: [InboundFrames]] = [:]
        let deadline = Date().addingTimeInterval(10)
        while received.values.map(\.count).reduce(0, +) < 4 && Date() < deadline {
            _ = try transport.wait(timeoutMs: 50)
            try transport.housekeeping(nowMs: 0) // answers the CURVE handshakes' ZAP requests
            while let next = try transport.receive() { received[next.peer.description, default: []].append(next) }
        }
        let fromReader = received["reader"] ?? [], fromWorking = received["working"] ?? []
        #expect(fromReader.count == 2 && fromWorking.count == 2, "\(received)")
        guard fromReader.count == 2, fromWorking.count == 2 else { return }
        #expect(fromReader.allSatisfy(\.isStatusKey) && !fromWorking.contains(where: \.isStatusKey))
        let helloBytes = hello.map(\.count).reduce(0, +)
        #expect(
            fromReader[0].frames.isEmpty
                && fromReader[0].oversize
                    == OversizeMessage(
                        frames: 2, bytes: helloBytes, mostFrames: 2, mostBytes: FrameCodec.headerBytes, header: FrameCodec.header(.hello)),
            "the status key's hello: over a status request's size, only its header kept: \(fromReader[0])")
        #expect(fromReader[1].frames == FrameCodec.encode(.statusRequest) && fromReader[1].oversize == nil)
        #expect(fromWorking[0].frames == hello && fromWorking[0].oversize == nil)
        #expect(fromWorking[1].frames.isEmpty && fromWorking[1].oversize?.frames == 5 && fromWorking[1].oversize?.mostFrames == 3)
    }

    /// A status key's messages other than a status request are refused unread — a hello whose body would not even
    /// decode is refused as a hello, not rejected as garbage — and logged once a second.
    @Test func aStatusKeysOtherMessagesAreRefusedUnreadAndLoggedOnceASecond() throws {
        let cluster = try InProcessCluster()
        try cluster.startCoordinator()
        let reader = try cluster.statusKeyPeer("reader")
        for _ in 0 ..< 5 { try reader.send([FrameCodec.header(.hello), [0xFF]]) }
        try reader.send([[UInt8](repeating: 0, count: 1 << 20)])
        try cluster.step()
        var refusals = 0
        while let frames = try reader.receive() {
            if case .refuse(let reason) = try FrameCodec.decode(frames), reason.contains("status key") { refusals += 1 }
        }
        #expect(refusals == 6, "each refused")
        #expect(
            lines(cluster, "warning coordinator: refused a message from a status key, which may ask for status only key=reader type=hello worker=reader")
                .count == 1, "\(cluster.lines)")
        #expect(lines(cluster, "rejected a message").isEmpty, "nothing of it was decoded past the header")
        try cluster.run(atMostMs: 1100) { false }
        #expect(lines(cluster, "held back log lines about a peer in the last second held=5 peer=reader").count == 1, "\(cluster.lines)")
    }

    /// Messages over the limit from any peer — too many frames, too many bytes in frames each under the frame
    /// limit — are refused with one line a second per peer; the sweep is untouched.
    @Test func messagesOverTheLimitAreRefusedWithOneLineASecondPerPeer() throws {
        let cluster = try InProcessCluster()
        try cluster.startCoordinator()
        let big = [UInt8](repeating: 1, count: 40 << 20)
        cluster.network.inject([FrameCodec.header(.result), big, big], from: "raw-big", to: cluster.endpoint)
        cluster.network.inject(Array(repeating: FrameCodec.header(.heartbeat), count: 1000), from: "raw-big", to: cluster.endpoint)
        try cluster.step()
        let refused = lines(cluster, "refused a message over the limit", "worker=raw-big")
        #expect(refused.count == 1, "one line for both in one second: \(cluster.lines)")
        #expect(
            refused.first?.hasSuffix(
                " warning coordinator: refused a message over the limit bytes=\(6 + 2 * (40 << 20)) frames=3 "
                    + "most_bytes=\(InboundSizes.largestMessage) most_frames=3 worker=raw-big") == true, "\(refused)")
        #expect(lines(cluster, "rejected a message").isEmpty, "no refused message reached the codec")
        try cluster.run(atMostMs: 1100) { false }
        #expect(lines(cluster, "held back log lines about a peer in the last second held=1 peer=raw-big").count == 1)
        try cluster.addWorker("w1")
        #expect(try cluster.runToTheEnd(), "\(cluster.lines)")
        #expect(cluster.filesDifferingFromSweepRun().isEmpty)
    }
}
