import TouchEngine
import Yams

extension ScenarioLoader {
    /// Keys of every view and controller: the action methods it implements (§5.5).
    static let responderActionKeys = ["implements", "refuses"]
    /// Keys valid only on controls.
    static let controlActionKeys = ["primaryAction", "targetActions"]
    /// The calls a `targetActions` entry may make, one per entry.
    static let setupCallKeys = ["addTarget", "addAction", "removeTarget", "removeAction"]

    /// `for:` names: `UIControl.Event`'s Swift names, and `allEvents`.
    static let eventNames: [(String, ControlEvent)] = [
        ("touchDown", .touchDown), ("touchDownRepeat", .touchDownRepeat), ("touchDragInside", .touchDragInside),
        ("touchDragOutside", .touchDragOutside), ("touchDragEnter", .touchDragEnter), ("touchDragExit", .touchDragExit),
        ("touchUpInside", .touchUpInside), ("touchUpOutside", .touchUpOutside), ("touchCancel", .touchCancel),
        ("valueChanged", .valueChanged), ("primaryActionTriggered", .primaryActionTriggered)
    ]

    /// A setup call whose responder names are not resolved yet (controllers are read after the views).
    struct PendingSetupCall {
        enum Call {
            case addTarget(NameRef?, action: NameRef)
            case addAction(String)
            case removeTarget(NameRef?, action: String?)
            case removeAction(String)
        }
        var call: Call
        var events: ControlEventSet
    }

    /// A view's target-action keys, kept until every responder is known.
    struct PendingTargetActions {
        let view: ViewID
        var primaryAction: String?
        var calls: [PendingSetupCall] = []
    }
}

extension ScenarioLoader.Builder {
    /// `implements:` and `refuses:` of a view or controller.
    func parseResponderActions(_ map: YAMLMap, context: String) throws(ScenarioError) -> ResponderActions {
        var actions = ResponderActions()
        if let node = map["implements"] { actions.implements = try selectors(node, for: "'implements' of \(context)") }
        if let node = map["refuses"] {
            for item in try reader.list(node, for: "'refuses' of \(context)") {
                let name = try selector(item, for: "'refuses' of \(context)")
                guard actions.implements.contains(name) else {
                    throw reader.error(
                        at: item,
                        "\(context) refuses '\(name)' in canPerformAction but does not implement it; "
                            + "add it to 'implements' (a responder that lacks the method never performs it anyway)")
                }
                actions.refuses.append(name)
            }
        }
        return actions
    }

    /// `primaryAction:` and `targetActions:` of a control, references left pending.
    func parseTargetActions(_ map: YAMLMap, view: ViewID, name: String) throws(ScenarioError) -> ScenarioLoader.PendingTargetActions? {
        guard map["primaryAction"] != nil || map["targetActions"] != nil else { return nil }
        var pending = ScenarioLoader.PendingTargetActions(view: view)
        if let node = map["primaryAction"] { pending.primaryAction = try selector(node, for: "'primaryAction' of view '\(name)'") }
        if let node = map["targetActions"] {
            for item in try reader.list(node, for: "'targetActions' of view '\(name)'") {
                pending.calls.append(try parseSetupCall(item, owner: name))
            }
        }
        return pending
    }

    private func parseSetupCall(_ node: Node, owner: String) throws(ScenarioError) -> ScenarioLoader.PendingSetupCall {
        let context = "a 'targetActions' entry of view '\(owner)'"
        let map = try reader.map(node, for: context)
        let calls = map.keys.filter { ScenarioLoader.setupCallKeys.contains($0) }
        guard calls.count == 1, let call = calls.first else {
            throw reader.error(
                at: node,
                "\(context) must make exactly one call: "
                    + ScenarioLoader.setupCallKeys.joined(separator: ", ") + (calls.isEmpty ? "" : "; it has \(calls.joined(separator: " and "))"))
        }
        let allowed = [call, "for"] + (call == "addTarget" || call == "removeTarget" ? ["action"] : [])
        try map.checkKeys(allowed, in: "\(context) (\(call))")
        let events = try eventSet(try map.required("for", in: "\(context) (\(call))"), for: "'for' of \(context)")
        let value = map[call]!
        func target() throws(ScenarioError) -> ScenarioLoader.NameRef? {
            reader.isNull(value) ? nil : .init(name: try reader.identifier(value, for: "'\(call)' (a view, a controller or nil)"), node: value)
        }
        switch call {
        case "addTarget":
            let actionNode = try map.required("action", in: "\(context) (addTarget)")
            let action = ScenarioLoader.NameRef(name: try selector(actionNode, for: "'action'"), node: actionNode)
            return .init(call: .addTarget(try target(), action: action), events: events)
        case "removeTarget":
            let action = try map["action"].map { (n) throws(ScenarioError) in try selector(n, for: "'action'") }
            return .init(call: .removeTarget(try target(), action: action), events: events)
        case "addAction":
            return .init(call: .addAction(try selector(value, for: "'addAction' (a UIAction's name)")), events: events)
        default:
            return .init(call: .removeAction(try selector(value, for: "'removeAction' (a UIAction's name)")), events: events)
        }
    }

    /// `for:` — one event name or a list of them (`allEvents` is every event).
    private func eventSet(_ node: Node, for label: String) throws(ScenarioError) -> ControlEventSet {
        let items: [Node]
        if case .sequence = node { items = try reader.list(node, for: label) } else { items = [node] }
        guard !items.isEmpty else { throw reader.error(at: node, "expected at least one control event for \(label)") }
        let names = ScenarioLoader.eventNames.map(\.0) + ["allEvents"]
        var set = ControlEventSet()
        for item in items {
            let name = try reader.choice(item, names, for: label)
            if name == "allEvents" { set = .all } else { set.insert(.of(ScenarioLoader.eventNames.first { $0.0 == name }!.1)) }
        }
        return set
    }

    /// An action method or UIAction name: a Swift identifier (`save` stands for `save(_:)`).
    func selector(_ node: Node, for label: String) throws(ScenarioError) -> String {
        let text = try reader.string(node, for: label)
        guard let first = text.first, first.isLetter || first == "_",
            text.allSatisfy({ ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII })
        else {
            throw reader.mismatch(node, expected: "a method name such as save (letters, digits and _)", for: label)
        }
        return text
    }

    private func selectors(_ node: Node, for label: String) throws(ScenarioError) -> [String] {
        var names: [String] = []
        for item in try reader.list(node, for: label) { names.append(try selector(item, for: label)) }
        return names
    }

    /// A view or controller by name (`window` is the window).
    func resolveResponder(_ ref: ScenarioLoader.NameRef, _ describe: (String) -> String) throws(ScenarioError) -> Responder {
        if ref.name == "window" { return .view(0) }
        if let id = viewIDs[ref.name] { return .view(id) }
        if let c = scene.controller(named: ref.name) { return .controller(c) }
        throw error(at: ref, describe(ref.name))
    }

    /// Resolves the controls' targets, now that views and controllers are in the scene, and stores the setups.
    mutating func addTargetActions() throws(ScenarioError) {
        for pending in pendingTargetActions {
            let owner = scene.views[pending.view].name
            var calls: [ActionSetupCall] = []
            for pendingCall in pending.calls {
                switch pendingCall.call {
                case let .addTarget(ref, action):
                    var target: Responder?
                    if let ref {
                        let responder = try resolveResponder(ref) { "view '\(owner)' adds target '\($0)', which is not a view or controller" }
                        guard scene.actions(of: responder).implements.contains(action.name) else {
                            throw error(
                                at: action,
                                "view '\(owner)' adds target '\(ref.name)' for action '\(action.name)', which "
                                    + "'\(ref.name)' does not implement (UIKit would raise 'unrecognized selector'); list it in its 'implements'")
                        }
                        target = responder
                    }
                    calls.append(.addTarget(target, action: action.name, events: pendingCall.events))
                case let .removeTarget(ref, action):
                    let target = try ref.map { (r) throws(ScenarioError) in
                        try resolveResponder(r) { "view '\(owner)' removes target '\($0)', which is not a view or controller" }
                    }
                    calls.append(.removeTarget(target, action: action, events: pendingCall.events))
                case let .addAction(name):
                    calls.append(.addAction(name, events: pendingCall.events))
                case let .removeAction(name):
                    calls.append(.removeAction(name, events: pendingCall.events))
                }
            }
            scene.modifyView(pending.view) {
                $0.primaryAction = pending.primaryAction; $0.actionSetup = calls
            }
        }
    }
}
