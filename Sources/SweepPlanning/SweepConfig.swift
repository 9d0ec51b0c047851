import ScreenImport
import TouchEngine
import TouchScenarios

/// One axis of a sweep: a name from `AxisCatalog` and its values in the order they were written.
public struct SweepAxis: Hashable, Sendable {
    public var name: String
    public var values: [AxisValue]
    public init(name: String, values: [AxisValue]) { self.name = name; self.values = values }

    /// The catalogue entry (every loaded axis has one).
    public var definition: AxisDefinition? { AxisCatalog.definition(named: name) }
}

/// An axis set to one value: a configuration's entry, or one condition of an exclude rule.
public struct AxisAssignment: Hashable, Sendable, CustomStringConvertible {
    public var axis: String
    public var value: AxisValue
    public init(axis: String, value: AxisValue) { self.axis = axis; self.value = value }
    /// `axis=value`.
    public var description: String { "\(axis)=\(value)" }
}

/// Drops every combination in which all of `conditions` hold.
public struct ExcludeRule: Hashable, Sendable {
    /// In the order of the sweep's axes.
    public var conditions: [AxisAssignment]
    public init(conditions: [AxisAssignment]) { self.conditions = conditions }
}

/// A template and its relative weight (> 0) in the choice of trees.
public struct TemplateWeight: Hashable, Sendable {
    public var template: TreeTemplate
    public var weight: Double
    public init(template: TreeTemplate, weight: Double) { self.template = template; self.weight = weight }
}

/// A class map or recognizers file that goes with a dump (`{dump: …, map: …, recognizers: …}`), as read.
public struct ScreenOverlay: Hashable, Sendable {
    /// The path as the config spells it.
    public var file: String
    public var text: String
    public init(file: String, text: String) { self.file = file; self.text = text }
}

/// A real screen of `trees.screens`: a dump as read, and the scene `ScreenImport` made of it.
public struct ScreenDump: Hashable, Sendable {
    /// The path as matched, relative like the pattern that matched it (`screens/04-….txt`).
    public var file: String
    public var text: String
    public var scene: Scene
    /// The class map (`sweep import --map`) the config gives the dump, if any.
    public var map: ScreenOverlay?
    /// The recognizers file (`sweep import --recognizers`) the config gives the dump, if any.
    public var recognizers: ScreenOverlay?
    /// What the import found: its warnings (printed by `sweep plan` and `sweep run`), notes and transient signs.
    public var report = ImportReport()
    /// The file name without its directory and extension: the screen's name in reports.
    public var name: String {
        let base = file.split(separator: "/").last.map(String.init) ?? file
        guard let dot = base.lastIndex(of: "."), dot != base.startIndex else { return base }
        return String(base[..<dot])
    }
    public init(
        file: String, text: String, scene: Scene, map: ScreenOverlay? = nil, recognizers: ScreenOverlay? = nil,
        report: ImportReport = ImportReport()
    ) {
        self.file = file; self.text = text; self.scene = scene; self.map = map; self.recognizers = recognizers
        self.report = report
    }
}

/// A dump `trees.excludeTransient` left out of a sweep, and why.
public struct ExcludedScreen: Hashable, Sendable {
    public var file: String
    public var sign: TransientSign
}

/// The `trees:` section.
public struct TreeSettings: Hashable, Sendable {
    /// Generated trees per configuration (the same trees for every configuration); none when only screens are
    /// given (no `templates`).
    public var perConfiguration: Int = 10
    /// The dumps they matched, in pattern order then file-name order; trees 0 ..< screens.count.
    public var screens: [ScreenDump] = []
    /// `excludeTransient`: dumps that look caught mid-change (`TransientState`) are left out of the sweep.
    public var excludeTransient = false
    /// The dumps `excludeTransient` left out, with the first sign of each (printed by `sweep plan` and `sweep run`).
    public var excludedScreens: [ExcludedScreen] = []
    /// Generated trees per configuration: `perConfiguration`, or 0 when there are no templates (screens only).
    public var generatedCount: Int { templates.isEmpty ? 0 : perConfiguration }
    /// Templates with weights, in `TreeTemplate.allCases` order whatever the order in the file.
    public var templates: [TemplateWeight] = TreeTemplate.defaults.map { TemplateWeight(template: $0, weight: 1) }
    /// Size ranges and the random composition's shape.
    public var options = TreeOptions()
    public init() {}
}

/// The `gestures:` section.
public struct GestureSettings: Hashable, Sendable {
    /// In `GestureFamily.allCases` order whatever the order in the file.
    public var families: [GestureFamily] = GestureFamily.defaults
    /// Placements (gestures) per family per tree.
    public var placements: Int = 1
    /// Sample rate (Hz) and timing jitter (ms).
    public var options = GestureOptions()
    public init() {}
}

/// A loaded sweep config (docs/sweep-config.md) with every default filled in. Build a `SweepPlan` from it.
public struct SweepConfig: Hashable, Sendable {
    public var name: String
    public var description: String?
    public var seed: UInt64 = 1
    /// Output directory; default `out/<name>`.
    public var output: String
    /// In the order written in the file: the cartesian product varies the last one fastest.
    public var axes: [SweepAxis] = []
    /// Groups of axis names that vary together (equal numbers of values), in file order.
    public var zip: [[String]] = []
    public var exclude: [ExcludeRule] = []
    /// Values of this sweep's own axes that its author declares no shipped app keeps (`whatIf:`), in file order: the
    /// defects runs owe to them are counted as what-ifs (docs/defects.md), besides the catalog's and templates' own.
    public var whatIf: [SweepAxis] = []
    public var trees = TreeSettings()
    public var gestures = GestureSettings()
    /// Examples kept per configuration × defect class.
    public var examples: Int = 3

    public init(name: String) {
        self.name = name
        self.output = "out/" + name
    }

    public func axis(named name: String) -> SweepAxis? { axes.first { $0.name == name } }
}

/// Limits the loader enforces (they keep a plan small enough to hold in memory and to print).
public enum SweepLimits {
    /// Values of one axis (a range with a tiny step is almost certainly a mistake).
    public static let valuesPerAxis = 10_000
    /// Combinations of all axes before exclusions.
    public static let combinations = 100_000
    public static let treesPerConfiguration = 1 ... 100_000
    public static let placements = 1 ... 100
    public static let examples = 0 ... 1000
    public static let rows = 1 ... 1000
    public static let controls = 1 ... 100
    public static let depth = 1 ... 10
    public static let fanOut = 1 ... 10
    public static let sampleRate: ClosedRange<Double> = 1 ... 1000
    public static let jitter: ClosedRange<Double> = 0 ... 100
}
