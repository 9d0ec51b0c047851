import ScenarioKit
import TouchEngine
import TouchScenarios

/// Number and scalar spelling shared by plan files, the canonical text and messages.
public enum AxisValueText {
    /// Integers without a decimal point, other numbers in the shortest form that reads back the same.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return String(value)
    }

    /// A YAML scalar for `text`: plain when it reads back as the same string, double-quoted otherwise.
    public static func yamlString(_ text: String) -> String {
        let plainSafe =
            !text.isEmpty && YAMLScalar(text: text, plain: true) == .string(text)
            && text.unicodeScalars.allSatisfy { c in
                (c.value >= 0x20 && c.value < 0x7F && !"#:{}[],&*!|>'\"%@`\\".unicodeScalars.contains(c)) || c.value > 0x9F
            }
            && !text.hasPrefix(" ") && !text.hasSuffix(" ") && !text.hasPrefix("- ") && !text.hasPrefix("? ")
            && text != "-" && text != "?"
        if plainSafe { return text }
        return QuotedString.yaml(text)
    }

    /// An axis value as a YAML scalar: numbers and booleans plain, words plain unless they would read as
    /// something else (an iOS version like `"17.4"` is quoted).
    public static func yaml(_ value: AxisValue) -> String {
        switch value {
        case .number, .bool: return value.description
        case .text(let s): return yamlString(s)
        }
    }
}

/// The text forms of a plan: the canonical config text behind the hash, plan.yaml, and the `sweep plan` summary.
public enum PlanText {
    /// The resolved config as YAML lines (every default filled in, ranges expanded, templates and families in
    /// canonical order), indented by `indent` spaces. `output` and `description` are left out when
    /// `forHash` is true: they do not change what a sweep computes.
    static func configLines(_ config: SweepConfig, indent: Int, forHash: Bool) -> [String] {
        var lines: [String] = []
        let pad = String(repeating: " ", count: indent)
        func add(_ line: String, _ level: Int = 0) { lines.append(pad + String(repeating: "  ", count: level) + line) }
        func range(_ r: ClosedRange<Int>) -> String { "{min: \(r.lowerBound), max: \(r.upperBound)}" }
        func num(_ d: Double) -> String { AxisValueText.number(d) }

        add("name: " + AxisValueText.yamlString(config.name))
        if !forHash, let description = config.description { add("description: " + AxisValueText.yamlString(description)) }
        add("seed: \(config.seed)")
        if !forHash { add("output: " + AxisValueText.yamlString(config.output)) }
        if config.axes.isEmpty {
            add("axes: {}")
        } else {
            add("axes:")
            for axis in config.axes {
                add(axis.name + ": [" + axis.values.map(AxisValueText.yaml).joined(separator: ", ") + "]", 1)
            }
        }
        if config.zip.isEmpty {
            add("zip: []")
        } else {
            add("zip:")
            for group in config.zip { add("- [" + group.joined(separator: ", ") + "]", 1) }
        }
        if config.exclude.isEmpty {
            add("exclude: []")
        } else {
            add("exclude:")
            for rule in config.exclude {
                add("- {" + rule.conditions.map { "\($0.axis): \(AxisValueText.yaml($0.value))" }.joined(separator: ", ") + "}", 1)
            }
        }
        if !config.whatIf.isEmpty {
            add("whatIf:")
            for axis in config.whatIf {
                add(axis.name + ": [" + axis.values.map(AxisValueText.yaml).joined(separator: ", ") + "]", 1)
            }
        }
        let trees = config.trees
        add("trees:")
        if !trees.screens.isEmpty {
            // The hash covers each dump's bytes; plan.yaml carries the dumps themselves in `embedded:`.
            add("screens:", 1)
            for s in trees.screens {
                add("- " + SweepConfigLoader.screenItem(s, forHash: forHash), 2)
            }
            if trees.excludeTransient { add("excludeTransient: true", 1) }
        }
        add("perConfiguration: \(trees.perConfiguration)", 1)
        add("templates: {" + trees.templates.map { "\($0.template.rawValue): \(num($0.weight))" }.joined(separator: ", ") + "}", 1)
        add("rows: " + range(trees.options.rows), 1)
        add("controls: " + range(trees.options.controls), 1)
        add("random:", 1)
        add("depth: " + range(trees.options.depth), 2)
        add("fanOut: " + range(trees.options.fanOut), 2)
        let mix = ViewKind.allCases.compactMap { k in trees.options.kindMix[k].map { "\(k.rawValue): \(num($0))" } }
        add("kindMix: {" + mix.joined(separator: ", ") + "}", 2)
        add("edgeGate: \(trees.options.edgeGate)", 1)
        let gestures = config.gestures
        add("gestures:")
        add("families: [" + gestures.families.map(\.rawValue).joined(separator: ", ") + "]", 1)
        add("placements: \(gestures.placements)", 1)
        add("sampleRate: " + num(gestures.options.sampleRate), 1)
        add("jitter: " + num(gestures.options.jitter), 1)
        add("examples: \(config.examples)")
        if !trees.screens.isEmpty {
            if !forHash { for line in SweepConfigLoader.embeddedLines(config) { add(line) } }
        }
        return lines
    }

    /// The text `configHash` is computed from: a version line, then the resolved config without `output` and
    /// `description`. Stable across runs and machines (no dictionary order, fixed number spelling).
    public static func canonical(_ config: SweepConfig) -> String {
        (["touchsweep sweep config 1"] + configLines(config, indent: 0, forHash: true)).joined(separator: "\n") + "\n"
    }

    /// plan.yaml: the hash, the counts, the config as loaded with every default filled in (a valid sweep config
    /// itself: loading it gives the same hash) and every configuration with its values.
    public static func resolvedYAML(_ plan: SweepPlan) -> String {
        var lines = [
            "# The resolved plan of sweep \(plan.config.name) (docs/sweep-config.md). Generated by sweep; do not edit.",
            "configHash: \"\(plan.configHash)\"",
            "counts:",
            "  combinations: \(plan.combinationCount)",
            "  excluded: \(plan.excludedCount)",
            "  configurations: \(plan.configurations.count)",
            "  treesPerConfiguration: \(plan.treeCount)",
            "  gesturesPerTree: \(plan.gesturesPerTree)",
            "  totalRuns: \(plan.totalRuns)",
            "config:"
        ]
        lines += configLines(plan.config, indent: 2, forHash: false)
        lines.append("configurations:")
        for c in plan.configurations {
            let values = c.values.map { "\($0.axis): \(AxisValueText.yaml($0.value))" }.joined(separator: ", ")
            lines.append("  - {id: \(c.id), values: {\(values)}}")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `4 configurations × 12 trees × 22 gestures`, or with real screens
    /// `4 configurations × (16 screens with 168 gestures + 0 generated trees × 11 gestures)`: the sweep's shape
    /// for the run and submit banners.
    public static func shape(_ plan: SweepPlan) -> String {
        let configurations = "\(plan.configurations.count) configurations × "
        guard plan.screenCount > 0 else { return configurations + "\(plan.treeCount) trees × \(plan.gesturesPerTree) gestures" }
        return configurations + "(\(plan.screenCount) screens with \(plan.screenGestureCount) gestures + "
            + "\(plan.config.trees.generatedCount) generated trees × \(plan.gesturesPerTree) gestures)"
    }

    /// What `sweep plan` prints: the counts, the hash and the first `show` configurations as a table.
    public static func summary(_ plan: SweepPlan, path: String, show: Int) -> String {
        let config = plan.config
        var lines: [String] = []
        func row(_ label: String, _ value: String) {
            lines.append(label.padded(to: 21) + value)
        }
        row("sweep", "\(config.name) (\(path))")
        row("config hash", plan.configHash)
        row("seed", "\(config.seed)")
        row("output", config.output)
        var axisDetail = "\(config.axes.count) axes"
        if config.axes.count == 1 { axisDetail = "1 axis" }
        if !config.zip.isEmpty { axisDetail += ", \(config.zip.count) zip group\(config.zip.count == 1 ? "" : "s")" }
        row(
            "configurations",
            "\(plan.configurations.count)  (\(axisDetail); \(plan.combinationCount) combinations, "
                + "\(plan.excludedCount) excluded)")
        let drawn = plan.templateCounts()
        let templates = drawn.map { "\($0.template.rawValue) \($0.count)" }
        row(
            "trees",
            "\(plan.treeCount) per configuration, the same trees for every configuration  ("
                + templates.joined(separator: ", ") + ")")
        let families = config.gestures.families.count
        row(
            "gestures per tree",
            "\(plan.gesturesPerTree)  (\(families) famil\(families == 1 ? "y" : "ies") × "
                + "\(config.gestures.placements) placement\(config.gestures.placements == 1 ? "" : "s"))")
        if plan.screenCount > 0 {
            row(
                "screens",
                "\(plan.screenCount) (trees 0–\(plan.screenCount - 1)), \(plan.screenGestureCount) gestures: every family "
                    + "on every element it can aim at")
            row(
                "total scenario runs",
                "\(plan.totalRuns)  (\(plan.configurations.count) × (\(config.trees.generatedCount) × "
                    + "\(plan.gesturesPerTree) + \(plan.screenGestureCount)))")
        } else {
            row("total scenario runs", "\(plan.totalRuns)  (\(plan.configurations.count) × \(plan.treeCount) × \(plan.gesturesPerTree))")
        }
        let shown = plan.configurations.prefix(max(0, show))
        if !shown.isEmpty {
            lines.append("")
            let all = shown.count == plan.configurations.count
            lines.append(all ? "configurations:" : "first \(shown.count) of \(plan.configurations.count) configurations:")
            let header = ["id"] + config.axes.map(\.name)
            let rows = shown.map { c in [c.id] + c.values.map(\.value.description) }
            var widths = header.map(\.count)
            for r in rows { for (i, cell) in r.enumerated() { widths[i] = max(widths[i], cell.count) } }
            func render(_ cells: [String]) -> String {
                var line = "  "
                for (i, cell) in cells.enumerated() {
                    line += i == cells.count - 1 ? cell : cell.padded(to: widths[i] + 2)
                }
                return line
            }
            lines.append(render(header))
            for r in rows { lines.append(render(r)) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

extension String {
    /// Pads with spaces on the right to `length` characters (never truncates).
    func padded(to length: Int) -> String {
        count >= length ? self : self + String(repeating: " ", count: length - count)
    }
}

extension SweepPlan {
    /// How many of the trees each template got (templates with at least one tree, in `TreeTemplate.allCases` order).
    public func templateCounts() -> [(template: TreeTemplate, count: Int)] {
        var counts: [TreeTemplate: Int] = [:]
        for i in 0 ..< treeCount { counts[treeSpec(i).template, default: 0] += 1 }
        return TreeTemplate.allCases.compactMap { t in counts[t].map { (t, $0) } }
    }

    /// plan.yaml (see `PlanText.resolvedYAML`).
    public func resolvedYAML() -> String { PlanText.resolvedYAML(self) }
    /// The text the config hash is computed from.
    public var canonicalText: String { PlanText.canonical(config) }
}
