import Foundation
import ScenarioKit
import Yams

/// Typed access to a composed YAML `Node` tree of a sweep config. Every failure is a one-sentence
/// `ScenarioError` naming the `file:line:column` of the offending node (Yams marks are 1-based), in the style
/// of the scenario loader.
struct ConfigReader {
    let file: String

    // MARK: Errors

    func error(at node: Node, _ message: String) -> ScenarioError {
        let mark = node.mark
        return ScenarioError(file: file, line: mark?.line ?? 0, column: mark?.column ?? 0, message: message)
    }

    /// How a node reads in "got …": `'abc'`, `nothing`, `a list of 2 items`, `a map`.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar): return YAMLScalar(node) == .null ? "nothing" : "'\(scalar.string)'"
        case .sequence(let seq): return seq.count == 1 ? "a list of 1 item" : "a list of \(seq.count) items"
        case .mapping: return "a map"
        case .alias: return "an alias"
        }
    }

    func mismatch(_ node: Node, expected: String, for label: String) -> ScenarioError {
        error(at: node, "expected \(expected) for \(label), got \(describe(node))")
    }

    // MARK: Containers

    func map(_ node: Node, for label: String) throws(ScenarioError) -> ConfigMap {
        guard case .mapping(let mapping) = node else { throw mismatch(node, expected: "a map", for: label) }
        var entries: [ConfigMap.Entry] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string, YAMLScalar(keyNode) != .null else {
                throw error(at: keyNode, "expected a name as a key in \(label), got \(describe(keyNode))")
            }
            entries.append(ConfigMap.Entry(key: key, keyNode: keyNode, value: value))
        }
        return ConfigMap(reader: self, node: node, entries: entries)
    }

    func list(_ node: Node, for label: String) throws(ScenarioError) -> [Node] {
        guard case .sequence(let sequence) = node else { throw mismatch(node, expected: "a list", for: label) }
        return Array(sequence)
    }

    // MARK: Scalars

    /// A string scalar: quoted, or plain text that does not read as a number, a boolean or null.
    func string(_ node: Node, for label: String) throws(ScenarioError) -> String {
        guard case .string(let text)? = YAMLScalar(node), !text.isEmpty else {
            throw mismatch(node, expected: "a non-empty string", for: label)
        }
        return text
    }

    func decimal(_ node: Node, expected: String = "a number", for label: String) throws(ScenarioError) -> Decimal {
        guard case .number(let value, _)? = YAMLScalar(node) else { throw mismatch(node, expected: expected, for: label) }
        return value
    }

    /// A number in `range` (inclusive), or above `above` when given (exclusive).
    func number(_ node: Node, in range: ClosedRange<Double>, above: Double? = nil, for label: String)
        throws(ScenarioError) -> Double
    {
        let expected = Self.describeRange(range, above: above)
        let value = DecimalText.double(try decimal(node, expected: expected, for: label))
        guard range.contains(value), above.map({ value > $0 }) ?? true else {
            throw mismatch(node, expected: expected, for: label)
        }
        return value
    }

    static func describeRange(_ range: ClosedRange<Double>, above: Double?) -> String {
        if let above { return "a number above \(Self.format(above)) and at most \(Self.format(range.upperBound))" }
        return "a number from \(Self.format(range.lowerBound)) to \(Self.format(range.upperBound))"
    }

    static func format(_ value: Double) -> String { AxisValueText.number(value) }

    func integer(_ node: Node, in range: ClosedRange<Int>, for label: String) throws(ScenarioError) -> Int {
        let expected = "an integer from \(range.lowerBound) to \(range.upperBound)"
        let value = try decimal(node, expected: expected, for: label)
        guard DecimalText.isInteger(value), value >= Decimal(range.lowerBound), value <= Decimal(range.upperBound),
            let int = Int(DecimalText.text(value))
        else {
            throw mismatch(node, expected: expected, for: label)
        }
        return int
    }

    func bool(_ node: Node, for label: String) throws(ScenarioError) -> Bool {
        guard case .bool(let value)? = YAMLScalar(node) else { throw mismatch(node, expected: "true or false", for: label) }
        return value
    }

    /// One of `options`, e.g. `feed`.
    func choice(_ node: Node, _ options: [String], what: String = "one of", for label: String)
        throws(ScenarioError) -> String
    {
        guard case .string(let text)? = YAMLScalar(node), options.contains(text) else {
            throw mismatch(node, expected: "\(what) " + options.joined(separator: ", "), for: label)
        }
        return text
    }
}

/// A YAML map with its keys in document order.
struct ConfigMap {
    struct Entry {
        let key: String
        let keyNode: Node
        let value: Node
    }

    let reader: ConfigReader
    let node: Node
    let entries: [Entry]

    subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }
    func keyNode(_ key: String) -> Node? { entries.first { $0.key == key }?.keyNode }

    /// Rejects keys outside `allowed`, naming them all: "unknown key 'seeds' in the sweep config; allowed keys are …".
    func checkKeys(_ allowed: [String], in context: String) throws(ScenarioError) {
        for entry in entries where !allowed.contains(entry.key) {
            var message = "unknown key '\(entry.key)' in \(context)"
            if let guess = Suggest.closest(to: entry.key, in: allowed) { message += " (did you mean '\(guess)'?)" }
            throw reader.error(at: entry.keyNode, message + "; allowed keys are " + allowed.joined(separator: ", "))
        }
    }

    func required(_ key: String, in context: String) throws(ScenarioError) -> Node {
        guard let value = self[key] else { throw reader.error(at: node, "\(context) is missing the required key '\(key)'") }
        return value
    }
}

/// "Did you mean": the closest name by edit distance, when it is close enough to be a likely typo.
enum Suggest {
    static func closest(to word: String, in candidates: [String]) -> String? {
        let lowered = word.lowercased()
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let d = distance(Array(lowered), Array(candidate.lowercased()))
            if d < (best?.distance ?? Int.max) { best = (candidate, d) }
        }
        guard let best, best.distance <= max(1, min(3, word.count / 3)) else { return nil }
        return best.name
    }

    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0 ... b.count)
        for i in 1 ... a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1 ... b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
