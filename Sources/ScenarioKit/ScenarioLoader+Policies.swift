import TouchEngine
import Yams

extension ScenarioLoader {
    /// Delegate policy keys, valid on recognizers and inside a scroll view's `pan:` map.
    static let policyKeys = [
        "shouldReceive", "shouldBegin", "simultaneousWith", "requireToFail", "canPrevent",
        "canBePrevented", "toggleEnabledOnBegin", "delegateRequiresFailureOf", "delegateRequiredToFailBy"
    ]

    /// `shouldReceive` before its view names are resolved.
    enum PendingReceive {
        case resolved(ShouldReceivePolicy)
        case notIn([NameRef])
        case onlyIn([NameRef])
    }

    /// `all`, `none`, `[ids]` or `{except: [ids]}` before the ids are resolved.
    enum PendingSet {
        case all
        case none
        case only([NameRef])
        case allExcept([NameRef])
    }

    /// Policies as written; recognizer ids are resolved once every recognizer exists.
    struct PendingPolicies {
        var shouldReceive: PendingReceive = .resolved(.always)
        var shouldBegin: ShouldBeginPolicy = .always
        var simultaneousWith: PendingSet?
        var requireToFail: [NameRef]?
        var canPrevent: PendingSet?
        var canBePrevented: PendingSet?
        var toggleEnabledOnBegin: [NameRef]?
        /// The delegate's dynamic G10 answers (`shouldRequireFailureOf`, `shouldBeRequiredToFailBy`), issue 15 §4.
        var delegateRequiresFailureOf: PendingSet?
        var delegateRequiredToFailBy: PendingSet?
        /// Class overrides of G10 (`shouldRequireFailure(of:)`, `shouldBeRequiredToFail(by:)`), issue 15 §4.
        var shouldRequireFailureOf: PendingSet?
        var shouldBeRequiredToFailBy: PendingSet?
        /// `onAction: {toggleEnabled: [...]}`.
        var actionToggles: [NameRef]?
    }
}

extension ScenarioLoader.Builder {
    func parsePolicies(_ map: YAMLMap, keys: [String], context: String) throws(ScenarioError) -> ScenarioLoader.PendingPolicies {
        try map.checkKeys(keys, in: context)
        var policies = ScenarioLoader.PendingPolicies()
        if let node = map["shouldReceive"] { policies.shouldReceive = try parseShouldReceive(node) }
        if let v = try map.choice("shouldBegin", as: ShouldBeginPolicy.self) { policies.shouldBegin = v }
        if let node = map["simultaneousWith"] { policies.simultaneousWith = try parseSet(node, key: "simultaneousWith") }
        if let node = map["requireToFail"] { policies.requireToFail = try nameList(node, for: "'requireToFail'") }
        if let node = map["canPrevent"] { policies.canPrevent = try parseSet(node, key: "canPrevent") }
        if let node = map["canBePrevented"] { policies.canBePrevented = try parseSet(node, key: "canBePrevented") }
        if let node = map["toggleEnabledOnBegin"] {
            policies.toggleEnabledOnBegin = try nameList(node, for: "'toggleEnabledOnBegin'")
        }
        for key in ["delegateRequiresFailureOf", "delegateRequiredToFailBy"] {
            guard let node = map[key] else { continue }
            let set = try parseSet(node, key: key)
            if key == "delegateRequiresFailureOf" { policies.delegateRequiresFailureOf = set } else { policies.delegateRequiredToFailBy = set }
        }
        return policies
    }

    /// `always`, `never`, `{notIn: [views]}`, `{onlyIn: [views]}` or `{notOnKinds: [kinds]}`.
    func parseShouldReceive(_ node: Node) throws(ScenarioError) -> ScenarioLoader.PendingReceive {
        guard case .mapping = node else {
            let choice = try reader.choice(node, ["always", "never"], for: "'shouldReceive' (or {notIn | onlyIn | notOnKinds: […]})")
            return .resolved(choice == "never" ? .never : .always)
        }
        let map = try reader.map(node, for: "'shouldReceive'")
        let keys = ["notIn", "onlyIn", "notOnKinds"]
        try map.checkKeys(keys, in: "'shouldReceive'")
        guard map.entries.count == 1, let entry = map.entries.first else {
            throw reader.error(at: node, "expected exactly one of notIn, onlyIn, notOnKinds in 'shouldReceive'")
        }
        switch entry.key {
        case "notIn": return .notIn(try nameList(entry.value, for: "'notIn'"))
        case "onlyIn": return .onlyIn(try nameList(entry.value, for: "'onlyIn'"))
        default:
            var kinds: [ViewKind] = []
            for item in try reader.list(entry.value, for: "'notOnKinds'") {
                kinds.append(try reader.choice(item, as: ViewKind.self, for: "'notOnKinds'"))
            }
            return .resolved(.notOnKinds(kinds))
        }
    }

    /// `all`, `none`, a list of recognizer ids, or `{except: [ids]}`.
    func parseSet(_ node: Node, key: String) throws(ScenarioError) -> ScenarioLoader.PendingSet {
        switch node {
        case .sequence: return .only(try nameList(node, for: "'\(key)'"))
        case .mapping:
            let map = try reader.map(node, for: "'\(key)'")
            try map.checkKeys(["except"], in: "'\(key)'")
            return .allExcept(try nameList(try map.required("except", in: "'\(key)'"), for: "'except'"))
        default:
            let choice = try reader.choice(node, ["all", "none"], for: "'\(key)' (or a list of recognizer ids, or {except: […]})")
            return choice == "all" ? .all : .none
        }
    }

    /// The view-dependent part of the policies (shouldReceive, shouldBegin), resolvable once all views exist.
    func resolveViewPolicies(_ pending: ScenarioLoader.PendingPolicies, owner: String) throws(ScenarioError) -> RecognizerPolicies {
        var policies = RecognizerPolicies()
        policies.shouldBegin = pending.shouldBegin
        switch pending.shouldReceive {
        case .resolved(let policy): policies.shouldReceive = policy
        case .notIn(let refs): policies.shouldReceive = .notInViews(try resolveViews(refs, owner: owner))
        case .onlyIn(let refs): policies.shouldReceive = .onlyInViews(try resolveViews(refs, owner: owner))
        }
        return policies
    }

    private func resolveViews(_ refs: [ScenarioLoader.NameRef], owner: String) throws(ScenarioError) -> [ViewID] {
        var ids: [ViewID] = []
        for ref in refs {
            ids.append(
                try resolveView(ref, allowWindow: false) {
                    "\(owner) refers to view '\($0)' in 'shouldReceive', which is not defined"
                })
        }
        return ids
    }

    /// Applies the recognizer-id policies to recognizer `id` (every recognizer must exist by now).
    mutating func resolveRecognizerPolicies(_ pending: ScenarioLoader.PendingPolicies, of id: RecognizerID, owner: String)
        throws(ScenarioError)
    {
        var policies = scene.recognizers[id].policies
        if let set = pending.simultaneousWith { policies.simultaneousWith = try resolveSet(set, key: "simultaneousWith", owner: owner) }
        if let set = pending.canPrevent { policies.canPrevent = try resolveSet(set, key: "canPrevent", owner: owner) }
        if let set = pending.canBePrevented { policies.canBePrevented = try resolveSet(set, key: "canBePrevented", owner: owner) }
        if let refs = pending.requireToFail {
            let ids = try resolveRecognizers(refs, key: "requireToFail", owner: owner)
            if let index = ids.firstIndex(of: id) {
                throw reader.error(at: refs[index].node, "\(owner) cannot require itself to fail")
            }
            policies.requireToFail = ids
        }
        if let refs = pending.toggleEnabledOnBegin {
            policies.toggleEnabledOnBegin = try resolveRecognizers(refs, key: "toggleEnabledOnBegin", owner: owner)
        }
        if let set = pending.shouldRequireFailureOf {
            policies.shouldRequireFailureOf = try resolveSet(set, key: "shouldRequireFailureOf", owner: owner)
        }
        if let set = pending.shouldBeRequiredToFailBy {
            policies.shouldBeRequiredToFailBy = try resolveSet(set, key: "shouldBeRequiredToFailBy", owner: owner)
        }
        if let set = pending.delegateRequiresFailureOf {
            policies.delegateRequiresFailureOf = try resolveSet(set, key: "delegateRequiresFailureOf", owner: owner)
        }
        if let set = pending.delegateRequiredToFailBy {
            policies.delegateRequiredToFailBy = try resolveSet(set, key: "delegateRequiredToFailBy", owner: owner)
        }
        if let refs = pending.actionToggles {
            scene.recognizers[id].actions.togglesEnabled = try resolveRecognizers(refs, key: "onAction.toggleEnabled", owner: owner)
        }
        scene.recognizers[id].policies = policies
    }

    private func resolveSet(_ set: ScenarioLoader.PendingSet, key: String, owner: String) throws(ScenarioError) -> RecognizerSet {
        switch set {
        case .all: return .all
        case .none: return .none
        case .only(let refs): return .only(try resolveRecognizers(refs, key: key, owner: owner))
        case .allExcept(let refs): return .allExcept(try resolveRecognizers(refs, key: key, owner: owner))
        }
    }

    private func resolveRecognizers(_ refs: [ScenarioLoader.NameRef], key: String, owner: String) throws(ScenarioError) -> [RecognizerID] {
        var ids: [RecognizerID] = []
        for ref in refs {
            ids.append(try resolveRecognizer(ref) { "\(owner) refers to recognizer '\($0)' in '\(key)', which is not defined" })
        }
        return ids
    }
}
