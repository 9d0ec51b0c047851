// engine-bench: engine runs per second per core over the golden scenarios, untraced and traced.
// A benchmark, not a test: it prints figures and asserts nothing. Run with `make bench` (release build).
import Foundation
import ScenarioKit
import Synchronization
import TouchEngine

if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "--shrink" {
    ShrinkBench.run(configPath: CommandLine.arguments[2])
    exit(0)
}
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "--dispatch" {
    // Three rounds: this VM's speed drifts, so the best round is the figure quoted (every round is printed). Each
    // is followed by one with the ROUTER bound directly, so the relay's cost is read off rounds run side by side.
    let units = Int(CommandLine.arguments[2]) ?? 200_000
    let pairs = (1 ... 3).map { _ in (relayed: DispatchBench.run(units: units), direct: DispatchBench.run(units: units, relay: false)) }
    let rates = pairs.map(\.relayed), direct = pairs.map(\.direct)
    print("dispatch, best of 3 rounds: \(rates.max() ?? 0) units/s (target ≥ 100000, goal 200000)")
    print(
        "dispatch without the relay, best of 3 rounds: \(direct.max() ?? 0) units/s; the relay keeps "
            + String(format: "%.2f", Double(rates.max() ?? 0) / Double(max(1, direct.max() ?? 0))) + " of it")
    exit(rates.contains(0) || direct.contains(0) ? 1 : 0)
}
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "--cluster-sim" {
    // `--latency-ms L`: the one-way network latency (default 0.5 ms, a data-centre network).
    let rest = Array(CommandLine.arguments.dropFirst(2))
    let latency = rest.firstIndex(of: "--latency-ms").flatMap { rest.indices.contains($0 + 1) ? Double(rest[$0 + 1]) : nil } ?? 0.5
    ClusterSimBench.run(latencyMs: latency)
    exit(0)
}
if CommandLine.arguments.count > 3 && CommandLine.arguments[1] == "--cluster-sim-one" {
    ClusterSimBench.one(workers: Int(CommandLine.arguments[2]) ?? 10, unitMs: Int(CommandLine.arguments[3]) ?? 10)
    exit(0)
}
if CommandLine.arguments.count > 1 && CommandLine.arguments[1] == "--coordinator-memory" {
    ClusterMemoryBench.coordinator()
    exit(0)
}
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "--worker-memory" {
    ClusterMemoryBench.worker(configPath: CommandLine.arguments[2])
    exit(0)
}
if CommandLine.arguments.count > 3 && CommandLine.arguments[1] == "--distributed" {
    // An optional fourth argument sets the rounds (default 3; more give steadier figures on a busy host).
    let rounds = CommandLine.arguments.count > 4 ? max(1, Int(CommandLine.arguments[4]) ?? 3) : 3
    DistributedBench.run(configPath: CommandLine.arguments[2], sweep: CommandLine.arguments[3], rounds: rounds)
    exit(0)
}
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "--model-bands" {
    ModelBandBench.run(configPath: CommandLine.arguments[2], overrides: Array(CommandLine.arguments.dropFirst(3)))
    exit(0)
}
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "--report-split" {
    ReportSplitBench.run(configPath: CommandLine.arguments[2], overrides: Array(CommandLine.arguments.dropFirst(3)))
    exit(0)
}
if CommandLine.arguments.count > 2 && CommandLine.arguments[1] == "--sweep" {
    SweepBench.run(configPath: CommandLine.arguments[2])
    exit(0)
}
let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "configs/scenarios/golden"
let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
var scenes: [Scene] = []
for name in names {
    do { scenes.append(try ScenarioLoader.load(path: directory + "/" + name).scene) } catch {
        FileHandle.standardError.write(Data("engine-bench: \(error)\n".utf8))
        exit(2)
    }
}
guard !scenes.isEmpty else {
    FileHandle.standardError.write(Data("engine-bench: no scenarios in \(directory)\n".utf8))
    exit(2)
}

/// Runs `body` over every scene repeatedly for at least `seconds`; returns runs per second.
func measure<S>(_ scenes: [S], seconds: Double, _ body: (S) -> Int) -> (rate: Double, runs: Int) {
    let clock = ContinuousClock()
    var runs = 0
    var sink = 0
    let start = clock.now
    var elapsed = 0.0
    while elapsed < seconds {
        for scene in scenes { sink &+= body(scene) }
        runs += scenes.count
        let d = clock.now - start
        elapsed = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
    if sink == 42 { print("") } // keep the work observable
    return (Double(runs) / elapsed, runs)
}

if ProcessInfo.processInfo.environment["ENGINE_BENCH_ONLY"] == "1" {
    let prepared = scenes.map(PreparedScene.init)
    var runners = Array(repeating: EngineRunner(), count: prepared.count)
    let reused = measure(Array(prepared.indices), seconds: 3) { i in runners[i].summary(prepared[i]).droppedTouches }
    let events = scenes.reduce(0) { $0 + $1.script.count }
    print("reused: \(Int(reused.rate)) runs/s, \(Int(reused.rate * Double(events) / Double(scenes.count))) events/s")
    exit(0)
}
print("engine-bench: \(scenes.count) golden scenarios from \(directory), single thread, release build")
_ = measure(scenes, seconds: 0.5) { Engine.summary($0).droppedTouches } // warm-up
let prepared = scenes.map(PreparedScene.init)
let untracedPrepared = measure(prepared, seconds: 3) { Engine.summary($0).droppedTouches }
let untraced = measure(scenes, seconds: 2) { Engine.summary($0).droppedTouches }
// One runner per scene, reused across runs: a sweep worker's loop over scripts on one tree.
var runners = Array(repeating: EngineRunner(), count: prepared.count)
let indexed = Array(prepared.indices)
let reused = measure(indexed, seconds: 3) { i in runners[i].summary(prepared[i]).droppedTouches }
let setUp = measure(prepared, seconds: 1) { Engine.setUpOnly($0) }
let traced = measure(scenes, seconds: 2) { Engine.trace($0).count }
let events = scenes.reduce(0) { $0 + $1.script.count }
func fmt(_ v: Double) -> String { String(format: "%.0f", v) }
print("untraced, prepared once: \(fmt(untracedPrepared.rate)) engine runs/s per core (\(untracedPrepared.runs) runs)")
print("untraced, reusing the simulation: \(fmt(reused.rate)) engine runs/s per core (\(reused.runs) runs)")
print("untraced, preparing each run: \(fmt(untraced.rate)) engine runs/s per core (\(untraced.runs) runs)")
print("traced:   \(fmt(traced.rate)) engine runs/s per core (\(traced.runs) runs)")
print("untraced, prepared once: \(fmt(untracedPrepared.rate * Double(events) / Double(scenes.count))) script events/s per core")
print("set-up only: \(fmt(setUp.rate)) runs/s per core (the fixed cost of a run)")
print(String(format: "tracing overhead: %.2fx (untraced prepared once vs traced)", untracedPrepared.rate / traced.rate))
