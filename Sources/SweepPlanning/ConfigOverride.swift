import Foundation
import ScenarioKit

/// One `--set KEY=VALUE` of a command that takes a sweep config, Hydra style (docs/sweep-config.md,
/// "Overrides"): `axes.contentTouchDelay=0,150,300`, `trees.perConfiguration=50`, `seed=7`.
///
/// `KEY` is a dotted path from the top of the config. Under `axes` the rest of the path is one axis name
/// (`axes.scrollViews.delaysContentTouches`), everywhere else each dot goes one map deeper
/// (`trees.random.depth`). `VALUE` reads like YAML: a scalar (`50`, `false`, `feed`, `"17.4"`), a comma list
/// (`0,150,300` is `[0, 150, 300]`), or a flow value (`[0, 150]`, `{from: 0, to: 300, step: 50}`).
public struct ConfigOverride: Sendable, Equatable {
    /// The option as given, e.g. `axes.contentTouchDelay=0,150,300`; errors name it.
    public let option: String
    /// The path's keys, e.g. `["axes", "contentTouchDelay"]`.
    public let keys: [String]
    /// The text after the first `=`.
    public let valueText: String

    /// Splits `option` at its first `=`. A missing `=` or a bad path is a `ScenarioError` naming the option.
    public init(parsing option: String) throws(ScenarioError) {
        self.option = option
        guard let equals = option.firstIndex(of: "=") else {
            throw Self.error(option, "expected KEY=VALUE, e.g. axes.contentTouchDelay=0,150,300 or trees.perConfiguration=50")
        }
        let path = String(option[..<equals])
        valueText = String(option[option.index(after: equals)...])
        let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard !path.isEmpty, !parts.contains(where: { $0.isEmpty || $0.contains(where: \.isWhitespace) }) else {
            throw Self.error(
                option,
                "'\(path)' is not a key path; write the keys from the top of the config joined "
                    + "by dots, e.g. trees.perConfiguration")
        }
        if parts[0] == "axes", parts.count > 1 {
            keys = ["axes", parts.dropFirst().joined(separator: ".")]
        } else {
            keys = parts
        }
    }

    /// The path as written, e.g. `trees.perConfiguration`.
    public var path: String { keys.joined(separator: ".") }

    /// The YAML text the value is read from: a comma list becomes a flow list; a flow value, a quoted scalar
    /// or a scalar without commas is read as it is.
    var yamlText: String {
        let trimmed = valueText.trimmingCharacters(in: .whitespaces)
        guard let first = trimmed.first, !"[{\"'".contains(first), trimmed.contains(",") else { return trimmed }
        return "[" + trimmed + "]"
    }

    static func error(_ option: String, _ message: String) -> ScenarioError {
        ScenarioError(file: "--set " + option, line: 0, column: 0, message: message)
    }
}
