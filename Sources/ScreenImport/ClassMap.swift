import ScenarioKit
import TouchEngine
import Yams

/// The user's class mapping (`sweep import --map classes.yaml`): app classes to view kinds.
///
/// ```yaml
/// classes:
///   MyApp.FeedCell: cell          # an exact class name
///   "MyApp.*Button": button       # a pattern: * any run of characters, ? one character
///   "*HeaderView": view           # stop a heuristic from guessing
/// ```
/// An exact name wins over patterns; patterns are tried in file order.
public struct ClassMap: Hashable, Sendable {
    public private(set) var entries: [(pattern: ClassPattern, kind: ViewKind)] = []
    /// The mapping file and the line of each entry (for the warning about an entry that matches no class).
    public private(set) var file = ""
    public private(set) var lines: [Int] = []
    public init() {}
    public init(entries: [(pattern: ClassPattern, kind: ViewKind)]) { self.entries = entries }

    /// Whether entry `index` names `className` (exactly, or by its pattern).
    public func entry(_ index: Int, matches className: String) -> Bool {
        let pattern = entries[index].pattern
        return pattern.isExact ? pattern.text == className : pattern.matches(className)
    }

    /// Warnings for the entries that name no class of `records` (nor a `baseClass` they print): a misspelt
    /// name or module maps nothing, and the views keep the kind the table or a heuristic gave them.
    func unmatchedEntries(in records: [DumpRecord]) -> [ImportWarning] {
        var names = Set(records.map(\.className))
        for r in records { if let b = r.baseClass { names.insert(b) } }
        return entries.indices.compactMap { i in
            guard !names.contains(where: { entry(i, matches: $0) }) else { return nil }
            let place = lines.indices.contains(i) && lines[i] > 0 ? "\(file):\(lines[i])" : file
            return ImportWarning(
                line: 0, "\(place): the class map entry '\(entries[i].pattern.text)' matches no class of the dump")
        }
    }

    public func kind(of className: String) -> ViewKind? {
        if let exact = entries.first(where: { $0.pattern.isExact && $0.pattern.text == className }) { return exact.kind }
        return entries.first { !$0.pattern.isExact && $0.pattern.matches(className) }?.kind
    }

    public static func == (a: ClassMap, b: ClassMap) -> Bool {
        a.entries.count == b.entries.count && zip(a.entries, b.entries).allSatisfy { $0.0.pattern == $0.1.pattern && $0.0.kind == $0.1.kind }
    }

    public func hash(into hasher: inout Hasher) {
        for e in entries { hasher.combine(e.pattern); hasher.combine(e.kind) }
    }

    /// Parses a mapping file's text; every problem is one sentence naming `file:line:column`.
    public static func parse(yaml: String, file: String) throws(ScenarioError) -> ClassMap {
        let root = try ScenarioLoader.compose(yaml: yaml, path: file, document: "class map")
        let top = try OverlayReader(file: file).map(root, for: "the class map", keys: ["classes"])
        guard let classes = top.first(where: { $0.key == "classes" })?.value else { return ClassMap() }
        let reader = OverlayReader(file: file)
        var map = ClassMap()
        map.file = file
        for entry in try reader.map(classes, for: "'classes'", keys: nil) {
            let kinds = ViewKind.allCases.map(\.rawValue)
            guard let name = entry.value.scalar?.string, let kind = ViewKind(rawValue: name) else {
                throw reader.error(
                    at: entry.value,
                    "expected a view kind (\(kinds.joined(separator: ", "))) for class "
                        + "'\(entry.key)', got \(reader.describe(entry.value))")
            }
            map.entries.append((ClassPattern(entry.key), kind))
            map.lines.append(entry.keyNode.mark?.line ?? 0)
        }
        return map
    }
}

/// Minimal typed access to the map and recognizers files (errors as `ScenarioError`s at a node's mark).
struct OverlayReader {
    let file: String

    func error(at node: Node, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, message: message)
    }

    func describe(_ node: Node) -> String {
        switch node {
        case .scalar(let s): return s.string.isEmpty ? "nothing" : "'\(s.string)'"
        case .sequence: return "a list"
        case .mapping: return "a map"
        case .alias: return "an alias"
        }
    }

    /// The entries of a map with string keys; with `keys`, any other key is an error.
    func map(_ node: Node, for label: String, keys: [String]?) throws(ScenarioError) -> [(key: String, keyNode: Node, value: Node)] {
        guard case .mapping(let mapping) = node else { throw error(at: node, "expected a map for \(label), got \(describe(node))") }
        var result: [(key: String, keyNode: Node, value: Node)] = []
        for (k, v) in mapping {
            guard let key = k.scalar?.string, !key.isEmpty else { throw error(at: k, "expected a name as a key in \(label)") }
            if let keys, !keys.contains(key) {
                throw error(at: k, "unknown key '\(key)' in \(label); allowed keys are " + keys.joined(separator: ", "))
            }
            result.append((key, k, v))
        }
        return result
    }

    func list(_ node: Node, for label: String) throws(ScenarioError) -> [Node] {
        guard case .sequence(let s) = node else { throw error(at: node, "expected a list for \(label), got \(describe(node))") }
        return Array(s)
    }

    func string(_ node: Node, for label: String) throws(ScenarioError) -> String {
        guard let s = node.scalar?.string, !s.isEmpty else { throw error(at: node, "expected a non-empty string for \(label), got \(describe(node))") }
        return s
    }
}
