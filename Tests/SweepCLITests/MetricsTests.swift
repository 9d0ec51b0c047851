import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `sweep submit --metrics-port`: Prometheus text from a running coordinator.
extension ServiceFaultTests {
    /// `GET path` on 127.0.0.1:`port` with a plain socket; the body of a 200 answer, or nil.
    func scrape(port: Int, path: String = "/metrics") -> String? {
        guard let answer = RawHTTPClient.get(port: UInt16(port), path), answer.status == 200 else { return nil }
        return answer.body
    }

    /// A cluster-mode coordinator serving metrics on a free port, and that port (from its log line).
    func startCoordinatorWithMetrics(_ f: Fixture) throws -> (coordinator: Process, port: Int) {
        let coordinator = try startCoordinator(f, output: f.dir + "/out", ["--metrics-port", "0"])
        let log = f.dir + "/coordinator.log"
        #expect(waitForLog(log, "info submit: serving metrics url=http://127.0.0.1:"))
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let port = try #require(text.range(of: "serving metrics url=http://127.0.0.1:").flatMap { Int(text[$0.upperBound...].prefix { $0.isNumber }) })
        return (coordinator, port)
    }

    /// The value of the sample line starting with `name{`, or nil.
    func sample(_ text: String, _ name: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + "{") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test func metricsShowTheSweepMovingWhileItRuns() throws {
        let f = try fixture("metrics")
        let (coordinator, port) = try startCoordinatorWithMetrics(f)
        let before = try #require(scrape(port: port))
        #expect(before.contains("# TYPE touchsweep_units_done_total counter"))
        #expect(sample(before, "touchsweep_trees") == 1600 && sample(before, "touchsweep_workers") == 0)
        #expect(sample(before, "touchsweep_units_done_total") == 0)
        #expect(before.contains("touchsweep_trees{sweep=\"faults\"}"))

        let worker = try start(["worker", "--connect", f.endpoint, "--slots", "1", "--id", "w"])
        var during: String?
        let deadline = Date().addingTimeInterval(60)
        while Date() < deadline, coordinator.isRunning {
            if let now = scrape(port: port), (sample(now, "touchsweep_units_done_total") ?? 0) > 0 { during = now; break }
            usleep(100_000)
        }
        let seen = try #require(during, "no scrape saw a committed unit")
        #expect(sample(seen, "touchsweep_workers") == 1 && sample(seen, "touchsweep_slots") == 1)
        #expect((sample(seen, "touchsweep_scenarios_done_total") ?? 0) > 0)
        #expect((sample(seen, "touchsweep_trees_unassigned") ?? 1600) < 1600)
        #expect(wait(coordinator) == 0)
        stopIfRunning(worker)
        #expect(scrape(port: port) == nil, "the metrics endpoint closes with the coordinator")
    }

    /// Issue 30, item 1, as reported: two clients sending 8 MiB header lines to `--metrics-port`, and two dripping
    /// a head a byte at a time, for the whole sweep. `/metrics` still answers, the sweep's reports are those of
    /// `sweep run`, and the coordinator exits within seconds of its last unit (it was still running 90 s after
    /// writing its reports).
    @Test func hostileHTTPClientsNeitherStarveTheMetricsNorHoldTheSweepsExit() throws {
        let f = try fixture("metrics-attack")
        let (coordinator, metricsPort) = try startCoordinatorWithMetrics(f)
        let port = UInt16(metricsPort), log = f.dir + "/coordinator.log"
        let stop = StopFlag()
        let floods = (0 ..< 2).map { _ in
            Thread {
                let line = [UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20)
                while !stop.isSet {
                    guard let client = RawHTTPClient(port: port, receiveTimeoutSeconds: 1) else { usleep(50_000); continue }
                    client.send("GET /metrics HTTP/1.1\r\nX-Long: ")
                    client.send(line)
                }
            }
        }
        let drips = (0 ..< 2).map { _ in
            Thread {
                while !stop.isSet {
                    guard let client = RawHTTPClient(port: port, receiveTimeoutSeconds: 1) else { usleep(50_000); continue }
                    client.send("GET /live.json HTTP/1.1\r\n")
                    while !stop.isSet && client.send("X") { usleep(200_000) }
                }
            }
        }
        for attacker in floods + drips { attacker.start() }
        defer { stop.set() }
        usleep(300_000)
        let worker = try start(["worker", "--connect", f.endpoint, "--slots", "2", "--id", "w"])
        var slowest = 0.0
        var scrapes = 0
        while coordinator.isRunning && !((try? String(contentsOfFile: log, encoding: .utf8))?.contains("writing the reports") ?? false) {
            let start = Date()
            if scrape(port: metricsPort) != nil { scrapes += 1 }
            slowest = max(slowest, Date().timeIntervalSince(start))
            usleep(200_000)
        }
        #expect(scrapes > 0 && slowest < 2, "\(scrapes) scrapes under attack, the slowest \(slowest) s")
        let finishing = Date()
        #expect(wait(coordinator, seconds: 60) == 0)
        let tail = Date().timeIntervalSince(finishing)
        #expect(tail < 15, "the coordinator exited \(tail) s after its last unit, with the attack still going")
        stop.set()
        stopIfRunning(worker)
        try expectSameReports(f.dir + "/out", f)
    }

    /// Issue 30, item 10: under `ulimit -n 1024`, 1,100 idle connections took the listener down for good. Under a
    /// tighter `ulimit -n 128`, 1,100 connections (300 held open at a time, idle) leave it answering: past the cap
    /// each is answered 503 and closed at once, so the coordinator never runs out of descriptors.
    @Test func a1100IdleConnectionsUnderALowDescriptorLimitLeaveTheListenerAnswering() throws {
        let f = try fixture("metrics-descriptors")
        let arguments = ["submit", f.config, "--output", f.dir + "/out", "--workers", "0", "--listen", f.endpoint, "--metrics-port", "0"]
        let log = f.dir + "/coordinator.log"
        let coordinator = try Program.start(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -n 128 && exec \"$0\" \"$@\"", SweepCLITests.sweepBinary.path] + arguments,
            standardError: .file(log))
        defer { if coordinator.isRunning { kill(coordinator.processIdentifier, SIGKILL) } }
        #expect(waitForLog(log, "info submit: serving metrics url=http://127.0.0.1:"))
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let port = try #require(text.range(of: "serving metrics url=http://127.0.0.1:").flatMap { UInt16(text[$0.upperBound...].prefix { $0.isNumber }) })
        var opened = 0, refused = 0
        for _ in 0 ..< 4 {
            let idle = (0 ..< 275).compactMap { _ in RawHTTPClient(port: port, receiveTimeoutSeconds: 1) }
            opened += idle.count
            refused += idle.suffix(100).filter { $0.status() == 503 }.count
        }
        #expect(opened == 1100, "every connection was accepted by the kernel")
        #expect(refused >= 300, "the connections past the cap were answered 503: \(refused) of the last 100 of each batch")
        usleep(300_000)
        #expect(scrape(port: Int(port)) != nil, "the listener still answers")
        #expect(coordinator.isRunning)
    }
}
