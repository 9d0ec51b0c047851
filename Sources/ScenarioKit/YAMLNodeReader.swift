import TouchEngine
import Yams

/// Typed access to a composed YAML `Node` tree. Every failure is a one-sentence `ScenarioError` that names
/// the `file:line:column` of the offending node (Yams marks are 1-based in both line and column).
struct YAMLNodeReader {
    let file: String

    // MARK: Errors

    func error(at node: Node, _ message: String) -> ScenarioError {
        error(at: node.mark, message)
    }

    func error(at mark: Mark?, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: mark?.line ?? 0, column: mark?.column ?? 0, message: message)
    }

    /// An error at a character offset inside a single-line scalar (e.g. a token of a script step string).
    func error(at node: Node, offset: Int, _ message: String) -> ScenarioError {
        guard let mark = node.mark, let scalar = node.scalar else { return error(at: node, message) }
        let quote: Int
        switch scalar.style {
        case .singleQuoted, .doubleQuoted: quote = 1
        case .any, .plain: quote = 0
        default: return error(at: node, message)
        }
        return ScenarioError(file: file, line: mark.line, column: mark.column + quote + offset, message: message)
    }

    /// How a node reads in "got …": `'abc'`, `nothing`, `a list`, `a map`.
    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let scalar):
            return isNull(node) ? "nothing" : "'\(scalar.string)'"
        case .sequence(let seq): return seq.count == 1 ? "a list of 1 item" : "a list of \(seq.count) items"
        case .mapping: return "a map"
        case .alias: return "an alias"
        }
    }

    func isNull(_ node: Node) -> Bool {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return false }
        return ["", "~", "null", "Null", "NULL"].contains(scalar.string)
    }

    func mismatch(_ node: Node, expected: String, for label: String) -> ScenarioError {
        error(at: node, "expected \(expected) for \(label), got \(describe(node))")
    }

    // MARK: Containers

    func map(_ node: Node, for label: String) throws(ScenarioError) -> YAMLMap {
        guard case .mapping(let mapping) = node else { throw mismatch(node, expected: "a map", for: label) }
        var entries: [YAMLMap.Entry] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.scalar?.string, !isNull(keyNode) else {
                throw error(at: keyNode, "expected a name as a key in \(label), got \(describe(keyNode))")
            }
            entries.append(YAMLMap.Entry(key: key, keyNode: keyNode, value: value))
        }
        return YAMLMap(reader: self, node: node, entries: entries)
    }

    func list(_ node: Node, for label: String) throws(ScenarioError) -> [Node] {
        guard case .sequence(let sequence) = node else { throw mismatch(node, expected: "a list", for: label) }
        return Array(sequence)
    }

    // MARK: Scalars

    func string(_ node: Node, for label: String) throws(ScenarioError) -> String {
        guard let scalar = node.scalar, !isNull(node) else { throw mismatch(node, expected: "a string", for: label) }
        return scalar.string
    }

    /// A view, controller or recognizer id: a non-empty string without whitespace.
    func identifier(_ node: Node, for label: String) throws(ScenarioError) -> String {
        guard let scalar = node.scalar, !isNull(node), !scalar.string.isEmpty,
            !scalar.string.contains(where: { $0.isWhitespace })
        else {
            throw mismatch(node, expected: "an id without spaces", for: label)
        }
        return scalar.string
    }

    func number(_ node: Node, for label: String) throws(ScenarioError) -> Double {
        guard let value = Self.plainNumber(node) else { throw mismatch(node, expected: "a number", for: label) }
        return value
    }

    /// A number in `range`: "expected a time from 0 to 3600000 ms for 't', got '1e16'" (`noun` "a time", `unit` "ms").
    func number(
        _ node: Node, in range: ClosedRange<Double>, _ noun: String = "a number", unit: String = "",
        for label: String
    ) throws(ScenarioError) -> Double {
        let expected = "\(noun) \(ScenarioLimits.describe(range, unit: unit))"
        guard let value = Self.plainNumber(node), range.contains(value) else {
            throw mismatch(node, expected: expected, for: label)
        }
        return value
    }

    /// A distance or size in pt (`ScenarioLimits.length`).
    func length(_ node: Node, for label: String) throws(ScenarioError) -> Double {
        try number(node, in: ScenarioLimits.length, "a distance", unit: "pt", for: label)
    }

    /// An integer in `range` ("expected an integer from 1 to 100 for 'taps', got '0'").
    func integer(_ node: Node, in range: ClosedRange<Int>, for label: String) throws(ScenarioError) -> Int {
        guard let value = Self.plainNumber(node), value == value.rounded(),
            value >= Double(range.lowerBound), value <= Double(range.upperBound)
        else {
            throw mismatch(node, expected: "an integer from \(range.lowerBound) to \(range.upperBound)", for: label)
        }
        return Int(value)
    }

    func bool(_ node: Node, for label: String) throws(ScenarioError) -> Bool {
        if let scalar = node.scalar, scalar.style == .plain || scalar.style == .any {
            switch scalar.string {
            case "true", "True", "TRUE": return true
            case "false", "False", "FALSE": return false
            default: break
            }
        }
        throw mismatch(node, expected: "true or false", for: label)
    }

    /// A time in ms (`ScenarioLimits.milliseconds`).
    func time(_ node: Node, for label: String) throws(ScenarioError) -> Double {
        try number(node, in: ScenarioLimits.milliseconds, "a time", unit: "ms", for: label)
    }

    /// A time in ms (`ScenarioLimits.milliseconds`) as an engine duration.
    func milliseconds(_ node: Node, for label: String) throws(ScenarioError) -> TouchEngine.Duration {
        .ms(try time(node, for: label))
    }

    /// One of `options`, e.g. `kind: button`.
    func choice(_ node: Node, _ options: [String], for label: String) throws(ScenarioError) -> String {
        guard let scalar = node.scalar, !isNull(node), options.contains(scalar.string) else {
            throw mismatch(node, expected: "one of " + options.joined(separator: ", "), for: label)
        }
        return scalar.string
    }

    func choice<T: RawRepresentable & CaseIterable>(_ node: Node, as type: T.Type, for label: String)
        throws(ScenarioError) -> T where T.RawValue == String
    {
        let raw = try choice(node, T.allCases.map(\.rawValue), for: label)
        return T(rawValue: raw)!
    }

    // MARK: Number tuples

    /// A list of exactly `names.count` numbers, e.g. `[x, y, w, h]`: coordinates within `ScenarioLimits.coordinate`,
    /// components named in `nonNegative` within `ScenarioLimits.length` ("expected a non-negative width for
    /// 'frame', got '-5'", "expected a width from 0 to 1000000 pt for 'frame', got '1e300'").
    func numbers(_ node: Node, _ names: [String], nonNegative: Set<String> = [], for label: String)
        throws(ScenarioError) -> [Double]
    {
        let shape = "[" + names.joined(separator: ", ") + "]"
        guard case .sequence(let sequence) = node, sequence.count == names.count else {
            throw mismatch(node, expected: shape, for: label)
        }
        var values: [Double] = []
        for (name, element) in zip(names, sequence) {
            let value = try number(element, for: label)
            let length = nonNegative.contains(name)
            if length, value < 0 {
                throw mismatch(element, expected: "a non-negative \(name)", for: label)
            }
            let range = length ? ScenarioLimits.length : ScenarioLimits.coordinate
            guard range.contains(value) else {
                let article = "aeiox".contains(name.first ?? "a") ? "an" : "a"
                throw mismatch(element, expected: "\(article) \(name) \(ScenarioLimits.describe(range, unit: "pt"))", for: label)
            }
            values.append(value)
        }
        return values
    }

    func point(_ node: Node, for label: String) throws(ScenarioError) -> Point {
        let v = try numbers(node, ["x", "y"], for: label)
        return Point(v[0], v[1])
    }

    func size(_ node: Node, for label: String) throws(ScenarioError) -> Size {
        let v = try numbers(node, ["width", "height"], nonNegative: ["width", "height"], for: label)
        return Size(v[0], v[1])
    }

    func rect(_ node: Node, for label: String) throws(ScenarioError) -> Rect {
        let v = try numbers(node, ["x", "y", "width", "height"], nonNegative: ["width", "height"], for: label)
        return Rect(v[0], v[1], v[2], v[3])
    }

    func insets(_ node: Node, for label: String) throws(ScenarioError) -> EdgeInsets {
        let v = try numbers(node, ["top", "left", "bottom", "right"], for: label)
        return EdgeInsets(top: v[0], left: v[1], bottom: v[2], right: v[3])
    }

    /// A plain (unquoted) scalar that spells a finite decimal number.
    static func plainNumber(_ node: Node) -> Double? {
        guard let scalar = node.scalar, scalar.style == .plain || scalar.style == .any else { return nil }
        return parseNumber(scalar.string)
    }

    /// A finite decimal number such as `16`, `-3.5`, `1e3`, `.5`; no hex, no `inf`/`nan`.
    static func parseNumber<S: StringProtocol>(_ text: S) -> Double? {
        guard !text.isEmpty, text.allSatisfy({ "0123456789+-.eE".contains($0) }),
            let value = Double(String(text)), value.isFinite
        else { return nil }
        return value
    }
}

/// A YAML map with its keys in document order and typed, optional lookups (`nil` when the key is absent).
struct YAMLMap {
    struct Entry {
        let key: String
        let keyNode: Node
        let value: Node
    }

    let reader: YAMLNodeReader
    let node: Node
    let entries: [Entry]

    subscript(key: String) -> Node? { entries.first { $0.key == key }?.value }
    func keyNode(_ key: String) -> Node? { entries.first { $0.key == key }?.keyNode }
    var keys: [String] { entries.map(\.key) }

    /// Rejects keys outside `allowed`, naming them all: "unknown key 'colour' in view 'B'; allowed keys are …".
    func checkKeys(_ allowed: [String], in context: String) throws(ScenarioError) {
        for entry in entries where !allowed.contains(entry.key) {
            throw reader.error(
                at: entry.keyNode,
                "unknown key '\(entry.key)' in \(context); allowed keys are "
                    + allowed.joined(separator: ", "))
        }
    }

    func required(_ key: String, in context: String) throws(ScenarioError) -> Node {
        guard let value = self[key] else {
            throw reader.error(at: node, "\(context) is missing the required key '\(key)'")
        }
        return value
    }

    /// The id of an entry for use in messages before it is validated ("view 'B'"), or nil.
    func peekID(_ key: String = "id") -> String? {
        guard let node = self[key], !reader.isNull(node) else { return nil }
        return node.scalar?.string
    }

    func string(_ key: String) throws(ScenarioError) -> String? {
        guard let n = self[key] else { return nil }
        return try reader.string(n, for: "'\(key)'")
    }

    func number(_ key: String) throws(ScenarioError) -> Double? {
        guard let n = self[key] else { return nil }
        return try reader.number(n, for: "'\(key)'")
    }

    func number(_ key: String, in range: ClosedRange<Double>, _ noun: String) throws(ScenarioError) -> Double? {
        guard let n = self[key] else { return nil }
        return try reader.number(n, in: range, noun, for: "'\(key)'")
    }

    func length(_ key: String) throws(ScenarioError) -> Double? {
        guard let n = self[key] else { return nil }
        return try reader.length(n, for: "'\(key)'")
    }

    func integer(_ key: String, in range: ClosedRange<Int>) throws(ScenarioError) -> Int? {
        guard let n = self[key] else { return nil }
        return try reader.integer(n, in: range, for: "'\(key)'")
    }

    func bool(_ key: String) throws(ScenarioError) -> Bool? {
        guard let n = self[key] else { return nil }
        return try reader.bool(n, for: "'\(key)'")
    }

    func milliseconds(_ key: String) throws(ScenarioError) -> TouchEngine.Duration? {
        guard let n = self[key] else { return nil }
        return try reader.milliseconds(n, for: "'\(key)'")
    }

    func choice<T: RawRepresentable & CaseIterable>(_ key: String, as type: T.Type) throws(ScenarioError) -> T?
    where T.RawValue == String {
        guard let n = self[key] else { return nil }
        return try reader.choice(n, as: type, for: "'\(key)'")
    }

    func point(_ key: String) throws(ScenarioError) -> Point? {
        guard let n = self[key] else { return nil }
        return try reader.point(n, for: "'\(key)'")
    }

    func size(_ key: String) throws(ScenarioError) -> Size? {
        guard let n = self[key] else { return nil }
        return try reader.size(n, for: "'\(key)'")
    }

    func rect(_ key: String) throws(ScenarioError) -> Rect? {
        guard let n = self[key] else { return nil }
        return try reader.rect(n, for: "'\(key)'")
    }

    func insets(_ key: String) throws(ScenarioError) -> EdgeInsets? {
        guard let n = self[key] else { return nil }
        return try reader.insets(n, for: "'\(key)'")
    }
}
