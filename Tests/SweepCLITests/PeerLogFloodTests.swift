import Foundation
import SweepProtocol
import SweepTransportZMQ
import Testing

/// Issue 30 §10, on real processes: the coordinator's log under a flood of hellos, and a normal sweep's log.
extension ServiceFaultTests {
    /// The engine this build's workers run (`sweep --version`), for a raw peer's hello.
    func engineVersion() throws -> String {
        let version = try cli.sweep("--version")
        let line = try #require(version.stdout.split(separator: "\n").first { $0.hasPrefix("engine ") })
        return String(line.dropFirst("engine ".count))
    }

    /// The sum of the counts in the "held back" notices among `lines`.
    func heldBack(_ lines: [Substring]) -> Int {
        lines.filter { $0.contains("held back log lines") }.compactMap { line in
            line.range(of: " held=").flatMap { Int(line[$0.upperBound...].prefix { $0.isNumber }) }
        }.reduce(0, +)
    }

    /// 500 raw peers each say hello and close. Before, that was 1,000 lines (a join and a going for each); now the
    /// lines about peers pass at most 100 a second, every other one is counted in a notice, and the sweep that
    /// follows ends with the reports of `sweep run`.
    @Test func fiveHundredHellosGiveABoundedNumberOfLinesAndTheSweepGoesOn() throws {
        let f = try fixture("hello-flood")
        let out = f.dir + "/out", log = f.dir + "/coordinator.log"
        let coordinator = try startCoordinator(f, output: out, ["--unit-seconds", "0.05", "--heartbeat-ms", "200"])
        #expect(waitForLog(log, "coordinator listening endpoint="))
        let engine = try engineVersion()
        let context = try ZMQContext()
        var peers: [ZMQSocket] = []
        let started = Date()
        for i in 0 ..< 500 {
            let peer = try ZMQSocket(context: context, type: .dealer, options: ZMQSocketOptions(linger: 1000, routingID: Array("hello-\(i)".utf8)))
            try peer.connect(f.endpoint)
            try peer.send(FrameCodec.encode(.hello(workerID: "hello-\(i)", host: "flood", slots: 1, engineVersion: engine)))
            peers.append(peer)
        }
        usleep(500_000)
        for peer in peers { peer.close() }
        context.terminate()
        // Each is declared dead or unreachable within liveness × heartbeat (600 ms); its notices follow a second on.
        usleep(3_000_000)
        let seconds = Date().timeIntervalSince(started)
        let flood = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n")
        let about = flood.filter { $0.contains("worker=hello-") }
        print("hello flood: \(about.count) lines about the 500 peers in \(Int(seconds)) s, \(heldBack(flood)) held back")
        #expect(about.count <= 100 * (Int(seconds) + 1), "at most 100 lines a second about peers: \(about.count)")
        #expect(about.count < 1000)
        #expect(about.count + heldBack(flood) == 1000, "each join and each going logged or counted: \(about.count) lines")
        #expect(flood.filter { $0.contains("held back log lines") }.count <= 11 * (Int(seconds) + 1), "few notices")

        let workers = try (0 ..< 2).map { try start(["worker", "--connect", f.endpoint, "--slots", "1", "--id", "after-\($0)"]) }
        #expect(wait(coordinator) == 0)
        for w in workers { stopIfRunning(w) }
        try expectSameReports(out, f)
    }

    /// A sweep with workers that end normally and `sweep status` clients that come and go logs nothing at warning
    /// level: a closed connection is a debug line (libzmq 4.3.4 reports a peer's close and a frame over
    /// ZMQ_MAXMSGSIZE alike), and a worker leaving a finished sweep is not news.
    @Test func aNormalSweepWithStatusClientsLogsNoWarning() throws {
        let f = try fixture("no-warning")
        let out = f.dir + "/out", log = f.dir + "/coordinator.log"
        let coordinator = try startCoordinator(f, output: out, ["--unit-seconds", "0.05"])
        #expect(waitForLog(log, "coordinator listening endpoint="))
        let workers = try (0 ..< 2).map { try start(["worker", "--connect", f.endpoint, "--slots", "1", "--id", "normal-\($0)"]) }
        #expect(waitForLog(log, "worker joined"))
        var asked = 0
        while coordinator.isRunning && asked < 3 {
            if try cli.sweep("status", f.endpoint).status == 0 { asked += 1 }
            usleep(200_000)
        }
        #expect(wait(coordinator) == 0)
        for w in workers { #expect(wait(w, seconds: 20) == 0, "a worker without --keep-alive leaves a finished sweep") }
        try expectSameReports(out, f)
        #expect(asked >= 1, "sweep status was answered while the sweep ran")
        let said = try String(contentsOfFile: log, encoding: .utf8)
        let warnings = said.split(separator: "\n").filter { $0.contains(" warning ") || $0.contains(" error ") }
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(said.contains("worker joined") && said.contains("every tree is done"), "\(said)")
    }
}
