import Foundation
import TouchEngine
import Yams

/// Loads scenario files (docs/scenario-format.md) into engine `Scene`s.
///
/// Every problem is a `ScenarioError`: one sentence naming `file:line:column`.
public enum ScenarioLoader {
    /// Reads and parses a file. An unreadable file is a `ScenarioError` with line 0.
    public static func load(path: String) throws(ScenarioError) -> LoadedScenario {
        try load(yaml: try readText(path: path, what: "scenario file"), path: path)
    }

    /// The UTF-8 text of a file the tools read (scenarios, sweep configs, dumps, map and recognizer files). An
    /// unreadable file is a `ScenarioError` with line 0: `cannot read the <what>: no such file` (or: it is a
    /// directory, permission denied); bytes that are not UTF-8 are one at the first bad byte (`text(of:path:what:)`).
    ///
    /// Files larger than ``ScenarioLimits/fileBytes`` are refused before anything is read, and whatever the file
    /// is (a pipe, a device such as /dev/zero), at most that many bytes and one more are ever read.
    public static func readText(path: String, what: String) throws(ScenarioError) -> String {
        func refuse(_ reason: String) -> ScenarioError {
            ScenarioError(file: path, line: 0, column: 0, message: "cannot read the \(what): \(reason)")
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw refuse("no such file") }
        guard !isDirectory.boolValue else { throw refuse("it is a directory") }
        let limit = ScenarioLimits.fileBytes
        let tooLarge = "it is larger than \(limit) bytes (16 MiB), the most a \(what) may hold"
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size > limit { throw refuse(tooLarge) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw refuse("permission denied") }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: limit + 1) ?? Data() } catch { throw refuse("it cannot be read (\(error.localizedDescription))") }
        guard data.count <= limit else { throw refuse(tooLarge) }
        return try text(of: data, path: path, what: what)
    }

    /// `data` as UTF-8 text, or a `ScenarioError` at the line and column of the first byte that is not UTF-8:
    /// `file:3:7: cannot read the scenario file: byte 0xFF is not UTF-8 text`. A UTF-8 byte order mark at the start
    /// (what some Windows editors write) is read past: it is not part of the text, and columns count from after it,
    /// as editors show them.
    public static func text(of data: Data, path: String, what: String) throws(ScenarioError) -> String {
        let body = data.starts(with: byteOrderMark) ? data.dropFirst(byteOrderMark.count) : data[...]
        if let bad = UTF8Position.firstInvalid(in: body) {
            throw ScenarioError(
                file: path, line: bad.line, column: bad.column,
                message: "cannot read the \(what): byte \(bad.byteText) is not UTF-8 text")
        }
        return String(decoding: body, as: UTF8.self)
    }

    /// The UTF-8 byte order mark (U+FEFF).
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Parses YAML text; `path` is only used in error messages (and as the default scene name).
    public static func load(yaml: String, path: String) throws(ScenarioError) -> LoadedScenario {
        let root = try compose(yaml: yaml, path: path, document: "scenario file")
        var builder = Builder(reader: YAMLNodeReader(file: path))
        return try builder.build(root: root, path: path)
    }

    /// The top-level keys, in the order the loader processes them.
    static let topLevelKeys = [
        "name", "description", "source", "parameters", "window", "views", "controllers",
        "firstResponder", "recognizers", "script", "expect", "truth"
    ]

    /// Runs Yams and turns its errors (syntax, duplicate keys) into `ScenarioError`s. `document` names the
    /// kind of file in the message for an empty one ("the scenario file is empty"). Sweep configs use it too.
    public static func compose(yaml: String, path: String, document: String) throws(ScenarioError) -> Node {
        let root: Node?
        do {
            // libyaml takes a byte order mark before a key for text (`did not find expected <document start>`).
            root = try Yams.compose(yaml: yaml.unicodeScalars.first == "\u{FEFF}" ? String(yaml.unicodeScalars.dropFirst()) : yaml)
        } catch let error as YamlError {
            throw scenarioError(from: error, path: path)
        } catch {
            throw ScenarioError(file: path, line: 0, column: 0, message: "invalid YAML: \(error)")
        }
        guard let root else {
            throw ScenarioError(file: path, line: 1, column: 1, message: "the \(document) is empty")
        }
        return root
    }

    /// About how deep lists and maps may nest in any YAML file the tools read: libyaml's limit, which Yams keeps
    /// (it counts block levels exactly; in flow style `[[…]]` its look-ahead makes the cut a little later).
    public static let maximumYAMLNesting = 1000

    static func scenarioError(from error: YamlError, path: String) -> ScenarioError {
        func located(_ mark: Mark, _ problem: String, _ context: YamlError.Context?) -> ScenarioError {
            var message = "invalid YAML: \(problem)"
            if problem.hasPrefix("Maximum nesting level reached") {
                // libyaml's words name its C setter; say what the file does instead.
                message = "invalid YAML: lists and maps nest too deep for the YAML parser, which allows about \(maximumYAMLNesting) levels"
            } else if let context {
                message += " \(context.text) at line \(context.mark.line)"
            }
            return ScenarioError(file: path, line: mark.line, column: mark.column, message: message)
        }
        switch error {
        case let .scanner(context, problem, mark, _), let .parser(context, problem, mark, _),
            let .composer(context, problem, mark, _):
            return located(mark, problem, context)
        case let .reader(problem, offset, _, yaml):
            var line = 0, column = 0
            if let offset {
                let prefix = yaml.prefix(offset)
                line = prefix.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
                column = prefix.split(separator: "\n", omittingEmptySubsequences: false).last.map { $0.unicodeScalars.count + 1 } ?? 1
            }
            return ScenarioError(file: path, line: line, column: column, message: "invalid YAML: \(problem)")
        case let .duplicatedKeysInMapping(duplicates, context):
            let names = duplicates.map { "'\($0)'" }.joined(separator: ", ")
            let noun = duplicates.count == 1 ? "key \(names) appears" : "keys \(names) appear"
            return ScenarioError(
                file: path, line: context.mark.line, column: context.mark.column,
                message: "\(noun) more than once in the same map")
        default:
            return ScenarioError(file: path, line: 0, column: 0, message: "invalid YAML: \(error)")
        }
    }
}

extension ScenarioLoader {
    /// A reference by name to a view or recognizer, kept with its node until it can be resolved.
    struct NameRef {
        let name: String
        let node: Node
        /// Character offset of the name inside `node` when the node holds more than the name (a script step).
        var offset: Int? = nil
    }

    /// What an id names, for "duplicate id" messages.
    struct IDDefinition {
        let what: String
        let line: Int
    }

    /// Builds one scene. Sections are processed in a fixed order whatever their order in the file:
    /// parameters, window, views, controllers, scroll-view recognizers, edge gate, recognizers, reference
    /// resolution, script, expectations, ground truth.
    struct Builder {
        let reader: YAMLNodeReader
        var scene = Scene()
        /// Every id in the file (views, controllers, recognizers, and the names of installed recognizers).
        var ids: [String: IDDefinition] = [:]
        /// View ids, assigned depth-first in document order (the window is 0).
        var viewIDs: [String: ViewID] = [:]
        var pendingViews: [PendingView] = []
        var pendingControllers: [PendingController] = []
        var pendingRecognizers: [PendingRecognizer] = []
        var edgeGate: ScreenEdges?
        /// Controls' `primaryAction` and `targetActions`, resolved once the controllers are known (§5.5).
        var pendingTargetActions: [PendingTargetActions] = []
        /// Views' `navigation:` blocks, installed after the scroll views' recognizers (issue 32).
        var pendingNavigations: [PendingNavigation] = []
        /// Sheets declared on views (`sheet:`), added after the scroll views' recognizers (spec M1).
        var pendingSheets: [SheetSpec] = []
        /// Panels declared on views (`panel:`), added after the sheets.
        var pendingPanels: [ScenarioLoader.PendingPanel] = []

        init(reader: YAMLNodeReader) { self.reader = reader }

        mutating func build(root: Node, path: String) throws(ScenarioError) -> LoadedScenario {
            let top = try reader.map(root, for: "the scenario")
            try top.checkKeys(ScenarioLoader.topLevelKeys, in: "the scenario")

            let name = try top.string("name") ?? Self.defaultName(path: path)
            let description = try top.string("description")
            let source = try top.string("source")
            var parameters = Parameters()
            if let node = top["parameters"] { parameters = try parseParameters(node) }
            var windowSize = Size(390, 844)
            if let node = top["window"] { windowSize = try parseWindow(node) }
            scene = Scene(name: name, windowSize: windowSize, parameters: parameters)
            if let edgeGate {
                if edgeGate != .top { try register("W.edgeGate", as: "the window's edge gate", at: top["window"]!) }
                if edgeGate.contains(.top) { try register("W.topEdgeGate", as: "the window's top edge gate", at: top["window"]!) }
            }

            if let node = top["views"] { try parseViews(node, key: "views", parent: nil) }
            try addViews()
            if let node = top["controllers"] { try parseControllers(node) }
            addControllers()
            try addTargetActions()
            if let node = top["firstResponder"] {
                let ref = NameRef(name: try reader.identifier(node, for: "'firstResponder'"), node: node)
                scene.firstResponder = try resolveResponder(ref) { "the first responder '\($0)' is not a view or controller" }
            }

            scene.installScrollViewRecognizers()
            if let edgeGate { scene.installEdgeGate(edges: edgeGate) }
            try installNavigations()
            for sheet in pendingSheets { scene.addSheet(sheet) }
            try addPanels()
            if let node = top["recognizers"] { try parseRecognizers(node) }
            try addRecognizers()

            if let node = top["script"] { scene.script = try parseScript(node) }
            var expectations: Expectations?
            if let node = top["expect"] {
                expectations = try Expectations.parse(node: node, file: reader.file, scene: scene)
            }
            var truth: GroundTruth?
            if let node = top["truth"] { truth = try parseTruth(node) }
            return LoadedScenario(
                path: path, scene: scene, description: description, source: source,
                expectations: expectations, truth: truth)
        }

        /// The file name without directory and extension.
        static func defaultName(path: String) -> String {
            let file = path.split(separator: "/").last.map(String.init) ?? path
            guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return file }
            return String(file[..<dot])
        }

        /// Records a new id, rejecting duplicates and the reserved name `window`.
        mutating func register(_ id: String, as what: String, at node: Node) throws(ScenarioError) {
            if id == "window" {
                throw reader.error(at: node, "the id 'window' is reserved for the window; choose another id")
            }
            if let first = ids[id] {
                throw reader.error(at: node, "duplicate id '\(id)', already defined as \(first.what) at line \(first.line)")
            }
            ids[id] = IDDefinition(what: what, line: node.mark?.line ?? 0)
        }

        /// Resolves a view reference; `window` is the window (ViewID 0) where `allowWindow`.
        func resolveView(_ ref: NameRef, allowWindow: Bool, _ describe: (String) -> String) throws(ScenarioError) -> ViewID {
            if allowWindow && ref.name == "window" { return 0 }
            guard let id = viewIDs[ref.name] else { throw error(at: ref, describe(ref.name)) }
            return id
        }

        /// Resolves a recognizer reference against the scene (user recognizers and installed ones).
        func resolveRecognizer(_ ref: NameRef, _ describe: (String) -> String) throws(ScenarioError) -> RecognizerID {
            guard let id = scene.recognizer(named: ref.name) else { throw error(at: ref, describe(ref.name)) }
            return id
        }

        func error(at ref: NameRef, _ message: String) -> ScenarioError {
            guard let offset = ref.offset else { return reader.error(at: ref.node, message) }
            return reader.error(at: ref.node, offset: offset, message)
        }
    }
}
