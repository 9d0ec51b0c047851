import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A coordinator host and three worker hosts with their own addresses (network namespaces), over CURVE.
/// Skipped, with the reason shown, where namespaces cannot be made.
@Suite(.serialized, .enabled(if: NetworkLab.unavailable == nil, Comment(rawValue: NetworkLab.unavailable ?? "")))
struct MultiHostTests {
    let cli = SweepCLITests()
    let faults = DistributedFaultTests()
    static let heartbeatMs = 250

    /// Long enough (in a debug build) that a link can be cut and restored while it runs.
    static let config = """
        name: multihost
        seed: 11
        axes:
          scrollViews.delaysContentTouches: [true, false]
          dismissTap.cancelsTouchesInView: [true, false]
        trees:
          perConfiguration: 1500
          templates: {feed: 1, form: 1, drawer: 1, pager: 1}
        gestures:
          placements: 2
        examples: 2
        """

    @Test func aCutLinkMovesItsUnitsWithinThreeHeartbeatsAndTheWorkerRejoinsWhenItComesBack() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-multihost-\(getpid())").path
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let config = dir + "/multihost.yaml"
        try Self.config.write(toFile: config, atomically: true, encoding: .utf8)
        let reference = try cli.sweep("run", config, "--output", dir + "/reference", "--quiet")
        #expect(reference.status == 0)
        _ = try cli.sweep("keys", "generate", "--out", dir + "/keys", "--workers", "3")

        let lab = try NetworkLab(workers: 3)
        defer { lab.tearDown() }
        let log = dir + "/coordinator.log"
        let coordinator = try lab.start(in: lab.coordinator, [
            "submit", config, "--output", dir + "/out", "--workers", "0", "--listen", "tcp://\(lab.coordinatorAddress):5555",
            "--key", dir + "/keys/coordinator.secret", "--allow", dir + "/keys/workers",
            "--heartbeat-ms", "\(Self.heartbeatMs)", "--liveness", "3", "--unit-seconds", "0.2",
        ], log: log)
        defer { if coordinator.isRunning { kill(coordinator.processIdentifier, SIGKILL) } }
        #expect(faults.waitForLog(log, "coordinator at tcp://10.77.0.1:5555"))
        var workers: [Process] = []
        for (i, host) in lab.workers.enumerated() {
            workers.append(try lab.start(in: host, [
                "worker", "--connect", "tcp://\(lab.coordinatorAddress):5555", "--slots", "1", "--id", "host\(i + 1)",
                "--coordinator-key", dir + "/keys/coordinator.pub", "--key", dir + "/keys/workers/worker-\(i + 1).secret",
            ], log: dir + "/worker\(i + 1).log"))
        }
        defer { for w in workers where w.isRunning { kill(w.processIdentifier, SIGKILL) } }
        for i in 1 ... 3 { #expect(faults.waitForLog(log, "worker host\(i) joined")) }
        #expect(faults.waitForLog(log, "units, trees"), "no progress over CURVE")
        usleep(500_000)

        // Cut host2's cable: its leases must move on within three heartbeat intervals (plus one lease check).
        lab.setLink(ofWorker: 1, up: false)
        let cut = Date()
        #expect(faults.waitForLog(log, "lost with worker host2", seconds: 10))
        let moved = Date().timeIntervalSince(cut) * 1000
        let allowance = Double(3 * Self.heartbeatMs + Self.heartbeatMs / 5) + 50
        #expect(moved <= allowance, "host2's units moved on after \(Int(moved)) ms; allowed \(Int(allowance)) ms")
        print("multi-host: host2's units were re-leased \(Int(moved)) ms after its link was cut (heartbeat \(Self.heartbeatMs) ms)")

        // Restore it: host2 re-registers while the sweep still runs.
        usleep(300_000)
        lab.setLink(ofWorker: 1, up: true)
        let said = { (try? String(contentsOfFile: log, encoding: .utf8)) ?? "" }
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, said().components(separatedBy: "worker host2 joined").count < 3, coordinator.isRunning { usleep(50_000) }
        #expect(said().components(separatedBy: "worker host2 joined").count == 3, "host2 did not rejoin: \(said())")

        #expect(faults.wait(coordinator, seconds: 180) == 0)
        for w in workers { faults.stopIfRunning(w) }
        for name in ["summary.csv", "by_template.csv", "by_gesture.csv", "plan.yaml", "config.yaml"] {
            let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/out/" + name))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/reference/" + name))
            #expect(a == b, "\(name) differs from sweep run's")
        }
        let examples = { (d: String) in try String(contentsOfFile: d + "/examples.csv", encoding: .utf8).replacingOccurrences(of: d, with: "OUT") }
        #expect(try examples(dir + "/out") == examples(dir + "/reference"))
    }
}
