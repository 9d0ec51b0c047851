import TouchEngine

/// Target-action (touch-model §5.5) in the exported file: the responders' action methods and `canPerformAction`
/// refusals, a control's `sendAction(_:to:for:)` logging, the first responder, and the host's setup calls
/// (`addTarget`, `addAction`, `removeTarget`, `removeAction`) in the scenario's order. Scenes that declare no
/// actions get none of it, so their exports do not change.
struct TargetActionEmitter {
    let scene: Scene
    let names: SwiftNames

    /// `Selector(("save:"))`: the Objective-C selector of `@objc func save(_ sender: Any?)`. The string form also
    /// names a selector no class implements (a nil-targeted action nobody performs).
    static func selector(_ action: String) -> String { "Selector((\(SwiftLiteral.string(action + ":"))))" }

    /// Inside a view's or controller's class: its action methods, its `canPerformAction` refusals, and
    /// `canBecomeFirstResponder` when it is the scenario's first responder.
    func emitResponderMembers(_ responder: Responder, base: String, into w: inout SwiftWriter) {
        let actions = scene.actions(of: responder)
        for action in actions.implements {
            w.block("@objc func \(action)(_ sender: Any?)") { w in
                w.line("Log.line(\"\\(Log.name(self)) performs \(action): from \\(Log.name(sender as AnyObject?))\")")
            }
        }
        if !actions.refuses.isEmpty {
            w.comment("refuses: canPerformAction(_:withSender:) says no, so nil-targeted actions pass this responder by (§5.5).")
            w.block("override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool") { w in
                w.line("if [" + actions.refuses.map(Self.selector).joined(separator: ", ") + "].contains(action) { return false }")
                w.line("return super.canPerformAction(action, withSender: sender)")
            }
        }
        if scene.firstResponder == responder, base != "UITextField", base != "UITextView" {
            w.comment("The scenario's first responder (viewDidAppear makes it so).")
            w.line("override var canBecomeFirstResponder: Bool { true }")
        }
        if case .view(let v) = responder, scene.declaresActions(v) {
            w.comment("Logs every target-action the control sends (UIActions log in their handlers).")
            w.block("override func sendAction(_ action: Selector, to target: Any?, for event: UIEvent?)") { w in
                w.line(
                    "Log.line(\"\\(Log.name(self)) sendAction \\(NSStringFromSelector(action)) to \\(target.map { Log.name($0 as AnyObject) } ?? \"nil\")\")")
                w.line("super.sendAction(action, to: target, for: event)")
            }
        }
    }

    /// The host's `buildTargetActions()`: controllers get their names in the log, then each control's setup.
    func emitSetup(into w: inout SwiftWriter) {
        for (index, controller) in scene.controllers.enumerated() {
            w.line("Log.register(\(names.controllers[index]), \(SwiftLiteral.string(controller.name)))")
        }
        for v in scene.views.indices where scene.declaresActions(v) {
            let control = names.views[v], name = scene.views[v].name
            w.comment("\(name): its target-action setup, in the scenario's order (§5.5).")
            if let primary = scene.views[v].primaryAction {
                w.comment("primaryAction: what init(frame:primaryAction:) registers, for .primaryActionTriggered, before anything else.")
                w.line("\(control).addAction(\(uiAction(primary, on: name)), for: .primaryActionTriggered)")
            }
            for call in scene.views[v].actionSetup {
                switch call {
                case let .addTarget(target, action, events):
                    w.line("\(control).addTarget(\(target.map(expression) ?? "nil"), action: \(Self.selector(action)), for: \(eventSet(events)))")
                case let .addAction(action, events):
                    w.line("\(control).addAction(\(uiAction(action, on: name)), for: \(eventSet(events)))")
                case let .removeTarget(target, action, events):
                    w.line(
                        "\(control).removeTarget(\(target.map(expression) ?? "nil"), action: \(action.map(Self.selector) ?? "nil"), "
                            + "for: \(eventSet(events)))")
                case let .removeAction(action, events):
                    w.line("\(control).removeAction(identifiedBy: UIAction.Identifier(\(SwiftLiteral.string(action))), for: \(eventSet(events)))")
                }
            }
        }
    }

    /// `viewDidAppear`: the first responder becomes one.
    func emitFirstResponder(into w: inout SwiftWriter) {
        guard let responder = scene.firstResponder else { return }
        w.line("_ = \(expression(responder)).becomeFirstResponder() // firstResponder (§5.5: nil-targeted actions start here)")
    }

    func expression(_ responder: Responder) -> String {
        switch responder {
        case .view(let v): return names.views[v]
        case .controller(let c): return names.controllers[c]
        }
    }

    func uiAction(_ name: String, on control: String) -> String {
        "UIAction(identifier: UIAction.Identifier(\(SwiftLiteral.string(name)))) { _ in Log.line(\(SwiftLiteral.string("\(control) UIAction \(name)"))) }"
    }

    func eventSet(_ events: ControlEventSet) -> String {
        if events == .all { return ".allEvents" }
        let names = events.events.map { event -> String in
            let raw = event.rawValue
            return "." + raw.prefix(1).lowercased() + raw.dropFirst()
        }
        return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
    }
}
