import Foundation
import SweepCore
import SweepDistributed
import SweepPlanning
import SweepProtocol

/// `engine-bench --coordinator-memory` and `--worker-memory CONFIG`, each in a process of its own (resident memory
/// is a whole-process figure): the coordinator's memory through a 10¹⁰-run plan, and a worker's.
enum ClusterMemoryBench {
    static func status(_ key: String) -> Int {
        let text = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in text.split(separator: "\n") where line.hasPrefix(key + ":") {
            return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        }
        return 0
    }
    static func residentMiB() -> Double { Double(status("VmRSS")) / 1024 }
    static func peakMiB() -> Double { Double(status("VmHWM")) / 1024 }
    static func mib(_ v: Double) -> String { String(format: "%.1f", v) }

    /// 4,546 configurations × 100,000 trees (the most a configuration may have) × 22 gestures ≈ 10¹⁰ scenario runs.
    static let hugeConfig = DispatchBench.feedConfig(name: "coordinator-memory", configurations: 4546, trees: 100_000, step: 1)

    /// The plan and the coordinator state machine through the start of a 10¹⁰-run sweep in virtual time (100 workers ×
    /// 16 slots, units of up to 256 trees of about 1 s, the CPU not charged), resident memory sampled as it goes.
    static func coordinator() {
        let clock = ContinuousClock()
        let began = clock.now
        let before = residentMiB()
        let plan: SweepPlan
        do { plan = SweepPlan(try SweepConfigLoader.load(yaml: hugeConfig, path: "coordinator-memory.yaml")) } catch {
            print("engine-bench: \(error)"); exit(2)
        }
        let withPlan = residentMiB()
        var config = ClusterSimulation.Config(
            workers: 100, slots: 16, configurations: plan.configurations.count, trees: plan.treeCount,
            treeNanoseconds: 3_906_250, latencyNanoseconds: 500_000)
        config.checksCommits = false
        // A tick a second (the real coordinator ticks ten times a second; its memory does not depend on it).
        config.pass.tickMs = 1000
        var simulation = ClusterSimulation(config, cpu: .free)
        // The first 200 s of virtual time, about 300,000 units of ~1 s on 1,600 slots (the whole plan would be 1.8 million
        // and take minutes here): memory is sampled every 40,000 commits.
        simulation.progressEvery = 40_000
        var samples: [String] = []
        simulation.onProgress = { machine in
            let ranges = machine.coverage.reduce(0) { $0 + $1.ranges.count }
            samples.append(
                "\(mib(residentMiB())) (\(machine.committedUnits) units, \(machine.leasedUnits) leases, "
                    + "\(ranges) covered ranges)")
        }
        let report = simulation.run(limitNanoseconds: 200_000_000_000)
        let d = clock.now - began
        print(
            "coordinator memory on a plan of \(plan.totalRuns) scenario runs (\(plan.configurations.count) configurations × "
                + "\(plan.treeCount) trees): RSS \(mib(before)) MiB at start, \(mib(withPlan)) MiB with the plan, then through the sweep "
                + "(100 simulated workers × 16 slots, 200 s of virtual time: \(report.units) units, \(report.trees) trees, "
                + String(format: "%.2f%% of the plan): ", 100 * Double(report.trees) / Double(plan.totalTrees))
                + samples.joined(separator: " → ") + " MiB; peak \(mib(peakMiB())) MiB (whole bench process, the simulated workers "
                + String(format: "included; target < 64 MiB, flat); %.1f s", Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18))
    }

    /// What a worker holds: one `UnitRunner` per slot, each with its cache of up to 256 base trees and their gestures
    /// (the largest window, `--max-unit-trees` 256), on CONFIG's trees.
    static func worker(configPath: String, slots: Int = 16, windowTrees: Int = 256) {
        var text: String
        do { text = try String(contentsOfFile: configPath, encoding: .utf8) } catch {
            print("engine-bench: cannot read \(configPath): \(error)"); exit(2)
        }
        // As many trees as the slots' windows need.
        text = text.replacingOccurrences(
            of: #"perConfiguration:\s*\d+"#, with: "perConfiguration: \(slots * windowTrees)",
            options: .regularExpression)
        let plan: SweepPlan
        do { plan = SweepPlan(try SweepConfigLoader.load(yaml: text, path: configPath)) } catch {
            print("engine-bench: \(error)"); exit(2)
        }
        let before = residentMiB()
        var runners: [UnitRunner] = []
        var oneSlot = 0.0
        var runs = 0
        for slot in 0 ..< slots {
            var runner = UnitRunner(plan: plan)
            let trees = slot * windowTrees ..< (slot + 1) * windowTrees
            runs += runner.run(SweepPlan.WorkUnit(id: "memory", configuration: 0, trees: trees)).tallies.total.runs
            runners.append(runner)
            if slot == 0 { oneSlot = residentMiB() - before }
        }
        let after = residentMiB()
        print(
            "worker memory on \(configPath)'s trees: one slot's runner after a unit of \(windowTrees) trees (the largest window): "
                + "+\(mib(oneSlot)) MiB; \(slots) slots, each after its own \(windowTrees)-tree window: +\(mib(after - before)) MiB "
                + "(RSS \(mib(before)) → \(mib(after)) MiB, peak \(mib(peakMiB())) MiB; \(runs) scenario runs; bounded: each runner keeps "
                + "at most 256 trees)")
        if runners.isEmpty { print("") }
    }
}
