/// One happening worth logging, as the pure state machines (and the drivers) report it: a message that names the
/// happening in the same words every time (`worker joined`), a level, and what it is about as metadata
/// (`worker=w3 host=a.local slots=2`), never interpolated into the message. The drivers hand it to swift-log
/// (docs/operations.md, "Logs").
public struct NodeEvent: Sendable, Equatable, CustomStringConvertible {
    public enum Level: String, Sendable { case debug, info, notice, warning, error }

    /// A metadata value: text, or a whole number (a JSON number in `--log-format json`).
    public enum Value: Sendable, Equatable, CustomStringConvertible, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
        case text(String)
        case number(Int)
        public init(stringLiteral value: String) { self = .text(value) }
        public init(integerLiteral value: Int) { self = .number(value) }
        public var description: String {
            switch self {
            case .text(let s): return s
            case .number(let n): return String(n)
            }
        }
    }

    /// What a driver needs to tell apart without reading the message: a worker joining or leaving, a unit
    /// quarantined, or anything else. The coordinator's peer-log throttle gives membership events lines of their own
    /// and always logs quarantines (docs/protocol.md §3).
    public enum Kind: Sendable, Equatable {
        case membership
        case quarantine
        case other
    }

    public var level: Level
    public var message: String
    public var metadata: [String: Value]
    public var kind: Kind

    public init(_ level: Level, _ message: String, _ metadata: [String: Value] = [:], kind: Kind = .other) {
        self.level = level; self.message = message; self.metadata = metadata; self.kind = kind
    }

    /// This event, of `kind`.
    public func of(_ kind: Kind) -> NodeEvent {
        var event = self
        event.kind = kind
        return event
    }

    public static func info(_ message: String, _ metadata: [String: Value] = [:]) -> NodeEvent { NodeEvent(.info, message, metadata) }
    public static func notice(_ message: String, _ metadata: [String: Value] = [:]) -> NodeEvent { NodeEvent(.notice, message, metadata) }
    public static func warning(_ message: String, _ metadata: [String: Value] = [:]) -> NodeEvent { NodeEvent(.warning, message, metadata) }
    public static func error(_ message: String, _ metadata: [String: Value] = [:]) -> NodeEvent { NodeEvent(.error, message, metadata) }
    public static func debug(_ message: String, _ metadata: [String: Value] = [:]) -> NodeEvent { NodeEvent(.debug, message, metadata) }

    /// `worker joined host=a.local slots=2 worker=w3`: the message, then the metadata in key order (as the text log
    /// format writes them, without quoting).
    public var description: String {
        ([message] + metadata.keys.sorted().map { "\($0)=\(metadata[$0]!)" }).joined(separator: " ")
    }
}
