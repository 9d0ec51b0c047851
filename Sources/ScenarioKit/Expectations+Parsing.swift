import TouchEngine
import Yams

extension Expectations {
    /// The keys an `expect:` block may use, in the order the format documents them.
    public static let keys = [
        "hit", "callbacks", "controls", "controlActions", "highlights", "selections", "recognizers", "actions", "scroll",
        "tapCounts", "dropped", "order", "asked", "samples", "pop", "sheet", "panel"
    ]

    /// Reads an `expect:` mapping, resolving every name against `scene`.
    ///
    /// The scene must already hold the scroll views' own recognizers (`SV.pan`, `SV.delay`) and the edge gate,
    /// so that entries may name them. Errors are one sentence located at the offending node.
    public static func parse(node: Yams.Node, file: String, scene: Scene) throws(ScenarioError) -> Expectations {
        let reader = ExpectationReader(file: file, scene: scene)
        return try reader.read(node)
    }
}

/// Reads the `expect:` block node by node. One instance per block.
private struct ExpectationReader {
    let file: String
    let scene: Scene

    func read(_ node: Node) throws(ScenarioError) -> Expectations {
        var result = Expectations()
        for (keyNode, value) in try pairs(of: node, what: "'expect'") {
            let key = try string(keyNode, what: "a key of 'expect'")
            let path = "expect.\(key)"
            switch key {
            case "controls", "controlActions", "highlights", "selections", "pop", "scroll", "sheet", "panel":
                try readViewBlock(key, path: path, value: value, into: &result)
            case "hit", "callbacks", "recognizers", "actions", "asked", "samples", "tapCounts", "dropped", "order":
                try readRunBlock(key, path: path, keyNode: keyNode, value: value, into: &result)
            default:
                throw error(at: keyNode, "unknown key '\(key)' in 'expect'; allowed keys are \(Expectations.keys.joined(separator: ", "))")
            }
        }
        return result
    }

    /// The blocks about the run's touches, responders and recognizers.
    private func readRunBlock(_ key: String, path: String, keyNode: Node, value: Node, into result: inout Expectations) throws(ScenarioError) {
        switch key {
        case "hit":
            for (k, v) in try pairs(of: value, what: "'\(path)'") { result.hit.append(try hit(k, v)) }
        case "callbacks":
            for (k, v) in try pairs(of: value, what: "'\(path)'") {
                let name = try string(k, what: "a responder name")
                let responder = try resolveResponder(name, at: k)
                result.callbacks.append(
                    try list(path: "\(path).\(name)", key: k, value: v, subject: .responder(responder), grammar: EntryGrammar.callback))
            }
        case "recognizers", "actions":
            let actions = key == "actions"
            for (k, v) in try pairs(of: value, what: "'\(path)'") {
                let name = try string(k, what: "a recognizer name")
                let recognizer = try resolveRecognizer(name, at: k)
                let entries = try list(path: "\(path).\(name)", key: k, value: v, subject: .recognizer(recognizer)) {
                    EntryGrammar.recognizer($0, actions: actions)
                }
                if actions { result.actions.append(entries) } else { result.recognizers.append(entries) }
            }
        case "asked":
            for (k, v) in try pairs(of: value, what: "'\(path)'") { result.asked.append(try asked(path: path, key: k, value: v)) }
        case "samples":
            for (k, v) in try pairs(of: value, what: "'\(path)'") { result.samples += try samples(path: path, key: k, value: v) }
        case "tapCounts":
            for (k, v) in try pairs(of: value, what: "'\(path)'") {
                let touchText = try string(k, what: "a touch number")
                guard let touch = Int(touchText), touch >= 1 else {
                    throw error(at: k, "'\(path)' keys must be touch numbers ≥ 1, not '\(touchText)'")
                }
                result.tapCounts.append(
                    try list(path: "\(path).\(touch)", key: k, value: v, subject: .touch(touch), grammar: EntryGrammar.tapCount))
            }
        case "dropped":
            result.dropped = try list(path: path, key: keyNode, value: value, subject: .run, grammar: EntryGrammar.touchNumber)
        default: // "order"
            guard case .sequence(let chains) = value else {
                throw error(at: value, "'\(path)' must be a list of chains such as [\"T action@80\", \"V cancelled@80\"]")
            }
            for (i, chain) in chains.enumerated() { result.order.append(try order(path: "\(path)[\(i)]", chain)) }
        }
    }

    /// `asked.<recognizer>`: the delegate questions a recognizer with `delegateLogs: true` was asked.
    private func asked(path: String, key: Node, value: Node) throws(ScenarioError) -> ListExpectation<AskedEntry> {
        let name = try string(key, what: "a recognizer name")
        let recognizer = try resolveRecognizer(name, at: key)
        guard scene.recognizers[recognizer].delegateLogs else {
            throw error(at: key, "'\(path).\(name)' needs recognizer '\(name)' to have 'delegateLogs: true'; only those questions are traced")
        }
        return try list(path: "\(path).\(name)", key: key, value: value, subject: .recognizer(recognizer)) { EntryGrammar.asked($0, scene: scene) }
    }

    /// The blocks about views: controls, their actions and highlights, cell selections, pops, scroll views, sheets and
    /// panels.
    private func readViewBlock(_ key: String, path: String, value: Node, into result: inout Expectations) throws(ScenarioError) {
        let control = "a control"
        switch key {
        case "controls": result.controls += try viewLists(path, value, requirement: control, { $0.kind.isControl }, EntryGrammar.control)
        case "controlActions":
            result.controlActions += try viewLists(path, value, requirement: control, { $0.kind.isControl }, EntryGrammar.controlAction)
        case "highlights":
            result.highlights += try viewLists(
                path, value, requirement: "a control or a cell", { $0.kind.isControl || $0.kind == .cell }, EntryGrammar.highlight)
        case "selections": result.selections += try viewLists(path, value, requirement: "a cell", { $0.kind == .cell }, EntryGrammar.time)
        case "pop":
            for (k, v) in try pairs(of: value, what: "'\(path)'") {
                let (name, view) = try resolveView(k, requirement: "a view with a navigation controller") { _ in true }
                guard scene.navigationRecognizers(of: view) != nil else {
                    throw error(at: k, "'\(path)' names view '\(name)', which declares no navigation controller ('navigation:')")
                }
                result.pops.append(try list(path: "\(path).\(name)", key: k, value: v, subject: .view(view), grammar: EntryGrammar.pop))
            }
        case "scroll":
            for (k, v) in try pairs(of: value, what: "'\(path)'") { result.scroll += try scrollAssertions(path: path, key: k, value: v) }
        case "sheet":
            for (k, v) in try pairs(of: value, what: "'\(path)'") { result.sheet += try sheetAssertions(path: path, key: k, value: v) }
        default: // "panel"
            for (k, v) in try pairs(of: value, what: "'\(path)'") { result.panel += try panelAssertions(path: path, key: k, value: v) }
        }
    }

    /// One list per view named in the block at `path`, each view meeting `requirement`.
    private func viewLists<Entry>(
        _ path: String, _ value: Node, requirement: String, _ accepts: (ViewSpec) -> Bool, _ grammar: (String) -> Result<Entry, EntryError>
    ) throws(ScenarioError) -> [ListExpectation<Entry>] {
        var lists: [ListExpectation<Entry>] = []
        for (k, v) in try pairs(of: value, what: "'\(path)'") {
            let (name, view) = try resolveView(k, requirement: requirement, accepts)
            lists.append(try list(path: "\(path).\(name)", key: k, value: v, subject: .view(view), grammar: grammar))
        }
        return lists
    }

    /// `scroll.<view>`: independent assertions about a scroll view.
    private func scrollAssertions(path: String, key: Node, value: Node) throws(ScenarioError) -> [ScrollExpectation] {
        let (name, view) = try resolveView(key, requirement: "a scroll view") { $0.scroll != nil }
        var found: [ScrollExpectation] = []
        for item in try independentItems(of: value, at: "\(path).\(name)", entries: "scroll") {
            switch EntryGrammar.scroll(item.text) {
            case .success(let assertion):
                found.append(ScrollExpectation(path: "\(path).\(name)", line: line(item.node), view: view, assertion: assertion))
            case .failure(let e): throw error(at: item.node, "scroll entry '\(item.text)' in '\(path).\(name)' \(e.message)")
            }
        }
        return found
    }

    /// The entries of a list of independent assertions (`scroll`, `samples`), where '...' means nothing.
    private func independentItems(of value: Node, at place: String, entries: String) throws(ScenarioError) -> [Item] {
        let items = try joinedItems(of: value, what: "'\(place)'")
        if let dots = items.first(where: { $0.text == "..." }) {
            throw error(at: dots.node, "'...' is not allowed in '\(place)': \(entries) entries are independent assertions")
        }
        return items
    }

    /// `sheet.<view>`: assertions about a sheet.
    private func sheetAssertions(path: String, key: Node, value: Node) throws(ScenarioError) -> [SheetExpectation] {
        try presentedAssertions(
            path: path, key: key, value: value, kind: "sheet", index: scene.sheet(of:), names: scene.sheets.map { scene.views[$0.view].name },
            parse: SheetAssertion.parse
        ) { SheetExpectation(path: $0, line: $1, sheet: $2, assertion: $3) }
    }

    /// `panel.<view>`: assertions about a floating panel.
    private func panelAssertions(path: String, key: Node, value: Node) throws(ScenarioError) -> [PanelExpectation] {
        try presentedAssertions(
            path: path, key: key, value: value, kind: "panel", index: scene.panel(of:), names: scene.panels.map { scene.views[$0.view].name },
            parse: PanelAssertion.parse
        ) { PanelExpectation(path: $0, line: $1, panel: $2, assertion: $3) }
    }

    /// The assertions under a presented view's key (`sheet.<view>`, `panel.<view>`): `index` finds its sheet or panel
    /// (nil: the view is none, and `names` lists those there are); each entry is parsed and made an expectation.
    private func presentedAssertions<Assertion, Expectation>(
        path: String, key: Node, value: Node, kind: String, index: (ViewID) -> Int?, names: [String],
        parse: (String) -> Result<Assertion, EntryError>, make: (String, Int, Int, Assertion) -> Expectation
    ) throws(ScenarioError) -> [Expectation] {
        let name = try string(key, what: "a \(kind) view name")
        guard let view = scene.view(named: name), let presented = index(view) else {
            throw error(at: key, "'\(path)' names '\(name)', which is not a \(kind) view; \(known(names))")
        }
        var found: [Expectation] = []
        for item in try joinedItems(of: value, what: "'\(path).\(name)'") {
            switch parse(item.text) {
            case .success(let a): found.append(make("\(path).\(name)", line(item.node), presented, a))
            case .failure(let e): throw error(at: item.node, "\(kind) entry '\(item.text)' in '\(path).\(name)' \(e.message)")
            }
        }
        return found
    }

    // MARK: Statements

    private func hit(_ key: Node, _ value: Node) throws(ScenarioError) -> HitExpectation {
        let touchText = try string(key, what: "a touch number")
        guard let touch = Int(touchText), touch >= 1 else {
            throw error(at: key, "'expect.hit' keys must be touch numbers ≥ 1, not '\(touchText)'")
        }
        let path = "expect.hit.\(touch)"
        if case .scalar(let s) = value, s.string == "none" || s.string == "~" || s.string == "null" || (s.string.isEmpty && s.style == .plain) {
            return HitExpectation(path: path, line: line(key), touch: touch, view: nil, viewName: "none")
        }
        let name = try string(value, what: "a view name or 'none'")
        guard let view = scene.view(named: name) else {
            throw error(at: value, "'\(path)' names unknown view '\(name)'; \(known(scene.views.map(\.name)))")
        }
        return HitExpectation(path: path, line: line(key), touch: touch, view: view, viewName: name)
    }

    private func list<Entry>(
        path: String, key: Node, value: Node, subject: ExpectationSubject,
        grammar: (String) -> Result<Entry, EntryError>
    ) throws(ScenarioError) -> ListExpectation<Entry> {
        var pattern: [PatternItem<Entry>] = []
        for item in try joinedItems(of: value, what: "'\(path)'") {
            if item.text == "..." { pattern.append(.anything); continue }
            switch grammar(item.text) {
            case .success(let entry): pattern.append(.entry(entry))
            case .failure(let e): throw error(at: item.node, "entry '\(item.text)' in '\(path)' \(e.message)")
            }
        }
        return ListExpectation(path: path, line: line(key), subject: subject, pattern: pattern)
    }

    private func order(path: String, _ node: Node) throws(ScenarioError) -> OrderExpectation {
        let items = try joinedItems(of: node, what: "'\(path)'")
        guard items.count >= 2 else {
            throw error(at: node, "'\(path)' must list at least two events, the earlier first")
        }
        var events: [OrderEvent] = []
        for item in items {
            events.append(try orderEvent(item, path: path))
        }
        return OrderExpectation(path: path, line: line(node), events: events)
    }

    private func orderEvent(_ item: Item, path: String) throws(ScenarioError) -> OrderEvent {
        let usage =
            "expected '<recognizer> action@<t>', '<recognizer> <state>@<t>', '<responder> <phase>@<t>', "
            + "'<control> <Event>@<t>' or '<view> on|off@<t>'"
        let parts = item.text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2 else { throw error(at: item.node, "order entry '\(item.text)' in '\(path)' is malformed; \(usage)") }
        let name = String(parts[0])
        var s = EntryScanner(String(parts[1]))
        s.skipSpaces()
        guard let word = s.letters(), let time = s.atTime() else {
            throw error(at: item.node, "order entry '\(item.text)' in '\(path)' is malformed; \(usage)")
        }
        s.skipSpaces()
        guard s.isAtEnd else {
            throw error(at: item.node, "order entry '\(item.text)' in '\(path)' has unexpected text '\(s.rest)'; \(usage)")
        }
        func make(_ kind: OrderEvent.Kind) -> OrderEvent { OrderEvent(kind: kind, time: time, text: item.text) }
        if let recognizer = scene.recognizer(named: name) {
            if word == "action" { return make(.action(recognizer)) }
            if word == "recognized" { return make(.transition(recognizer, .ended)) }
            if let state = RecognizerState(rawValue: word), state != .possible { return make(.transition(recognizer, state)) }
            throw error(at: item.node, "order entry '\(item.text)' in '\(path)' needs 'action' or a state (\(EntryGrammar.states)) after recognizer '\(name)'")
        }
        let responder = try resolveResponder(name, at: item.node)
        if let phase = TouchPhase(rawValue: word) { return make(.callback(responder, phase)) }
        if case .view(let view) = responder {
            if let event = ControlEvent(rawValue: word) { return make(.control(view, event)) }
            if word == "on" || word == "off" { return make(.highlight(view, word == "on")) }
        }
        throw error(at: item.node, "order entry '\(item.text)' in '\(path)' has unknown event '\(word)' for '\(name)'; \(usage)")
    }

    /// `samples: {P: [scale=1.5@20, …]}`: a pinch, a zooming scroll view's pinch or a rotation, read at times.
    private func samples(path: String, key: Node, value: Node) throws(ScenarioError) -> [SampleExpectation] {
        let name = try string(key, what: "a recognizer name")
        let recognizer = try resolveRecognizer(name, at: key)
        let quantity: GestureMeasure.Kind
        switch scene.recognizers[recognizer].kind {
        case .pinch, .scrollZoom: quantity = .scale
        case .rotation: quantity = .rotation
        default:
            throw error(
                at: key,
                "'\(path).\(name)' needs a pinch or rotation recognizer (their scale and rotation are what samples read); '\(name)' is a \(scene.recognizers[recognizer].kind.uikitClass)"
            )
        }
        var result: [SampleExpectation] = []
        for item in try independentItems(of: value, at: "\(path).\(name)", entries: "sample") {
            switch EntryGrammar.sample(item.text) {
            case .success(let entry):
                guard entry.quantity == quantity else {
                    throw error(
                        at: item.node,
                        "sample entry '\(item.text)' in '\(path).\(name)' reads '\(entry.quantity.rawValue)', which a \(scene.recognizers[recognizer].kind.uikitClass) does not have; it has '\(quantity.rawValue)'"
                    )
                }
                result.append(SampleExpectation(path: "\(path).\(name)", line: line(item.node), recognizer: recognizer, entry: entry))
            case .failure(let e):
                throw error(at: item.node, "sample entry '\(item.text)' in '\(path).\(name)' \(e.message)")
            }
        }
        return result
    }

    // MARK: Names

    private func resolveResponder(_ name: String, at node: Node) throws(ScenarioError) -> Responder {
        if let view = scene.view(named: name) { return .view(view) }
        if let controller = scene.controller(named: name) { return .controller(controller) }
        throw error(at: node, "'\(name)' is not a view or view controller of the scene; \(known(scene.views.map(\.name) + scene.controllers.map(\.name)))")
    }

    private func resolveRecognizer(_ name: String, at node: Node) throws(ScenarioError) -> RecognizerID {
        if let recognizer = scene.recognizer(named: name) { return recognizer }
        throw error(at: node, "'\(name)' is not a recognizer of the scene; \(known(scene.recognizers.map(\.name)))")
    }

    private func resolveView(
        _ node: Node, requirement: String, _ accepts: (ViewSpec) -> Bool
    ) throws(ScenarioError) -> (String, ViewID) {
        let name = try string(node, what: "a view name")
        guard let view = scene.view(named: name) else {
            throw error(at: node, "'\(name)' is not a view of the scene; \(known(scene.views.map(\.name)))")
        }
        guard accepts(scene.views[view]) else {
            let kind = scene.views[view].kind.rawValue
            let article = "aeiou".contains(kind.first ?? "x") ? "an" : "a"
            throw error(at: node, "'\(name)' is \(article) \(kind), not \(requirement)")
        }
        return (name, view)
    }

    private func known(_ names: [String]) -> String {
        names.isEmpty ? "the scene has none" : "known names are \(names.joined(separator: ", "))"
    }

    // MARK: Nodes

    /// One list entry: its text and the node it came from.
    struct Item {
        var text: String
        var node: Node
    }

    /// The scalar entries of a list, with flow-style splits repaired: in `[began@80 at (70,122), ended@80]` YAML
    /// splits `at (70,122)` at its comma, so a scalar with an unclosed `(` is joined with the ones that follow
    /// until the parentheses balance.
    private func joinedItems(of node: Node, what: String) throws(ScenarioError) -> [Item] {
        guard case .sequence(let sequence) = node else {
            throw error(at: node, "\(what) must be a list (use [] for \"nothing at all\")")
        }
        var items: [Item] = []
        var pending: Item?
        var depth = 0
        for element in sequence {
            let text = try string(element, what: "a list entry of \(what)")
            if var open = pending {
                open.text += "," + text
                depth += balance(text)
                if depth <= 0 { items.append(open); pending = nil } else { pending = open }
                continue
            }
            let b = balance(text)
            if b > 0, case .scalar(let s) = element, s.style == .plain {
                pending = Item(text: text, node: element)
                depth = b
            } else {
                items.append(Item(text: text, node: element))
            }
        }
        if let open = pending {
            throw error(at: open.node, "entry '\(open.text)' in \(what) has an unclosed '('")
        }
        return items.map { Item(text: $0.text.trimmingSpaces(), node: $0.node) }
    }

    private func balance(_ text: String) -> Int {
        text.reduce(0) { $0 + ($1 == "(" ? 1 : $1 == ")" ? -1 : 0) }
    }

    private func pairs(of node: Node, what: String) throws(ScenarioError) -> [(Node, Node)] {
        guard case .mapping(let mapping) = node else {
            throw error(at: node, "\(what) must be a mapping")
        }
        var seen: Set<String> = []
        var result: [(Node, Node)] = []
        for pair in mapping {
            if case .scalar(let s) = pair.key, !seen.insert(s.string).inserted {
                throw error(at: pair.key, "duplicate key '\(s.string)' in \(what)")
            }
            result.append((pair.key, pair.value))
        }
        return result
    }

    private func string(_ node: Node, what: String) throws(ScenarioError) -> String {
        guard case .scalar(let s) = node else {
            throw error(at: node, "expected \(what), found a \(kindName(node))")
        }
        return s.string
    }

    private func kindName(_ node: Node) -> String {
        switch node {
        case .scalar: return "scalar"
        case .mapping: return "mapping"
        case .sequence: return "list"
        case .alias: return "alias"
        }
    }

    private func line(_ node: Node) -> Int { node.mark?.line ?? 0 }

    private func error(at node: Node, _ message: String) -> ScenarioError {
        ScenarioError(file: file, line: node.mark?.line ?? 0, column: node.mark?.column ?? 0, message: message)
    }
}

extension String {
    fileprivate func trimmingSpaces() -> String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(s)
    }
}
