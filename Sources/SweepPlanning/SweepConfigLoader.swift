import Foundation
import ScenarioKit
import TouchEngine
import TouchScenarios
import Yams

/// Loads sweep configs (docs/sweep-config.md). Every problem is a `ScenarioError`: one sentence naming
/// `file:line:column` and, where there is a fixed set, the allowed keys or values.
public enum SweepConfigLoader {
    /// Reads and parses a file. An unreadable file is a `ScenarioError` with line 0.
    public static func load(path: String) throws(ScenarioError) -> SweepConfig {
        try load(yaml: try read(path: path), path: path)
    }

    /// The text of a config file (for callers that keep it, e.g. to journal it). An unreadable file or one
    /// that is not UTF-8 is a `ScenarioError` with line 0.
    public static func read(path: String) throws(ScenarioError) -> String {
        try ScenarioLoader.readText(path: path, what: "sweep config")
    }

    /// Parses YAML text; `path` is only used in error messages.
    public static func load(yaml: String, path: String) throws(ScenarioError) -> SweepConfig {
        try load(node: try compose(yaml: yaml, path: path), path: path)
    }

    /// Parses a composed YAML document (e.g. the `config:` section of a plan.yaml).
    public static func load(node: Node, path: String) throws(ScenarioError) -> SweepConfig {
        var parser = Parser(reader: ConfigReader(file: path))
        return try parser.config(node)
    }

    /// The top-level keys, in the order the docs list them.
    public static let topLevelKeys = [
        "name", "description", "seed", "output", "axes", "zip", "exclude", "whatIf", "trees",
        "gestures", "examples", "embedded"
    ]
    static let treeKeys = ["screens", "excludeTransient", "perConfiguration", "templates", "rows", "controls", "random", "edgeGate"]
    static let randomKeys = ["depth", "fanOut", "kindMix"]
    static let gestureKeys = ["families", "placements", "sampleRate", "jitter"]

    /// Runs Yams and turns its errors (syntax, duplicate keys) into `ScenarioError`s.
    public static func compose(yaml: String, path: String) throws(ScenarioError) -> Node {
        try ScenarioLoader.compose(yaml: yaml, path: path, document: "sweep config")
    }

    /// Whether `name` may name a sweep (it becomes a directory name): ASCII letters, digits, `.`, `_`, `-`,
    /// starting with a letter or digit.
    public static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isAlphanumeric(first) else { return false }
        return name.unicodeScalars.allSatisfy { isAlphanumeric($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    static func isAlphanumeric(_ c: Unicode.Scalar) -> Bool {
        ("a" ... "z").contains(c) || ("A" ... "Z").contains(c) || ("0" ... "9").contains(c)
    }
}

extension SweepConfigLoader {
    struct Parser {
        let reader: ConfigReader
        /// Value nodes of each axis, for exclude messages.
        var axisNodes: [String: Node] = [:]
        /// `trees.screens` as written (paths or patterns, with their overlays), resolved after the whole config is read.
        var screenPatterns: [ScreenEntry] = []

        init(reader: ConfigReader) { self.reader = reader }

        mutating func config(_ root: Node) throws(ScenarioError) -> SweepConfig {
            let top = try reader.map(root, for: "the sweep config")
            try top.checkKeys(SweepConfigLoader.topLevelKeys, in: "the sweep config")
            let nameNode = try top.required("name", in: "the sweep config")
            let name = try reader.string(nameNode, for: "'name'")
            guard SweepConfigLoader.isValidName(name) else {
                throw reader.mismatch(
                    nameNode,
                    expected: "a name of ASCII letters, digits, '.', '_' and '-' that starts "
                        + "with a letter or digit", for: "'name'")
            }
            var config = SweepConfig(name: name)
            if let node = top["description"] { config.description = try reader.string(node, for: "'description'") }
            if let node = top["seed"] { config.seed = try seed(node) }
            if let node = top["output"] { config.output = try reader.string(node, for: "'output'") }
            if let node = top["axes"] { config.axes = try axes(node) }
            if let node = top["zip"] { config.zip = try zip(node, axes: config.axes) }
            try checkCombinationCount(config, at: top.keyNode("axes") ?? root)
            if let node = top["exclude"] {
                config.exclude = try exclude(node, axes: config.axes)
                if Combinations.count(of: config) == 0 {
                    throw reader.error(
                        at: top.keyNode("exclude")!,
                        "the exclude rules drop every one of the "
                            + "\(Combinations.countBeforeExclusion(of: config)) combinations, leaving nothing to run")
                }
            }
            if let node = top["whatIf"] { config.whatIf = try whatIf(node, axes: config.axes) }
            if let node = top["trees"] {
                config.trees = try trees(node)
                if let patternsNode = try reader.map(node, for: "'trees'")["screens"] {
                    let all = try screens(
                        patterns: screenPatterns, patternsNode: patternsNode,
                        embedded: top[SweepConfigLoader.embeddedKey])
                    config.trees.screens = all
                    if config.trees.excludeTransient {
                        config.trees.screens = all.filter(\.report.transient.isEmpty)
                        config.trees.excludedScreens = all.compactMap { s in
                            s.report.transient.first.map { ExcludedScreen(file: s.file, sign: $0) }
                        }
                        if config.trees.screens.isEmpty {
                            throw reader.error(
                                at: patternsNode,
                                "every screen looks transient (\(all.count) left out by trees.excludeTransient), "
                                    + "leaving nothing to sweep")
                        }
                    }
                }
            }
            if config.trees.screens.isEmpty, let node = top.keyNode(SweepConfigLoader.embeddedKey) {
                throw reader.error(at: node, "'embedded' carries the dumps of trees.screens, but this config has no screens")
            }
            if let node = top["gestures"] { config.gestures = try gestures(node) }
            // Without `families`, the system's families join the defaults when a template has their targets, or when
            // the config has real screens (their navigation controllers and sheets are imported).
            if top["gestures"].flatMap({ if case .mapping(let m) = $0 { m[Node("families")] } else { nil } }) == nil {
                config.gestures.families = GestureFamily.defaults(
                    for: config.trees.templates.map(\.template), screens: !config.trees.screens.isEmpty)
            }
            if let node = top["examples"] {
                config.examples = try reader.integer(node, in: SweepLimits.examples, for: "'examples'")
            }
            return config
        }

        func seed(_ node: Node) throws(ScenarioError) -> UInt64 {
            let expected = "an integer from 0 to \(UInt64.max), or 0x and 1 to 16 hex digits"
            // The hex form examples.csv and `sweep trees` write seeds in (SeedText) is read back too.
            if case .string(let text)? = YAMLScalar(node), text.hasPrefix("0x") || text.hasPrefix("0X") {
                guard let seed = SeedText.parse(text) else { throw reader.mismatch(node, expected: expected, for: "'seed'") }
                return seed
            }
            let value = try reader.decimal(node, expected: expected, for: "'seed'")
            guard DecimalText.isInteger(value), value >= 0, let seed = UInt64(DecimalText.text(value)) else {
                throw reader.mismatch(node, expected: expected, for: "'seed'")
            }
            return seed
        }

        // MARK: Axes

        mutating func axes(_ node: Node) throws(ScenarioError) -> [SweepAxis] {
            let map = try reader.map(node, for: "'axes'")
            var result: [SweepAxis] = []
            let names = AxisCatalog.all.map(\.name)
            for entry in map.entries {
                guard let definition = AxisCatalog.definition(named: entry.key) else {
                    var message = "unknown axis '\(entry.key)' in 'axes'"
                    if let guess = Suggest.closest(to: entry.key, in: names) { message += " (did you mean '\(guess)'?)" }
                    throw reader.error(at: entry.keyNode, message + "; allowed axes are " + names.joined(separator: ", "))
                }
                axisNodes[entry.key] = entry.value
                result.append(SweepAxis(name: entry.key, values: try values(entry.value, of: definition)))
            }
            return result
        }

        /// A list of values, a range `{from, to, step}` (number axes), `bool` (boolean axes) or a single value.
        func values(_ node: Node, of definition: AxisDefinition) throws(ScenarioError) -> [AxisValue] {
            let label = "axis '\(definition.name)'"
            switch node {
            case .sequence(let sequence):
                guard !sequence.isEmpty else {
                    throw reader.mismatch(node, expected: "at least one value (\(definition.allowedValues))", for: label)
                }
                var values: [AxisValue] = []
                for element in sequence {
                    let value = try self.value(element, of: definition)
                    if values.contains(value) {
                        throw reader.error(at: element, "the value '\(value)' appears more than once in \(label)")
                    }
                    values.append(value)
                }
                return values
            case .mapping:
                return try range(node, of: definition)
            default:
                if case .bool = definition.type, case .string("bool")? = YAMLScalar(node) { return [.bool(false), .bool(true)] }
                return [try value(node, of: definition)]
            }
        }

        /// One value of an axis, checked with its definition.
        func value(_ node: Node, of definition: AxisDefinition) throws(ScenarioError) -> AxisValue {
            let scalar = YAMLScalar(node)
            var value: AxisValue?
            switch (definition.type, scalar) {
            case (.number, .number(let d, _)?): value = .number(DecimalText.double(d))
            case (.bool, .bool(let b)?): value = .bool(b)
            case (.choice, .string(let s)?): value = .text(s)
            case (.version, .string(let s)?), (.version, .number(_, let s)?):
                if let version = OSVersion(parsing: s) { value = .text(version.description) }
            default: break
            }
            guard let value, definition.accepts(value) else {
                var expected = definition.allowedValues
                if case .bool = definition.type { expected += " (or bool for both)" }
                throw reader.mismatch(node, expected: expected, for: "axis '\(definition.name)'")
            }
            return value
        }

        func range(_ node: Node, of definition: AxisDefinition) throws(ScenarioError) -> [AxisValue] {
            let label = "the range of axis '\(definition.name)'"
            guard case .number = definition.type else {
                throw reader.error(
                    at: node,
                    "axis '\(definition.name)' takes \(definition.allowedValues), so it cannot "
                        + "be a range {from, to, step}; give a list of values")
            }
            let map = try reader.map(node, for: label)
            try map.checkKeys(["from", "to", "step"], in: label)
            let fromNode = try map.required("from", in: label), toNode = try map.required("to", in: label)
            let stepNode = try map.required("step", in: label)
            _ = try value(fromNode, of: definition)
            _ = try value(toNode, of: definition)
            let from = try reader.decimal(fromNode, for: "'from'"), to = try reader.decimal(toNode, for: "'to'")
            let step = try reader.decimal(stepNode, expected: "a number above 0", for: "'step'")
            guard step > 0 else { throw reader.mismatch(stepNode, expected: "a number above 0", for: "'step'") }
            guard from <= to else {
                throw reader.error(
                    at: toNode,
                    "'to' (\(DecimalText.text(to))) is less than 'from' "
                        + "(\(DecimalText.text(from))) in \(label)")
            }
            guard let steps = DecimalText.steps(from: from, to: to, step: step, limit: SweepLimits.valuesPerAxis) else {
                throw reader.error(
                    at: stepNode,
                    "\(label) gives more than \(SweepLimits.valuesPerAxis) values; "
                        + "use a larger 'step'")
            }
            return steps.map { .number(DecimalText.double($0)) }
        }

        // MARK: Zip and exclude

        func zip(_ node: Node, axes: [SweepAxis]) throws(ScenarioError) -> [[String]] {
            let names = axes.map(\.name)
            var seen: Set<String> = []
            var groups: [[String]] = []
            for groupNode in try reader.list(node, for: "'zip'") {
                let members = try reader.list(groupNode, for: "a zip group")
                guard members.count >= 2 else {
                    throw reader.mismatch(groupNode, expected: "a list of at least 2 axis names", for: "a zip group")
                }
                var group: [String] = []
                for member in members {
                    let name = try reader.string(member, for: "a zip group")
                    guard names.contains(name) else {
                        throw reader.error(
                            at: member,
                            "zip names '\(name)', which is not one of this sweep's axes "
                                + "(\(names.isEmpty ? "none" : names.joined(separator: ", ")))")
                    }
                    guard seen.insert(name).inserted else {
                        throw reader.error(at: member, "axis '\(name)' appears in more than one place in 'zip'")
                    }
                    group.append(name)
                }
                let counts = group.map { name in axes.first { $0.name == name }!.values.count }
                if Set(counts).count > 1 {
                    let detail = Swift.zip(group, counts).map { "\($0.0) has \($0.1)" }.joined(separator: ", ")
                    throw reader.error(
                        at: groupNode,
                        "the axes of a zip group must have the same number of values, "
                            + "but \(detail)")
                }
                groups.append(group)
            }
            return groups
        }

        func exclude(_ node: Node, axes: [SweepAxis]) throws(ScenarioError) -> [ExcludeRule] {
            let names = axes.map(\.name)
            var rules: [ExcludeRule] = []
            for ruleNode in try reader.list(node, for: "'exclude'") {
                let map = try reader.map(ruleNode, for: "an exclude rule")
                guard !map.entries.isEmpty else {
                    throw reader.mismatch(ruleNode, expected: "a map of at least one axis and its value", for: "an exclude rule")
                }
                var conditions: [AxisAssignment] = []
                for entry in map.entries {
                    guard let axis = axes.first(where: { $0.name == entry.key }), let definition = axis.definition else {
                        throw reader.error(
                            at: entry.keyNode,
                            "exclude names '\(entry.key)', which is not one of this "
                                + "sweep's axes (\(names.isEmpty ? "none" : names.joined(separator: ", ")))")
                    }
                    let value = try self.value(entry.value, of: definition)
                    guard axis.values.contains(value) else {
                        throw reader.error(
                            at: entry.value,
                            "exclude gives '\(value)' for axis '\(axis.name)', which is "
                                + "not one of its values (\(axis.values.map(\.description).joined(separator: ", ")))")
                    }
                    conditions.append(AxisAssignment(axis: axis.name, value: value))
                }
                conditions.sort { names.firstIndex(of: $0.axis)! < names.firstIndex(of: $1.axis)! }
                rules.append(ExcludeRule(conditions: conditions))
            }
            return rules
        }

        func checkCombinationCount(_ config: SweepConfig, at node: Node) throws(ScenarioError) {
            let count = Combinations.countBeforeExclusion(of: config)
            guard count <= SweepLimits.combinations else {
                let shown = count == Int.max ? "more than \(Int.max)" : "\(count)"
                throw reader.error(
                    at: node,
                    "the axes give \(shown) combinations, more than the "
                        + "\(SweepLimits.combinations) a sweep may have; use fewer values, zip or fewer axes")
            }
        }

        // MARK: Trees and gestures

        mutating func trees(_ node: Node) throws(ScenarioError) -> TreeSettings {
            let map = try reader.map(node, for: "'trees'")
            try map.checkKeys(SweepConfigLoader.treeKeys, in: "'trees'")
            var settings = TreeSettings()
            if let n = map["perConfiguration"] {
                settings.perConfiguration = try reader.integer(n, in: SweepLimits.treesPerConfiguration, for: "'perConfiguration'")
            }
            if let n = map["screens"] {
                screenPatterns = try parseScreenPatterns(n)
                // Screens alone, unless templates are asked for too.
                settings.templates = []
            }
            if let n = map["templates"] {
                let empty: Bool
                switch n {
                case .mapping(let m): empty = m.count == 0
                case .sequence(let q): empty = q.count == 0
                default: empty = false
                }
                if !(empty && map["screens"] != nil) { settings.templates = try templates(n) }
            }
            if let n = map["rows"] { settings.options.rows = try intRange(n, SweepLimits.rows, for: "rows") }
            if let n = map["controls"] { settings.options.controls = try intRange(n, SweepLimits.controls, for: "controls") }
            if let n = map["random"] {
                let random = try reader.map(n, for: "'random'")
                try random.checkKeys(SweepConfigLoader.randomKeys, in: "'random'")
                if let d = random["depth"] { settings.options.depth = try intRange(d, SweepLimits.depth, for: "depth") }
                if let f = random["fanOut"] { settings.options.fanOut = try intRange(f, SweepLimits.fanOut, for: "fanOut") }
                if let k = random["kindMix"] {
                    let mix = try weights(k, names: ViewKind.allCases.map(\.rawValue), what: "view kinds", for: "'kindMix'")
                    settings.options.kindMix = Dictionary(uniqueKeysWithValues: mix.map { (ViewKind(rawValue: $0.0)!, $0.1) })
                }
            }
            if let n = map["edgeGate"] { settings.options.edgeGate = try reader.bool(n, for: "'edgeGate'") }
            if let n = map["excludeTransient"] { settings.excludeTransient = try reader.bool(n, for: "'excludeTransient'") }
            return settings
        }

        /// `{feed: 3, form: 1}` (weights) or `[feed, form]` (weight 1 each).
        func templates(_ node: Node) throws(ScenarioError) -> [TemplateWeight] {
            let all = TreeTemplate.generated.map(\.rawValue)
            var chosen: [String: Double] = [:]
            if case .sequence = node {
                for n in try names(node, all, what: "templates", for: "'templates'") { chosen[n] = 1 }
            } else if case .mapping = node {
                for (n, w) in try weights(node, names: all, what: "templates", for: "'templates'") { chosen[n] = w }
            } else {
                throw reader.mismatch(node, expected: "a list of templates or a map of templates to weights", for: "'templates'")
            }
            return TreeTemplate.generated.compactMap { t in chosen[t.rawValue].map { TemplateWeight(template: t, weight: $0) } }
        }

        /// A non-empty list of distinct names out of `options`.
        func names(_ node: Node, _ options: [String], what: String, for label: String) throws(ScenarioError) -> [String] {
            let items = try reader.list(node, for: label)
            guard !items.isEmpty else { throw reader.mismatch(node, expected: "at least one of " + options.joined(separator: ", "), for: label) }
            var result: [String] = []
            for item in items {
                let name = try reader.choice(item, options, what: "one of the \(what)", for: label)
                guard !result.contains(name) else {
                    throw reader.error(at: item, "'\(name)' appears more than once in \(label)")
                }
                result.append(name)
            }
            return result
        }

        /// A non-empty map from names out of `names` to weights above 0.
        func weights(_ node: Node, names: [String], what: String, for label: String) throws(ScenarioError) -> [(String, Double)] {
            let map = try reader.map(node, for: label)
            guard !map.entries.isEmpty else {
                throw reader.mismatch(node, expected: "at least one of " + names.joined(separator: ", "), for: label)
            }
            var result: [(String, Double)] = []
            for entry in map.entries {
                guard names.contains(entry.key) else {
                    throw reader.error(
                        at: entry.keyNode,
                        "unknown name '\(entry.key)' in \(label); allowed \(what) are "
                            + names.joined(separator: ", "))
                }
                result.append((entry.key, try reader.number(entry.value, in: 0 ... 1_000_000, above: 0, for: "the weight of '\(entry.key)'")))
            }
            return result
        }

        /// `{min: 8, max: 20}`, both within `limits`, `min ≤ max`.
        func intRange(_ node: Node, _ limits: ClosedRange<Int>, for key: String) throws(ScenarioError) -> ClosedRange<Int> {
            let label = "'\(key)'"
            let map = try reader.map(node, for: label)
            try map.checkKeys(["min", "max"], in: label)
            let minNode = try map.required("min", in: label), maxNode = try map.required("max", in: label)
            let low = try reader.integer(minNode, in: limits, for: "'min' of \(label)")
            let high = try reader.integer(maxNode, in: limits, for: "'max' of \(label)")
            guard low <= high else { throw reader.error(at: maxNode, "'max' (\(high)) is less than 'min' (\(low)) in \(label)") }
            return low ... high
        }

        func gestures(_ node: Node) throws(ScenarioError) -> GestureSettings {
            let map = try reader.map(node, for: "'gestures'")
            try map.checkKeys(SweepConfigLoader.gestureKeys, in: "'gestures'")
            var settings = GestureSettings()
            if let n = map["families"] {
                let chosen = try names(n, GestureFamily.allCases.map(\.rawValue), what: "gesture families", for: "'families'")
                settings.families = GestureFamily.allCases.filter { chosen.contains($0.rawValue) }
            }
            if let n = map["placements"] { settings.placements = try reader.integer(n, in: SweepLimits.placements, for: "'placements'") }
            if let n = map["sampleRate"] { settings.options.sampleRate = try reader.number(n, in: SweepLimits.sampleRate, for: "'sampleRate'") }
            if let n = map["jitter"] { settings.options.jitter = try reader.number(n, in: SweepLimits.jitter, for: "'jitter'") }
            return settings
        }
    }
}
