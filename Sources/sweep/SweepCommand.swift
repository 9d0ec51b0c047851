import ArgumentParser
import SweepNode

/// The `sweep` command: which UIKit touch-handling configurations swallow scrolls or kill buttons.
@main
struct SweepCommand: ParsableCommand {
    static let version = "0.1.0"
    static let configuration = CommandConfiguration(
        commandName: "sweep",
        abstract: "Simulate UIKit touch delivery and sweep configurations for swallowed scrolls and dead buttons.",
        version: Versions.text(tool: version),
        subcommands: [
            Trace.self, ExportUIKit.self, Import.self, Plan.self, Run.self, Merge.self, Report.self, Check.self, Shrink.self, Trees.self, Submit.self,
            Worker.self, Status.self, Keys.self, Manual.self
        ]
    )

    /// Like ArgumentParser's own entry point, except that a bad option is one line naming it
    /// (`sweep run: --threads must be at least 1, got 0.`), without the usage text after it;
    /// `--help` says the rest.
    static func main() {
        var command: ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exitWithOneLine(error, command: "sweep")
        }
        bootstrapLogging(for: command)
        do {
            try command.run()
        } catch {
            exitWithOneLine(error, command: "sweep " + (type(of: command).configuration.commandName ?? ""))
        }
    }

    static func exitWithOneLine(_ error: Error, command: String) -> Never {
        // Help, version and errors the commands already reported (an ExitCode) keep the standard behaviour.
        if error is ExitCode || exitCode(for: error) == .success { exit(withError: error) }
        let message = self.message(for: error)
        printError("\(command): \(message.hasPrefix("Error: ") ? String(message.dropFirst(7)) : message)")
        exit(withError: ExitCode(exitCode(for: error).rawValue))
    }
}
