import TouchEngine

/// The writer's recognizers and script sections.
extension ScenarioWriter.Writer {
    // MARK: Recognizers

    func policies(_ p: RecognizerPolicies) -> [String] {
        let d = RecognizerPolicies()
        var out: [String] = []
        switch p.shouldReceive {
        case .always: break
        case .never: out.append("shouldReceive: never")
        case .notInViews(let ids): out.append("shouldReceive: {notIn: " + viewList(ids) + "}")
        case .onlyInViews(let ids): out.append("shouldReceive: {onlyIn: " + viewList(ids) + "}")
        case .notOnKinds(let kinds): out.append("shouldReceive: {notOnKinds: [" + kinds.map(\.rawValue).joined(separator: ", ") + "]}")
        }
        if p.shouldBegin != d.shouldBegin { out.append("shouldBegin: " + p.shouldBegin.rawValue) }
        if p.simultaneousWith != d.simultaneousWith { out.append("simultaneousWith: " + set(p.simultaneousWith)) }
        if !p.requireToFail.isEmpty { out.append("requireToFail: " + recognizerList(p.requireToFail)) }
        if p.canPrevent != d.canPrevent { out.append("canPrevent: " + set(p.canPrevent)) }
        if p.canBePrevented != d.canBePrevented { out.append("canBePrevented: " + set(p.canBePrevented)) }
        if !p.toggleEnabledOnBegin.isEmpty { out.append("toggleEnabledOnBegin: " + recognizerList(p.toggleEnabledOnBegin)) }
        if p.delegateRequiresFailureOf != .none { out.append("delegateRequiresFailureOf: " + set(p.delegateRequiresFailureOf)) }
        if p.delegateRequiredToFailBy != .none { out.append("delegateRequiredToFailBy: " + set(p.delegateRequiredToFailBy)) }
        return out
    }

    /// A custom recognizer's behaviour keys (issue 15 §4).
    func custom(_ b: CustomBehavior) -> [String] {
        var out: [String] = []
        switch b.begins {
        case .touchDown: break
        case .delay(let d): out += ["begins: delay", "delay: " + ScenarioWriter.ms(d)]
        case .touchUp: out.append("begins: touchUp")
        case .never: out.append("begins: never")
        }
        if b.isContinuous { out.append("continuous: true") }
        if let m = b.allowableMovement { out.append("allowableMovement: " + ScenarioWriter.number(m)) }
        if let f = b.failsAfter { out.append("failsAfter: " + ScenarioWriter.ms(f)) }
        return out
    }

    /// The class's G10 overrides, a delegate that logs, and `onAction` (issue 15 §4).
    func classAndHandler(_ spec: RecognizerSpec) -> [String] {
        var out: [String] = []
        let p = spec.policies
        if p.shouldRequireFailureOf != .none { out.append("shouldRequireFailureOf: " + set(p.shouldRequireFailureOf)) }
        if p.shouldBeRequiredToFailBy != .none { out.append("shouldBeRequiredToFailBy: " + set(p.shouldBeRequiredToFailBy)) }
        if spec.delegateLogs { out.append("delegateLogs: true") }
        let a = spec.actions
        guard !a.isEmpty else { return out }
        var effects: [String] = []
        if !a.resetsTranslation.isEmpty { effects.append("setTranslationZero: " + states(a.resetsTranslation)) }
        if let move = a.movesView {
            if move.translationIn == nil && move.on == .perChange {
                effects.append("moveView: " + viewName(move.view))
            } else {
                var keys = ["view: " + viewName(move.view)]
                if let space = move.translationIn { keys.append("translationIn: " + viewName(space)) }
                if move.on != .perChange { keys.append("on: " + states(move.on)) }
                effects.append("moveView: {" + keys.joined(separator: ", ") + "}")
            }
        }
        if let change = a.setsFrame {
            effects.append("setFrame: {view: " + viewName(change.view) + ", frame: " + ScenarioWriter.rect(change.frame) + "}")
        }
        if !a.togglesEnabled.isEmpty { effects.append("toggleEnabled: " + recognizerList(a.togglesEnabled)) }
        out.append("onAction: {" + effects.joined(separator: ", ") + "}")
        return out
    }

    /// `true` for every `began` and `changed` action, else the list of states.
    func states(_ s: ActionStates) -> String {
        s == .perChange ? "true" : "[" + s.states.map(\.rawValue).joined(separator: ", ") + "]"
    }

    func set(_ s: RecognizerSet) -> String {
        switch s {
        case .none: return "none"
        case .all: return "all"
        case .only(let ids): return recognizerList(ids)
        case .allExcept(let ids): return "{except: " + recognizerList(ids) + "}"
        }
    }

    mutating func recognizers() {
        var written: [String] = []
        for spec in scene.recognizers {
            var parts = ["id: " + ScenarioWriter.id(spec.name)]
            let t = spec.thresholds
            switch spec.kind {
            case .scrollDelay, .scrollPan, .scrollZoom, .edgeGate, .navigationPop, .sheetPan, .panelPan:
                continue // installed by the loader from the views, the window and the sheets
            case let .tap(taps, touches):
                parts.append("kind: tap")
                parts.append("view: " + viewName(spec.view))
                if taps != 1 { parts.append("taps: \(taps)") }
                if touches != 1 { parts.append("touches: \(touches)") }
                if let v = t.allowableMovement { parts.append("allowableMovement: " + ScenarioWriter.number(v)) }
                if let v = t.maximumTapDuration { parts.append("maximumTapDuration: " + ScenarioWriter.ms(v)) }
                if let v = t.maximumIntervalBetweenTaps { parts.append("maximumIntervalBetweenTaps: " + ScenarioWriter.ms(v)) }
            case let .longPress(touches):
                parts.append("kind: longPress")
                parts.append("view: " + viewName(spec.view))
                if touches != 1 { parts.append("touches: \(touches)") }
                if let v = t.allowableMovement { parts.append("allowableMovement: " + ScenarioWriter.number(v)) }
                if let v = t.minimumPressDuration { parts.append("minimumPressDuration: " + ScenarioWriter.ms(v)) }
            case let .pan(minimum, maximum):
                parts.append("kind: pan")
                parts.append("view: " + viewName(spec.view))
                if minimum != 1 { parts.append("minimumTouches: \(minimum)") }
                if maximum != .max { parts.append("maximumTouches: \(maximum)") }
                if let v = t.hysteresis { parts.append("hysteresis: " + ScenarioWriter.number(v)) }
            case .pinch, .rotation:
                parts.append("kind: " + (spec.kind == .pinch ? "pinch" : "rotation"))
                parts.append("view: " + viewName(spec.view))
            case let .swipe(directions, touches):
                parts.append("kind: swipe")
                parts.append("view: " + viewName(spec.view))
                if touches != 1 { parts.append("touches: \(touches)") }
                if directions != .right {
                    var names: [String] = []
                    if directions.contains(.right) { names.append("right") }
                    if directions.contains(.left) { names.append("left") }
                    if directions.contains(.up) { names.append("up") }
                    if directions.contains(.down) { names.append("down") }
                    parts.append("directions: [" + names.joined(separator: ", ") + "]")
                }
            case let .custom(behavior):
                parts.append("kind: custom")
                parts.append("view: " + viewName(spec.view))
                parts += custom(behavior)
            case let .screenEdgePan(edges):
                parts.append("kind: screenEdgePan")
                parts.append("view: " + viewName(spec.view))
                parts.append("edges: " + ScenarioWriter.edges(edges))
            }
            if !spec.cancelsTouchesInView { parts.append("cancelsTouchesInView: false") }
            // A screen-edge pan delays touches by default (touch-model-system N2.2); other kinds do not.
            var delaysByDefault = false
            if case .screenEdgePan = spec.kind { delaysByDefault = true }
            if spec.delaysTouchesBegan != delaysByDefault { parts.append("delaysTouchesBegan: \(spec.delaysTouchesBegan)") }
            if !spec.delaysTouchesEnded { parts.append("delaysTouchesEnded: false") }
            if !spec.isEnabled { parts.append("enabled: false") }
            parts += policies(spec.policies)
            parts += classAndHandler(spec)
            written.append("{" + parts.joined(separator: ", ") + "}")
        }
        guard !written.isEmpty else { return }
        line("recognizers:")
        for r in written { line("- " + r, 2) }
    }

    // MARK: Script

    mutating func script() {
        guard !scene.script.isEmpty else { return }
        line("script:")
        var index = 0
        while index < scene.script.count {
            let event = scene.script[index]
            let t = ScenarioWriter.ms(event.time.microseconds)
            let finger = event.touch == 1 ? "" : " touch \(event.touch)"
            var step: String
            // A multi-touch step: the touch events that follow in the same UIEvent, whatever their verbs (a mixed
            // event is one step with a verb group each: `80 move 1:(110,200) up 2`), in phase order as the loader
            // and the engine run them.
            var end = index + 1
            while end < scene.script.count, scene.script[end].sameEvent, scene.script[end].time == event.time,
                Self.multiTouchVerb(scene.script[end].action) != nil, Self.multiTouchVerb(event.action) != nil
            {
                end += 1
            }
            if end - index > 1 {
                let ordered = scene.script[index ..< end].enumerated().sorted { a, b in
                    a.element.action.phaseRank != b.element.action.phaseRank
                        ? a.element.action.phaseRank < b.element.action.phaseRank : a.offset < b.offset
                }.map(\.element)
                step = "\(t)"
                var verb: String?
                for e in ordered {
                    let v = Self.multiTouchVerb(e.action)
                    if v != verb { step += " " + (v ?? ""); verb = v }
                    step += " " + multiTouchItem(e)
                }
                line("- " + step, 2)
                index = end
                continue
            }
            index += 1
            switch event.action {
            case .down(let p): step = "\(t) down (\(ScenarioWriter.number(p.x)),\(ScenarioWriter.number(p.y)))\(finger)"
            case .move(let p): step = "\(t) move (\(ScenarioWriter.number(p.x)),\(ScenarioWriter.number(p.y)))\(finger)"
            case .up(let p?): step = "\(t) up (\(ScenarioWriter.number(p.x)),\(ScenarioWriter.number(p.y)))\(finger)"
            case .up(nil): step = "\(t) up\(finger)"
            case .cancel: step = "\(t) cancel\(finger)"
            case let .setRecognizerEnabled(r, enabled):
                // The step names the recognizer; quoting is not available inside a string step.
                step = "\(t) \(enabled ? "enable" : "disable") \(scene.recognizers[r].name)"
            }
            // Plain like the golden files, unless a recognizer name makes that ambiguous.
            let plain =
                !step.contains(": ") && !step.contains(" #") && !step.contains("\"") && !step.contains("'")
                && !step.hasSuffix(":") && !step.contains("·") && !step.contains(";")
            line("- " + (plain ? step : QuotedString.yaml(step)), 2)
        }
    }

    /// The verb of a touch action (nil for code steps, which a multi-touch step cannot hold).
    static func multiTouchVerb(_ action: ScriptAction) -> String? {
        switch action {
        case .down: return "down"
        case .move: return "move"
        case .up: return "up"
        case .cancel: return "cancel"
        case .setRecognizerEnabled: return nil
        }
    }

    /// `2:(200,100)` (down, move, up at a point) or `2` (up where it is, cancel).
    func multiTouchItem(_ event: ScriptEvent) -> String {
        switch event.action {
        case .down(let p), .move(let p), .up(let p?): return "\(event.touch):(\(ScenarioWriter.number(p.x)),\(ScenarioWriter.number(p.y)))"
        default: return "\(event.touch)"
        }
    }
}
