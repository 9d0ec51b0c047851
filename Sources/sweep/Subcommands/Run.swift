import ArgumentParser
import Foundation
import Logging
import SweepCore
import SweepNode
import SweepPlanning
import SweepReporting
import SweepSubmission

extension SweepCommand {
    /// `sweep run config.yaml`: the whole sweep in this process, on all cores.
    struct Run: ParsableCommand, LoggingCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run a sweep in this process on all cores and write its CSV reports.",
            discussion: """
                Plans the sweep (docs/sweep-config.md), runs every scenario untraced with --threads workers, \
                classifies each run against its gesture's intent (docs/defects.md) and writes summary.csv, \
                by_template.csv, by_gesture.csv, effects.csv, causes.csv, model_bands.csv, residuals.csv, examples.csv, plan.yaml, config.yaml and report.html \
                into the output directory, replacing it as a whole (docs/reports.md). A directory that holds another \
                sweep's results (another config hash) is refused unless --force; one another running sweep uses is refused. The same config gives \
                byte-identical CSV files whatever --threads is. With --shard I/N it runs only shard I of N (0-based) and writes shard.tsj into the \
                output directory instead; `sweep merge` turns the N shard files into the reports (docs/sharding.md).
                """
        )

        @Argument(help: "The sweep config (YAML).")
        var config: String

        @OptionGroup
        var reports: ReportOptions

        @OptionGroup
        var overrides: ConfigOverrideOptions

        @Option(name: .shortAndLong, help: OptionRanges.threads.help("Worker threads, by default one per core"))
        var threads: Int?

        @Option(help: OptionRanges.treesPerUnit.help("Trees per work unit, by default chosen from the plan size"))
        var treesPerUnit: Int?

        @Option(
            help: ArgumentHelp(
                "Run only shard I of N (0 ≤ I < N, N from \(OptionRanges.shardCount.text)) and write a shard file for `sweep merge`.",
                valueName: "I/N"))
        var shard: String?

        @Flag(help: "Replace an output directory that holds the results of another sweep (another config); files no sweep wrote are never deleted.")
        var force = false

        @OptionGroup
        var strictness: StrictOption

        @OptionGroup(title: "Logging")
        var logging: LogOptions

        func validate() throws {
            try OptionRanges.threads.check(threads)
            try OptionRanges.treesPerUnit.check(treesPerUnit)
            if let shard {
                _ = try ShardOption(shard)
                if treesPerUnit != nil { throw ValidationError("--trees-per-unit cannot be combined with --shard: shards split fixed units.") }
                if reports.csv.excel {
                    throw ValidationError("--excel cannot be combined with --shard: a shard writes no CSV files; pass --excel to sweep merge.")
                }
            }
        }

        func run() throws {
            let (sweepConfig, configText) = try readSweepConfig(config, overrides: overrides.overrides, command: "sweep run")
            let plan = SweepPlan(sweepConfig)
            try strictness.check(plan, command: "sweep run")
            if let shard {
                return try runShard(try ShardOption(shard), plan: plan, configText: configText)
            }
            let directory = reports.output ?? sweepConfig.output
            // Everything that would make writing the reports fail is found before the sweep runs.
            let claim = try claimOutput(directory, keeping: [CoordinatorNode.journalName], create: false, command: "sweep run")
            try refuseAnotherSweep(in: claim, plan: plan, journal: true, force: force, command: "sweep run")
            let workers = threads ?? ProcessInfo.processInfo.activeProcessorCount
            let clock = ContinuousClock(), start = clock.now
            let scenariosTotal = SweepTiming.countScenarios(plan, threads: workers, logger: Logger(label: "run"))
            if !reports.quiet {
                let threads = workers == 1 ? "thread" : "threads"
                Logger(label: "run").info("\(PlanText.shape(plan)) = at most \(plan.totalRuns); \(scenariosTotal) scenarios to run on \(workers) \(threads)")
            }
            let display = ProgressDisplay(enabled: !reports.quiet, command: "sweep run")
            let treesTotal = plan.totalTrees
            let tallies = ParallelSweep.run(plan, threads: workers, treesPerUnit: treesPerUnit) { trees, runs in
                let progress = SweepProgress(
                    treesDone: trees, treesTotal: treesTotal, scenariosDone: runs,
                    scenariosTotal: scenariosTotal, elapsedSeconds: SweepTiming.seconds(since: start, clock))
                display.show(progress.text, progress)
            }
            let duration = SweepTiming.seconds(since: start, clock)
            SweepTiming.logSweepTime(duration, component: "run")
            let summaryText = try reports.writeReports(
                plan: plan, tallies: tallies, configText: configText, to: directory, claim: claim, durationSeconds: duration,
                command: "sweep run", display: display)
            let done = SweepProgress(
                treesDone: treesTotal, treesTotal: treesTotal, scenariosDone: tallies.runs,
                scenariosTotal: scenariosTotal, elapsedSeconds: duration)
            reports.printFinished(
                directory: directory, plan: plan, tallies: tallies, summaryText: summaryText, finalLine: done.finalText(on: workers, ("thread", "threads")))
        }
    }
}
