import ArgumentParser
import Foundation
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
    /// (`sweep: --threads must be a whole number from 1 to 65536, got 0.`), without the usage text after it; its exit
    /// status is ArgumentParser's for a usage error, 64 (`ExitStatus.usage`, docs/cli.md); `--help` says the rest.
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
        var message = self.message(for: error)
        if message.hasPrefix("Error: ") { message.removeFirst(7) }
        let words = CommandLine.arguments.dropFirst().prefix { !$0.hasPrefix("-") }
        message = unreadableNumber(message, command: Array(words)) ?? message
        printError("\(command): \(message)")
        // A usage error (an option out of its range, an unknown option, a missing argument) is exit status 64.
        exit(withError: exitCode(for: error))
    }

    /// ArgumentParser's sentence for a value it cannot read as the option's number (`The value '1e300' is invalid
    /// for '--liveness <liveness>'`), as the option's range says it (`--liveness must be a whole number from 1 to
    /// 1000, got 1e300.`); nil for any other message, or an option without a range.
    static func unreadableNumber(_ message: String, command words: [String]) -> String? {
        let prefix = "The value '", middle = "' is invalid for '"
        guard message.hasPrefix(prefix), let split = message.range(of: middle, options: .backwards) else { return nil }
        let value = String(message[message.index(message.startIndex, offsetBy: prefix.count) ..< split.lowerBound])
        let option = String(message[split.upperBound...].prefix { $0 != " " && $0 != "'" })
        return OptionRanges.range(of: option, command: words)?.refusal(value)
    }
}
