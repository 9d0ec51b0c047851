import Foundation
import SweepCore
import SweepPlanning
import TouchEngine
import TouchScenarios

/// `engine-bench --sweep CONFIG`: engine runs per second per core on a sweep's scenario mix (every
/// configuration × tree × gesture, untraced, one simulation reused per prepared tree, as the sweep's unit
/// runner does), then whole-sweep throughput with 1 and 2 threads.
enum SweepBench {
    static func run(configPath: String) {
        let plan: SweepPlan
        do { plan = SweepPlan(try SweepConfigLoader.load(path: configPath)) } catch {
            FileHandle.standardError.write(Data("engine-bench: \(error)\n".utf8))
            exit(2)
        }
        // Build the mix once: prepared scenes with their scripts (generation is not engine time).
        var mix: [(PreparedScene, [[ScriptEvent]])] = []
        var units = UnitRunner(plan: plan)
        var events = 0, runsPerPass = 0
        for c in plan.configurations.indices {
            for t in 0 ..< plan.treeCount {
                let base = units.baseTree(t)
                let prepared = PreparedScene(plan.configured(base.tree, configuration: c).scene)
                let scripts = base.gestures.map(\.gesture.script)
                events += scripts.reduce(0) { $0 + $1.count }
                runsPerPass += scripts.count
                mix.append((prepared, scripts))
            }
        }
        print("engine-bench: \(configPath): \(runsPerPass) scenarios per pass (\(plan.configurations.count) configurations × "
            + "\(plan.treeCount) trees × gestures), \(String(format: "%.1f", Double(events) / Double(runsPerPass))) script events each on average")
        let clock = ContinuousClock()
        var runner = EngineRunner()
        var sink = 0
        // Warm-up pass.
        for (prepared, scripts) in mix { for s in scripts { sink &+= runner.withSummary(prepared, script: s) { $0.droppedTouches } } }
        if let passes = ProcessInfo.processInfo.environment["ENGINE_BENCH_PASSES"].flatMap(Int.init) {
            // Fixed work for instruction counting (perf stat): no timing, no sweep runs.
            for _ in 0 ..< passes {
                for (prepared, scripts) in mix { for s in scripts { sink &+= runner.withSummary(prepared, script: s) { $0.droppedTouches } } }
            }
            print("ran \(passes) passes = \(passes * runsPerPass) scenario runs (sink \(sink))")
            return
        }
        var runs = 0
        let start = clock.now
        var elapsed = 0.0
        while elapsed < 3 {
            for (prepared, scripts) in mix { for s in scripts { sink &+= runner.withSummary(prepared, script: s) { $0.droppedTouches } } }
            runs += runsPerPass
            elapsed = seconds(clock.now - start)
        }
        if sink == 42 { print("") }
        let rate = Double(runs) / elapsed
        print("engine, quickstart mix: \(Int(rate)) scenario runs/s per core (target ≥ 250000; \(Int(rate * Double(events) / Double(runsPerPass))) events/s)")
        for threads in [1, 2] {
            let t0 = clock.now
            let tallies = ParallelSweep.run(plan, threads: threads)
            let s = seconds(clock.now - t0)
            print("sweep run, \(threads) thread\(threads == 1 ? "" : "s"): \(Int(Double(tallies.runs) / s)) scenarios/s "
                + "(\(tallies.runs) scenarios in \(String(format: "%.3f", s)) s, tree generation and classification included)")
        }
    }

    static func seconds(_ d: Swift.Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
