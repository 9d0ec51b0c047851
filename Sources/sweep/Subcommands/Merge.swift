import ArgumentParser
import Foundation
import SweepCore
import SweepNode
import SweepReporting
import SweepSubmission

extension SweepCommand {
    /// `sweep merge --output DIR SHARD_DIR...`: the reports of a sweep run as shards.
    struct Merge: ParsableCommand, LoggingCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge the shard files of `sweep run --shard I/N` into the sweep's CSV reports.",
            discussion: """
                Reads the shard.tsj of every directory given (or the shard files themselves), checks that they \
                belong to one config and one split into N shards, each of shards 0 to N-1 given once and complete, \
                and writes the files `sweep run` writes, byte for byte the same (docs/sharding.md). Nothing is \
                written when a check fails.
                """
        )

        @Argument(help: ArgumentHelp("Directories written by `sweep run --shard I/N`, in any order.", valueName: "shard-dir"))
        var shards: [String]

        @OptionGroup
        var reports: ReportOptions

        @OptionGroup(title: "Logging")
        var logging: LogOptions

        func run() throws {
            let merged: ShardMerge.Merged
            let display = ProgressDisplay(enabled: !reports.quiet, command: "sweep merge", firstAtOnce: false)
            let clock = ContinuousClock(), start = clock.now
            var count: (trees: Int, scenarios: Int)?
            var treesMerged = 0
            do {
                merged = try ShardMerge.merge(shards) { shard, done, scenarios in
                    let plan = shard.plan
                    // The true total generates every tree's gestures: only for a display someone reads.
                    guard !reports.quiet else { return }
                    if count == nil { count = (plan.totalTrees, plan.scenarioTotal(threads: ProcessInfo.processInfo.activeProcessorCount)) }
                    treesMerged += plan.shardUnits(shard.index, of: shard.count).reduce(0) { $0 + $1.trees.count }
                    let progress = SweepProgress(
                        treesDone: treesMerged, treesTotal: count!.trees, scenariosDone: scenarios,
                        scenariosTotal: count!.scenarios, elapsedSeconds: SweepTiming.seconds(since: start, clock))
                    display.show("shards \(done)/\(shard.count), " + progress.text, progress)
                }
            } catch {
                display.finish()
                printError("sweep merge: \(error)")
                throw ExitStatus.badInput
            }
            display.finish()
            SweepTiming.logSweepTime(SweepTiming.seconds(since: start, clock), component: "merge")
            let directory = reports.output ?? merged.plan.config.output
            let summaryText = try reports.writeReports(
                plan: merged.plan, tallies: merged.tallies, configText: merged.configText, to: directory, command: "sweep merge", display: display)
            let shardCount = shards.count
            reports.printFinished(
                directory: directory, plan: merged.plan, tallies: merged.tallies, summaryText: summaryText,
                finalLine: "\(merged.tallies.runs) scenarios from \(shardCount) \(shardCount == 1 ? "shard" : "shards") merged in "
                    + "\(SweepProgress.formatted(SweepTiming.seconds(since: start, clock))) s")
        }
    }
}
