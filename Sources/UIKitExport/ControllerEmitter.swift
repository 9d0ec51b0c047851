import TouchEngine

/// The scenario's view controllers (R2) and the host `ViewController` that builds the whole screen.
struct ControllerEmitter {
    let scene: Scene
    let names: SwiftNames
    /// The file uses `SupportCode.detailedLog` (`ViewClassEmitter.detailed`).
    var detailed = false

    var views: ViewTreeEmitter { ViewTreeEmitter(scene: scene, names: names) }
    var recognizers: RecognizerEmitter { RecognizerEmitter(scene: scene, names: names) }

    /// One `UIViewController` subclass per scenario controller, logging its `touches…` methods.
    func emitScenarioControllers(into w: inout SwiftWriter) {
        for (index, controller) in scene.controllers.enumerated() {
            w.doc("\(controller.name): the view controller whose root view is \(scene.views[controller.rootView].name).")
            w.block("final class \(names.controllerClasses[index]): UIViewController") { w in
                ViewClassEmitter(scene: scene, names: names, detailed: detailed).emitTouchMethods(controller.touches, base: "UIViewController", into: &w)
                TargetActionEmitter(scene: scene, names: names).emitResponderMembers(.controller(index), base: "UIViewController", into: &w)
            }
            w.line()
        }
    }

    func emitHost(into w: inout SwiftWriter) {
        w.doc(
            "The scenario's screen. Show it full screen on a \(SwiftLiteral.number(scene.windowSize.width))×"
                + "\(SwiftLiteral.number(scene.windowSize.height)) pt window so that its coordinates are the scenario's window coordinates.")
        let emitter = recognizers
        let delegateIDs = emitter.userRecognizers.filter { emitter.needsDelegate(scene.recognizers[$0]) }
        let conformance = delegateIDs.isEmpty ? "" : ", UIGestureRecognizerDelegate"
        w.block("final class ViewController: UIViewController\(conformance)") { w in
            w.line("let scrollLogger = ScrollLogger()")
            views.emitProperties(into: &w)
            NavigationEmitter(scene: scene, names: names).emitProperties(into: &w)
            SheetEmitter(scene: scene, names: names).emitProperties(into: &w)
            recognizers.emitProperties(into: &w)
            w.line()
            w.block("override func loadView()") { w in
                w.line(
                    "view = WindowView(frame: CGRect(x: 0, y: 0, width: \(SwiftLiteral.number(scene.windowSize.width)), "
                        + "height: \(SwiftLiteral.number(scene.windowSize.height))))")
                w.line("view.backgroundColor = .systemBackground")
                w.line("Log.register(view, \"W\", kind: \"view\")")
            }
            w.line()
            w.block("override func viewDidLoad()") { w in
                w.line("super.viewDidLoad()")
                w.line("buildViews()")
                w.line("buildRecognizers()")
                if scene.declaresAnyActions { w.line("buildTargetActions()") }
                let codeSteps = scene.script.contains { if case .setRecognizerEnabled = $0.action { return true } else { return false } }
                if codeSteps {
                    w.line("Log.onFirstTouch = { [weak self] in self?.performCodeSteps() }")
                }
            }
            if scene.views.contains(where: \.isAnimating) || scene.firstResponder != nil || !scene.sheets.isEmpty {
                w.line()
                w.block("override func viewDidAppear(_ animated: Bool)") { w in
                    w.line("super.viewDidAppear(animated)")
                    views.emitAnimations(into: &w)
                    TargetActionEmitter(scene: scene, names: names).emitFirstResponder(into: &w)
                    if !scene.sheets.isEmpty { w.line("presentSheets()") }
                }
            }
            w.line()
            w.block("private func buildViews()") { w in views.emitSetup(into: &w) }
            w.line()
            w.block("private func buildRecognizers()") { w in recognizers.emitSetup(into: &w) }
            if scene.declaresAnyActions {
                w.line()
                w.block("private func buildTargetActions()") { w in
                    TargetActionEmitter(scene: scene, names: names).emitSetup(into: &w)
                }
            }
            w.line()
            emitRecognizerAction(into: &w)
            NavigationEmitter(scene: scene, names: names).emitHelpers(into: &w)
            SheetEmitter(scene: scene, names: names).emitPresentation(into: &w)
            emitCodeSteps(into: &w)
            emitDelegate(delegateIDs, into: &w)
        }
    }

    /// The view controller's one action method for every recognizer: it logs the recognizer's state with its
    /// translation, scale or rotation, then what the action does (a pop, toggles, effects, the sheets' tops).
    func emitRecognizerAction(into w: inout SwiftWriter) {
        w.block("@objc private func recognizerAction(_ recognizer: UIGestureRecognizer)") { w in
            w.line("var text = \"\\(Log.name(recognizer)) action \\(Log.stateName(recognizer))\"")
            w.block("if let pan = recognizer as? UIPanGestureRecognizer") { w in
                w.line("let t = pan.translation(in: pan.view)")
                w.line("text += \" translation=(\\(Log.number(t.x)),\\(Log.number(t.y)))\"")
            }
            if scene.recognizers.contains(where: {
                if case .scrollZoom = $0.kind { return true }; return $0.kind == .pinch
            }) {
                w.block("if let pinch = recognizer as? UIPinchGestureRecognizer") { w in
                    w.line("text += \" scale=\\(Log.number(pinch.scale))\"")
                }
            }
            if scene.recognizers.contains(where: { $0.kind == .rotation }) {
                w.block("if let rotation = recognizer as? UIRotationGestureRecognizer") { w in
                    w.line("text += \" rotation=\\(Log.number(rotation.rotation))\"")
                }
            }
            w.line("Log.line(text)")
            NavigationEmitter(scene: scene, names: names).emitActionHook(into: &w)
            recognizers.emitToggles(into: &w)
            recognizers.emitActionEffects(into: &w)
            if !scene.sheets.isEmpty { w.line("logSheetTops()") }
        }
    }

    /// The script's `enable`/`disable` steps, timed from the first touch-down.
    func emitCodeSteps(into w: inout SwiftWriter) {
        let first = scene.script.first { if case .down = $0.action { return true } else { return false } }?.time ?? .zero
        var steps: [(VirtualTime, RecognizerID, Bool)] = []
        for event in scene.script {
            if case let .setRecognizerEnabled(id, enabled) = event.action { steps.append((event.time, id, enabled)) }
        }
        guard !steps.isEmpty else { return }
        let emitter = recognizers
        w.line()
        w.doc("The script's code steps, timed from the first touch-down (t=\(SwiftLiteral.ms(first)) ms in the scenario).")
        w.block("private func performCodeSteps()") { w in
            for (time, id, enabled) in steps {
                let delay = max(0, time.microseconds - first.microseconds) * 1000
                let name = scene.recognizers[id].name
                guard let target = emitter.expression(id) else {
                    w.comment("t=\(SwiftLiteral.ms(time)) ms: \(name) is the system's gesture gate; app code cannot reach it.")
                    continue
                }
                let optional = emitter.isOptional(id) ? "?" : ""
                w.block("Task") { w in
                    w.line("try? await Task.sleep(nanoseconds: \(SwiftLiteral.grouped(delay)))")
                    w.line("\(target)\(optional).isEnabled = \(enabled)")
                    w.line("Log.line(\"code sets \(name).isEnabled = \(enabled)\")")
                }
            }
        }
    }

    /// The controller as delegate of the user recognizers that have delegate answers (G3, G8, G10, G11).
    func emitDelegate(_ ids: [RecognizerID], into w: inout SwiftWriter) {
        let policy = PolicyCode(scene: scene)
        guard !ids.isEmpty else { return }
        let logged = ids.filter { scene.recognizers[$0].delegateLogs }
        guard logged.isEmpty else { return DelegateLogCode(scene: scene).emit(ids, logged: logged, into: &w) }
        w.line()
        w.line("// MARK: UIGestureRecognizerDelegate (the scenario's delegate answers, G3, G8, G11)")
        let receiving = ids.filter { scene.recognizers[$0].policies.shouldReceive != .always }
        if !receiving.isEmpty {
            w.block("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool") { w in
                w.line("switch Log.name(gestureRecognizer) {")
                for id in receiving {
                    w.line(
                        "case \(SwiftLiteral.string(scene.recognizers[id].name)): return "
                            + policy.shouldReceive(scene.recognizers[id].policies.shouldReceive))
                }
                w.line("default: return true")
                w.line("}")
            }
        }
        let beginning = ids.filter { scene.recognizers[$0].policies.shouldBegin != .always }
        if !beginning.isEmpty {
            w.block("func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool") { w in
                for id in beginning {
                    w.block("if Log.name(gestureRecognizer) == \(SwiftLiteral.string(scene.recognizers[id].name))") { w in
                        w.lines(policy.shouldBegin(scene.recognizers[id].policies.shouldBegin, recognizer: "gestureRecognizer"))
                    }
                }
                w.line("return true")
            }
        }
        let simultaneous = ids.filter { scene.recognizers[$0].policies.simultaneousWith != .none }
        if !simultaneous.isEmpty {
            w.block(
                "func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, "
                    + "shouldRecognizeSimultaneouslyWith other: UIGestureRecognizer) -> Bool"
            ) { w in
                w.line("switch Log.name(gestureRecognizer) {")
                for id in simultaneous {
                    w.line(
                        "case \(SwiftLiteral.string(scene.recognizers[id].name)): return "
                            + policy.contains(scene.recognizers[id].policies.simultaneousWith, "other"))
                }
                w.line("default: return false")
                w.line("}")
            }
        }
        let requirements: [(String, KeyPath<RecognizerPolicies, RecognizerSet>)] = [
            ("shouldRequireFailureOf", \.delegateRequiresFailureOf), ("shouldBeRequiredToFailBy", \.delegateRequiredToFailBy)
        ]
        for (label, answers) in requirements {
            let answering = ids.filter { scene.recognizers[$0].policies[keyPath: answers] != .none }
            guard !answering.isEmpty else { continue }
            w.block("func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, \(label) other: UIGestureRecognizer) -> Bool") { w in
                w.line("switch Log.name(gestureRecognizer) {")
                for id in answering {
                    w.line(
                        "case \(SwiftLiteral.string(scene.recognizers[id].name)): return "
                            + policy.contains(scene.recognizers[id].policies[keyPath: answers], "other"))
                }
                w.line("default: return false")
                w.line("}")
            }
        }
    }
}
