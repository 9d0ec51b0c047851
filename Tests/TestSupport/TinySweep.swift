/// The tests' small sweep config, written once: the default is the in-process suites' `tiny` sweep (four
/// configurations of two switches, six trees each, one placement per gesture family, two examples); a suite that
/// needs another shape changes only the fields that differ, and `yaml` writes the text every loader reads.
///
/// The text is exactly what the suites held as literals (same keys, same order, no trailing newline), so moving a
/// suite onto `TinySweep` changes neither its plan nor its reports.
public struct TinySweep: Sendable {
    /// The two switches most suites sweep: a scroll view's content-touch delay and the dismiss tap's cancelling.
    public static let twoSwitches: [(axis: String, values: String)] = [
        ("scrollViews.delaysContentTouches", "[true, false]"), ("dismissTap.cancelsTouchesInView", "[true, false]")
    ]
    /// The drawer's overlay that takes every touch (passThrough false) kills the buttons below it: dead buttons in
    /// two of the four configurations.
    public static let deadButtonSwitches: [(axis: String, values: String)] = [
        ("overlay.passThrough", "[true, false]"), ("dismissTap.cancelsTouchesInView", "[false, true]")
    ]

    public var name: String
    public var seed: Int
    /// Axis names with their values as YAML flow text, in order.
    public var axes: [(axis: String, values: String)]
    /// Zip groups as YAML flow lists (`[overlay.passThrough, overlay.panMoved]`), if any.
    public var zip: [String]
    public var perConfiguration: Int
    /// The template weights as YAML flow text.
    public var templates: String
    /// The `trees.screens` value as YAML flow text, if any.
    public var screens: String?
    public var placements: Int
    public var examples: Int

    public init(
        name: String = "tiny", seed: Int = 5, axes: [(axis: String, values: String)] = TinySweep.twoSwitches,
        zip: [String] = [], perConfiguration: Int = 6, templates: String = "{feed: 1, form: 1, drawer: 1, carousel: 1}",
        screens: String? = nil, placements: Int = 1, examples: Int = 2
    ) {
        self.name = name
        self.seed = seed
        self.axes = axes
        self.zip = zip
        self.perConfiguration = perConfiguration
        self.templates = templates
        self.screens = screens
        self.placements = placements
        self.examples = examples
    }

    /// The default tiny sweep's text.
    public static let yaml = TinySweep().yaml

    /// The config as YAML text (no trailing newline).
    public var yaml: String {
        var lines = ["name: \(name)", "seed: \(seed)", "axes:"] + axes.map { "  \($0.axis): \($0.values)" }
        if !zip.isEmpty { lines += ["zip:"] + zip.map { "  - \($0)" } }
        lines += ["trees:", "  perConfiguration: \(perConfiguration)", "  templates: \(templates)"]
        if let screens { lines.append("  screens: \(screens)") }
        lines += ["gestures:", "  placements: \(placements)", "examples: \(examples)"]
        return lines.joined(separator: "\n")
    }
}
