import TouchEngine

/// The scene's sheets in UIKit (touch-model-system M1–M6): each sheet view becomes the view of a view controller
/// presented as a page sheet from the host in `viewDidAppear` (no animation), with its detents, selection,
/// undimmed detent, modality, `prefersScrollingExpandsWhenScrolledToEdge` and a presentation delegate that answers
/// `presentationControllerShouldDismiss` as declared and logs every callback in the trace's words.
struct SheetEmitter {
    let scene: Scene
    let names: SwiftNames

    /// UIKit's class for `S.dismissPan` (M1): no public property reaches it.
    static let dismissClass = "_UISheetInteractionBackgroundDismissRecognizer"

    var hasSheets: Bool { !scene.sheets.isEmpty }

    /// The presented view controller of sheet `index`.
    func controller(_ index: Int) -> String {
        let view = scene.sheets[index].view
        if let name = names.sheetControllers[view] { return name }
        return names.controllers[scene.controllers.firstIndex { $0.rootView == view }!]
    }

    func emitProperties(into w: inout SwiftWriter) {
        for sheet in scene.sheets {
            if let name = names.sheetControllers[sheet.view] {
                w.line("let \(name) = UIViewController() // presents \(scene.views[sheet.view].name) as a sheet")
            }
            if let d = names.sheetDelegates[sheet.view] { w.line("let \(d.property) = \(d.type)()") }
        }
        if hasSheets { w.line("private var loggedSheetTops: [String: CGFloat] = [:]") }
    }

    /// In `buildViews()`, in place of `addSubview`: the sheet view is its controller's view.
    func emitAddition(_ index: Int, into w: inout SwiftWriter) {
        let view = scene.sheets[index].view
        w.comment(
            "sheet (M1): \(scene.views[view].name) is the view of a view controller presented as a page sheet in viewDidAppear; "
                + "UIKit places it at the selected detent.")
        w.line("\(controller(index)).view = \(names.views[view])")
    }

    /// One delegate class per sheet with a `delegate:` (M4): exactly the methods the scenario says it implements.
    func emitDelegateClasses(into w: inout SwiftWriter) {
        for sheet in scene.sheets {
            guard let delegate = sheet.delegate, let d = names.sheetDelegates[sheet.view] else { continue }
            let n = scene.views[sheet.view].name
            w.doc(
                "\(n)'s presentation delegate (M4): "
                    + (delegate.shouldDismiss.map { "presentationControllerShouldDismiss answers \($0)" }
                        ?? "presentationControllerShouldDismiss not implemented")
                    + (delegate.logsCallbacks ? "; every other callback is logged." : "; no other callback."))
            w.block("final class \(d.type): NSObject, UISheetPresentationControllerDelegate") { w in
                if let answer = delegate.shouldDismiss {
                    w.block("func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool") { w in
                        w.line("Log.line(\"\(n) delegate: presentationControllerShouldDismiss → \(answer)\")")
                        w.line("return \(answer)")
                    }
                }
                guard delegate.logsCallbacks else { return }
                for call in ["WillDismiss", "DidDismiss", "DidAttemptToDismiss"] {
                    w.block("func presentationController\(call)(_ presentationController: UIPresentationController)") { w in
                        w.line("Log.line(\"\(n) delegate: presentationController\(call)\")")
                    }
                }
                w.block(
                    "func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheetPresentationController: UISheetPresentationController)"
                ) { w in
                    w.line("let id = sheetPresentationController.selectedDetentIdentifier?.rawValue ?? \"nil\"")
                    w.line("Log.line(\"\(n) selectedDetentIdentifier = \\(id)\")")
                    w.line("Log.line(\"\(n) delegate: sheetPresentationControllerDidChangeSelectedDetentIdentifier\")")
                }
            }
            w.line()
        }
    }

    /// `UISheetPresentationController.Detent` for one detent (`.custom` needs iOS 16).
    func detent(_ d: SheetDetent) -> String {
        switch d {
        case .large: return ".large()"
        case .medium: return ".medium()"
        case let .custom(id, height): return ".custom(identifier: .init(\(SwiftLiteral.string(id)))) { _ in \(SwiftLiteral.number(height)) }"
        }
    }

    func identifier(_ d: SheetDetent) -> String {
        switch d {
        case .large: return ".large"
        case .medium: return ".medium"
        case .custom(let id, _): return ".init(\(SwiftLiteral.string(id)))"
        }
    }

    /// `presentSheets()`, called from `viewDidAppear`: the first sheet from the host, each next one from the previous.
    func emitPresentation(into w: inout SwiftWriter) {
        guard hasSheets else { return }
        w.line()
        w.doc("The scenario's sheets, presented once without animation (M1); each next sheet is presented by the previous one.")
        w.block("private func presentSheets()") { w in
            w.line("guard presentedViewController == nil else { return }")
            emitPresent(0, from: "self", into: &w)
        }
        w.line()
        w.doc("The sheets' tops in window points, logged when they change (the prediction's `S.top = …`).")
        w.block("private func logSheetTops()") { w in
            let list = scene.sheets.map { "(\(SwiftLiteral.string(scene.views[$0.view].name)), \(names.views[$0.view]))" }
            w.line("let sheets: [(String, UIView)] = [\(list.joined(separator: ", "))]")
            w.block("for (name, sheet) in sheets where sheet.window != nil") { w in
                w.line("let top = sheet.convert(CGPoint.zero, to: nil).y")
                w.line("guard loggedSheetTops[name] != top else { continue }")
                w.line("loggedSheetTops[name] = top")
                w.line("Log.line(\"\\(name).top = \\(Log.number(top))\")")
            }
        }
        w.line()
        w.doc(
            "A recognizer of `view` or of an ancestor, by class name: UIKit has no property for the sheet's dismiss pan, "
                + "as for a scroll view's delay recognizer.")
        w.block("private func ancestorRecognizer(of view: UIView, className: String) -> UIGestureRecognizer?") { w in
            w.line("var current: UIView? = view")
            w.block("while let v = current") { w in
                w.line("if let found = v.gestureRecognizers?.first(where: { String(describing: type(of: $0)) == className }) { return found }")
                w.line("current = v.superview")
            }
            w.line("return nil")
        }
    }

    private func emitPresent(_ index: Int, from presenter: String, into w: inout SwiftWriter) {
        let sheet = scene.sheets[index]
        let c = controller(index)
        let n = scene.views[sheet.view].name
        w.comment("\(n): a page sheet (M1).")
        w.line("\(c).modalPresentationStyle = .pageSheet")
        w.line("\(c).isModalInPresentation = \(sheet.isModalInPresentation) // modal (M4)")
        w.block("if let sheet = \(c).sheetPresentationController") { w in
            let system = sheet.detents.filter { if case .custom = $0 { return false } else { return true } }
            let custom = system.count != sheet.detents.count
            let all = "[" + sheet.detents.map(detent).joined(separator: ", ") + "]"
            if custom {
                w.comment("detents (M5): custom detents need iOS 16; before it only the system ones.")
                w.line("sheet.detents = [" + (system.isEmpty ? [".large()"] : system.map(detent)).joined(separator: ", ") + "]")
                w.block("if #available(iOS 16, *)") { w in w.line("sheet.detents = \(all)") }
            } else {
                w.line("sheet.detents = \(all) // detents (M5)")
            }
            emitIdentifier("selectedDetentIdentifier", sheet.detents[sheet.selectedDetent], "selected", into: &w)
            if let undimmed = sheet.largestUndimmedDetent {
                emitIdentifier("largestUndimmedDetentIdentifier", sheet.detents[undimmed], "undimmedUpTo: outside the sheet stays interactive", into: &w)
            } else {
                w.comment("largestUndimmedDetentIdentifier: nil, dimmed at every detent (M5).")
            }
            w.line(
                "sheet.prefersScrollingExpandsWhenScrolledToEdge = \(sheet.prefersScrollingExpandsWhenScrolledToEdge) // expandsOnScroll (M6)")
            if let d = names.sheetDelegates[sheet.view] { w.line("sheet.delegate = \(d.property) // delegate (M4)") }
        }
        w.closure("\(presenter).present(\(c), animated: false) { [weak self] in") { w in
            w.line("guard let self else { return }")
            w.comment(
                "\(n).dismissPan (M1): UIKit's \(Self.dismissClass) has no public property; found by its class name among "
                    + "the recognizers of the presented view's ancestors.")
            w.block(
                "if let dismiss = ancestorRecognizer(of: \(names.views[sheet.view]), className: \(SwiftLiteral.string(Self.dismissClass)))"
            ) { w in
                w.line("Log.register(dismiss, \(SwiftLiteral.string(n + ".dismissPan")))")
                w.line("dismiss.addTarget(self, action: #selector(recognizerAction(_:)))")
            }
            RecognizerEmitter(scene: scene, names: names).emitRequirements(sheetRecognizers: true, into: &w)
            w.line("logSheetTops()")
            if index + 1 < scene.sheets.count { emitPresent(index + 1, from: c, into: &w) }
        }
    }

    private func emitIdentifier(_ property: String, _ d: SheetDetent, _ key: String, into w: inout SwiftWriter) {
        if case .custom = d {
            w.block("if #available(iOS 16, *)") { w in w.line("sheet.\(property) = \(identifier(d)) // \(key)") }
        } else {
            w.line("sheet.\(property) = \(identifier(d)) // \(key)")
        }
    }
}
