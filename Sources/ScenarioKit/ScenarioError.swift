/// A problem with a scenario file, reported as one sentence that names `file:line:column`.
public struct ScenarioError: Error, CustomStringConvertible, Equatable, Sendable {
    public var file: String
    /// 1-based line; 0 when the problem is not tied to a place in the file (e.g. unreadable file).
    public var line: Int
    /// 1-based column; 0 when unknown.
    public var column: Int
    /// One sentence, without the location prefix, e.g. "unknown key 'colour' in view 'B'; allowed keys are …".
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file; self.line = line; self.column = column; self.message = message
    }

    /// `file:line:column: message`, or `file: message` when there is no position.
    public var description: String {
        line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
    }
}
