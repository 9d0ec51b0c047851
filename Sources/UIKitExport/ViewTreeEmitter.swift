import TouchEngine

/// Builds the view tree in `viewDidLoad`: each view's properties, in scene order (depth first, back to
/// front), so `addSubview` order equals the scenario's. Every scenario key either becomes code here or in
/// the view's class, or a comment saying why UIKit has no equivalent.
struct ViewTreeEmitter {
    let scene: Scene
    let names: SwiftNames

    /// `let btn = BtnButton(frame: …)` for each view.
    func emitProperties(into w: inout SwiftWriter) {
        for id in scene.views.indices.dropFirst() where scene.navigation(withBar: id) == nil {
            w.line("let \(names.views[id]) = \(UIKitClass.initializer(of: id, className: names.viewClasses[id], in: scene))")
        }
        for (index, controller) in scene.controllers.enumerated() {
            w.line("let \(names.controllers[index]) = \(names.controllerClasses[index])() // \(controller.name)")
        }
    }

    func emitSetup(into w: inout SwiftWriter) {
        for id in scene.views.indices.dropFirst() {
            if id > 1 { w.line() }
            emitView(id, into: &w)
        }
    }

    func emitView(_ id: ViewID, into w: inout SwiftWriter) {
        if let spec = scene.navigation(withBar: id) { return NavigationEmitter(scene: scene, names: names).emitBar(id, spec, into: &w) }
        let view = scene.views[id]
        let v = names.views[id]
        w.comment("\(view.name): \(view.kind.rawValue), frame \(SwiftLiteral.frame(view.frame))")
        w.line("Log.register(\(v), \(SwiftLiteral.string(view.name)), kind: \(SwiftLiteral.string(UIKitClass.kindName(view.kind))))")
        w.line("\(v).accessibilityIdentifier = \(SwiftLiteral.string(view.name))")
        if UIKitClass.needsFrameAssignment(id, in: scene) { w.line("\(v).frame = \(SwiftLiteral.rect(view.frame))") }
        let hue = SwiftLiteral.number(Double((id * 37) % 100) / 100, decimals: 2)
        w.line("\(v).backgroundColor = UIColor(hue: \(hue), saturation: 0.35, brightness: 1, alpha: 0.35)")
        emitContent(view, v, into: &w)
        emitCommonProperties(view, v, into: &w)
        if let scroll = view.scroll { emitScrollProperties(view, scroll, v, into: &w) }
        if view.kind.isControl { w.line("Log.observeControlEvents(\(v))") }
        emitAddition(id, into: &w)
        emitZoomView(id, into: &w)
    }

    /// Titles and values, so the screen reads like the scenario.
    func emitContent(_ view: ViewSpec, _ v: String, into w: inout SwiftWriter) {
        let title = SwiftLiteral.string(view.name)
        let value = SwiftLiteral.number(view.value)
        switch view.kind {
        case .label: w.line("\(v).text = \(title)")
        case .button:
            w.line("\(v).setTitle(\(title), for: .normal)")
            w.line("\(v).setTitleColor(.systemBlue, for: .normal)")
        case .switch: w.line("\(v).isOn = \(view.value == 1) // value: \(value)")
        case .slider: w.line("\(v).value = \(value) // value (0…1)")
        case .stepper: w.line("\(v).value = \(value) // value")
        case .segmentedControl:
            let count = max(2, Int(view.value) + 1)
            w.comment("The scenario does not say how many segments; \(count) are enough for its index.")
            for i in 0 ..< count { w.line("\(v).insertSegment(withTitle: \"\(i)\", at: \(i), animated: false)") }
            w.line("\(v).selectedSegmentIndex = \(Int(view.value)) // value")
        case .pageControl:
            w.line("\(v).numberOfPages = \(max(2, Int(view.value) + 1))")
            w.line("\(v).currentPage = \(Int(view.value)) // value")
        case .textField:
            w.line("\(v).placeholder = \(title)")
            w.line("\(v).borderStyle = .roundedRect")
        case .textView: w.line("\(v).text = \(title)")
        default:
            break
        }
        let hasValue: Set<ViewKind> = [.switch, .slider, .stepper, .segmentedControl, .pageControl]
        if view.value != 0 && !hasValue.contains(view.kind) {
            w.comment("value: \(value) — a \(view.kind.rawValue) has no value in UIKit.")
        }
    }

    func emitCommonProperties(_ view: ViewSpec, _ v: String, into w: inout SwiftWriter) {
        if !view.transform.isIdentity {
            // After the frame: the frame stays the untransformed one (centre and bounds size), as in the scenario.
            let t = view.transform
            let fields = [("a", t.a), ("b", t.b), ("c", t.c), ("d", t.d), ("tx", t.tx), ("ty", t.ty)]
                .map { "\($0.0): \(SwiftLiteral.number($0.1, decimals: 9))" }.joined(separator: ", ")
            w.line("\(v).transform = CGAffineTransform(\(fields)) // transform, about the bounds centre (§0.2)")
        }
        if view.scroll == nil && view.boundsOrigin != .zero {
            w.line("\(v).bounds.origin = \(SwiftLiteral.point(view.boundsOrigin)) // bounds")
        }
        if view.isHidden { w.line("\(v).isHidden = true // hidden (H1)") }
        if view.alpha != 1 { w.line("\(v).alpha = \(SwiftLiteral.number(view.alpha)) // alpha (H1: below 0.01 is not hittable)") }
        if view.isUserInteractionEnabled != view.kind.defaultUserInteractionEnabled {
            w.line("\(v).isUserInteractionEnabled = \(view.isUserInteractionEnabled) // userInteractionEnabled (H1)")
        }
        if !view.isEnabled {
            if view.kind.isControl {
                w.line("\(v).isEnabled = false // enabled (§5.3)")
            } else {
                w.comment("enabled: false has no UIKit equivalent on a \(view.kind.rawValue) (isEnabled is a UIControl property).")
            }
        }
        if view.clipsToBounds { w.line("\(v).clipsToBounds = true // clipsToBounds (no effect on hit testing, H2)") }
        if view.isMultipleTouchEnabled { w.line("\(v).isMultipleTouchEnabled = true // multipleTouchEnabled (H5)") }
        if view.isExclusiveTouch { w.line("\(v).isExclusiveTouch = true // exclusiveTouch (H5)") }
        if view.vetoesForeignPans {
            w.comment("vetoesPans (M2, G11): its class refuses other views' pans in gestureRecognizerShouldBegin(_:).")
        }
        if let s = scene.sheet(of: scene.views.firstIndex(of: view) ?? 0) { emitSheetComment(scene.sheets[s], into: &w) }
        if let p = scene.panel(of: scene.views.firstIndex(of: view) ?? 0) { emitPanelComment(scene.panels[p], into: &w) }
        if view.isAnimating {
            w.comment(
                "animating\(view.allowsUserInteractionWhileAnimating ? " with allowUserInteraction" : ""): "
                    + "viewDidAppear starts a long animation on this view (H1).")
        }
    }

    func emitScrollProperties(_ view: ViewSpec, _ scroll: ScrollConfig, _ v: String, into w: inout SwiftWriter) {
        w.line("\(v).contentInsetAdjustmentBehavior = .never // the scenario's insets are the adjusted ones (S5)")
        w.line("\(v).contentSize = \(SwiftLiteral.size(scroll.contentSize))")
        if scroll.contentInset != .zero { w.line("\(v).contentInset = \(SwiftLiteral.insets(scroll.contentInset))") }
        if view.boundsOrigin != .zero { w.line("\(v).contentOffset = \(SwiftLiteral.point(view.boundsOrigin))") }
        w.line("\(v).delaysContentTouches = \(scroll.delaysContentTouches)")
        w.line("\(v).canCancelContentTouches = \(scroll.canCancelContentTouches)")
        w.line("\(v).isScrollEnabled = \(scroll.isScrollEnabled)")
        w.line("\(v).isPagingEnabled = \(scroll.isPagingEnabled)")
        w.line("\(v).bounces = \(scroll.bounces)")
        w.line("\(v).alwaysBounceHorizontal = \(scroll.alwaysBounceHorizontal)")
        w.line("\(v).alwaysBounceVertical = \(scroll.alwaysBounceVertical)")
        w.line("\(v).decelerationRate = \(scroll.fastDeceleration ? ".fast" : ".normal")")
        if scroll.hasRefreshControl {
            w.line("\(v).refreshControl = UIRefreshControl() // refreshControl (M3.1: such a list never drives a sheet)")
        }
        if !scroll.transfersHorizontalScrollingToParent || !scroll.transfersVerticalScrollingToParent {
            w.block("if #available(iOS 17.4, *)") { w in
                w.line("\(v).transfersHorizontalScrollingToParent = \(scroll.transfersHorizontalScrollingToParent)")
                w.line("\(v).transfersVerticalScrollingToParent = \(scroll.transfersVerticalScrollingToParent)")
            }
        }
        if let velocity = scroll.initialDeceleration {
            w.comment(
                "decelerating: [\(SwiftLiteral.number(velocity.x)), \(SwiftLiteral.number(velocity.y))] pt/ms (S9) has no "
                    + "UIKit property: flick this scroll view just before the script so that it is still moving when the first touch lands.")
        }
        if scroll.minimumZoomScale != 1 { w.line("\(v).minimumZoomScale = \(SwiftLiteral.number(scroll.minimumZoomScale))") }
        if scroll.maximumZoomScale != 1 { w.line("\(v).maximumZoomScale = \(SwiftLiteral.number(scroll.maximumZoomScale))") }
        if !scroll.bouncesZoom { w.line("\(v).bouncesZoom = false") }
        if scroll.zoomScale != 1 && scroll.viewForZooming == nil {
            w.comment("zoomScale \(SwiftLiteral.number(scroll.zoomScale)): without a view for zooming UIKit ignores it.")
        }
        if scroll.hasRefreshControl { w.line("\(v).refreshControl = UIRefreshControl() // refreshControl (M3.1)") }
        w.line("\(v).delegate = scrollLogger")
    }

    /// After a zoom view is added: the scroll view's delegate returns it from `viewForZooming(in:)` (§6.1), and
    /// the scroll view's `zoomScale` can now be set.
    func emitZoomView(_ id: ViewID, into w: inout SwiftWriter) {
        guard let parent = scene.views[id].parent, let scroll = scene.views[parent].scroll, scroll.viewForZooming == id else { return }
        let sv = names.views[parent]
        w.line("scrollLogger.zoomViews[ObjectIdentifier(\(sv))] = \(names.views[id]) // viewForZooming(in:)")
        if scroll.zoomScale != 1 { w.line("\(sv).zoomScale = \(SwiftLiteral.number(scroll.zoomScale))") }
    }

    /// `addSubview` (into a cell's `contentView`), or a child view controller for a controller's root view.
    func emitAddition(_ id: ViewID, into w: inout SwiftWriter) {
        let view = scene.views[id]
        let parent = view.parent ?? 0
        let navigation = NavigationEmitter(scene: scene, names: names)
        var superview = navigation.superview(of: id) ?? names.views[parent]
        if scene.views[parent].kind == .cell { superview += ".contentView" }
        if let sheet = scene.sheet(of: id) {
            SheetEmitter(scene: scene, names: names).emitAddition(sheet, into: &w)
        } else if let spec = scene.navigation(on: parent), let index = NavigationLayout(scene: scene, spec: spec).topController,
            scene.controllers[index].rootView == id
        {
            navigation.emitTopRoot(id, controller: index, into: &w)
        } else if let index = scene.controllers.firstIndex(where: { $0.rootView == id }) {
            let c = names.controllers[index]
            w.comment("controller: \(scene.controllers[index].name) (R2: its root view's next responder is the controller).")
            w.line("addChild(\(c))")
            w.line("\(c).view = \(names.views[id])")
            w.line("\(superview).addSubview(\(names.views[id]))")
            w.line("\(c).didMove(toParent: self)")
        } else {
            w.line("\(superview).addSubview(\(names.views[id]))")
        }
        if let spec = scene.navigation(on: id) { navigation.emitSetup(spec, into: &w) }
    }

    /// `viewDidAppear` animations for `animating` views (H1).
    func emitAnimations(into w: inout SwiftWriter) {
        for (id, view) in scene.views.enumerated() where view.isAnimating {
            let options = view.allowsUserInteractionWhileAnimating ? "[.allowUserInteraction]" : "[]"
            let target = view.alpha >= 0.5 ? view.alpha - 0.01 : view.alpha + 0.01
            w.line(
                "UIView.animate(withDuration: 600, delay: 0, options: \(options)) { [\(names.views[id])] in "
                    + "\(names.views[id]).alpha = \(SwiftLiteral.number(target)) }")
        }
    }
}
