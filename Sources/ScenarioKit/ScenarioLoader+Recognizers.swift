import TouchEngine
import Yams

extension ScenarioLoader {
    static let recognizerKinds = ["tap", "longPress", "pan", "swipe", "pinch", "rotation", "custom", "screenEdgePan"]
    static let recognizerCommonKeys =
        [
            "id", "kind", "view", "cancelsTouchesInView", "delaysTouchesBegan",
            "delaysTouchesEnded", "enabled"
        ] + customCommonKeys
    /// Keys that apply only to some recognizer kinds.
    static let recognizerKindKeys: [String: [String]] = [
        "tap": ["taps", "touches", "allowableMovement", "maximumTapDuration", "maximumIntervalBetweenTaps"],
        "longPress": ["touches", "allowableMovement", "minimumPressDuration"],
        "pan": ["minimumTouches", "maximumTouches", "hysteresis"],
        "swipe": ["touches", "directions"],
        "pinch": [],
        "rotation": [],
        "custom": customKindKeys,
        "screenEdgePan": ["edges"]
    ]

    static func recognizerKeys(kind: String?) -> [String] {
        let specific =
            kind.map { recognizerKindKeys[$0] ?? [] }
            ?? recognizerKinds.flatMap { recognizerKindKeys[$0] ?? [] }
        var keys = recognizerCommonKeys
        for key in specific where !keys.contains(key) { keys.append(key) }
        return keys + policyKeys
    }

    /// A user recognizer whose recognizer-id policies are resolved after every recognizer exists.
    struct PendingRecognizer {
        let spec: RecognizerSpec
        let policies: PendingPolicies
    }
}

extension ScenarioLoader.Builder {
    /// `recognizers:` — parsed in file order; views must exist already.
    mutating func parseRecognizers(_ node: Node) throws(ScenarioError) {
        for item in try reader.list(node, for: "'recognizers'") {
            pendingRecognizers.append(try parseRecognizer(item))
        }
    }

    mutating func parseRecognizer(_ node: Node) throws(ScenarioError) -> ScenarioLoader.PendingRecognizer {
        let map = try reader.map(node, for: "a recognizer")
        let kind = try map["kind"].map { (n) throws(ScenarioError) in try reader.choice(n, ScenarioLoader.recognizerKinds, for: "'kind'") }
        let context = map.peekID().map { "recognizer '\($0)'" } ?? "a recognizer"
        try checkRecognizerKeys(map, kind: kind, context: context)

        let idNode = try map.required("id", in: context)
        let name = try reader.identifier(idNode, for: "'id'")
        try register(name, as: "a recognizer", at: idNode)
        let owner = "recognizer '\(name)'"
        guard let kind else { throw reader.error(at: node, "\(owner) is missing the required key 'kind'") }
        let viewNode = try map.required("view", in: owner)
        let viewRef = ScenarioLoader.NameRef(name: try reader.identifier(viewNode, for: "'view'"), node: viewNode)
        let view = try resolveView(viewRef, allowWindow: true) { "\(owner) is attached to view '\($0)', which is not defined" }

        let counts = ScenarioLimits.count
        let touches = try map.integer("touches", in: counts) ?? 1
        let recognizerKind: RecognizerKind
        switch kind {
        case "tap":
            recognizerKind = .tap(taps: try map.integer("taps", in: counts) ?? 1, touches: touches)
        case "longPress":
            recognizerKind = .longPress(touches: touches)
        case "pan":
            let minimum = try map.integer("minimumTouches", in: counts) ?? 1
            let maximum = try map.integer("maximumTouches", in: minimum ... counts.upperBound) ?? Int.max
            recognizerKind = .pan(minimumTouches: minimum, maximumTouches: maximum)
        case "pinch":
            recognizerKind = .pinch
        case "rotation":
            recognizerKind = .rotation
        case "custom":
            recognizerKind = .custom(try parseCustomBehavior(map, owner: owner))
        case "screenEdgePan":
            recognizerKind = .screenEdgePan(edges: try parseScreenEdges(try map.required("edges", in: owner), for: "'edges'"))
        default:
            recognizerKind = .swipe(directions: try parseDirections(map["directions"]), touches: touches)
        }

        var spec = RecognizerSpec(name: name, kind: recognizerKind, view: view)
        // Every UIScreenEdgePanGestureRecognizer is created with delaysTouchesBegan on (touch-model-system N2.2).
        if case .screenEdgePan = recognizerKind { spec.delaysTouchesBegan = true }
        if let v = try map.bool("cancelsTouchesInView") { spec.cancelsTouchesInView = v }
        if let v = try map.bool("delaysTouchesBegan") { spec.delaysTouchesBegan = v }
        if let v = try map.bool("delaysTouchesEnded") { spec.delaysTouchesEnded = v }
        if let v = try map.bool("enabled") { spec.isEnabled = v }
        spec.thresholds.allowableMovement = try map.length("allowableMovement")
        spec.thresholds.minimumPressDuration = try map.milliseconds("minimumPressDuration")
        spec.thresholds.hysteresis = try map.length("hysteresis")
        spec.thresholds.maximumTapDuration = try map.milliseconds("maximumTapDuration")
        spec.thresholds.maximumIntervalBetweenTaps = try map.milliseconds("maximumIntervalBetweenTaps")

        var pending = try parsePolicies(map, keys: ScenarioLoader.recognizerKeys(kind: kind), context: context)
        spec.policies = try resolveViewPolicies(pending, owner: owner)
        try parseCustomCommonKeys(map, into: &spec, pending: &pending, kind: kind, owner: owner)
        return .init(spec: spec, policies: pending)
    }

    /// Unknown keys, and keys of another kind ("key 'taps' applies only to tap recognizers, …").
    private func checkRecognizerKeys(_ map: YAMLMap, kind: String?, context: String) throws(ScenarioError) {
        let allowed = ScenarioLoader.recognizerKeys(kind: kind)
        for entry in map.entries where !allowed.contains(entry.key) {
            let kinds = ScenarioLoader.recognizerKinds.filter { ScenarioLoader.recognizerKindKeys[$0]!.contains(entry.key) }
            if let kind, !kinds.isEmpty {
                let list = kinds.count == 1 ? kinds[0] : kinds.dropLast().joined(separator: ", ") + " and " + kinds.last!
                throw reader.error(
                    at: entry.keyNode,
                    "key '\(entry.key)' applies only to \(list) recognizers, "
                        + "but \(context) is a \(kind)")
            }
            throw reader.error(
                at: entry.keyNode,
                "unknown key '\(entry.key)' in \(context); allowed keys are "
                    + allowed.joined(separator: ", "))
        }
    }

    /// `directions:` — a non-empty list of right, left, up, down; default `[right]`.
    private func parseDirections(_ node: Node?) throws(ScenarioError) -> SwipeDirections {
        guard let node else { return .right }
        let items = try reader.list(node, for: "'directions'")
        guard !items.isEmpty else {
            throw reader.error(at: node, "expected at least one direction (right, left, up, down) for 'directions'")
        }
        var directions: SwipeDirections = []
        for item in items {
            switch try reader.choice(item, ["right", "left", "up", "down"], for: "'directions'") {
            case "right": directions.insert(.right)
            case "left": directions.insert(.left)
            case "up": directions.insert(.up)
            default: directions.insert(.down)
            }
        }
        return directions
    }

    /// Adds the user recognizers, then resolves every recognizer-id policy (user recognizers and scroll pans).
    mutating func addRecognizers() throws(ScenarioError) {
        var added: [(RecognizerID, ScenarioLoader.PendingPolicies, String)] = []
        for pending in pendingRecognizers {
            added.append((scene.addRecognizer(pending.spec), pending.policies, "recognizer '\(pending.spec.name)'"))
        }
        for view in pendingViews {
            guard let pan = view.pan, let ids = scene.scrollRecognizers(of: view.id) else { continue }
            try resolveRecognizerPolicies(pan, of: ids.pan, owner: "the pan of scroll view '\(view.spec.name)'")
            // The view keeps the whole answer set too (the writer and the shrinker read `scroll.pan`).
            let policies = scene.recognizers[ids.pan].policies
            scene.modifyView(view.id) { $0.scroll?.pan = policies }
        }
        for (id, policies, owner) in added {
            try resolveRecognizerPolicies(policies, of: id, owner: owner)
        }
    }
}
