import Logging
import SweepDistributed

extension Logger {
    /// Logs a node event: its message as the message, its metadata as the event's metadata (numbers as numbers).
    public func log(_ event: NodeEvent) {
        var metadata: Logger.Metadata = [:]
        for (key, value) in event.metadata {
            switch value {
            case .text(let s): metadata[key] = .string(s)
            case .number(let n): metadata[key] = .stringConvertible(n)
            }
        }
        log(level: event.level.swiftLog, "\(event.message)", metadata: metadata)
    }
}

extension NodeEvent.Level {
    var swiftLog: Logger.Level {
        switch self {
        case .debug: return .debug
        case .info: return .info
        case .notice: return .notice
        case .warning: return .warning
        case .error: return .error
        }
    }
}
