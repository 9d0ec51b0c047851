import Foundation
import SweepCore
import SweepPlanning
import SweepReporting

/// `engine-bench --model-bands CONFIG [KEY=VALUE …]`: what the model bands cost (issue 34 §2): whole 1-thread sweeps
/// with the bands and without them (`ParallelSweep.run(modelBands:)`), taking turns for a few seconds so both see the
/// same machine speed, and their time ratio (goal ≤ 1.5). Also how many scenarios read an inferred parameter and so
/// ran again.
enum ModelBandBench {
    /// The plan of the config at `path` with `KEY=VALUE` overrides, and the text that stands for it; a bad file or
    /// override ends the program with its one sentence (exit status 2).
    static func load(_ path: String, overrides: [String]) -> (plan: SweepPlan, text: String) {
        do {
            let yaml = try String(contentsOfFile: path, encoding: .utf8)
            let loaded = try SweepConfigLoader.load(yaml: yaml, path: path, overrides: overrides.map { try ConfigOverride(parsing: $0) })
            return (SweepPlan(loaded.config), loaded.text)
        } catch {
            FileHandle.standardError.write(Data("engine-bench: \(error)\n".utf8))
            exit(2)
        }
    }

    static func run(configPath: String, overrides: [String]) {
        let plan = load(configPath, overrides: overrides).plan
        let clock = ContinuousClock()
        func oneSweep(bands: Bool) -> (tallies: SweepTallies, seconds: Double) {
            let start = clock.now
            let tallies = ParallelSweep.run(plan, threads: 1, modelBands: bands)
            let d = clock.now - start
            return (tallies, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
        }
        let warm = oneSweep(bands: true)
        let seconds = ProcessInfo.processInfo.environment["MODEL_BAND_BENCH_SECONDS"].flatMap(Double.init) ?? 6
        var with = 0.0, without = 0.0, turns = 0
        var ratios: [Double] = []
        while with + without < seconds || turns < 2 {
            let a = oneSweep(bands: true), b = oneSweep(bands: false)
            with += a.seconds
            without += b.seconds
            ratios.append(a.seconds / b.seconds)
            turns += 1
        }
        ratios.sort()
        let scenarios = warm.tallies.configurations.reduce(0) { $0 + $1.runs }
        let widest = ModelBands.bands(warm.tallies).filter { $0.band.parameter != nil }
            .sorted { ($0.band.high - $0.band.low) > ($1.band.high - $1.band.low) }.prefix(3)
        print(
            "model bands, \(configPath) \(overrides.joined(separator: " ")): \(scenarios) scenarios; sweep with bands ÷ without, 1 thread: "
                + String(format: "%.2f", with / without) + " (goal ≤ 1.5; \(turns) turns, median "
                + String(format: "%.2f", ratios[ratios.count / 2]) + String(format: "; %.3f s ÷ %.3f s a sweep)", with / Double(turns), without / Double(turns))
        )
        for w in widest {
            print("  widest: \(w.defect.name) \(ReportNumber.percent(w.band.rate)) (\(w.band.sentence))")
        }
    }
}
