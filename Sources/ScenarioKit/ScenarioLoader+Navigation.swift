import TouchEngine
import Yams

extension ScenarioLoader {
    /// Keys of a view's `navigation:` block (docs/scenario-format.md, "Navigation controllers").
    static let navigationKeys = [
        "depth", "bar", "layoutDirection", "delegateReplaced", "edgeDelaysTouchesBegan", "edgeEnabled",
        "contentPop", "contentPopEnabled", "leadingEdgeYield"
    ]

    /// A view's `navigation:` block, its bar still a name.
    struct PendingNavigation {
        var spec: NavigationSpec
        var name: String
        var bar: NameRef?
        var edgeDelaysTouchesBegan = true
        var edgeEnabled = true
        var contentPopEnabled = true
    }
}

extension ScenarioLoader.Builder {
    /// `navigation:` on view `name` (id `view`): registers `<name>.edge` and `<name>.content`.
    mutating func parseNavigation(_ node: Node, view: ViewID, name: String, idNode: Node) throws(ScenarioError) {
        let context = "'navigation' of view '\(name)'"
        let map = try reader.map(node, for: context)
        try map.checkKeys(ScenarioLoader.navigationKeys, in: context)
        var pending = ScenarioLoader.PendingNavigation(spec: NavigationSpec(view: view), name: name)
        if let depthNode = map["depth"] {
            guard let depth = YAMLNodeReader.plainNumber(depthNode), depth == depth.rounded(), depth >= 1, depth <= 100 else {
                throw reader.mismatch(
                    depthNode,
                    expected: "an integer from 1 to 100 (the number of view controllers on the stack; 1 is the root)",
                    for: "'depth'")
            }
            pending.spec.depth = Int(depth)
        }
        if let barNode = map["bar"] {
            pending.bar = .init(name: try reader.identifier(barNode, for: "'bar'"), node: barNode)
        }
        if let v = try map.choice("layoutDirection", as: LayoutDirection.self) { pending.spec.layoutDirection = v }
        if let v = try map.bool("delegateReplaced") { pending.spec.delegateReplaced = v }
        if let v = try map.bool("edgeDelaysTouchesBegan") { pending.edgeDelaysTouchesBegan = v }
        if let v = try map.bool("edgeEnabled") { pending.edgeEnabled = v }
        if let v = try map.bool("contentPop") { pending.spec.contentPop = v }
        if let v = try map.bool("contentPopEnabled") { pending.contentPopEnabled = v }
        if let v = try map.bool("leadingEdgeYield") { pending.spec.leadingEdgeYield = v }
        try register(name + ".edge", as: "the edge back swipe of navigation controller '\(name)'", at: idNode)
        try register(name + ".content", as: "the content back swipe of navigation controller '\(name)'", at: idNode)
        pendingNavigations.append(pending)
    }

    /// Installs every declared navigation controller's back swipes (after the scroll views' recognizers, before the
    /// file's recognizers), resolving each bar: a view inside the navigation controller's view.
    mutating func installNavigations() throws(ScenarioError) {
        for var pending in pendingNavigations {
            if let ref = pending.bar {
                let bar = try resolveView(ref, allowWindow: false) {
                    "navigation controller '\(pending.name)' has bar '\($0)', which is not defined"
                }
                guard bar != pending.spec.view, scene.isView(bar, inside: pending.spec.view) else {
                    throw error(
                        at: ref,
                        "navigation controller '\(pending.name)' has bar '\(ref.name)', which is not inside its view "
                            + "(a navigation bar is a subview of the navigation controller's view)")
                }
                pending.spec.bar = bar
            }
            let ids = scene.installNavigation(pending.spec)
            scene.recognizers[ids.edge].delaysTouchesBegan = pending.edgeDelaysTouchesBegan
            scene.recognizers[ids.edge].isEnabled = pending.edgeEnabled
            scene.recognizers[ids.content].isEnabled = pending.contentPopEnabled
        }
    }
}

extension ScenarioLoader.Builder {
    /// A non-empty list of `top`, `left`, `bottom`, `right` (the window's `edgeGate`, a screen-edge pan's `edges`).
    func parseScreenEdges(_ node: Node, for label: String) throws(ScenarioError) -> ScreenEdges {
        let items = try reader.list(node, for: label)
        guard !items.isEmpty else {
            throw reader.error(at: node, "expected at least one edge (top, left, bottom, right) for \(label)")
        }
        var edges: ScreenEdges = []
        for item in items {
            switch try reader.choice(item, ["top", "left", "bottom", "right"], for: label) {
            case "top": edges.insert(.top)
            case "left": edges.insert(.left)
            case "bottom": edges.insert(.bottom)
            default: edges.insert(.right)
            }
        }
        return edges
    }
}
