import ArgumentParser
import SweepCore
import SweepNode
import SweepReporting

extension SweepCommand {
    /// `sweep merge --output DIR SHARD_DIR...`: the reports of a sweep run as shards.
    struct Merge: ParsableCommand {
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

        @Option(name: .shortAndLong, help: "Output directory (default: the config's output).")
        var output: String?

        @Flag(help: "Print only the output directory.")
        var quiet = false

        @OptionGroup
        var csv: ExcelOption

        func run() throws {
            let merged: ShardMerge.Merged
            do {
                merged = try ShardMerge.merge(shards)
            } catch {
                printError("sweep merge: \(error)")
                throw ExitCode(2)
            }
            let directory = output ?? merged.plan.config.output
            try writeReports(plan: merged.plan, tallies: merged.tallies, configText: merged.configText, to: directory,
                             excel: csv.excel, command: "sweep merge")
            if quiet {
                print(directory)
                return
            }
            print(TerminalSummary.render(plan: merged.plan, tallies: merged.tallies))
            print(reportsWrittenLines(directory: directory, plan: merged.plan))
        }
    }
}
