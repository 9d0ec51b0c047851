import Foundation
import SweepCore
import SweepPlanning
import SweepShrinker

/// `engine-bench --shrink CONFIG`: runs the sweep (2 threads), then times the automatic shrinks of the
/// report (`MinimalRepros.files`: the worst configurations' first examples) and prints each one's sizes.
enum ShrinkBench {
    static func run(configPath: String) {
        let plan: SweepPlan
        do { plan = SweepPlan(try SweepConfigLoader.load(path: configPath)) } catch {
            FileHandle.standardError.write(Data("engine-bench: \(error)\n".utf8))
            exit(2)
        }
        let clock = ContinuousClock()
        let t0 = clock.now
        let tallies = ParallelSweep.run(plan, threads: 2)
        let sweep = SweepBench.seconds(clock.now - t0)
        var best = Double.infinity
        var files: [(name: String, contents: String)] = []
        for _ in 0 ..< 3 {
            let t1 = clock.now
            files = MinimalRepros.files(plan: plan, tallies: tallies)
            best = min(best, SweepBench.seconds(clock.now - t1))
        }
        print(
            "engine-bench: \(configPath): sweep \(tallies.runs) scenarios in \(String(format: "%.3f", sweep)) s (2 threads); "
                + "shrinking \(files.count - 1) examples: \(String(format: "%.3f", best)) s (best of 3, all cores)")
        if let index = files.last { print(index.contents.replacingOccurrences(of: "\r\n", with: "\n"), terminator: "") }
    }
}
