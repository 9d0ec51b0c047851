import Foundation
import SweepCore
import SweepPlanning
import SweepReportWriter
import SweepShrinker

/// `engine-bench --report-split CONFIG [KEY=VALUE …]`: what each report costs on its own (issue 37 §1). The sweep runs
/// once on every core; then each report is made alone on one core, best of `REPORT_SPLIT_ROUNDS` (default 3) rounds:
/// the CSV and YAML files (`Reports.builders`), the minimal repros and report.html from their inputs. Beside the
/// sweep's own 1-core time it prints each report's share: a report written side by side on a busy VM takes a time
/// that says as much about its neighbours as about itself. `REPORT_SPLIT_ONLY=name,…` times only the reports named
/// (to profile one; report.html needs its inputs, which are then made once, untimed).
enum ReportSplitBench {
    static func run(configPath: String, overrides: [String]) {
        let (plan, configText) = ModelBandBench.load(configPath, overrides: overrides)
        let environment = ProcessInfo.processInfo.environment
        let rounds = environment["REPORT_SPLIT_ROUNDS"].flatMap(Int.init) ?? 3
        let only = environment["REPORT_SPLIT_ONLY"].map { Set($0.split(separator: ",").map(String.init)) }
        func timed(_ name: String) -> Bool { only?.contains(name) ?? true }
        let clock = ContinuousClock()
        func best<T>(_ make: () -> T) -> (value: T, ms: Double) {
            var value: T?, fastest = Double.infinity
            for _ in 0 ..< max(1, rounds) {
                let start = clock.now
                value = make()
                fastest = min(fastest, SweepBench.seconds(clock.now - start) * 1000)
            }
            return (value!, fastest)
        }
        let sweep = best { ParallelSweep.run(plan, threads: 1) }
        let tallies = sweep.value
        var split: [(String, Double)] = []
        var files: [(name: String, contents: String)] = []
        for builder in Reports.builders(plan: plan, tallies: tallies, configText: configText, outputDirectory: "out/bench") {
            guard timed(builder.name) else {
                if timed("report.html") { files.append((builder.name, builder.make())) }
                continue
            }
            let made = best(builder.make)
            files.append((builder.name, made.value))
            split.append((builder.name, made.ms))
        }
        if timed("minimal repros") {
            let repros = best { MinimalRepros.files(plan: plan, tallies: tallies) }
            split.append(("minimal repros", repros.ms))
            files += repros.value
        } else if timed("report.html") {
            files += MinimalRepros.files(plan: plan, tallies: tallies)
        }
        if timed("report.html") {
            let (minimalIndex, scenarios) = ReportWriter.minimalRepros(in: files)
            let page = best {
                (try? ReportWriter.page(plan: plan, files: files, durationSeconds: nil, minimalIndexCSV: minimalIndex, minimalScenarios: scenarios))
                    ?? ""
            }
            split.append(("report.html", page.ms))
        }
        let reports = split.reduce(0) { $0 + $1.1 }
        print(
            "report split, \(configPath) \(overrides.joined(separator: " ")), one core, best of \(rounds): sweep "
                + String(format: "%.0f ms; reports %.0f ms in all (%.2f × the sweep): ", sweep.ms, reports, reports / sweep.ms)
                + split.map { String(format: "%@ %.0f", $0.0, $0.1) }.joined(separator: ", "))
    }
}
