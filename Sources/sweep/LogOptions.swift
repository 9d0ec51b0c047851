import ArgumentParser
import Foundation
import Logging
import SweepLogging

/// `--log-level` and `--log-format`, on every command that logs (run, merge, submit, worker): docs/operations.md,
/// "Logs".
struct LogOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Least severe level logged: trace, debug, info, notice, warning, error or critical.", valueName: "level"))
    var logLevel = "info"

    @Option(
        help: ArgumentHelp(
            "Log lines as text (for a person) or json (one JSON object a line, for a log collector).",
            valueName: "text|json"))
    var logFormat = "text"

    /// What is wrong with the options, in one sentence naming the option; nil when nothing is.
    var problem: String? {
        if Logger.Level(named: logLevel) == nil { return "--log-level must be one of \(Logger.Level.names), got '\(logLevel)'." }
        if LogFormat(rawValue: logFormat) == nil { return "--log-format must be text or json, got '\(logFormat)'." }
        return nil
    }

    var level: Logger.Level { Logger.Level(named: logLevel) ?? .info }
    var format: LogFormat { LogFormat(rawValue: logFormat) ?? .text }

    /// The same options for a process this one starts (`submit`'s local workers), at `least` or a less verbose level.
    func arguments(atLeast least: Logger.Level = .trace) -> [String] {
        ["--log-level", max(level, least).rawValue, "--log-format", format.rawValue]
    }
}

/// A command whose logging `SweepCommand.main` sets up from its options before it runs.
protocol LoggingCommand {
    var logging: LogOptions { get }
}

extension SweepCommand {
    /// Bootstraps swift-log once for this process: the command's `--log-level`/`--log-format`, else info as text.
    /// A bad value is one line naming the option, and exit status 64 (a usage error).
    static func bootstrapLogging(for command: ParsableCommand) {
        let options = (command as? LoggingCommand)?.logging
        if let problem = options?.problem {
            printError("sweep \(type(of: command)._commandName): \(problem)")
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        SweepLogging.bootstrap(level: options?.level ?? .info, format: options?.format ?? .text)
    }
}
