import ArgumentParser
import Foundation
import SweepCore
import SweepNode
import SweepPlanning
import SweepReporting
import SweepSubmission

/// The value of `sweep run --shard I/N`: shard `index` (0-based) of `count`.
struct ShardOption {
    let index: Int
    let count: Int

    /// Parses `I/N`; a bad value is a `ValidationError` naming `--shard` (exit status 2). N is at most
    /// ``OptionRanges/shardCount``'s bound, so no shard's bounds overflow.
    init(_ text: String) throws {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), index >= 0 else {
            throw ValidationError("--shard must be I/N with whole numbers 0 ≤ I < N, got '\(OptionText.shown(text))'.")
        }
        guard count >= 1 else { throw ValidationError("--shard \(text) names no shard: N must be at least 1.") }
        let most = Int(OptionRanges.shardCount.upper)
        guard count <= most else {
            throw ValidationError("--shard \(text) has too many shards: N must be from \(OptionRanges.shardCount.text).")
        }
        guard index < count else {
            throw ValidationError("--shard \(text) is out of range: shards of \(count) are numbered 0 to \(count - 1).")
        }
        self.index = index
        self.count = count
    }
}

extension SweepCommand.Run {
    /// `sweep run CONFIG --shard I/N`: runs shard I's units and writes `DIR/shard.tsj` (default DIR:
    /// `<config output>-shards/I`), holding DIR as `sweep run` and `submit` hold theirs (its marker lists
    /// shard.tsj). A directory it created is removed again when the shard fails.
    func runShard(_ shard: ShardOption, plan: SweepPlan, configText: String) throws {
        let directory = reports.output ?? "\(plan.config.output)-shards/\(shard.index)"
        let claim = try claimOutput(directory, keeping: [ShardFile.fileName], create: true, command: "sweep run")
        let workers = threads ?? ProcessInfo.processInfo.activeProcessorCount
        let display = ProgressDisplay(enabled: !reports.quiet, command: "sweep run")
        let treesTotal = plan.shardUnits(shard.index, of: shard.count).reduce(0) { $0 + $1.trees.count }
        let clock = ContinuousClock(), start = clock.now
        let scenariosTotal = plan.scenarioTotal(of: plan.shardUnits(shard.index, of: shard.count), gestureCounts: plan.gestureCounts(threads: workers))
        let written: ShardFile.Written
        do {
            written = try ShardFile.run(
                plan: plan, configText: configText, shard: shard.index, of: shard.count, threads: workers,
                directory: directory
            ) { trees, runs in
                let progress = SweepProgress(
                    treesDone: trees, treesTotal: treesTotal, scenariosDone: runs, scenariosTotal: scenariosTotal,
                    elapsedSeconds: SweepTiming.seconds(since: start, clock))
                display.show("shard \(shard.index) of \(shard.count): " + progress.text, progress)
            }
        } catch {
            display.finish()
            claim.abandon(removing: [ShardFile.fileName])
            printError("sweep run: \(error)")
            throw (error as? OutputFileError)?.refused == true ? ExitStatus.badInput : ExitStatus.failed
        }
        display.finish()
        SweepTiming.logSweepTime(SweepTiming.seconds(since: start, clock), component: "run")
        if reports.quiet {
            print(directory)
        } else {
            let done = SweepProgress(
                treesDone: treesTotal, treesTotal: treesTotal, scenariosDone: written.runs, scenariosTotal: scenariosTotal,
                elapsedSeconds: SweepTiming.seconds(since: start, clock))
            print(done.finalText(on: workers, ("thread", "threads")))
            print(
                "Shard \(shard.index) of \(shard.count): \(written.units) \(written.units == 1 ? "unit" : "units"), \(written.runs) scenarios "
                    + "written to \(written.path)")
        }
    }
}
