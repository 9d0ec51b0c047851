import Foundation
import Testing

/// `sweep submit --metrics-port`: the live view (`/live`, `/live.json`) of a running coordinator, rendered by a real
/// headless Chromium while the sweep runs and once it has finished.
extension ServiceFaultTests {
    /// A headless Chromium on PATH (Debian's `chromium`, or chromium-browser / google-chrome), if any.
    static let chromium: String? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { name in
        (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map { $0 + "/" + name }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
    }.first

    /// The DOM of `url` as Chromium leaves it after 10 s of virtual time (its script runs; fetches finish first).
    func renderedDOM(_ url: String) throws -> String {
        try cli.run(
            URL(fileURLWithPath: Self.chromium!),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--log-level=3", "--window-size=1440,900",
                "--virtual-time-budget=10000", "--dump-dom", url
            ]
        ).stdout
    }

    /// `/live.json` of the coordinator on `port`, asked with the live view's `token`, parsed.
    func liveDocument(port: Int, token: String) throws -> [String: Any] {
        let text = try #require(scrape(port: port, path: "/live.json?token=\(token)"), "/live.json did not answer")
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
    }

    @Test(.enabled(if: ServiceFaultTests.chromium != nil, "no chromium, chromium-browser or google-chrome on PATH (Debian: apt-get install chromium)"))
    func theLivePageShowsTheRunningSweepInAHeadlessBrowserAndItsFinalCountsAreTheSummarys() throws {
        let f = try fixture("live-view")
        let release = f.dir + "/release-reports"
        let coordinator = try start(
            [
                "submit", f.config, "--output", f.dir + "/out", "--workers", "0", "--listen", f.endpoint,
                "--metrics-port", "0", "--liveness", "1000", "--unit-seconds", "0.05", "--hold-reports-until", release
            ],
            stderr: f.dir + "/coordinator.log")
        #expect(waitForLog(f.dir + "/coordinator.log", "serving the live view url="))
        let log = try String(contentsOfFile: f.dir + "/coordinator.log", encoding: .utf8)
        // Local workers over ipc:// and no --metrics-address: the port is the loopback's, the live view behind a token.
        let url = try #require(log.range(of: "serving the live view url=\"http://127.0.0.1:").map { log[$0.upperBound...].prefix { $0 != "\"" } }, "\(log)")
        let port = try #require(Int(url.prefix { $0.isNumber }))
        let token = try #require(url.range(of: "/live?token=").map { String(url[$0.upperBound...]) }, "\(url)")
        #expect(token.count == 32)
        #expect(scrape(port: port, path: "/live.json") == nil, "without the token the live view answers 401")
        let worker = try start(["worker", "--connect", f.endpoint, "--slots", "1", "--id", "w"])
        // Once a unit is in, freeze the worker: the page, the JSON and `sweep status` then see one state.
        var document: [String: Any] = [:]
        func status(_ d: [String: Any]) -> [String: Any] { d["status"] as? [String: Any] ?? [:] }
        func unitsDone(_ d: [String: Any]) -> Int { (status(d)["units"] as? [String: Int])?["done"] ?? 0 }
        // A worker's first load report goes out within a tenth of a second of its welcome.
        func reported(_ d: [String: Any]) -> Bool { ((status(d)["workers"] as? [[String: Any]])?.first?["pid"] as? Int) != nil }
        for _ in 0 ..< 600 where unitsDone(document) == 0 || !reported(document) {
            usleep(50_000)
            document = (try? liveDocument(port: port, token: token)) ?? [:]
        }
        kill(worker.processIdentifier, SIGSTOP)
        var cliStatus: [String: Any] = [:]
        for _ in 0 ..< 100 {
            usleep(100_000)
            document = try liveDocument(port: port, token: token)
            cliStatus = try statusDocument(f.endpoint)
            if ["trees", "scenarios", "units"].allSatisfy({ (status(document)[$0] as? NSDictionary) == (cliStatus[$0] as? NSDictionary) }) { break }
        }
        let running = try renderedDOM("http://127.0.0.1:\(port)/live?token=\(token)")
        kill(worker.processIdentifier, SIGCONT)

        // /live.json: the status document of `sweep status --json`, and per configuration its counts so far.
        #expect(document["format"] as? String == "touchsweep-live/1")
        let live = status(document)
        #expect(live["format"] as? String == "touchsweep-status/1" && live["sweep"] as? String == "faults" && live["finished"] as? Bool == false)
        for key in ["configHash", "protocol", "retries"] { #expect(live[key] as? NSObject == cliStatus[key] as? NSObject, "\(key)") }
        for key in ["trees", "scenarios", "units", "quarantined"] {
            #expect(live[key] as? NSDictionary == cliStatus[key] as? NSDictionary, "\(key): \(live[key] ?? "") vs \(cliStatus[key] ?? "")")
        }
        let workers = try #require(live["workers"] as? [[String: Any]])
        #expect(workers.map { $0["id"] as? String } == ["w"] && workers.first?["unitsDone"] as? Int == firstWorker(cliStatus)?["unitsDone"] as? Int)
        let trees = try #require(live["trees"] as? [String: Int])
        #expect((trees["done"] ?? 0) > 0 && (trees["done"] ?? 0) < 1600 && trees["total"] == 1600, "\(trees)")
        let configurations = try #require(document["configurations"] as? [[String: Any]])
        #expect(configurations.count == 4)
        #expect(configurations.reduce(0) { $0 + ($1["runs"] as? Int ?? 0) } == (live["scenarios"] as? [String: Int])?["done"])

        // /live in the browser: the progress, the worker, a heatmap with percentages, and the script refreshing it.
        #expect(running.contains("data-finished=\"false\""), "\(running.prefix(2000))")
        #expect(running.contains("data-live=\"trees\">\(trees["done"]!) of 1600 ("), "\(running.prefix(4000))")
        #expect(running.contains("<tr data-worker=\"w\"><td>w</td>"))
        #expect(running.contains("<svg class=\"heatmap\""))
        // Issue 35: the coordinator's CPU and memory, the worker's as it reported them (a process the coordinator did
        // not start), and the throughput's history.
        #expect(running.contains("<tr data-process=\"coordinator\""), "\(running.prefix(4000))")
        let row = try #require(firstWorker(live))
        #expect(row["pid"] as? Int == Int(worker.processIdentifier) && (row["residentBytes"] as? Int ?? 0) > 1_000_000, "\(row)")
        #expect(row["cpuPercent"] is Double || row["cpuPercent"] is NSNull, "\(row)")
        #expect(
            running.contains(
                "<tr data-process=\"w\" data-resident-bytes=\"\(row["residentBytes"] as? Int ?? 0)\"><td>w</td><td>\(worker.processIdentifier)</td>"))
        #expect(running.contains("<section id=\"throughput\">"))
        #expect((document["processes"] as? [[String: Any]])?.first?["name"] as? String == "coordinator", "\(document["processes"] ?? "")")
        #expect(running.range(of: "<text [^>]*text-anchor=\"middle\" fill=\"#[0-9a-f]{6}\">[0-9]+\\.[0-9]%</text>", options: .regularExpression) != nil)
        let refreshes = running.range(of: "data-refreshes=\"[0-9]+\"", options: .regularExpression).map { String(running[$0]) }
        #expect(refreshes != nil && refreshes != "data-refreshes=\"0\"", "the page never fetched itself again")

        // Finished (the reports held back): the last snapshot says so, and so does the page.
        for _ in 0 ..< 1200 where status(document)["finished"] as? Bool != true {
            usleep(100_000)
            document = try liveDocument(port: port, token: token)
        }
        #expect(status(document)["finished"] as? Bool == true)
        let finished = try renderedDOM("http://127.0.0.1:\(port)/live?token=\(token)")
        #expect(finished.contains("data-finished=\"true\"") && finished.contains("data-live=\"trees\">1600 of 1600 (100.0%)"))
        #expect(finished.contains("finished: every tree is done or quarantined"))
        _ = FileManager.default.createFile(atPath: release, contents: nil)
        #expect(wait(coordinator) == 0)
        stopIfRunning(worker)

        // The final snapshot's counts are summary.csv's, configuration by configuration.
        let summary = try String(contentsOfFile: f.dir + "/out/summary.csv", encoding: .utf8).split(whereSeparator: \.isNewline)
            .map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = summary[0], rows = summary.dropFirst()
        let final = try #require(document["configurations"] as? [[String: Any]])
        let defects = try #require(document["defects"] as? [String])
        #expect(final.map { $0["id"] as? String } == rows.map { $0[header.firstIndex(of: "config_id")!] })
        for (configuration, row) in zip(final, rows) {
            func column(_ name: String) -> Int? { header.firstIndex(of: name).flatMap { Int(row[$0]) } }
            #expect(configuration["runs"] as? Int == column("runs"))
            let counts = try #require(configuration["defects"] as? [String: [String: Any]])
            for d in defects {
                #expect(
                    counts[d]?["attempts"] as? Int == column(d + "_attempts") && counts[d]?["count"] as? Int == column(d + "_count"),
                    "\(configuration["id"] ?? "") \(d)")
            }
        }
    }
}
