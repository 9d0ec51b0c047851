import TouchEngine

/// Where a navigation view's content goes in UIKit (issue 32 §2): the scenario's `NC` view stays a plain container,
/// a real `UINavigationController` fills it, and the content of `NC` becomes the top view controller's view.
struct NavigationLayout {
    let scene: Scene
    let spec: NavigationSpec

    /// `NC`'s children other than the bar, back to front.
    var content: [ViewID] { scene.views.indices.filter { scene.views[$0].parent == spec.view && $0 != spec.bar } }

    /// The scenario controller pushed on top: the one whose root view is `NC`'s only content view (nil: a plain
    /// view controller is pushed and `NC`'s content goes into its view).
    var topController: Int? {
        guard content.count == 1 else { return nil }
        return scene.controllers.firstIndex { $0.rootView == content[0] }
    }
}

extension Scene {
    /// The navigation declared on view `v`, if any.
    func navigation(on v: ViewID) -> NavigationSpec? { navigations.first { $0.view == v } }

    /// The navigation whose bar is view `v`, if any.
    func navigation(withBar v: ViewID) -> NavigationSpec? { navigations.first { $0.bar == v } }
}

/// The navigation controllers of a scene in UIKit (touch-model-system N1–N10): the stack, the bar, the two back
/// swipes with their flags, the replaced delegate, right-to-left, and the pop transition in the log.
struct NavigationEmitter {
    let scene: Scene
    let names: SwiftNames

    var hasNavigation: Bool { !scene.navigations.isEmpty }

    /// `let ncNavigationController = UINavigationController()` (and the plain top controllers).
    func emitProperties(into w: inout SwiftWriter) {
        for spec in scene.navigations {
            w.line("let \(names.navigationControllers[spec.view]!) = UINavigationController() // \(scene.views[spec.view].name)")
            if let top = names.navigationTops[spec.view] {
                w.line("let \(top) = UIViewController() // the top view controller: its view holds \(scene.views[spec.view].name)'s content")
            }
        }
        if scene.navigations.contains(where: \.delegateReplaced) { w.line("let popGestureDelegate = PopGestureDelegate()") }
    }

    /// The superview expression for a view whose parent is a navigation view or its bar (nil: the usual one).
    func superview(of id: ViewID) -> String? {
        guard let parent = scene.views[id].parent else { return nil }
        if let spec = scene.navigation(withBar: parent) { return "\(names.navigationControllers[spec.view]!).navigationBar" }
        if scene.navigation(on: parent) != nil, let top = names.navigationTops[parent] { return "\(top).view" }
        return nil
    }

    /// The bar: UIKit's `navigationBar`, registered under the bar's name (the scenario's bar view is not built).
    func emitBar(_ id: ViewID, _ spec: NavigationSpec, into w: inout SwiftWriter) {
        let nav = names.navigationControllers[spec.view]!
        w.comment(
            "\(scene.views[id].name): the navigation bar of \(scene.views[spec.view].name), UIKit's own navigationBar (shown in "
                + "\(scene.views[spec.view].name)'s setup); the edge swipe ignores touches that start in it (N3).")
        w.line("Log.register(\(nav).navigationBar, \(SwiftLiteral.string(scene.views[id].name)), kind: \"navigationBar\")")
    }

    /// The top controller's root view: the navigation controller placed it (nothing to add).
    func emitTopRoot(_ id: ViewID, controller index: Int, into w: inout SwiftWriter) {
        w.comment(
            "controller: \(scene.controllers[index].name), the navigation controller's top view controller (pushed in "
                + "\(scene.views[scene.views[id].parent ?? 0].name)'s setup); UIKit lays out its view.")
    }

    /// After `NC` is added: the navigation controller as a child of the host, filling `NC`, with its stack.
    func emitSetup(_ spec: NavigationSpec, into w: inout SwiftWriter) {
        let nc = scene.views[spec.view].name
        let nav = names.navigationControllers[spec.view]!
        let v = names.views[spec.view]
        let layout = NavigationLayout(scene: scene, spec: spec)
        w.comment("navigation (N1): a UINavigationController fills \(nc); its view carries the back swipes.")
        w.line("addChild(\(nav))")
        w.line("\(nav).view.frame = \(v).bounds")
        w.line("\(v).addSubview(\(nav).view)")
        w.line("\(nav).didMove(toParent: self)")
        let top: String
        if let index = layout.topController {
            top = names.controllers[index]
            w.line("\(top).view = \(names.views[scene.controllers[index].rootView])")
        } else {
            top = names.navigationTops[spec.view]!
            w.line("\(top).view.backgroundColor = .systemBackground")
        }
        if spec.depth == 1 {
            w.comment("depth 1: the top view controller is the root (the default delegate refuses to pop, N4).")
            w.line("\(nav).setViewControllers([\(top)], animated: false)")
        } else {
            let below = "\(spec.depth - 1) plain view controller\(spec.depth == 2 ? "" : "s") below"
            w.comment("depth \(spec.depth): \(below), then the top one pushed without animation.")
            w.line("\(nav).setViewControllers((1 ..< \(spec.depth)).map { _ in UIViewController() }, animated: false)")
            w.line("\(nav).pushViewController(\(top), animated: false)")
        }
        if let bar = spec.bar {
            w.line("\(nav).setNavigationBarHidden(false, animated: false) // bar: \(scene.views[bar].name)")
        } else {
            w.line("\(nav).setNavigationBarHidden(true, animated: false) // no bar declared")
        }
        if spec.layoutDirection == .rightToLeft {
            w.comment("layoutDirection: rightToLeft (N10): the back swipe watches the right edge and pops leftward.")
            w.line("\(nav).view.semanticContentAttribute = .forceRightToLeft")
            w.line("\(nav).navigationBar.semanticContentAttribute = .forceRightToLeft")
        }
    }

    /// `NC.edge` and `NC.content`: UIKit's two back swipes, named for the log, with the scenario's flags.
    func emitRecognizer(_ r: RecognizerSpec, _ spec: NavigationSpec, role: NavigationPopRole, into w: inout SwiftWriter) {
        let nav = names.navigationControllers[spec.view]!
        let name = SwiftLiteral.string(r.name)
        let p = scene.parameters
        switch role {
        case .edge:
            w.comment(
                "\(r.name): interactivePopGestureRecognizer, a UIScreenEdgePanGestureRecognizer subclass on the navigation "
                    + "controller's view (N1, N2). Delegate answers and class overrides match it, and \(scene.views[spec.view].name)"
                    + ".content, by the names registered here; require(toFail:) uses the properties.")
            w.block("if let edge = \(nav).interactivePopGestureRecognizer") { w in
                w.line("Log.register(edge, \(name))")
                w.line("edge.addTarget(self, action: #selector(recognizerAction(_:)))")
                w.line("edge.delaysTouchesBegan = \(r.delaysTouchesBegan) // edgeDelaysTouchesBegan (N2.2)")
                if !r.isEnabled { w.line("edge.isEnabled = false // edgeEnabled") }
                if spec.delegateReplaced {
                    w.comment(
                        "delegateReplaced (N4): the app's own delegate allows every begin, as the apps in the reports do; "
                            + "UIKit's refusals (at the root, leftward, in the bar) go with its delegate.")
                    w.line("edge.delegate = popGestureDelegate")
                }
            }
            w.comment("leadingEdgeYield " + NavigationEmitter.yieldNote(spec, p))
        case .content:
            let exists = spec.hasContentPop(p)
            let enabled = exists && r.isEnabled
            let version = "The scenario models iOS \(p.iosVersion)"
            let why =
                spec.contentPop.map { "contentPop: \($0)" } ?? "contentPop follows the version: \(exists ? "on from iOS 26" : "off before iOS 26")"
            w.comment(
                "\(r.name): interactiveContentPopGestureRecognizer (iOS 26, N6). \(version); \(why)"
                    + (exists && !r.isEnabled ? "; contentPopEnabled: false" : "") + ".")
            w.block("if #available(iOS 26, *), let content = \(nav).interactiveContentPopGestureRecognizer") { w in
                w.line("Log.register(content, \(name))")
                w.line("content.addTarget(self, action: #selector(recognizerAction(_:)))")
                w.line("content.isEnabled = \(enabled)")
            }
        }
    }

    /// In `recognizerAction(_:)`: the back swipes' actions drive the pop log.
    func emitActionHook(into w: inout SwiftWriter) {
        for spec in scene.navigations {
            guard let ids = scene.navigationRecognizers(of: spec.view) else { continue }
            let test = [ids.edge, ids.content].map { "Log.name(recognizer) == \(SwiftLiteral.string(scene.recognizers[$0].name))" }
            w.block("if \(test.joined(separator: " || "))") { w in
                w.line(
                    "logPop(recognizer, \(names.navigationControllers[spec.view]!), \(SwiftLiteral.string(scene.views[spec.view].name)), "
                        + "rightToLeft: \(spec.layoutDirection == .rightToLeft))")
            }
        }
    }

    /// `logPop` (N9, in the trace's words) and the iOS 26 property behind an availability check.
    func emitHelpers(into w: inout SwiftWriter) {
        guard hasNavigation else { return }
        w.line()
        w.doc(
            "The pop transition in the prediction's words (N9): began and progress from the back swipe's actions (after "
                + "UIKit's own target started the transition), finished or cancelled from the transition coordinator. The "
                + "threshold the prediction adds is the model's (min(187.5 / width, 0.5)); UIKit does not report it.")
        w.block("private func logPop(_ recognizer: UIGestureRecognizer, _ nav: UINavigationController, _ name: String, rightToLeft: Bool)") { w in
            w.line("guard let pan = recognizer as? UIPanGestureRecognizer, let view = pan.view else { return }")
            w.line("let width = max(view.bounds.width, 1)")
            w.line("let sign: CGFloat = rightToLeft ? -1 : 1")
            w.line("let progress = min(max(sign * pan.translation(in: view).x / width, 0), 1)")
            w.line("switch pan.state {")
            w.line("case .began:")
            w.line("    Log.line(\"\\(name) pop began (\\(Log.name(recognizer))), progress \\(Log.number(progress))\")")
            w.line("    nav.transitionCoordinator?.notifyWhenInteractionChanges { context in")
            w.line("        let velocity = sign * pan.velocity(in: view).x / width")
            w.line("        let end = context.isCancelled ? \"cancelled\" : \"finished\"")
            w.line(
                "        Log.line(\"\\(name) pop \\(end): progress \\(Log.number(context.percentComplete)), "
                    + "release velocity \\(Log.number(velocity))/s\")")
            w.line("    }")
            w.line("case .changed:")
            w.line("    Log.line(\"\\(name) pop progress \\(Log.number(progress))\")")
            w.line("default:")
            w.line("    break")
            w.line("}")
        }
        w.line()
        w.doc("interactiveContentPopGestureRecognizer (iOS 26); nil on earlier systems, where it does not exist.")
        w.block("private func contentPopRecognizer(of nav: UINavigationController) -> UIGestureRecognizer?") { w in
            w.line("if #available(iOS 26, *) { return nav.interactiveContentPopGestureRecognizer }")
            w.line("return nil")
        }
    }

    /// The replaced pop delegate's class (`delegateReplaced`, N4).
    func emitDelegateClass(into w: inout SwiftWriter) {
        guard scene.navigations.contains(where: \.delegateReplaced) else { return }
        w.doc(
            "The app's own interactivePopGestureRecognizer delegate (delegateReplaced, N4, B13): it allows every begin, as "
                + "the apps in the reports do, so UIKit's refusals at the root, in the bar and leftward are gone.")
        w.block("final class PopGestureDelegate: NSObject, UIGestureRecognizerDelegate") { w in
            w.line("func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { true }")
        }
        w.line()
    }

    /// `on (N7.2): NOT REPRODUCED …`, saying when the scenario's switch differs from what its iOS does.
    static func yieldNote(_ spec: NavigationSpec, _ p: Parameters) -> String {
        let on = spec.yieldsAtLeadingEdge(p), byVersion = p.leadingEdgeYieldByVersion
        let state = { (b: Bool) in b ? "on" : "off" }
        var text = "\(state(on)) (N7.2): NOT REPRODUCED, UIKit decides it (on in iOS 18.2 and 26.1, unknown before 18)"
        if on != byVersion {
            text +=
                "; the scenario sets it \(state(on)) on iOS \(p.iosVersion), where UIKit has it \(state(byVersion)): a device "
                + "on that iOS behaves as \(state(byVersion))"
        } else {
            text += "; run on the iOS the scenario models (\(p.iosVersion))"
        }
        return text + "."
    }

    /// An expression for a back swipe (optional: the property is optional, the content one needs iOS 26).
    func expression(_ spec: NavigationSpec, role: NavigationPopRole) -> String {
        let nav = names.navigationControllers[spec.view]!
        return role == .edge ? "\(nav).interactivePopGestureRecognizer" : "contentPopRecognizer(of: \(nav))"
    }
}
