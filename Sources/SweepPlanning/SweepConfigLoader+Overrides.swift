import Foundation
import ScenarioKit
import Yams

/// `--set KEY=VALUE` overrides (``ConfigOverride``): applied to the composed YAML of the file, then the result is
/// loaded by the same parser as any config, so an override is checked exactly as the file is (keys, types, ranges,
/// zip and exclude). A problem in an override's key or value names the option (`--set axes.foo=1: unknown axis
/// 'foo' in 'axes' …`); one the file holds still names `file:line:column`.
extension SweepConfigLoader {
    /// The config of `yaml` with `overrides` applied in order (a later one wins), and the text that stands for it:
    /// `yaml` itself without overrides, else the merged document (comments dropped, one comment line listing the
    /// overrides first), which loads back to the same config and hash. `path` is used in error messages and to
    /// resolve `trees.screens`.
    public static func load(yaml: String, path: String, overrides: [ConfigOverride])
        throws(ScenarioError) -> (config: SweepConfig, text: String)
    {
        guard !overrides.isEmpty else { return (try load(yaml: yaml, path: path), yaml) }
        let root = try compose(yaml: yaml, path: path)
        // A file that is not a map of keys is refused as it would be without overrides.
        guard case .mapping = root else { return (try load(node: root, path: path), yaml) }
        // Each override's nodes are read from text placed below the file's last line (override i on line
        // fileLines + 1 + i), so a mark past the file tells which option an error is about.
        let fileLines = yaml.reduce(into: 1) { count, c in if c == "\n" || c == "\r\n" || c == "\r" { count += 1 } }
        func blame(_ error: ScenarioError) -> ScenarioError {
            guard error.file == path, error.line > fileLines, error.line <= fileLines + overrides.count else { return error }
            return ConfigOverride.error(overrides[error.line - fileLines - 1].option, error.message)
        }
        var merged = root
        do {
            for (i, override) in overrides.enumerated() {
                let padding = String(repeating: "\n", count: fileLines + i)
                let value = try composeValue(padding + override.yamlText, path: path, override: override)
                merged = try set(override.keys[...], to: value, in: merged, override: override) { key throws(ScenarioError) in
                    // Quoted so that any name reads as text, then plain, as a key written in the file would be.
                    guard
                        case .scalar(var scalar) = try composeValue(
                            padding + QuotedString.yaml(key), path: path,
                            override: override)
                    else { return Node(key) }
                    scalar.style = .plain
                    return .scalar(scalar)
                }
            }
            let config = try load(node: merged, path: path)
            return (config, try mergedText(merged, path: path, overrides: overrides))
        } catch {
            throw blame(error)
        }
    }

    /// An override's value (or key) as a node; an empty value (`--set description=`) reads as null, and a YAML
    /// error names the option.
    static func composeValue(_ yaml: String, path: String, override: ConfigOverride) throws(ScenarioError) -> Node {
        do {
            return try compose(yaml: yaml.allSatisfy(\.isNewline) ? yaml + "~" : yaml, path: path)
        } catch {
            // The YAML parser's context names a line of the padded text, which means nothing on a command line.
            let message = error.message.replacingOccurrences(of: #" at line \d+(, column \d+)?"#, with: "", options: .regularExpression)
            throw ConfigOverride.error(override.option, message)
        }
    }

    /// `node` with the value at `keys` replaced by `value`; missing maps on the way are created. `makeKey` gives
    /// the node of a new key (marked as the override's).
    static func set(
        _ keys: ArraySlice<String>, to value: Node, in node: Node, override: ConfigOverride,
        makeKey: (String) throws(ScenarioError) -> Node
    ) throws(ScenarioError) -> Node {
        guard let key = keys.first else { return value }
        let above = override.keys[..<(override.keys.count - keys.count)].joined(separator: ".")
        guard case .mapping(var mapping) = node else {
            var what = "not a map"
            if case .sequence = node { what = "a list" }
            throw ConfigOverride.error(
                override.option,
                "'\(above.isEmpty ? "the config" : above)' is \(what), so it has "
                    + "no key '\(key)'; set '\(above)' as a whole")
        }
        let rest = keys.dropFirst()
        if let index = mapping.firstIndex(where: { $0.key.scalar?.string == key }) {
            let existing = mapping[index]
            mapping[index] = (existing.key, try set(rest, to: value, in: existing.value, override: override, makeKey: makeKey))
        } else {
            let empty = Node.mapping(Node.Mapping([]))
            var pairs = Array(mapping)
            pairs.append((try makeKey(key), try set(rest, to: value, in: empty, override: override, makeKey: makeKey)))
            mapping = Node.Mapping(pairs, mapping.tag, mapping.style, mapping.mark)
        }
        return .mapping(mapping)
    }

    /// The merged document as YAML, after a comment that says where it came from.
    static func mergedText(_ node: Node, path: String, overrides: [ConfigOverride]) throws(ScenarioError) -> String {
        let body: String
        do { body = try Yams.serialize(node: compact(node), width: -1, allowUnicode: true) } catch {
            throw ScenarioError(file: path, line: 0, column: 0, message: "cannot write the config with the --set overrides: \(error)")
        }
        let options = overrides.map { "--set " + $0.option.replacingOccurrences(of: "\n", with: " ") }
        return "# \(path) with " + options.joined(separator: " ") + "\n" + body
    }

    /// `node` with its lists of scalars, and its small maps of one-line scalars, in flow style (`[true, false]`,
    /// `{from: 0, to: 300, step: 50}`), as configs are written; the rest in block style.
    static func compact(_ node: Node) -> Node {
        func isShortScalar(_ n: Node) -> Bool { n.scalar.map { !$0.string.contains(where: \.isNewline) } ?? false }
        switch node {
        case .sequence(var sequence):
            if sequence.allSatisfy(isShortScalar) { sequence.style = .flow; return .sequence(sequence) }
            return .sequence(Node.Sequence(sequence.map(compact), sequence.tag, .block, sequence.mark))
        case .mapping(var mapping):
            if mapping.count <= 8, mapping.allSatisfy({ isShortScalar($0.value) }) { mapping.style = .flow; return .mapping(mapping) }
            let pairs = mapping.map { ($0.key, compact($0.value)) }
            return .mapping(Node.Mapping(pairs, mapping.tag, .block, mapping.mark))
        default:
            return node
        }
    }
}
