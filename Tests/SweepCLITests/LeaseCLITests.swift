import Foundation
import SweepJournal
import SweepProtocol
import SweepTransportZMQ
import Testing

/// Issue 30 §3 and §4 with real processes and sockets: a worker told the sweep is done while it still runs a unit
/// leaves at once (exit 0), and a peer that says hello cannot commit results of units it was never leased.
@Suite(.serialized) struct LeaseCLITests {
    let cli = SweepCLITests()
    let processes = DistributedFaultTests()

    /// The engine this build's workers announce, as `sweep --version` prints it.
    func engineVersion() throws -> String {
        let version = try cli.sweep("--version")
        let line = try #require(version.stdout.split(separator: "\n").first { $0.hasPrefix("engine ") })
        return String(line.dropFirst("engine ".count))
    }

    /// The config hash `sweep run` wrote into the reference's plan.yaml.
    func configHash(_ f: DistributedFaultTests.Fixture) throws -> String {
        let plan = try String(contentsOfFile: f.reference + "/plan.yaml", encoding: .utf8)
        return try #require(plan.split(separator: "\n").first { $0.hasPrefix("configHash: ") })
            .dropFirst("configHash: ".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
    }

    /// The messages `socket` receives within `ms` (a ROUTER's come with the sender's routing id first).
    func receive(_ socket: ZMQSocket, forMs ms: Int, until done: ([ProtocolMessage]) -> Bool = { _ in false }) throws -> [ProtocolMessage] {
        var messages: [ProtocolMessage] = []
        let deadline = Date().addingTimeInterval(Double(ms) / 1000)
        while Date() < deadline && !done(messages) {
            guard let frames = try socket.receive(dontWait: true) else {
                usleep(5_000)
                continue
            }
            messages.append(try FrameCodec.decode(socket.type == .router ? Array(frames.dropFirst()) : frames))
        }
        return messages
    }

    /// A worker that has every configuration's trees to run, one unit each, from a coordinator (a bare ROUTER here)
    /// that says the sweep is done a moment later: without `--keep-alive` it abandons them and exits 0 at once; with
    /// it, it stays and goes on running them (today's behaviour). Before the fix, the worker without `--keep-alive`
    /// logged "the sweep is done; waiting for the next one" and never exited.
    @Test func aWorkerStillRunningAUnitWhenTheSweepIsDoneExitsZeroAtOnceUnlessKeptAlive() throws {
        let f = try processes.fixture("done-mid-unit")
        let configText = try String(contentsOfFile: f.config, encoding: .utf8)
        let hash = try configHash(f)
        // The fault tests' sweep: two switches (four configurations) of 400 trees.
        let configurations = 4
        for keepAlive in [false, true] {
            let context = try ZMQContext()
            defer { context.terminate() }
            var options = ZMQSocketOptions()
            options.linger = 0
            let coordinator = try ZMQSocket(context: context, type: .router, options: options)
            defer { coordinator.close() }
            let endpoint = try coordinator.bind("ipc://\(f.dir)/bare-\(keepAlive)")
            let log = f.dir + "/worker-\(keepAlive).log"
            let worker = try processes.start(
                ["worker", "--connect", endpoint, "--slots", "1", "--id", "mid-unit"] + (keepAlive ? ["--keep-alive"] : []), stderr: log)
            defer { processes.stopIfRunning(worker, graceSeconds: 0) }
            // hello → welcome; credit → one unit per configuration, every tree.
            var identity: [UInt8] = []
            let deadline = Date().addingTimeInterval(20)
            while identity.isEmpty && Date() < deadline {
                if let frames = try coordinator.receive(dontWait: true), case .hello = try FrameCodec.decode(Array(frames.dropFirst())) {
                    identity = frames[0]
                } else {
                    usleep(5_000)
                }
            }
            try #require(!identity.isEmpty, "the worker said hello")
            let send = { (m: ProtocolMessage) in try coordinator.send([identity] + FrameCodec.encode(m)) }
            try send(.welcome(sweepID: "faults", configHash: hash, configText: configText, heartbeatMs: 1000, liveness: 3))
            let credit = try receive(coordinator, forMs: 10_000) { $0.contains { if case .credit = $0 { return true } else { return false } } }
            #expect(credit.contains { if case .credit = $0 { return true } else { return false } }, "\(credit)")
            let units = (0 ..< configurations).map { UnitSpec(configuration: $0, trees: 0 ..< 400) }
            try send(.assignments(units.map { Assignment(unit: $0, attempt: 1, timeLimitMs: 600_000) }))
            // Long enough for the first unit to start, far too short for it to end.
            let before = try receive(coordinator, forMs: 300)
            #expect(!before.contains { if case .result = $0 { return true } else { return false } }, "a unit ended before done: \(before)")
            let told = Date()
            try send(.disconnect(reason: "done"))
            if keepAlive {
                usleep(2_000_000)
                #expect(worker.isRunning, "the --keep-alive worker left")
                #expect(processes.waitForLog(log, "the sweep is done; waiting for the next one", seconds: 1))
            } else {
                #expect(processes.wait(worker, seconds: 10) == 0)
                let took = Date().timeIntervalSince(told)
                #expect(took < 3, "the worker took \(took) s to leave")
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                #expect(text.contains("the sweep is done; abandoned the units this worker still held units=\(configurations)"), "\(text)")
                #expect(text.contains("worker finished reason=\"the sweep is done\""), "\(text)")
                print("done mid-unit: the worker left \(String(format: "%.2f", took)) s after done")
            }
        }
    }

    /// A peer that says hello and sends, without being leased anything, every result of another sweep's journal (a
    /// sweep of the same shape, another seed): none is committed, each is acknowledged, the lines about them are
    /// rate-limited, and once an honest worker has run the sweep its reports are byte for byte those of `sweep run`.
    /// Before the fix every one of them was committed and the reports were the other sweep's.
    @Test func resultsCopiedFromAnotherSweepsJournalBySomeoneNeverLeasedThemChangeNothing() throws {
        let f = try processes.fixture("copied-results")
        let other = f.dir + "/other.yaml"
        try String(contentsOfFile: f.config, encoding: .utf8).replacingOccurrences(of: "seed: 9", with: "seed: 10")
            .write(toFile: other, atomically: true, encoding: .utf8)
        let ran = try cli.sweep("submit", other, "--output", f.dir + "/other", "--workers", "1", "--unit-seconds", "0.05", "--quiet")
        #expect(ran.status == 0, "\(ran.stderr)")
        let copied = try JournalReader.read(path: f.dir + "/other/journal.tsj").records.filter { $0.kind == .committed }.map { record in
            // The unit (configuration, first tree, tree count) then the result payload (docs/protocol.md, "The journal").
            var r = WireReader(record.payload)
            let configuration = Int(try r.u32("configuration")), first = Int(try r.u32("first tree")), count = Int(try r.u32("tree count"))
            return (UnitSpec(configuration: configuration, trees: first ..< first + count), try r.byteArray("payload", maxBytes: 1 << 30))
        }
        #expect(copied.count >= 20, "the other sweep journaled \(copied.count) units")

        let out = f.dir + "/out"
        let coordinator = try processes.startCoordinator(f, output: out, ["--unit-seconds", "0.05"])
        #expect(processes.waitForLog(f.dir + "/coordinator.log", "coordinator listening endpoint="))
        let context = try ZMQContext()
        defer { context.terminate() }
        var options = ZMQSocketOptions()
        options.linger = 1000
        options.routingID = Array("copycat".utf8)
        let peer = try ZMQSocket(context: context, type: .dealer, options: options)
        defer { peer.close() }
        try peer.connect(f.endpoint)
        try peer.send(FrameCodec.encode(.hello(workerID: "copycat", host: "test", slots: 1, engineVersion: try engineVersion())))
        let welcome = try receive(peer, forMs: 10_000) { !$0.isEmpty }
        guard case .welcome? = welcome.first else {
            Issue.record("no welcome: \(welcome)")
            return
        }
        for (unit, payload) in copied {
            try peer.send(FrameCodec.encode(.result(unit: unit, attempt: 1, status: .ok, elapsedMicroseconds: 1000, payload: payload, detail: "")))
        }
        /// The units `replies` acknowledge, one by one or in batches.
        func acknowledged(_ replies: [ProtocolMessage]) -> Int {
            replies.reduce(0) { n, m in
                if case .ack = m { return n + 1 }
                if case .acks(let units) = m { return n + units.count }
                return n
            }
        }
        let acked = acknowledged(try receive(peer, forMs: 20_000) { acknowledged($0) >= copied.count })
        #expect(acked == copied.count, "every copied result acknowledged: \(acked) of \(copied.count)")
        let honest = try processes.start(["worker", "--connect", f.endpoint, "--slots", "2", "--id", "honest"])
        #expect(processes.wait(coordinator) == 0)
        processes.stopIfRunning(honest)
        try processes.expectSameReports(out, f)
        let log = try String(contentsOfFile: f.dir + "/coordinator.log", encoding: .utf8)
        // One line a second about the peer, the first second taken by its joining: the rest held back and counted,
        // and the total said once at the end.
        let lines = log.split(separator: "\n").filter { $0.contains("discarded a result for a unit never leased to this worker") }
        #expect(lines.allSatisfy { $0.contains(" warning coordinator: ") && $0.hasSuffix(" worker=copycat") }, "\(log)")
        #expect(lines.count < copied.count, "rate-limited: \(lines.count) lines for \(copied.count) results")
        #expect(log.contains(" notice coordinator: held back log lines about a peer in the last second held="), "\(log)")
        #expect(
            log.contains(" warning coordinator: discarded results for units never leased to the peers that sent them results=\(copied.count)\n"),
            "\(log)")
        print("copied results: \(copied.count) sent, \(acked) acknowledged, none committed; \(lines.count) warning lines")
    }
}
