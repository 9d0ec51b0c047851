import Foundation
import SweepProtocol
import SweepTransportZMQ
import Testing

/// `sweep status` against running coordinators: the text and JSON forms, the status key, and a coordinator of
/// another protocol version.
extension ServiceFaultTests {
    /// `sweep status ENDPOINT --json …`, parsed.
    func statusDocument(_ endpoint: String, _ extra: [String] = []) throws -> [String: Any] {
        let result = try cli.sweep(["status", endpoint, "--json"] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
    }

    /// The scenarios a finished sweep ran: the sum of summary.csv's `runs` column.
    func summaryRuns(_ directory: String) throws -> Int {
        let rows = try String(contentsOfFile: directory + "/summary.csv", encoding: .utf8).split(separator: "\r\n").map { $0.split(separator: ",") }
        let column = try #require(rows.first?.firstIndex(of: "runs"))
        return rows.dropFirst().reduce(0) { $0 + (Int($1[column]) ?? 0) }
    }

    /// A key as the text log format writes it: Z85 may hold `=`, and such a value is quoted.
    static func logValue<S: StringProtocol>(_ key: S) -> String { key.contains("=") ? "\"\(key)\"" : String(key) }

    /// The first worker row of a status document.
    func firstWorker(_ document: [String: Any]) -> [String: Any]? { (document["workers"] as? [[String: Any]])?.first }

    @Test func statusShowsTheSweepItsProgressAndOneRowPerWorkerAsTextAndJSON() throws {
        let f = try fixture("status-report")
        // A long liveness: the worker is stopped below and must stay on the list while it is.
        let coordinator = try startCoordinator(f, output: f.dir + "/out", ["--liveness", "1000", "--unit-seconds", "0.05"])
        let worker = try start(["worker", "--connect", f.endpoint, "--slots", "1", "--id", "only"])
        #expect(waitForLog(f.dir + "/coordinator.log", "worker joined host=\(ProcessInfo.processInfo.hostName) slots=1 worker=only"))
        // Wait until it has delivered a unit and reported its load, then freeze it so that both forms see the same sweep.
        var document: [String: Any] = [:]
        for _ in 0 ..< 600 where ((firstWorker(document)?["unitsDone"] as? Int) ?? 0) == 0 || firstWorker(document)?["pid"] as? Int == nil {
            document = try statusDocument(f.endpoint)
            usleep(50_000)
        }
        kill(worker.processIdentifier, SIGSTOP)
        document = try statusDocument(f.endpoint)
        let text = try cli.sweep("status", f.endpoint)
        kill(worker.processIdentifier, SIGCONT)
        #expect(wait(coordinator) == 0)
        stopIfRunning(worker)

        #expect(document["format"] as? String == "touchsweep-status/1")
        #expect(document["protocol"] as? String == "SWP/4" && document["sweep"] as? String == "faults")
        let hash = try #require(document["configHash"] as? String)
        #expect(hash.count >= 12 && document["finished"] as? Bool == false)
        let trees = try #require(document["trees"] as? [String: Int])
        #expect(trees["total"] == 1600 && (trees["done"] ?? 0) > 0 && (trees["done"] ?? 0) < 1600, "\(trees)")
        let scenarios = try #require(document["scenarios"] as? [String: Int])
        // The true total (gestures with nothing to aim at are not counted), which is what the finished sweep ran.
        let ran = try summaryRuns(f.dir + "/out")
        #expect((scenarios["done"] ?? 0) > 0 && scenarios["total"] == ran, "\(scenarios)")
        let rate = try #require(document["rate"] as? [String: Any])
        #expect((rate["treesPerSecond"] as? Double ?? 0) > 0 && (document["etaSeconds"] as? Double ?? -1) > 0, "\(document)")
        #expect(document["retries"] as? Int == 0)
        #expect((document["quarantined"] as? [String: Any])?["count"] as? Int == 0)
        let row = try #require(firstWorker(document))
        #expect(row["id"] as? String == "only" && row["slots"] as? Int == 1 && (row["unitsDone"] as? Int ?? 0) > 0, "\(row)")
        #expect((row["host"] as? String)?.isEmpty == false && row["lastHeardSeconds"] != nil)
        // Its CPU and memory, as it measured and reported them itself.
        #expect(row["pid"] as? Int == Int(worker.processIdentifier) && (row["residentBytes"] as? Int ?? 0) > 1_000_000, "\(row)")

        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(text.stdout)")
        #expect(lines[0].hasPrefix("\(f.endpoint): sweep faults (config \(hash.prefix(12))): trees "), "\(lines[0])")
        #expect(lines[0].contains(" trees/s, ETA ") && lines[0].hasSuffix("; 1 worker, 0 retries, 0 quarantined"), "\(lines[0])")
        #expect(
            lines[1].split(separator: " ", omittingEmptySubsequences: true)
                == ["WORKER", "HOST", "SLOTS", "UNITS", "DONE", "HELD", "CPU", "MEMORY", "LAST", "HEARD"], "\(lines[1])")
        let cells = lines[2].split(separator: " ", omittingEmptySubsequences: true)
        #expect(cells.first == "only" && cells[2] == "1" && cells.last == "ago", "\(lines[2])")
        #expect(cells[5].hasSuffix("%") && cells[7] == "MiB", "\(lines[2])")
    }

    @Test func theStatusKeyReadsTheStatusAndIsRefusedWork() throws {
        let f = try fixture("status-key")
        let keys = f.dir + "/keys"
        #expect(try cli.sweep("keys", "generate", "--output", keys, "--workers", "1").status == 0)
        let coordinator = try start(
            [
                "submit", f.config, "--output", f.dir + "/out", "--workers", "0", "--listen", "tcp://127.0.0.1:*",
                "--key", keys + "/coordinator.secret", "--allow", keys + "/workers", "--status-keys", keys + "/status.pub"
            ],
            stderr: f.dir + "/coordinator.log")
        let endpoint = try #require(boundEndpoint(f.dir + "/coordinator.log"))
        let asStatus = ["--coordinator-key", keys + "/coordinator.pub", "--key", keys + "/status.secret"]

        let status = try cli.sweep(["status", endpoint] + asStatus)
        #expect(status.status == 0 && status.stdout.contains("sweep faults") && status.stdout.contains("trees 0/1600 (0%)"), "\(status.stderr)")
        let sneaky = try cli.sweep(["worker", "--connect", endpoint, "--id", "sneaky"] + asStatus)
        #expect(sneaky.status == 2)
        #expect(
            sneaky.stderr.contains("the coordinator refused this worker: this key is a status key: it may ask for status but never take work"),
            "\(sneaky.stderr)")
        let statusKey = try String(contentsOfFile: keys + "/status.pub", encoding: .utf8).split(separator: "\"")[1]
        #expect(
            waitForLog(
                f.dir + "/coordinator.log",
                "refused a message from a status key, which may ask for status only key=\(statusKey) type=hello worker=sneaky".replacingOccurrences(
                    of: "key=\(statusKey)", with: "key=\(Self.logValue(statusKey))")))
        // It took nothing: still no tree done, no worker.
        let after = try cli.sweep(["status", endpoint] + asStatus)
        #expect(after.stdout.contains("trees 0/1600 (0%)") && after.stdout.contains("; 0 workers,"), "\(after.stdout)")
        kill(coordinator.processIdentifier, SIGKILL)
        coordinator.waitUntilExit()
    }

    @Test func aCoordinatorOfAnotherProtocolVersionIsOneSentence() throws {
        let f = try fixture("status-old")
        let context = try ZMQContext()
        defer { context.terminate() }
        var options = ZMQSocketOptions()
        options.linger = 0
        let old = try ZMQSocket(context: context, type: .router, options: options)
        defer { old.close() }
        _ = try old.bind(f.endpoint)
        let status = try start(["status", f.endpoint, "--timeout", "10"], stderr: f.dir + "/status.log")
        // An SWP/2 coordinator answers with its seven counters under a version-2 header.
        var request: [[UInt8]]?
        for _ in 0 ..< 100 where request == nil {
            if try ZMQSocket.poll([(old, .readable)], timeoutMs: 100).first == true { request = try old.receive(dontWait: true) }
        }
        let peer = try #require(request?.first)
        var body = WireWriter()
        for v in [0, 10, 0, 1600, 0, 0, 0] { body.int(v) }
        try old.send([peer, FrameCodec.header(.status, version: 2), body.bytes])
        #expect(wait(status, seconds: 20) == 1)
        let said = try String(contentsOfFile: f.dir + "/status.log", encoding: .utf8)
        #expect(
            said == "sweep status: the coordinator at \(f.endpoint) speaks SWP/2 and this sweep speaks SWP/4 (see sweep --version); "
                + "ask it with the sweep of the coordinator's release\n")
    }
}
