import TouchEngine
import Yams

extension ScenarioLoader {
    /// Keys of a view's `panel:` block (docs/scenario-format.md, "Panels").
    static let panelKeys = ["policy", "states", "state", "tracks", "grabber", "removal", "pinsList"]

    /// A panel whose tracked scroll view is resolved once every view is known.
    struct PendingPanel {
        var spec: PanelSpec
        var tracks: NameRef?
        var name: String
    }
}

extension ScenarioLoader.Builder {
    /// `panel:` on a view: the view is a library panel's surface (spec K1, K2). `states` maps names to tops
    /// (window y); PanModal's are `longForm` and `shortForm`. The view must be a subview of the window or of a container
    /// directly under it, and its frame's top must be the initial state's.
    func parsePanel(
        _ node: Node, view: ViewID, name: String, frame: Rect, parent: ViewID?, key: Node
    ) throws(ScenarioError) -> ScenarioLoader.PendingPanel {
        let context = "the panel of view '\(name)'"
        let map = try reader.map(node, for: "'panel'")
        try map.checkKeys(ScenarioLoader.panelKeys, in: "'panel'")
        let policy = try reader.choice(try map.required("policy", in: "'panel'"), as: PanelPolicy.self, for: "'policy'")
        let statesNode = try map.required("states", in: "'panel'")
        let statesMap = try reader.map(statesNode, for: "'states'")
        var states: [PanelState] = []
        for entry in statesMap.entries {
            let id = try reader.identifier(entry.keyNode, for: "a state name")
            if policy == .panModal && id != "longForm" && id != "shortForm" {
                throw reader.error(at: entry.keyNode, "\(context): a panModal panel's states are longForm and shortForm, not '\(id)'")
            }
            let top = try reader.number(entry.value, for: "the top of state '\(id)'")
            guard top >= 0 && top < scene.windowSize.height else {
                throw reader.error(
                    at: entry.value,
                    "\(context): state '\(id)' puts the panel's top at window y \(ScenarioLimits.text(top)), outside the window "
                        + "(0 to \(ScenarioLimits.text(scene.windowSize.height)))")
            }
            states.append(PanelState(name: id, top: top))
        }
        guard !states.isEmpty else { throw reader.error(at: statesNode, "\(context) has no states; give at least one, e.g. {full: 100, half: 422}") }
        if policy == .panModal && !states.contains(where: { $0.name == "longForm" }) {
            throw reader.error(at: statesNode, "\(context): a panModal panel needs a longForm state")
        }
        var spec = PanelSpec(view: view, policy: policy, states: states)
        if let stateNode = map["state"] {
            let id = try reader.identifier(stateNode, for: "'state'")
            guard let index = states.firstIndex(where: { $0.name == id }) else {
                throw reader.error(
                    at: stateNode, "\(context): 'state' names '\(id)', which is not one of its states (\(states.map(\.name).joined(separator: ", ")))")
            }
            spec.initialState = index
        }
        if let v = try map.number("grabber", in: ScenarioLimits.length, "a height") { spec.grabberHeight = v }
        if let v = try map.bool("removal") { spec.removal = v }
        if let v = try map.bool("pinsList") { spec.pinsList = v }
        let containerY = try presentedContainerY(parent: parent, name: name, context: context, key: key)
        try checkTop(
            containerY + frame.origin.y, expected: states[spec.initialState].top, containerY: containerY, key: key,
            context: context, what: "its state '\(states[spec.initialState].name)' puts it")
        let tracks = try map["tracks"].map { n throws(ScenarioError) in ScenarioLoader.NameRef(name: try reader.identifier(n, for: "'tracks'"), node: n) }
        return ScenarioLoader.PendingPanel(spec: spec, tracks: tracks, name: name)
    }

    /// Resolves each panel's tracked scroll view (a scroll view inside the panel) and adds the panels.
    mutating func addPanels() throws(ScenarioError) {
        for pending in pendingPanels {
            var spec = pending.spec
            if let ref = pending.tracks {
                let list = try resolveView(ref, allowWindow: false) { "the panel of view '\(pending.name)' tracks view '\($0)', which is not defined" }
                guard scene.isScrollView(list), scene.isView(list, inside: spec.view) else {
                    throw reader.error(
                        at: ref.node, "the panel of view '\(pending.name)' tracks view '\(ref.name)', which is not a scroll view inside the panel")
                }
                spec.trackedScrollView = list
            }
            scene.addPanel(spec)
        }
    }
}
