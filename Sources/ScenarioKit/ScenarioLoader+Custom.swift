import TouchEngine
import Yams

extension ScenarioLoader {
    /// Keys of a `kind: custom` recognizer (a `UIGestureRecognizer` subclass declared by its behaviour, issue 15 §4).
    static let customKindKeys = ["begins", "delay", "continuous", "allowableMovement", "failsAfter"]
    /// Keys valid on every recognizer: its class's G10 overrides, a delegate that logs, and what its action does.
    static let customCommonKeys = ["shouldRequireFailureOf", "shouldBeRequiredToFailBy", "delegateLogs", "onAction"]
    /// Keys of `onAction:`.
    static let actionKeys = ["setTranslationZero", "moveView", "setFrame", "toggleEnabled"]
}

extension ScenarioLoader.Builder {
    /// `begins: touchDown | delay | touchUp | never` (default touchDown), `delay: <ms>` (only with `begins: delay`),
    /// `continuous: bool`, `allowableMovement: <pt>`, `failsAfter: <ms>` (not with `begins: touchDown`, and not
    /// equal to `delay`).
    func parseCustomBehavior(_ map: YAMLMap, owner: String) throws(ScenarioError) -> CustomBehavior {
        var behavior = CustomBehavior()
        behavior.isContinuous = try map.bool("continuous") ?? false
        behavior.allowableMovement = try map.length("allowableMovement")
        let begins =
            try map["begins"].map { (n) throws(ScenarioError) in
                try reader.choice(n, ["touchDown", "delay", "touchUp", "never"], for: "'begins'")
            } ?? "touchDown"
        let delay = try map.milliseconds("delay")
        if delay != nil && begins != "delay", let key = map.keyNode("delay") {
            throw reader.error(at: key, "key 'delay' of \(owner) applies only with 'begins: delay'")
        }
        switch begins {
        case "delay":
            guard let delay else { throw reader.error(at: map["begins"]!, "\(owner) begins after a delay but has no 'delay' (ms)") }
            behavior.begins = .delay(delay)
        case "touchUp":
            if behavior.isContinuous {
                throw reader.error(
                    at: map["begins"]!, "\(owner) is continuous and cannot begin at touch-up; a continuous recognizer begins at touchDown or after a delay")
            }
            behavior.begins = .touchUp
        case "never": behavior.begins = .never
        default: behavior.begins = .touchDown
        }
        behavior.failsAfter = try map.milliseconds("failsAfter")
        if let f = behavior.failsAfter, let key = map.keyNode("failsAfter") {
            if begins == "touchDown" {
                throw reader.error(
                    at: key,
                    "key 'failsAfter' of \(owner) has no effect with 'begins: touchDown' (it leaves possible at touch-down); use begins: delay, touchUp or never"
                )
            }
            if case .delay(let d) = behavior.begins, d == f {
                throw reader.error(
                    at: key,
                    "'failsAfter' of \(owner) equals its 'delay' (\(formatNumber(f.milliseconds)) ms), which leaves undecided whether it fails or begins; make them differ"
                )
            }
        }
        return behavior
    }

    /// `shouldRequireFailureOf`, `shouldBeRequiredToFailBy` (resolved with the other recognizer ids), `delegateLogs`
    /// and `onAction`.
    func parseCustomCommonKeys(
        _ map: YAMLMap, into spec: inout RecognizerSpec, pending: inout ScenarioLoader.PendingPolicies,
        kind: String?, owner: String
    ) throws(ScenarioError) {
        if let node = map["shouldRequireFailureOf"] { pending.shouldRequireFailureOf = try parseSet(node, key: "shouldRequireFailureOf") }
        if let node = map["shouldBeRequiredToFailBy"] { pending.shouldBeRequiredToFailBy = try parseSet(node, key: "shouldBeRequiredToFailBy") }
        if let v = try map.bool("delegateLogs") { spec.delegateLogs = v }
        guard let node = map["onAction"] else { return }
        let actions = try reader.map(node, for: "'onAction'")
        try actions.checkKeys(ScenarioLoader.actionKeys, in: "'onAction' of \(owner)")
        for key in ["setTranslationZero", "moveView"] where kind != "pan" {
            if let keyNode = actions.keyNode(key) {
                throw reader.error(at: keyNode, "'onAction.\(key)' of \(owner) needs a pan recognizer (it uses the pan's translation)")
            }
        }
        if let node = actions["setTranslationZero"] { spec.actions.resetsTranslation = try actionStates(node, for: "'onAction.setTranslationZero'") }
        if let node = actions["moveView"] { spec.actions.movesView = try viewMove(node, owner: owner) }
        if let frameNode = actions["setFrame"] {
            let change = try reader.map(frameNode, for: "'onAction.setFrame'")
            try change.checkKeys(["view", "frame"], in: "'onAction.setFrame' of \(owner)")
            let viewNode = try change.required("view", in: "'onAction.setFrame' of \(owner)")
            let ref = ScenarioLoader.NameRef(name: try reader.identifier(viewNode, for: "'view'"), node: viewNode)
            let view = try resolveView(ref, allowWindow: false) { "\(owner) sets the frame of view '\($0)' in 'onAction', which is not defined" }
            let frame = try reader.rect(try change.required("frame", in: "'onAction.setFrame' of \(owner)"), for: "'frame'")
            if scene.views[view].scroll != nil && frame.size != scene.views[view].frame.size {
                throw reader.error(
                    at: viewNode,
                    "'onAction.setFrame' of \(owner) resizes scroll view '\(ref.name)'; its scroll range is computed once, so only moving it is modelled")
            }
            spec.actions.setsFrame = FrameChange(view: view, frame: frame)
        }
        if let list = actions["toggleEnabled"] { pending.actionToggles = try nameList(list, for: "'toggleEnabled'") }
    }

    /// `true` (every `began` and `changed` action), `false` (none), or a list of the action states it acts on
    /// (`began`, `changed`, `ended`, `cancelled`).
    func actionStates(_ node: Node, for label: String) throws(ScenarioError) -> ActionStates {
        guard case .sequence = node else { return try reader.bool(node, for: label) ? .perChange : [] }
        let items = try reader.list(node, for: label)
        guard !items.isEmpty else {
            throw reader.error(at: node, "expected at least one action state (began, changed, ended, cancelled) for \(label); write false for none")
        }
        var states: ActionStates = []
        for item in items {
            let name = try reader.choice(item, ActionStates.all.map(\.0.rawValue), for: label)
            states.insert(ActionStates.all.first { $0.0.rawValue == name }!.1)
        }
        return states
    }

    /// `moveView: V`, or `moveView: {view: V, translationIn: X, on: [states]}`: the translation read in X (default
    /// V's superview) on the actions of those states (default began and changed).
    private func viewMove(_ node: Node, owner: String) throws(ScenarioError) -> ViewMove {
        func view(_ node: Node, _ label: String, _ describe: (String) -> String) throws(ScenarioError) -> ViewID {
            let ref = ScenarioLoader.NameRef(name: try reader.identifier(node, for: label), node: node)
            return try resolveView(ref, allowWindow: false, describe)
        }
        guard case .mapping = node else {
            return ViewMove(view: try view(node, "'moveView'") { "\(owner) moves view '\($0)' in 'onAction', which is not defined" })
        }
        let map = try reader.map(node, for: "'onAction.moveView'")
        try map.checkKeys(["view", "translationIn", "on"], in: "'onAction.moveView' of \(owner)")
        let viewNode = try map.required("view", in: "'onAction.moveView' of \(owner)")
        var move = ViewMove(view: try view(viewNode, "'view'") { "\(owner) moves view '\($0)' in 'onAction', which is not defined" })
        if let space = map["translationIn"] {
            move.translationIn = try view(space, "'translationIn'") {
                "\(owner) reads translation(in: '\($0)') in 'onAction.moveView', which is not a view of the scene"
            }
        }
        if let on = map["on"] {
            move.on = try actionStates(on, for: "'onAction.moveView.on'")
            guard !move.on.isEmpty else {
                throw reader.error(at: on, "'onAction.moveView.on' of \(owner) is false, so the view never moves; list the action states it moves on")
            }
        }
        return move
    }
}
