import TouchEngine

/// The scenario's recognizers in UIKit: their classes (a subclass only where `canPrevent`/`canBePrevented`
/// need overriding, G9), their properties, targets, delegate, `addGestureRecognizer` order (G2/G7) and
/// `require(toFail:)` (G10). The scroll views' own recognizers are UIKit's: they are only named for the log.
struct RecognizerEmitter {
    let scene: Scene
    let names: SwiftNames

    var policy: PolicyCode { PolicyCode(scene: scene) }

    /// User recognizers (the ones the file creates), in `addGestureRecognizer` order.
    var userRecognizers: [RecognizerID] {
        scene.recognizers.indices.filter { names.recognizers[$0] != nil }.sorted {
            (scene.recognizers[$0].addOrder, $0) < (scene.recognizers[$1].addOrder, $1)
        }
    }

    func needsSubclass(_ r: RecognizerSpec) -> Bool {
        if case .custom = r.kind { return true }
        return r.policies.canPrevent != .all || r.policies.canBePrevented != .all
            || r.policies.shouldRequireFailureOf != .none || r.policies.shouldBeRequiredToFailBy != .none
    }

    func needsDelegate(_ r: RecognizerSpec) -> Bool {
        r.policies.shouldReceive != .always || r.policies.shouldBegin != .always || r.policies.simultaneousWith != .none
            || r.policies.delegateRequiresFailureOf != .none || r.policies.delegateRequiredToFailBy != .none || r.delegateLogs
    }

    func className(_ id: RecognizerID) -> String {
        let r = scene.recognizers[id]
        return needsSubclass(r) ? SwiftNames.upperCamel(r.name) + "Recognizer" : r.kind.uikitClass
    }

    /// An expression for recognizer `id` inside the controller (nil for the window's edge gate).
    func expression(_ id: RecognizerID) -> String? {
        if let name = names.recognizers[id] { return name }
        switch scene.recognizers[id].kind {
        case .scrollPan(let sv): return "\(names.views[sv]).panGestureRecognizer"
        case .scrollDelay(let sv): return "Log.delayRecognizer(of: \(names.views[sv]))"
        case .scrollZoom(let sv): return "\(names.views[sv]).pinchGestureRecognizer!"
        default: return nil
        }
    }

    /// Subclasses overriding `canPrevent(_:)` / `canBePrevented(by:)` (G9).
    func emitSubclasses(into w: inout SwiftWriter) {
        for id in userRecognizers where needsSubclass(scene.recognizers[id]) {
            let r = scene.recognizers[id]
            if case .custom = r.kind {
                w.doc("\(r.name): a UIGestureRecognizer subclass declared by its behaviour (issue 15 §4).")
            } else {
                w.doc("\(r.name): a \(r.kind.uikitClass) whose class overrides canPrevent / canBePrevented (G9).")
            }
            w.block("final class \(className(id)): \(r.kind.uikitClass)") { w in
                if case .custom(let behavior) = r.kind { CustomRecognizerCode(behavior: behavior).emit(into: &w) }
                emitOverride(
                    "canPrevent", r.policies.canPrevent, unless: .all,
                    "canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer)", "preventedGestureRecognizer", into: &w)
                emitOverride(
                    "canBePrevented", r.policies.canBePrevented, unless: .all,
                    "canBePrevented(by preventingGestureRecognizer: UIGestureRecognizer)", "preventingGestureRecognizer", into: &w)
                emitOverride(
                    "shouldRequireFailureOf", r.policies.shouldRequireFailureOf, unless: .none,
                    "shouldRequireFailure(of otherGestureRecognizer: UIGestureRecognizer)", "otherGestureRecognizer", into: &w)
                emitOverride(
                    "shouldBeRequiredToFailBy", r.policies.shouldBeRequiredToFailBy, unless: .none,
                    "shouldBeRequiredToFail(by otherGestureRecognizer: UIGestureRecognizer)", "otherGestureRecognizer", into: &w)
            }
            w.line()
        }
    }

    /// `let tapRecognizer = UITapGestureRecognizer()` for each user recognizer.
    func emitProperties(into w: inout SwiftWriter) {
        for id in userRecognizers {
            w.line("let \(names.recognizers[id]!) = \(className(id))()")
        }
    }

    /// Names every recognizer for the log, configures and adds the user recognizers, moves pans (§6.5),
    /// then sets the failure requirements.
    func emitSetup(into w: inout SwiftWriter) {
        for r in scene.recognizers {
            switch r.kind {
            case .scrollPan(let sv):
                w.line("Log.register(\(names.views[sv]).panGestureRecognizer, \(SwiftLiteral.string(r.name)))")
                w.line("\(names.views[sv]).panGestureRecognizer.addTarget(self, action: #selector(recognizerAction(_:)))")
                if !r.isEnabled && scene.views[sv].scroll?.isScrollEnabled != false {
                    w.line("\(names.views[sv]).panGestureRecognizer.isEnabled = false")
                }
            case .scrollZoom(let sv):
                w.comment("\(r.name): UIKit installs it because zooming is enabled (§6.1).")
                w.block("if let pinch = \(names.views[sv]).pinchGestureRecognizer") { w in
                    w.line("Log.register(pinch, \(SwiftLiteral.string(r.name)))")
                    w.line("pinch.addTarget(self, action: #selector(recognizerAction(_:)))")
                }
            case .scrollDelay(let sv):
                w.line("if let delay = Log.delayRecognizer(of: \(names.views[sv])) { Log.register(delay, \(SwiftLiteral.string(r.name))) }")
            case .edgeGate(let edges) where edges.contains(.top):
                w.comment(
                    "\(r.name): the system's gesture gate at the top edge (§8). iOS installs it itself; nothing to "
                        + "build. A swipe down that starts in the status bar opens Notification Center or Control Center and the "
                        + "app's touch is cancelled; returning .top from preferredScreenEdgesDeferringSystemGestures removes it.")
            case .edgeGate(let edges):
                w.comment(
                    "\(r.name): the system's gesture gate at the \(edgeNames(edges)) edge (§8). iOS installs it itself; "
                        + "nothing to build. Its delay is longer near the home indicator.")
            default:
                break
            }
        }
        // Scroll views' recognizers and the edge gate wrote lines above: a blank line before the first user one.
        var written = userRecognizers.count < scene.recognizers.count
        for id in userRecognizers {
            if written { w.line() }
            written = true
            emitConfiguration(id, into: &w)
        }
        for (id, view) in scene.views.enumerated() {
            guard let host = view.scroll?.panHost, host != id else { continue }
            w.comment(
                "panHost (§6.5): \(view.name)'s pan moves to \(host == 0 ? "the window (here: the controller's view)" : scene.views[host].name), "
                    + "after every other recognizer is added.")
            w.line("\(names.views[host]).addGestureRecognizer(\(names.views[id]).panGestureRecognizer)")
        }
        for (id, r) in scene.recognizers.enumerated() where !r.policies.requireToFail.isEmpty {
            guard let subject = expression(id) else { continue }
            for other in r.policies.requireToFail {
                w.comment("requireToFail (G10): \(r.name) waits for \(scene.recognizers[other].name) to fail.")
                guard let target = expression(other) else {
                    w.comment("\(scene.recognizers[other].name) is the system's gesture gate: not reachable from app code.")
                    continue
                }
                if case .scrollDelay = scene.recognizers[other].kind {
                    w.line("if let other = \(target) { \(subject).require(toFail: other) }")
                } else if case .scrollDelay = r.kind {
                    w.line("\(subject)?.require(toFail: \(target))")
                } else {
                    w.line("\(subject).require(toFail: \(target))")
                }
            }
        }
    }

    func edgeNames(_ edges: ScreenEdges) -> String {
        var list: [String] = []
        if edges.contains(.top) { list.append("top") }
        if edges.contains(.left) { list.append("left") }
        if edges.contains(.bottom) { list.append("bottom") }
        if edges.contains(.right) { list.append("right") }
        return list.joined(separator: ", ")
    }

    func emitConfiguration(_ id: RecognizerID, into w: inout SwiftWriter) {
        let r = scene.recognizers[id]
        let v = names.recognizers[id]!
        let p = scene.parameters
        w.comment("\(r.name): \(r.kind.uikitClass) on \(r.view == 0 ? "the window (here: the controller's view)" : scene.views[r.view].name).")
        w.line("Log.register(\(v), \(SwiftLiteral.string(r.name)))")
        w.line("\(v).addTarget(self, action: #selector(recognizerAction(_:)))")
        switch r.kind {
        case let .tap(taps, touches):
            w.line("\(v).numberOfTapsRequired = \(taps)")
            w.line("\(v).numberOfTouchesRequired = \(touches)")
            if let m = r.thresholds.allowableMovement {
                w.comment(
                    "allowableMovement \(SwiftLiteral.number(m)) pt: UITapGestureRecognizer has no public property for it (UIKit's is \(SwiftLiteral.number(p.tapAllowableMovement)) pt)."
                )
            }
            if let d = r.thresholds.maximumTapDuration {
                w.comment("maximumTapDuration \(SwiftLiteral.ms(VirtualTime(microseconds: d.microseconds))) ms: no public property (UIKit's is private).")
            }
            if let d = r.thresholds.maximumIntervalBetweenTaps {
                w.comment(
                    "maximumIntervalBetweenTaps \(SwiftLiteral.ms(VirtualTime(microseconds: d.microseconds))) ms: no public property (UIKit's is private).")
            }
        case let .longPress(touches):
            w.line("\(v).numberOfTouchesRequired = \(touches)")
            if let d = r.thresholds.minimumPressDuration { w.line("\(v).minimumPressDuration = \(SwiftLiteral.seconds(d))") }
            if let m = r.thresholds.allowableMovement { w.line("\(v).allowableMovement = \(SwiftLiteral.number(m))") }
        case let .pan(minimum, maximum):
            w.line("\(v).minimumNumberOfTouches = \(minimum)")
            if maximum != Int.max { w.line("\(v).maximumNumberOfTouches = \(maximum)") }
            if let h = r.thresholds.hysteresis {
                w.comment("hysteresis \(SwiftLiteral.number(h)) pt: UIPanGestureRecognizer has no public property for it.")
            }
        case let .swipe(directions, touches):
            var list: [String] = []
            if directions.contains(.right) { list.append(".right") }
            if directions.contains(.left) { list.append(".left") }
            if directions.contains(.up) { list.append(".up") }
            if directions.contains(.down) { list.append(".down") }
            w.line("\(v).direction = [\(list.joined(separator: ", "))]")
            w.line("\(v).numberOfTouchesRequired = \(touches)")
        case let .screenEdgePan(edges):
            let list = edgeNames(edges).split(separator: ",").map { "." + $0.drop { $0 == " " } }
            w.line("\(v).edges = [\(list.joined(separator: ", "))]")
        default:
            break
        }
        w.line("\(v).cancelsTouchesInView = \(r.cancelsTouchesInView)")
        w.line("\(v).delaysTouchesBegan = \(r.delaysTouchesBegan)")
        w.line("\(v).delaysTouchesEnded = \(r.delaysTouchesEnded)")
        if !r.isEnabled { w.line("\(v).isEnabled = false") }
        if needsDelegate(r) { w.line("\(v).delegate = self") }
        w.line("\(names.views[r.view]).addGestureRecognizer(\(v))")
    }

    /// One class override (G9, G10) answering by log name, written when `set` is not UIKit's default.
    func emitOverride(
        _ key: String, _ set: RecognizerSet, unless byDefault: RecognizerSet, _ signature: String,
        _ parameter: String, into w: inout SwiftWriter
    ) {
        guard set != byDefault else { return }
        w.comment("\(key): \(policy.describe(set))")
        w.block("override func \(signature) -> Bool") { w in w.line(policy.contains(set, parameter)) }
    }

    /// `onAction:` (issue 15 §4) inside `recognizerAction(_:)`: what each handler does after logging.
    func emitActionEffects(into w: inout SwiftWriter) {
        for r in scene.recognizers where !r.actions.isEmpty {
            let a = r.actions
            let name = SwiftLiteral.string(r.name)
            if a.movesView != nil || !a.resetsTranslation.isEmpty {
                // One test of the pan's state when every effect acts on began and changed (the usual handler), else one per effect.
                let perChange = (a.movesView?.on ?? .perChange) == .perChange && (a.resetsTranslation.isEmpty || a.resetsTranslation == .perChange)
                let head = "if Log.name(recognizer) == \(name), let pan = recognizer as? UIPanGestureRecognizer"
                w.block(head + (perChange ? ", " + stateTest(.perChange) : "")) { w in
                    if let move = a.movesView {
                        let v = names.views[move.view]
                        let space = move.translationIn.map { names.views[$0] } ?? "\(v).superview"
                        let body = { (w: inout SwiftWriter) in
                            let moved = scene.views[move.view].name
                            w.comment(
                                move.translationIn.map { "onAction.moveView: move \(moved) by the pan's translation(in: \(scene.views[$0].name))." }
                                    ?? "onAction.moveView: keep \(moved) under the finger (translation in its superview).")
                            w.line("let t = pan.translation(in: \(space))")
                            w.line("\(v).center = CGPoint(x: \(v).center.x + t.x, y: \(v).center.y + t.y)")
                            w.line("Log.line(\"\\(Log.name(recognizer))'s action sets \(scene.views[move.view].name).frame = \\(\(v).frame)\")")
                        }
                        if perChange { body(&w) } else { w.block("if " + stateTest(move.on), body) }
                    }
                    if !a.resetsTranslation.isEmpty {
                        let body = { (w: inout SwiftWriter) in
                            w.comment("onAction.setTranslationZero: each action reports the movement since the previous one.")
                            w.line("pan.setTranslation(.zero, in: pan.view)")
                        }
                        if perChange { body(&w) } else { w.block("if " + stateTest(a.resetsTranslation), body) }
                    }
                }
            }
            guard a.setsFrame != nil || !a.togglesEnabled.isEmpty else { continue }
            let state = r.kind.isContinuous ? ".began" : ".ended"
            w.block("if Log.name(recognizer) == \(name) && recognizer.state == \(state)") { w in
                if let change = a.setsFrame {
                    let f = change.frame
                    w.comment("onAction.setFrame: later touches hit-test \(scene.views[change.view].name) at its new place.")
                    w.line(
                        "\(names.views[change.view]).frame = CGRect(x: \(SwiftLiteral.number(f.origin.x)), y: \(SwiftLiteral.number(f.origin.y)), "
                            + "width: \(SwiftLiteral.number(f.size.width)), height: \(SwiftLiteral.number(f.size.height)))")
                }
                for other in a.togglesEnabled {
                    guard let target = expression(other) else { continue }
                    let optional = { if case .scrollDelay = scene.recognizers[other].kind { return "?" } else { return "" } }()
                    w.comment("onAction.toggleEnabled: \(scene.recognizers[other].name).isEnabled.toggle().")
                    w.line("\(target)\(optional).isEnabled.toggle()")
                }
            }
        }
    }

    /// `pan.state == .began || pan.state == .changed`: the action states an effect acts on.
    func stateTest(_ states: ActionStates) -> String {
        states.states.map { "pan.state == .\($0.rawValue)" }.joined(separator: " || ")
    }

    /// `toggleEnabledOnBegin` (§6.5) inside `recognizerAction(_:)`: when the recognizer begins (or
    /// recognizes), its action sets `isEnabled = false; isEnabled = true` on the listed recognizers.
    func emitToggles(into w: inout SwiftWriter) {
        for r in scene.recognizers where !r.policies.toggleEnabledOnBegin.isEmpty {
            let state = r.kind.isContinuous ? ".began" : ".ended"
            w.block("if Log.name(recognizer) == \(SwiftLiteral.string(r.name)) && recognizer.state == \(state)") { w in
                w.comment("toggleEnabledOnBegin (§6.5): these recognizers drop their touches.")
                for other in r.policies.toggleEnabledOnBegin {
                    guard let target = expression(other) else { continue }
                    if case .scrollDelay = scene.recognizers[other].kind {
                        w.line("\(target)?.isEnabled = false")
                        w.line("\(target)?.isEnabled = true")
                    } else {
                        w.line("\(target).isEnabled = false")
                        w.line("\(target).isEnabled = true")
                    }
                }
            }
        }
    }
}
