import Foundation
import SweepProtocol
import SweepTransportZMQ
import Testing

/// Issue 30 §2: the coordinator's limits count whole messages. A raw peer sends messages whose every frame is under
/// the 64 MiB frame limit — sixteen frames of 48 MiB, ten thousand frames of one byte — first without keys, then
/// holding only a status key: each is refused (one log line a second per peer), the peer is still answered, and
/// the sweep ends with the reports of `sweep run`. What this does not bound, and the test prints: libzmq 4.3.4
/// holds all frames of a message before it hands over the first, so the coordinator's peak memory (VmHWM) still
/// grows by about the message's size, 768 MiB, as it did before (docs/operations.md, "Message limits").
extension DistributedFaultTests {
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
    /// were read by then); nil when no status reply came.
    func sendOversizeMessages(
        _ context: ZMQContext, to endpoint: String, id: String, curve: ZMQCurveRole? = nil
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
        try peer.send(FrameCodec.encode(.statusRequest))
        var before: [ProtocolMessage] = []
        while let next = try reply(peer, seconds: 60) {
            if case .status = next { return (peer, before) }
            before.append(next)
        }
        return (peer, nil)
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

        // Without keys (a private ipc:// socket; --insecure is the same).
        let plainLog = f.dir + "/coordinator.log"
        let plain = try startCoordinator(f, output: f.dir + "/plain", ["--unit-seconds", "0.05"])
        #expect(waitForLog(plainLog, "coordinator listening endpoint="))
        usleep(300_000)
        let plainBefore = peakKiB(plain)
        let (raw, unanswered) = try sendOversizeMessages(context, to: f.endpoint, id: "raw-big")
        let plainAfter = peakKiB(plain)
        raw.close()
        #expect(unanswered?.isEmpty == true, "no reply to the refused messages, and a status reply after them: \(String(describing: unanswered))")
        print("whole-message, no keys: coordinator VmHWM \(plainBefore) KiB before, \(plainAfter) KiB after a 16 × 48 MiB message")
        // libzmq held the 768 MiB message before our code saw its first frame; our code adds no copy of it.
        #expect(plainAfter - plainBefore < 960 * 1024, "peak memory grew by \((plainAfter - plainBefore) / 1024) MiB")
        let workers = try (0 ..< 2).map { try start(["worker", "--connect", f.endpoint, "--slots", "1", "--id", "after-\($0)"]) }
        #expect(wait(plain) == 0)
        for w in workers { stopIfRunning(w) }
        try expectSameReports(f.dir + "/plain", f)
        let plainRefused = try refusedLines(plainLog, worker: "raw-big")
        // Two refused messages: one line, or two when they were more than a second apart.
        #expect((1 ... 2).contains(plainRefused.count), "\(plainRefused)")
        #expect(plainRefused.first?.contains("bytes=805306368 frames=16") == true, "\(plainRefused)")
        let said = try String(contentsOfFile: plainLog, encoding: .utf8)
        #expect(!said.contains("rejected a message"), "no refused message reached the codec: \(said)")

        // Holding only a status key: its limit is a status request's size, and a hello is refused unread.
        let keys = f.dir + "/keys"
        #expect(try cli.sweep("keys", "generate", "--out", keys, "--workers", "1").status == 0)
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
            context, to: endpoint, id: "status-big", curve: .client(serverKey: server, secretKey: status))
        let curveAfter = peakKiB(curve)
        let statusKeyRefusal = ProtocolMessage.refuse(reason: "this key is a status key: it may ask for status but never take work")
        #expect(refusals == [statusKeyRefusal, statusKeyRefusal], "each refused, then the status reply: \(String(describing: refusals))")
        print("whole-message, status key: coordinator VmHWM \(curveBefore) KiB before, \(curveAfter) KiB after a 16 × 48 MiB message")
        #expect(curveAfter - curveBefore < 960 * 1024, "peak memory grew by \((curveAfter - curveBefore) / 1024) MiB")
        try reader.send(FrameCodec.encode(.hello(workerID: "status-big", host: "test", slots: 1, engineVersion: "any")))
        let refusal = try reply(reader)
        reader.close()
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
        // Three refused messages in one line a second: the big one is refused unread (its first frame, 48 MiB, is
        // over the status key's limit), the hello by its header.
        let keyLines = curveSaid.split(separator: "\n").filter { $0.contains("refused a message from a status key") && $0.hasSuffix("worker=status-big") }
        #expect((1 ... 3).contains(keyLines.count) && keyLines.first?.contains("type=unread") == true, "\(curveSaid)")
        #expect(!curveSaid.contains("rejected a message"), "no message of the status key reached the codec: \(curveSaid)")
    }
}
