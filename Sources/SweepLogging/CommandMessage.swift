import Foundation
import Logging

/// A line a command writes for a person — its one-sentence error (`sweep run: config.yaml:3:7: …`) or a warning
/// (`sweep submit: warning: …`) — as a log event, so that with `--log-format json` a log collector reads every
/// line on standard error as JSON, the error that ends the command too (docs/operations.md, "Logs").
///
/// `sweep CMD: ` names the component (`CMD`); `warning: ` after it makes the level warning, else it is error.
/// In text format the line is left as the person reads it.
public enum CommandMessage {
    public static func render(_ line: String, format: LogFormat, time: Date) -> String {
        guard format == .json else { return line }
        var component = "sweep", message = Substring(line)
        if line.hasPrefix("sweep "), let colon = line.range(of: ": ") {
            component = String(line[line.index(line.startIndex, offsetBy: 6) ..< colon.lowerBound])
            message = line[colon.upperBound...]
        }
        var level = Logger.Level.error
        if message.hasPrefix("warning: ") {
            level = .warning
            message = message.dropFirst("warning: ".count)
        }
        return LogLine.render(.json, time: time, level: level, component: component, message: String(message), metadata: [:])
    }
}
