/// A class-name pattern: `*` matches any run of characters (also none), `?` one character; everything else
/// matches itself (case-sensitive, like Objective-C class names).
public struct ClassPattern: Hashable, Sendable, CustomStringConvertible {
    public let text: String
    public init(_ text: String) { self.text = text }
    public var description: String { text }
    /// Whether the pattern has a wildcard (an exact name wins over every pattern).
    public var isExact: Bool { !text.contains("*") && !text.contains("?") }

    public func matches(_ name: String) -> Bool {
        let p = Array(text.unicodeScalars), s = Array(name.unicodeScalars)
        // Iterative wildcard matching with one backtrack point per `*`.
        var i = 0, j = 0
        var star: Int?, mark = 0
        while j < s.count {
            if i < p.count && (p[i] == "?" || p[i] == s[j]) {
                i += 1; j += 1
            } else if i < p.count && p[i] == "*" {
                star = i; mark = j; i += 1
            } else if let st = star {
                i = st + 1; mark += 1; j = mark
            } else {
                return false
            }
        }
        while i < p.count && p[i] == "*" { i += 1 }
        return i == p.count
    }
}
