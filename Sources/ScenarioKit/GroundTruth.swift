import Yams

/// The `truth:` block of a defect ground-truth fixture (docs/ground-truth.md): the gesture, what the user meant
/// by it, and the verdict an iOS engineer gives, with one line of reasoning.
///
/// The loader checks the block's shape (keys, strings, a list of class names) and keeps where each name is,
/// so that whoever reads the names (SweepCore's ground-truth suite) can point at them; everything else
/// (`sweep trace`, the UIKit export) runs the scenario as if the block were not there.
public struct GroundTruth: Hashable, Sendable {
    /// A name as written in the file, with its 1-based position.
    public struct Name: Hashable, Sendable {
        public var text: String
        public var line: Int
        public var column: Int
        public init(text: String, line: Int, column: Int) { self.text = text; self.line = line; self.column = column }
    }

    /// A gesture family (`quickTap`, `fastSwipe`, …).
    public var gesture: Name
    /// What the user meant: `activate V`, `select V`, `longPress V`, `doubleTap V`, `scroll S vertical|horizontal D`
    /// or `nothing`.
    public var intent: Name
    /// The defect classes an iOS engineer sees (`dead_button`, …); empty: no defect.
    public var defects: [Name]
    /// Set when the run is counted in no class (`text_input`, `system_gesture`, `cannot_scroll`, `private_switch`:
    /// docs/defects.md, "Runs not counted"); `defects` is then empty.
    public var notCounted: Name?
    /// What the defects rest on (`hazard`, `designed`, `what_if`: docs/defects.md, "What a count rests on"), when the
    /// fixture says.
    public var category: Name?
    /// One line: why, citing a rule id, a seed article or Apple's documentation.
    public var reason: String
    /// Set when today's classifier is known to disagree until another change lands: the branch and what it fixes.
    public var pending: String?

    public init(
        gesture: Name, intent: Name, defects: [Name], notCounted: Name? = nil, category: Name? = nil, reason: String,
        pending: String? = nil
    ) {
        self.gesture = gesture; self.intent = intent; self.defects = defects; self.notCounted = notCounted
        self.category = category
        self.reason = reason; self.pending = pending
    }

    /// The keys of a `truth:` block, in the order the format documents them.
    public static let keys = ["gesture", "intent", "defects", "notCounted", "category", "reason", "pending"]
}

extension ScenarioLoader.Builder {
    /// Reads a `truth:` block: `gesture`, `intent`, `defects` and `reason` are required; `notCounted`, `category` and
    /// `pending` optional.
    func parseTruth(_ node: Node) throws(ScenarioError) -> GroundTruth {
        let map = try reader.map(node, for: "'truth'")
        try map.checkKeys(GroundTruth.keys, in: "'truth'")
        func name(_ node: Node, for label: String) throws(ScenarioError) -> GroundTruth.Name {
            let text = try reader.string(node, for: label)
            return GroundTruth.Name(text: text, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0)
        }
        let gesture = try name(try map.required("gesture", in: "'truth'"), for: "'truth.gesture'")
        let intent = try name(try map.required("intent", in: "'truth'"), for: "'truth.intent'")
        var defects: [GroundTruth.Name] = []
        let defectsNode = try map.required("defects", in: "'truth'")
        for item in try reader.list(defectsNode, for: "'truth.defects'") {
            defects.append(try name(item, for: "an item of 'truth.defects'"))
        }
        let notCounted = try map["notCounted"].map { node throws(ScenarioError) in try name(node, for: "'truth.notCounted'") }
        if notCounted != nil && !defects.isEmpty {
            throw reader.error(at: defectsNode, "a run counted in no class ('truth.notCounted') has no defects; 'truth.defects' must be []")
        }
        let category = try map["category"].map { node throws(ScenarioError) in try name(node, for: "'truth.category'") }
        let reasonNode = try map.required("reason", in: "'truth'")
        let reason = try reader.string(reasonNode, for: "'truth.reason'")
        guard !reason.contains(where: \.isNewline) else {
            throw reader.error(at: reasonNode, "'truth.reason' must be one line")
        }
        return GroundTruth(
            gesture: gesture, intent: intent, defects: defects, notCounted: notCounted, category: category, reason: reason, pending: try map.string("pending"))
    }
}
