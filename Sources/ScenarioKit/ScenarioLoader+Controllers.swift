import TouchEngine
import Yams

extension ScenarioLoader {
    static let controllerKeys = ["id", "view", "touches", "implements", "refuses"]

    /// A controller from a view's `controller:` shorthand or from the `controllers:` list.
    struct PendingController {
        let name: String
        let node: Node
        let viewName: String
        let view: ViewID
        var touches: TouchMethods
        var actions = ResponderActions()
        /// Line of the `controllers:` entry that completed a shorthand, if any.
        var listedAt: Int? = nil
    }
}

extension ScenarioLoader.Builder {
    /// `controllers:` — `{id, view, touches}`. An entry may complete a view's `controller:` shorthand
    /// (same id; `view` may then be omitted, and must name that view when given).
    mutating func parseControllers(_ node: Node) throws(ScenarioError) {
        for item in try reader.list(node, for: "'controllers'") {
            let map = try reader.map(item, for: "a controller")
            let context = map.peekID().map { "controller '\($0)'" } ?? "a controller"
            try map.checkKeys(ScenarioLoader.controllerKeys, in: context)
            let idNode = try map.required("id", in: context)
            let name = try reader.identifier(idNode, for: "'id'")
            let touches = try map["touches"].map { (n) throws(ScenarioError) in try parseTouchMethods(n) } ?? .inherit
            let actions = try parseResponderActions(map, context: "controller '\(name)'")
            let viewRef = try map["view"].map { (n) throws(ScenarioError) in
                ScenarioLoader.NameRef(name: try reader.identifier(n, for: "'view'"), node: n)
            }

            if let index = pendingControllers.firstIndex(where: { $0.name == name }), pendingControllers[index].listedAt == nil {
                let shorthand = pendingControllers[index]
                if let viewRef, viewRef.name != shorthand.viewName {
                    throw reader.error(
                        at: viewRef.node,
                        "controller '\(name)' is the controller of view "
                            + "'\(shorthand.viewName)' (line \(shorthand.node.mark?.line ?? 0)), but its 'view' is '\(viewRef.name)'")
                }
                pendingControllers[index].touches = touches
                pendingControllers[index].actions = actions
                pendingControllers[index].listedAt = idNode.mark?.line ?? 0
                continue
            }

            try register(name, as: "a controller", at: idNode)
            guard let viewRef else { throw reader.error(at: item, "\(context) is missing the required key 'view'") }
            let view = try resolveView(viewRef, allowWindow: false) {
                "controller '\(name)' has root view '\($0)', which is not defined"
            }
            if let other = pendingControllers.first(where: { $0.view == view }) {
                throw reader.error(at: viewRef.node, "view '\(viewRef.name)' is already the root view of controller '\(other.name)'")
            }
            pendingControllers.append(
                .init(
                    name: name, node: idNode, viewName: viewRef.name, view: view, touches: touches,
                    actions: actions))
        }
    }

    /// Adds the controllers: view shorthands in view order, then list-only entries in file order.
    mutating func addControllers() {
        for pending in pendingControllers {
            var spec = ControllerSpec(name: pending.name, rootView: pending.view)
            spec.touches = pending.touches
            spec.actions = pending.actions
            scene.addController(spec)
        }
    }
}
