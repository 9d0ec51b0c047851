import Foundation

/// `engine-bench --distributed CONFIG SWEEP`: wall time of `sweep run --threads N` against
/// `sweep submit --workers N` on the same config (N = 1, 2), and the 1 → 2 worker speed-up.
enum DistributedBench {
    static func time(_ sweep: String, _ arguments: [String]) -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sweep)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let clock = ContinuousClock()
        let start = clock.now
        do { try process.run() } catch { print("engine-bench: cannot run \(sweep): \(error)"); exit(2) }
        process.waitUntilExit()
        let d = clock.now - start
        if process.terminationStatus != 0 { print("engine-bench: \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
        return Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }

    static func run(configPath: String, sweep: String) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsweep-distbench-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var runTimes: [Int: Double] = [:], submitTimes: [Int: Double] = [:]
        for n in [1, 2] {
            runTimes[n] = time(sweep, ["run", configPath, "--threads", "\(n)", "--output", dir + "/run\(n)", "--quiet"])
            submitTimes[n] = time(sweep, ["submit", configPath, "--workers", "\(n)", "--output", dir + "/submit\(n)", "--quiet", "--restart"])
            let ratio = runTimes[n]! / submitTimes[n]!
            print(String(format: "n=%d: sweep run --threads %d %.2f s, sweep submit --workers %d %.2f s: submit/run throughput %.3f (target ≥ 0.97)",
                         n, n, runTimes[n]!, n, submitTimes[n]!, ratio))
        }
        print(String(format: "sweep submit, 1 → 2 workers: %.2f× (target ≥ 1.9 on this 2-core machine)", submitTimes[1]! / submitTimes[2]!))
        let same = (try? Data(contentsOf: URL(fileURLWithPath: dir + "/run2/summary.csv"))) == (try? Data(contentsOf: URL(fileURLWithPath: dir + "/submit2/summary.csv")))
        print("summary.csv of run and submit identical: \(same)")
    }
}
