import ArgumentParser
import Foundation
import SweepNode
import SweepReporting

/// Options that only tests use, hidden from `--help`: a worker that pretends to be of another engine, or that fails
/// the units of one tree. `sweep submit` passes `--fail-tree` on to its local workers (``arguments``).
struct WorkerTestHooks: ParsableArguments {
    @Option(help: .hidden)
    var engineVersion: String?

    /// `C:T`: every unit that covers tree T of configuration C fails (it is retried, then quarantined).
    @Option(help: .hidden)
    var failTree: String?

    func validate() throws { _ = try failingTree() }

    func failingTree() throws -> (configuration: Int, tree: Int)? {
        guard let failTree else { return nil }
        let parts = failTree.split(separator: ":", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let configuration = parts[0], let tree = parts[1] else {
            throw ValidationError("--fail-tree must be CONFIGURATION:TREE, got \(failTree).")
        }
        return (configuration, tree)
    }

    func apply(to options: inout WorkerNode.Options) {
        if let engineVersion { options.engineVersion = engineVersion }
        options.failingTree = try? failingTree()
    }

    /// The same hooks as arguments of `sweep worker`, for the local workers `sweep submit` starts.
    var arguments: [String] {
        (engineVersion.map { ["--engine-version", $0] } ?? []) + (failTree.map { ["--fail-tree", $0] } ?? [])
    }
}

/// Options that only tests use, hidden from `--help`, on every command that writes the reports: where the report
/// swap (docs/reports.md, "The output directory") ends the process, and whether it swaps by exchange.
struct ReportSwapTestHooks: ParsableArguments {
    /// Ends the process with SIGKILL just before step N of the swap (a kill in the last millisecond).
    @Option(help: OptionRanges.killAtSwapStep.help("End with SIGKILL just before this step of the report swap", hidden: true))
    var killAtSwapStep: Int?

    /// Swaps by two renames, as on file systems that cannot exchange two paths.
    @Flag(help: .hidden)
    var swapWithoutExchange = false

    func validate() throws { try OptionRanges.killAtSwapStep.check(killAtSwapStep) }

    var swapOptions: OutputDirectory.SwapOptions {
        var options = OutputDirectory.SwapOptions()
        options.exchange = !swapWithoutExchange
        if let step = killAtSwapStep {
            options.beforeStep = { n, _ in if n == step { kill(getpid(), SIGKILL) } }
        }
        return options
    }
}
