import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `sweep submit --metrics-port`: Prometheus text from a running coordinator.
extension DistributedFaultTests {
    /// `GET path` on 127.0.0.1:`port` with a plain socket; the body of a 200 answer, or nil.
    func scrape(port: Int, path: String = "/metrics") -> String? {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { return nil }
        let request = Array("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n".utf8)
        guard write(fd, request, request.count) == request.count else { return nil }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n <= 0 { break }
            response += buffer[..<n]
        }
        let text = String(decoding: response, as: UTF8.self)
        guard text.hasPrefix("HTTP/1.1 200"), let body = text.range(of: "\r\n\r\n") else { return nil }
        return String(text[body.upperBound...])
    }

    /// The value of the sample line starting with `name{`, or nil.
    func sample(_ text: String, _ name: String) -> Double? {
        text.split(separator: "\n").first { $0.hasPrefix(name + "{") }.flatMap { Double($0.split(separator: " ").last ?? "") }
    }

    @Test func metricsShowTheSweepMovingWhileItRuns() throws {
        let f = try fixture("metrics")
        let coordinator = try startCoordinator(f, output: f.dir + "/out", ["--metrics-port", "0"])
        let log = f.dir + "/coordinator.log"
        #expect(waitForLog(log, "info submit: serving metrics url=http://0.0.0.0:"))
        let text = try String(contentsOfFile: log, encoding: .utf8)
        let port = try #require(text.range(of: "serving metrics url=http://0.0.0.0:").map { Int(text[$0.upperBound...].prefix { $0.isNumber }) ?? 0 })
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
}
