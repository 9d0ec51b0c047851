import Foundation
import SweepProtocol
import SweepTransportZMQ
import Testing

/// Issue 30 §2: the coordinator's limits count whole messages, and on a `tcp://` endpoint the relay in front of
/// the ROUTER bounds what one connection can make libzmq hold (libzmq 4.3.4 hands a message over only once its
/// last frame is in). A raw peer sends a message whose every frame is under the 64 MiB frame limit — sixteen frames
/// of 48 MiB — then one of ten thousand one-byte frames, first without keys (`--insecure`), then holding only a
/// status key. The big message never completes: its connection is closed at its limit (a worker's 64 MiB and
/// change; a status key's 64 KiB) and the coordinator's peak memory (VmHWM) grows by no more than that limit,
/// where it grew by the whole 768 MiB before. The peer is still answered and the sweep ends with the reports of
/// `sweep run` (docs/operations.md, "Message limits").
extension ServiceFaultTests {
    /// Peak resident memory of `process`, in KiB (VmHWM).
    func peakKiB(_ process: Process) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// The next message `socket` receives within `seconds`, decoded.
    func reply(_ socket: ZMQSocket, seconds: Double = 20) throws -> ProtocolMessage? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try ZMQSocket.poll([(socket, .readable)], timeoutMs: 100).first == true, let frames = try socket.receive(dontWait: true) {
                return try FrameCodec.decode(frames)
            }
        }
        return nil
    }

    /// Connects a raw DEALER as `id` to `endpoint`, sends a 16 × 48 MiB message and a 10,000-frame one, then a status
    /// request, and returns the socket and what came back up to the status reply (the big messages, sent first,
    /// were read by then); nil when no status reply came. `closes` connections the relay closes at their limit lose
    /// what the peer had sent on them: the status request then goes once the log has said so that many times.
    func sendOversizeMessages(
        _ context: ZMQContext, to endpoint: String, id: String, curve: ZMQCurveRole? = nil, closes: (log: String, count: Int)? = nil
    ) throws -> (socket: ZMQSocket, before: [ProtocolMessage]?) {
        var options = ZMQSocketOptions()
        options.linger = 0
        options.routingID = Array(id.utf8)
        options.curve = curve
        let peer = try ZMQSocket(context: context, type: .dealer, options: options)
        try peer.connect(endpoint)
        let big = [UInt8](repeating: 0x53, count: 48 << 20)
        try peer.send(Array(repeating: big, count: 16))
        try peer.send(Array(repeating: [0x53], count: 10_000))
        if let (log, count) = closes {
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, (try? closedAtLimit(log).count) ?? 0 < count { usleep(100_000) }
        }
        try peer.send(FrameCodec.encode(.statusRequest))
        var before: [ProtocolMessage] = []
        while let next = try reply(peer, seconds: 60) {
            if case .status = next { return (peer, before) }
            before.append(next)
        }
        return (peer, nil)
    }

    /// The lines of `log` that say the relay closed a connection at its limit.
    func closedAtLimit(_ log: String) throws -> [Substring] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("closed a connection that reached its limit") }
    }

    /// The lines of `log` that say a message over the limit was refused, for `worker`.
    func refusedLines(_ log: String, worker: String) throws -> [Substring] {
        try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains("refused a message over the limit") && $0.contains("worker=\(worker)") }
    }

    @Test func wholeMessagesOverTheLimitAreRefusedFromAnyPeerAndTheSweepEndsWithTheReportsOfRun() throws {
        let f = try fixture("whole-message")
        let context = try ZMQContext()
        defer { context.terminate() }

        // Without keys: anyone who can connect.
        let plainLog = f.dir + "/coordinator.log"
        let plain = try start(
            ["submit", f.config, "--output", f.dir + "/plain", "--workers", "0", "--listen", "tcp://127.0.0.1:*", "--insecure", "--unit-seconds", "0.05"],
            stderr: plainLog)
        let plainEndpoint = try #require(boundEndpoint(plainLog))
        usleep(300_000)
        let plainBefore = peakKiB(plain)
        let (raw, unanswered) = try sendOversizeMessages(context, to: plainEndpoint, id: "raw-big")
        let plainAfter = peakKiB(plain)
        raw.close()
        #expect(unanswered?.isEmpty == true, "no reply to the refused messages, and a status reply after them: \(String(describing: unanswered))")
        print("whole-message, no keys: coordinator VmHWM \(plainBefore) KiB before, \(plainAfter) KiB after a 16 × 48 MiB message")
        // The relay let libzmq hold at most one connection's limit (64 MiB and change) of the 768 MiB message.
        #expect(plainAfter - plainBefore < 100 * 1024, "peak memory grew by \((plainAfter - plainBefore) / 1024) MiB")
        let workers = try (0 ..< 2).map {
            try start(["worker", "--connect", plainEndpoint, "--insecure", "--log-level", "notice", "--slots", "1", "--id", "after-\($0)"])
        }
        #expect(wait(plain) == 0)
        for w in workers { stopIfRunning(w) }
        try expectSameReports(f.dir + "/plain", f)
        let said = try String(contentsOfFile: plainLog, encoding: .utf8)
        let plainClosed = try closedAtLimit(plainLog)
        #expect(plainClosed.count == 1 && plainClosed.first?.contains("limit_bytes=67240113") == true, "\(said)")
        // The 10,000 frames fit the connection's budget and reach the count, which refuses them.
        let plainRefused = try refusedLines(plainLog, worker: "raw-big")
        #expect(plainRefused.count == 1 && plainRefused.first?.contains("bytes=10000 frames=10000") == true, "\(plainRefused)")
        #expect(!said.contains("rejected a message"), "no refused message reached the codec: \(said)")

        // Holding only a status key: after its handshake a connection may hold 64 KiB, and a hello is refused.
        let keys = f.dir + "/keys"
        #expect(try cli.sweep("keys", "generate", "--output", keys, "--workers", "1").status == 0)
        let curveLog = f.dir + "/curve.log"
        let curve = try start(
            [
                "submit", f.config, "--output", f.dir + "/curve", "--workers", "0", "--listen", "tcp://127.0.0.1:*",
                "--key", keys + "/coordinator.secret", "--allow", keys + "/workers", "--status-keys", keys + "/status.pub",
                "--unit-seconds", "0.05"
            ],
            stderr: curveLog)
        let endpoint = try #require(boundEndpoint(curveLog))
        usleep(300_000)
        let key = { (file: String, field: String) in
            try String(contentsOfFile: keys + "/" + file, encoding: .utf8).split(separator: "\n").first { $0.hasPrefix(field) }?
                .split(separator: "\"")[1]
        }
        let server = try #require(try key("coordinator.pub", "public-key").flatMap { CurvePublicKey(z85: String($0)) })
        let status = try #require(try key("status.secret", "secret-key").flatMap { CurveSecretKey(z85: String($0)) })
        let curveBefore = peakKiB(curve)
        let (reader, refusals) = try sendOversizeMessages(
            context, to: endpoint, id: "status-big", curve: .client(serverKey: server, secretKey: status), closes: (curveLog, 2))
        let curveAfter = peakKiB(curve)
        // Both messages are over 64 KiB on the wire (the small frames take 36 bytes each under CURVE): neither completes.
        #expect(refusals?.isEmpty == true, "nothing before the status reply: \(String(describing: refusals))")
        print("whole-message, status key: coordinator VmHWM \(curveBefore) KiB before, \(curveAfter) KiB after a 16 × 48 MiB message")
        #expect(curveAfter - curveBefore < 16 * 1024, "peak memory grew by \((curveAfter - curveBefore) / 1024) MiB")
        try reader.send(FrameCodec.encode(.hello(workerID: "status-big", host: "test", slots: 1, engineVersion: "any")))
        let refusal = try reply(reader)
        reader.close()
        let statusKeyRefusal = ProtocolMessage.refuse(reason: "this key is a status key: it may ask for status but never take work")
        #expect(refusal == statusKeyRefusal, "\(String(describing: refusal))")
        let worker = try start(
            [
                "worker", "--connect", endpoint, "--id", "good", "--coordinator-key", keys + "/coordinator.pub",
                "--key", keys + "/workers/worker-1.secret"
            ])
        #expect(wait(curve) == 0)
        stopIfRunning(worker)
        try expectSameReports(f.dir + "/curve", f)
        let curveSaid = try String(contentsOfFile: curveLog, encoding: .utf8)
        let closedLines = try closedAtLimit(curveLog)
        #expect(closedLines.count == 2 && closedLines.allSatisfy { $0.contains("limit_bytes=65536") }, "\(curveSaid)")
        let keyLines = curveSaid.split(separator: "\n").filter { $0.contains("refused a message from a status key") && $0.hasSuffix("worker=status-big") }
        #expect(keyLines.count == 1 && keyLines.first?.contains("type=hello") == true, "only the hello reached the coordinator: \(curveSaid)")
        #expect(!curveSaid.contains("rejected a message"), "no message of the status key reached the codec: \(curveSaid)")
    }
}
