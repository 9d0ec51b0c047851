import Foundation
import SweepCore
import SweepPlanning
import TouchEngine
import TouchScenarios

/// `engine-bench --sweep CONFIG`: engine runs per second per core on a sweep's scenario mix (every
/// configuration × tree × gesture, untraced, one simulation reused per prepared tree, as the sweep's unit
/// runner does), then whole-sweep throughput with 1 and 2 threads. For instruction counts (callgrind),
/// `ENGINE_BENCH_PASSES=N` runs N passes of the mix and `SWEEP_BENCH_SWEEPS=N` N whole 1-thread sweeps, untimed.
enum SweepBench {
    static func run(configPath: String) {
        let plan: SweepPlan
        do { plan = SweepPlan(try SweepConfigLoader.load(path: configPath)) } catch {
            FileHandle.standardError.write(Data("engine-bench: \(error)\n".utf8))
            exit(2)
        }
        if let sweeps = ProcessInfo.processInfo.environment["SWEEP_BENCH_SWEEPS"].flatMap(Int.init) {
            // Fixed work for instruction counting (callgrind): whole 1-thread sweeps, untimed, without building the
            // engine-only mix (so a profile holds the sweeps alone).
            // SWEEP_BENCH_SHARING=0: every scenario on the engine (`UnitRunner.sharesRuns` off).
            let shares = ProcessInfo.processInfo.environment["SWEEP_BENCH_SHARING"] != "0"
            var scenarios = 0
            for _ in 0 ..< sweeps { scenarios += ParallelSweep.run(plan, threads: 1, sharesRuns: shares).runs }
            print("ran \(sweeps) sweeps = \(scenarios) scenarios")
            return
        }
        // Build the mix once: prepared scenes with their scripts (generation is not engine time).
        var mix: [(PreparedScene, [[ScriptEvent]])] = []
        var units = UnitRunner(plan: plan)
        var events = 0, runsPerPass = 0
        // Tree by tree, every configuration of a tree in turn: the order a sweep runs a block of trees in.
        for t in 0 ..< plan.treeCount {
            for c in plan.configurations.indices {
                let base = units.baseTree(t)
                let prepared = PreparedScene(plan.configured(base.tree, configuration: c).scene)
                let scripts = base.gestures.map(\.gesture.script)
                events += scripts.reduce(0) { $0 + $1.count }
                runsPerPass += scripts.count
                mix.append((prepared, scripts))
            }
        }
        // The scenarios a sweep shares instead of running (`UnitRunner.sharesRuns`: configurations that configure a
        // tree as an earlier one did), counted by the runner that shares them.
        var counter = UnitRunner(plan: plan)
        _ = counter.runTogether(
            plan.configurations.indices.map { SweepPlan.WorkUnit(id: "c\($0)", configuration: $0, trees: 0 ..< plan.treeCount) })
        let sharedPerSweep = counter.sharedScenarios
        print(
            "engine-bench: \(configPath): \(runsPerPass) scenarios per pass (\(plan.configurations.count) configurations × "
                + "\(plan.treeCount) trees × gestures), \(String(format: "%.1f", Double(events) / Double(runsPerPass))) script events each on average; "
                + "a sweep shares \(sharedPerSweep) of them (configurations that leave a tree as an earlier one did)")
        let clock = ContinuousClock()
        // ENGINE_BENCH_MOVE_PATH=general: every move through the general step (`MovePath`), to count what the
        // specialised path saves.
        let movePath: MovePath = ProcessInfo.processInfo.environment["ENGINE_BENCH_MOVE_PATH"] == "general" ? .general : .specialised
        var runner = EngineRunner(movePath: movePath)
        var sink = 0
        /// One engine-only pass over the mix: seconds.
        func enginePass() -> Double {
            let start = clock.now
            for (prepared, scripts) in mix { for s in scripts { sink &+= runner.withSummary(prepared, script: s) { $0.droppedTouches } } }
            return seconds(clock.now - start)
        }
        _ = enginePass() // warm-up
        if let passes = ProcessInfo.processInfo.environment["ENGINE_BENCH_PASSES"].flatMap(Int.init) {
            // Fixed work for instruction counting (callgrind): no sweep runs.
            for _ in 0 ..< passes { _ = enginePass() }
            print("ran \(passes) passes = \(passes * runsPerPass) scenario runs (sink \(sink))")
            return
        }
        // The reference kernel before and after the engine (the VM's speed drifts): the ratios use their mean.
        let referenceBefore = ReferenceWorkload.rate(seconds: 1)
        /// One whole sweep (from scratch: its trees and gestures are generated again): scenarios, seconds.
        func oneSweep(threads: Int, sharesRuns: Bool = true) -> (scenarios: Int, seconds: Double) {
            let start = clock.now
            let scenarios = ParallelSweep.run(plan, threads: threads, sharesRuns: sharesRuns).runs
            return (scenarios, seconds(clock.now - start))
        }
        // The engine alone and the 1-thread sweep take turns, a pass and a sweep at a time (a few ms each), for
        // `interleavedSeconds` in all, and each one's time is summed: a VM's speed drifts by tens of percent over
        // seconds and less over milliseconds, so both see the same speeds and the ratio of their rates stands
        // still where separate rounds of a second each did not (0.55–0.96 for one build).
        let interleavedSeconds = ProcessInfo.processInfo.environment["SWEEP_BENCH_SECONDS"].flatMap(Double.init) ?? 6
        // A third turn runs the sweep with every scenario on the engine (sharing off): the sweep's own cost per
        // engine run, beside what sharing saves.
        var engineTime = 0.0, engineRuns = 0, sweepTime = 0.0, sweepScenarios = 0, sweeps = 0
        var unsharedTime = 0.0, unsharedScenarios = 0
        var sliceRatios: [Double] = [], unsharedRatios: [Double] = []
        while engineTime + sweepTime + unsharedTime < interleavedSeconds {
            let e = enginePass()
            let sweep = oneSweep(threads: 1)
            let unshared = oneSweep(threads: 1, sharesRuns: false)
            engineTime += e
            engineRuns += runsPerPass
            sweepTime += sweep.seconds
            sweepScenarios += sweep.scenarios
            unsharedTime += unshared.seconds
            unsharedScenarios += unshared.scenarios
            sweeps += 1
            sliceRatios.append((Double(sweep.scenarios) / sweep.seconds) / (Double(runsPerPass) / e))
            unsharedRatios.append((Double(unshared.scenarios) / unshared.seconds) / (Double(runsPerPass) / e))
        }
        if sink == 42 { print("") }
        let rate = Double(engineRuns) / engineTime
        let eventRate = rate * Double(events) / Double(runsPerPass)
        let sweepRate = Double(sweepScenarios) / sweepTime
        print(
            "sweep run, 1 thread: \(Int(sweepRate)) scenarios/s (\(sweeps) sweeps of \(sweepScenarios / max(1, sweeps)) scenarios in "
                + "\(String(format: "%.3f", sweepTime)) s, taking turns with the engine alone; tree generation and classification included)")
        // Two threads: whole sweeps for at least a second.
        var two = (scenarios: 0, seconds: 0.0, sweeps: 0)
        while two.seconds < 1 {
            let sweep = oneSweep(threads: 2)
            two = (two.scenarios + sweep.scenarios, two.seconds + sweep.seconds, two.sweeps + 1)
        }
        print(
            "sweep run, 2 threads: \(Int(Double(two.scenarios) / two.seconds)) scenarios/s (\(two.sweeps) sweeps of "
                + "\(two.scenarios / two.sweeps) scenarios in \(String(format: "%.3f", two.seconds)) s)")
        let reference = (referenceBefore + ReferenceWorkload.rate(seconds: 1)) / 2
        print(
            "engine, quickstart mix: \(Int(rate)) scenario runs/s per core, \(engineRuns) runs in \(String(format: "%.3f", engineTime)) s "
                + "(goal 1000000; \(Int(eventRate)) events/s)")
        print("reference workload (xorshift + sort of 4096 integers): \(Int(reference)) kernels/s on this core")
        print(
            String(
                format: "engine ÷ reference: %.1f runs per kernel, %.0f events per kernel (the figures of record: they compare across machines)",
                rate / reference, eventRate / reference))
        sliceRatios.sort()
        unsharedRatios.sort()
        print(
            String(
                format: "sweep run ÷ engine, 1 thread: %.2f (goal ≥ 0.80; of the %d turns: median %.2f, middle half %.2f–%.2f; "
                    + "%d of the %d scenarios of a sweep shared, not run)",
                sweepRate / rate, sliceRatios.count, sliceRatios[sliceRatios.count / 2], sliceRatios[sliceRatios.count / 4],
                sliceRatios[sliceRatios.count * 3 / 4], sharedPerSweep, runsPerPass))
        print(
            String(
                format: "sweep run ÷ engine, 1 thread, every scenario on the engine (sharing off): %.2f (median %.2f, middle half %.2f–%.2f)",
                (Double(unsharedScenarios) / unsharedTime) / rate, unsharedRatios[unsharedRatios.count / 2],
                unsharedRatios[unsharedRatios.count / 4], unsharedRatios[unsharedRatios.count * 3 / 4]))
    }

    static func seconds(_ d: Swift.Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
