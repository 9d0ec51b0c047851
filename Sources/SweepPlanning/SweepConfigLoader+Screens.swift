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
/// itself as the `embedded:` section so that workers, journals and replays need no files. An item may also be
/// `{dump: …, map: …, recognizers: …}`: the class map and recognizers files of `sweep import` go with the dump
/// (paths resolved like the dump's) and travel in `embedded:` with it.
extension SweepConfigLoader {
    /// The top-level key that carries the dumps' contents.
    public static let embeddedKey = "embedded"

    /// `text` with an `embedded:` section holding every screen's text, unless it has one already (or the config
    /// has no screens). This is the text `sweep run` and `sweep submit` journal, send to workers and write as
    /// config.yaml; loading it gives the same config and hash without reading a dump.
    public static func expandedText(_ text: String, config: SweepConfig) -> String {
        guard !config.trees.screens.isEmpty,
            !text.split(separator: "\n").contains(where: { $0.hasPrefix(embeddedKey + ":") })
        else { return text }
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
            for (key, overlay) in [("map", s.map), ("recognizers", s.recognizers)] {
                guard let overlay else { continue }
                lines.append(indent + "    \(key):")
                lines.append(indent + "      file: " + QuotedString.yaml(overlay.file))
                lines.append(indent + "      text: " + QuotedString.yaml(overlay.text))
            }
        }
        return lines
    }

    /// A screen as `trees.screens` lists it in plan.yaml: its path, or `{dump, map, recognizers}` when it has
    /// overlays; for the hash, with the FNV-1a of each file's text (a changed dump or overlay changes the hash).
    static func screenItem(_ s: ScreenDump, forHash: Bool) -> String {
        let overlays = [("map", s.map), ("recognizers", s.recognizers)].compactMap { key, o in o.map { (key, $0) } }
        guard !overlays.isEmpty else { return AxisValueText.yamlString(s.file) + (forHash ? "  # fnv1a " + FNV1a.hex(s.text) : "") }
        let item =
            "{dump: " + AxisValueText.yamlString(s.file)
            + overlays.map { ", \($0.0): " + AxisValueText.yamlString($0.1.file) }.joined() + "}"
        guard forHash else { return item }
        return item + "  # fnv1a " + ([FNV1a.hex(s.text)] + overlays.map { FNV1a.hex($0.1.text) }).joined(separator: " ")
    }

    /// The directory relative screen paths start from: the config file's own directory (a relative config
    /// path starts at the current directory).
    static func screensBase(configPath: String) -> String {
        let absolute = configPath.hasPrefix("/") ? configPath : FileManager.default.currentDirectoryPath + "/" + configPath
        var parts = absolute.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        parts.removeLast() // the file
        return "/" + parts.joined(separator: "/")
    }
}

/// One item of `trees.screens`: a dump path or pattern, and the map and recognizers files that go with it
/// (each with its node, for messages).
struct ScreenEntry {
    static let keys = ["dump", "map", "recognizers"]
    var dump: String
    var node: Node
    var map: (path: String, node: Node)?
    var recognizers: (path: String, node: Node)?
    init(dump: String, node: Node) { self.dump = dump; self.node = node }
}

extension SweepConfigLoader.Parser {
    /// `screens:` — a non-empty list of paths or glob patterns, each alone or as `{dump, map, recognizers}`.
    func parseScreenPatterns(_ node: Node) throws(ScenarioError) -> [ScreenEntry] {
        let items = try reader.list(node, for: "'screens'")
        guard !items.isEmpty else { throw reader.mismatch(node, expected: "at least one dump path or pattern", for: "'screens'") }
        var result: [ScreenEntry] = []
        for item in items {
            guard case .mapping = item else {
                result.append(ScreenEntry(dump: try reader.string(item, for: "'screens'"), node: item))
                continue
            }
            let map = try reader.map(item, for: "a screen")
            try map.checkKeys(ScreenEntry.keys, in: "a screen")
            var entry = ScreenEntry(dump: try reader.string(try map.required("dump", in: "a screen"), for: "'dump'"), node: item)
            if let n = map["map"] { entry.map = (try reader.string(n, for: "'map'"), n) }
            if let n = map["recognizers"] { entry.recognizers = (try reader.string(n, for: "'recognizers'"), n) }
            result.append(entry)
        }
        return result
    }

    /// The screens: from `embedded:` when present, else read from disk; each imported.
    func screens(patterns: [ScreenEntry], patternsNode: Node, embedded: Node?) throws(ScenarioError) -> [ScreenDump] {
        var files: [(file: String, text: String, node: Node, map: ScreenOverlay?, recognizers: ScreenOverlay?)] = []
        if let embedded {
            for item in try reader.list(embedded, for: "'embedded'") {
                let map = try reader.map(item, for: "an embedded dump")
                let (file, text) = try embeddedFile(map, item, what: "dump")
                var overlays: [ScreenOverlay?] = [nil, nil]
                for (i, key) in ["map", "recognizers"].enumerated() {
                    guard let node = map[key] else { continue }
                    let (file, text) = try embeddedFile(try reader.map(node, for: "an embedded '\(key)'"), node, what: key)
                    overlays[i] = ScreenOverlay(file: file, text: text)
                }
                files.append((file, text, item, overlays[0], overlays[1]))
            }
        } else {
            let base = SweepConfigLoader.screensBase(configPath: reader.file)
            for entry in patterns {
                let (pattern, node) = (entry.dump, entry.node)
                let map = try entry.map.map { path, n throws(ScenarioError) in try readOverlay(path, base: base, node: n, what: "class map") }
                let recognizers = try entry.recognizers.map { path, n throws(ScenarioError) in
                    try readOverlay(path, base: base, node: n, what: "recognizers file")
                }
                let matched = Self.matchFiles(pattern, base: base)
                guard !matched.isEmpty else {
                    throw reader.error(
                        at: node,
                        "the screens pattern '\(pattern)' matches no file (relative paths start at \(base), "
                            + "the config file's directory)")
                }
                for (display, absolute) in matched where !files.contains(where: { $0.file == display }) {
                    guard let data = FileManager.default.contents(atPath: absolute) else {
                        throw reader.error(at: node, "cannot read the dump \(display)")
                    }
                    if let bad = UTF8Position.firstInvalid(in: data) {
                        throw reader.error(
                            at: node,
                            "the dump \(display) is not UTF-8 text: byte \(bad.byteText) at its line "
                                + "\(bad.line), column \(bad.column)")
                    }
                    let text = String(decoding: data, as: UTF8.self)
                    files.append((display, text, node, map, recognizers))
                }
            }
        }
        var result: [ScreenDump] = []
        for f in files {
            do {
                // Errors in a map or recognizers file name that file's line and column.
                let map = try f.map.map { try ClassMap.parse(yaml: $0.text, file: $0.file) } ?? ClassMap()
                let overlay = try f.recognizers.map { try RecognizerOverlay.parse(yaml: $0.text, file: $0.file) }
                let screen = try ScreenImporter.importScreen(f.text, file: f.file, map: map, recognizers: overlay)
                result.append(
                    ScreenDump(
                        file: f.file, text: f.text, scene: screen.scene, map: f.map, recognizers: f.recognizers,
                        report: screen.report))
            } catch let refusal as DumpRefusal {
                throw reader.error(
                    at: f.node,
                    refusal.line > 0
                        ? "the screen \(refusal.file) cannot be imported: at its line \(refusal.line), \(refusal.message)"
                        : "the screen \(refusal.file) is \(refusal.message)")
            } catch let error as ScenarioError {
                throw error
            } catch {
                throw reader.error(at: f.node, "the screen \(f.file) cannot be imported: \(error)")
            }
        }
        return result
    }

    /// `file` and `text` of an embedded dump or overlay.
    func embeddedFile(_ map: ConfigMap, _ node: Node, what: String) throws(ScenarioError) -> (String, String) {
        try map.checkKeys(what == "dump" ? ["file", "text", "map", "recognizers"] : ["file", "text"], in: "an embedded \(what)")
        let file = try reader.string(try map.required("file", in: "an embedded \(what)"), for: "'file'")
        guard case .scalar(let scalar) = try map.required("text", in: "an embedded \(what)") else {
            throw reader.error(at: node, "expected the \(what)'s text for 'text'")
        }
        return (file, scalar.string)
    }

    /// Reads the map or recognizers file `path` of a screen (resolved like the dumps); a missing or unreadable
    /// file is one sentence at the config's `map:` / `recognizers:` value.
    func readOverlay(_ path: String, base: String, node: Node, what: String) throws(ScenarioError) -> ScreenOverlay {
        let absolute = path.hasPrefix("/") ? path : base + "/" + path
        guard let data = FileManager.default.contents(atPath: absolute) else {
            throw reader.error(at: node, "cannot read the \(what) \(path) of this screen (looked for \(absolute))")
        }
        if let bad = UTF8Position.firstInvalid(in: data) {
            throw reader.error(
                at: node,
                "the \(what) \(path) is not UTF-8 text: byte \(bad.byteText) at its line \(bad.line), "
                    + "column \(bad.column)")
        }
        let text = String(decoding: data, as: UTF8.self)
        return ScreenOverlay(file: path, text: text)
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
