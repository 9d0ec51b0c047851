import ArgumentParser

/// The `sweep` command: which UIKit touch-handling configurations swallow scrolls or kill buttons.
@main
struct SweepCommand: ParsableCommand {
    static let version = "0.1.0"
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Simulate UIKit touch delivery and sweep configurations for swallowed scrolls and dead buttons.",
        version: version,
        subcommands: [Trace.self, Plan.self, Run.self, Trees.self, Submit.self, Worker.self, Status.self]
    )
}
