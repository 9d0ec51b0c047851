import Foundation
import SweepCore
import SweepNode
import SweepPlanning
import SweepProtocol
import SweepResultCodec
import SweepTransportZMQ
import Synchronization
import TouchEngine

/// `engine-bench --dispatch N`: coordinator dispatch rate with empty units on loopback TCP, every result
/// decoded, merged and journaled; and the coordinator's memory on a plan of 10⁸ scenario runs.
enum DispatchBench {
    /// A plan of `trees` feed trees × 22 gestures in each of `configurations` configurations (one axis, `step` ms apart).
    static func feedConfig(name: String, configurations: Int, trees: Int, step: Int = 5) -> String {
        """
        name: \(name)
        seed: 1
        axes:
          contentTouchDelay: {from: 0, to: \(step * (configurations - 1)), step: \(step)}
        trees:
          perConfiguration: \(trees)
          templates: {feed: 1}
        gestures:
          placements: 2
        """
    }

    /// 100 configurations × 45,455 trees × 22 gestures ≈ 10⁸ scenario runs.
    static let config = feedConfig(name: "dispatch-bench", configurations: 100, trees: 45455)

    static func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }

    /// One round: prints its rate and the memory figures, returns the rate (units per second; 0 on failure).
    @discardableResult
    /// `relay`: through the coordinator's ``InboundRelay`` as every `tcp://` sweep is, or to the ROUTER bound directly.
    static func run(units: Int, relay: Bool = true) -> Int {
        let plan: SweepPlan
        do { plan = SweepPlan(try SweepConfigLoader.load(yaml: config, path: "dispatch-bench.yaml")) } catch {
            print("engine-bench: \(error)"); exit(2)
        }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsweep-dispatch-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let endpoint = Mutex<String?>(nil)
        let committed = Atomic<Int>(0)
        var options = CoordinatorNode.Options(listen: "tcp://127.0.0.1:*", outputDirectory: dir)
        options.relay = relay
        options.onListening = { bound in endpoint.withLock { $0 = bound } }
        options.onProgress = { p in committed.store(p.unitsDone, ordering: .relaxed) }
        // The clock stops when the last unit is seen committed: look often, or the measurement includes up to
        // one progress interval of waiting (500 ms by default).
        options.progressIntervalMs = 2
        // The status report's scenario total is not measured here; counting it would generate every tree first.
        options.scenariosTotal = plan.totalRuns
        let rssBefore = residentKilobytes()
        let coordinatorOptions = options
        let coordinatorThread = Thread {
            let node = CoordinatorNode(plan: plan, configText: config, options: coordinatorOptions)
            _ = try? node.run(stop: { committed.load(ordering: .relaxed) >= units })
        }
        coordinatorThread.start()
        while endpoint.withLock({ $0 }) == nil { usleep(1000) }

        // The bench worker: answers every assignment at once with an empty (valid) result.
        do {
            let context = try ZMQContext()
            var o = ZMQSocketOptions()
            o.linger = 0
            o.routingID = Array("bench-worker".utf8)
            let socket = try ZMQSocket(context: context, type: .dealer, options: o)
            try socket.connect(endpoint.withLock { $0 }!)
            try socket.send(FrameCodec.encode(.hello(workerID: "bench-worker", host: "bench", slots: 64, engineVersion: EngineVersion.current)))
            try socket.send(FrameCodec.encode(.credit(count: 512)))
            let clock = ContinuousClock()
            var start: ContinuousClock.Instant?
            var answered = 0
            var rssSamples: [Int] = []
            var nextSample = units / 4
            // An empty result per configuration, encoded once (the bench worker should not be the bottleneck).
            let payloads = (0 ..< plan.configurations.count).map { ResultCodec.encode(UnitResult(configuration: $0)) }
            while answered < units {
                guard try ZMQSocket.poll([(socket, .readable)], timeoutMs: 1000).first == true else { break }
                while let frames = try socket.receive(dontWait: true) {
                    let assigned: [Assignment]
                    switch try FrameCodec.decode(frames) {
                    case let .assign(unit, attempt, timeLimitMs): assigned = [Assignment(unit: unit, attempt: attempt, timeLimitMs: timeLimitMs)]
                    case let .assignments(list): assigned = list
                    default: continue
                    }
                    if start == nil { start = clock.now }
                    for a in assigned {
                        try socket.send(
                            FrameCodec.encode(
                                .result(
                                    unit: a.unit, attempt: a.attempt, status: .ok, elapsedMicroseconds: 0,
                                    payload: payloads[a.unit.configuration], detail: "")))
                        answered += 1
                        // Credit comes back in batches of 16, as a busy multi-slot worker would grant it.
                        if answered % 16 == 0 { try socket.send(FrameCodec.encode(.credit(count: 16))) }
                        if answered >= nextSample { rssSamples.append(residentKilobytes()); nextSample += units / 4 }
                    }
                }
            }
            while committed.load(ordering: .relaxed) < units && coordinatorThread.isExecuting { usleep(1000) }
            let d = clock.now - (start ?? clock.now)
            let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
            socket.close()
            context.terminate()
            print(
                "dispatch\(relay ? "" : " (ROUTER bound directly, no relay)"): \(answered) empty units in \(String(format: "%.2f", seconds)) s = "
                    + "\(Int(Double(answered) / seconds)) units/s (loopback tcp, results decoded, merged and journaled; target ≥ 100000)")
            print(
                "coordinator memory on a plan of \(plan.totalRuns) scenario runs: RSS \(rssBefore / 1024) MiB before, "
                    + rssSamples.map { "\($0 / 1024)" }.joined(separator: " → ") + " MiB during the dispatch (whole bench process)")
            while coordinatorThread.isExecuting { usleep(1000) }
            return Int(Double(answered) / seconds)
        } catch {
            print("engine-bench: dispatch failed: \(error)")
        }
        while coordinatorThread.isExecuting { usleep(1000) }
        return 0
    }
}
