import Foundation

/// `engine-bench --distributed CONFIG SWEEP`: wall time of `sweep run --threads N` against
/// `sweep submit --workers N` on the same config (N = 1, 2), and the 1 → 2 worker speed-up.
///
/// A shared VM's speed drifts by up to 2× within minutes, so each measurement is taken `rounds` times,
/// interleaved (run, submit, run, submit, …), and the best of each is compared. The machine's own 1 → 2
/// process scaling (two independent `sweep run --threads 1` at once) is printed beside the speed-up: it is
/// the ceiling any distributed speed-up on this machine can reach.
enum DistributedBench {
    struct Measurement {
        var wall: Double
        /// User + system CPU seconds of the process and everything it spawned.
        var cpu: Double
    }

    static func seconds(_ d: Duration) -> Double { Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18 }

    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_CHILDREN.rawValue), &usage)
        func s(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return s(usage.ru_utime) + s(usage.ru_stime)
    }

    static func launch(_ sweep: String, _ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sweep)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { print("engine-bench: cannot run \(sweep): \(error)"); exit(2) }
        return process
    }

    /// Runs the commands at once and measures until the last one ends.
    static func measure(_ sweep: String, _ commands: [[String]]) -> Measurement {
        let clock = ContinuousClock()
        let cpuBefore = childrenCPU()
        let start = clock.now
        let processes = commands.map { launch(sweep, $0) }
        for (process, arguments) in zip(processes, commands) {
            process.waitUntilExit()
            if process.terminationStatus != 0 { print("engine-bench: \(arguments.joined(separator: " ")) exited \(process.terminationStatus)") }
        }
        return Measurement(wall: seconds(clock.now - start), cpu: childrenCPU() - cpuBefore)
    }

    static func run(configPath: String, sweep: String, rounds: Int = 3) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsweep-distbench-\(getpid())").path
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func runCommand(_ n: Int, _ tag: String = "") -> [String] {
            ["run", configPath, "--threads", "\(n)", "--output", dir + "/run\(n)\(tag)", "--quiet"]
        }
        func submitCommand(_ n: Int) -> [String] {
            ["submit", configPath, "--workers", "\(n)", "--output", dir + "/submit\(n)", "--quiet", "--restart"]
        }
        var best: [String: Measurement] = [:]
        func keep(_ key: String, _ m: Measurement) { if best[key].map({ m.wall < $0.wall }) ?? true { best[key] = m } }
        for _ in 0 ..< rounds {
            for n in [1, 2] {
                keep("run\(n)", measure(sweep, [runCommand(n)]))
                keep("submit\(n)", measure(sweep, [submitCommand(n)]))
            }
            keep("pair", measure(sweep, [runCommand(1, "a"), runCommand(1, "b")]))
        }
        print("best of \(rounds) interleaved rounds each:")
        for n in [1, 2] {
            let run = best["run\(n)"]!, submit = best["submit\(n)"]!
            print(
                String(
                    format: "n=%d: sweep run --threads %d %.2f s (%.2f CPU s), sweep submit --workers %d %.2f s (%.2f CPU s): "
                        + "submit/run throughput %.3f (target ≥ 0.97)", n, n, run.wall, run.cpu, n, submit.wall, submit.cpu, run.wall / submit.wall))
        }
        let machine = 2 * best["run1"]!.wall / best["pair"]!.wall
        print(
            String(
                format: "sweep submit, 1 → 2 workers: %.2f× (target ≥ 1.9 on this 2-core machine); sweep run, 1 → 2 threads: %.2f×; "
                    + "this machine, 1 → 2 independent processes: %.2f×", best["submit1"]!.wall / best["submit2"]!.wall,
                best["run1"]!.wall / best["run2"]!.wall, machine))
        let same =
            (try? Data(contentsOf: URL(fileURLWithPath: dir + "/run2/summary.csv")))
            == (try? Data(contentsOf: URL(fileURLWithPath: dir + "/submit2/summary.csv")))
        print("summary.csv of run and submit identical: \(same)")
    }
}
