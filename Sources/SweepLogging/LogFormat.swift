import Logging

/// How log lines are written: `text` for a person (`2026-11-25T02:03:04.123Z info coordinator: worker joined
/// worker=w3 slots=2`), `json` for a log collector (one JSON object a line).
public enum LogFormat: String, CaseIterable, Sendable {
    case text, json
}

extension Logger.Level {
    /// The level named `name` (`trace` … `critical`, as `--log-level` takes them); nil for any other name.
    public init?(named name: String) {
        self.init(rawValue: name.lowercased())
    }

    /// Every level's name, least severe first: `trace, debug, info, notice, warning, error, critical`.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
