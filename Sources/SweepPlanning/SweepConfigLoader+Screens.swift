import Foundation
import ScenarioKit
import ScreenImport
import Yams

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `trees.screens` (docs/real-screens.md): dumps named by path or glob, relative paths resolved against the
/// directory of the config file itself (`configs/x.yaml` → `configs/`), read once, and carried in the config text
/// itself as the `embedded:` section so that workers, journals and replays need no files.
extension SweepConfigLoader {
    /// The top-level key that carries the dumps' contents.
    public static let embeddedKey = "embedded"

    /// `text` with an `embedded:` section holding every screen's text, unless it has one already (or the config
    /// has no screens). This is the text `sweep run` and `sweep submit` journal, send to workers and write as
    /// config.yaml; loading it gives the same config and hash without reading a dump.
    public static func expandedText(_ text: String, config: SweepConfig) -> String {
        guard !config.trees.screens.isEmpty,
              !text.split(separator: "\n").contains(where: { $0.hasPrefix(embeddedKey + ":") }) else { return text }
        var out = text
        if !out.hasSuffix("\n") { out += "\n" }
        out += "# Added by sweep: the dumps trees.screens names, as read (workers and replays use these, not the files).\n"
        out += embeddedLines(config).joined(separator: "\n") + "\n"
        return out
    }

    /// The `embedded:` section's lines.
    static func embeddedLines(_ config: SweepConfig, indent: String = "") -> [String] {
        var lines = [indent + embeddedKey + ":"]
        for s in config.trees.screens {
            lines.append(indent + "  - file: " + QuotedString.yaml(s.file))
            lines.append(indent + "    text: " + QuotedString.yaml(s.text))
        }
        return lines
    }

    /// The directory relative screen paths start from: the config file's own directory (a relative config
    /// path starts at the current directory).
    static func screensBase(configPath: String) -> String {
        let absolute = configPath.hasPrefix("/") ? configPath : FileManager.default.currentDirectoryPath + "/" + configPath
        var parts = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        parts.removeLast()  // the file
        return "/" + parts.joined(separator: "/")
    }
}

extension SweepConfigLoader.Parser {
    /// `screens:` — a non-empty list of paths or glob patterns.
    func parseScreenPatterns(_ node: Node) throws(ScenarioError) -> [String] {
        let items = try reader.list(node, for: "'screens'")
        guard !items.isEmpty else { throw reader.mismatch(node, expected: "at least one dump path or pattern", for: "'screens'") }
        var result: [String] = []
        for item in items { result.append(try reader.string(item, for: "'screens'")) }
        return result
    }

    /// The screens: from `embedded:` when present, else read from disk; each imported.
    func screens(patterns: [String], patternsNode: Node, embedded: Node?) throws(ScenarioError) -> [ScreenDump] {
        var files: [(file: String, text: String, node: Node)] = []
        if let embedded {
            for item in try reader.list(embedded, for: "'embedded'") {
                let map = try reader.map(item, for: "an embedded dump")
                try map.checkKeys(["file", "text"], in: "an embedded dump")
                let file = try reader.string(try map.required("file", in: "an embedded dump"), for: "'file'")
                guard case .scalar(let scalar) = try map.required("text", in: "an embedded dump") else {
                    throw reader.error(at: item, "expected the dump's text for 'text'")
                }
                files.append((file, scalar.string, item))
            }
        } else {
            let base = SweepConfigLoader.screensBase(configPath: reader.file)
            let items = try reader.list(patternsNode, for: "'screens'")
            for (pattern, node) in Swift.zip(patterns, items) {
                let matched = Self.matchFiles(pattern, base: base)
                guard !matched.isEmpty else {
                    throw reader.error(at: node, "the screens pattern '\(pattern)' matches no file (relative paths start at \(base), "
                        + "the config file's directory)")
                }
                for (display, absolute) in matched where !files.contains(where: { $0.file == display }) {
                    guard let data = FileManager.default.contents(atPath: absolute) else {
                        throw reader.error(at: node, "cannot read the dump \(display)")
                    }
                    guard let text = String(data: data, encoding: .utf8) else {
                        throw reader.error(at: node, "the dump \(display) is not UTF-8 text")
                    }
                    files.append((display, text, node))
                }
            }
        }
        var result: [ScreenDump] = []
        for f in files {
            do {
                let screen = try ScreenImporter.importDump(f.text, file: f.file)
                result.append(ScreenDump(file: f.file, text: f.text, scene: screen.scene))
            } catch let refusal as DumpRefusal {
                throw reader.error(at: f.node, "the screen \(refusal.file) is \(refusal.message)")
            } catch {
                throw reader.error(at: f.node, "the screen \(f.file) cannot be imported: \(error)")
            }
        }
        return result
    }

    /// Files matching `pattern` (a path, or one with `*`, `?`, `[…]`): (the path as the pattern spells it, the
    /// absolute path), sorted by path. Relative patterns start at `base`.
    static func matchFiles(_ pattern: String, base: String) -> [(String, String)] {
        let absolute = pattern.hasPrefix("/") ? pattern : base + "/" + pattern
        var g = glob_t()
        defer { globfree(&g) }
        guard glob(absolute, 0, nil, &g) == 0 else { return [] }
        var result: [(String, String)] = []
        for i in 0 ..< Int(g.gl_pathc) {
            guard let p = g.gl_pathv[i], let path = String(validatingCString: p) else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let display = pattern.hasPrefix("/") ? path : String(path.dropFirst(base.count + 1))
            result.append((display, path))
        }
        return result.sorted { $0.0.utf8.lexicographicallyPrecedes($1.0.utf8) }
    }
}
