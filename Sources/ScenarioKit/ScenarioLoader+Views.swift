import TouchEngine
import Yams

extension ScenarioLoader {
    static let viewKeys = [
        "id", "kind", "frame", "bounds", "hidden", "alpha", "userInteractionEnabled", "enabled", "clipsToBounds",
        "multipleTouchEnabled", "exclusiveTouch", "touches", "hitTest", "value", "class", "controller", "subviews",
        "animating", "allowUserInteraction", "transform", "navigation", "vetoesPans", "sheet", "panel"
    ]
    /// Keys valid only on scroll-view kinds.
    static let scrollViewKeys = [
        "contentSize", "contentOffset", "contentInset", "delaysContentTouches", "canCancelContentTouches",
        "touchesShouldCancel", "touchesShouldBegin", "bounces", "alwaysBounceHorizontal", "alwaysBounceVertical",
        "scrollEnabled", "pagingEnabled", "decelerating", "transfersHorizontalScrollingToParent",
        "transfersVerticalScrollingToParent", "panHost", "pan", "decelerationRate",
        "minimumZoomScale", "maximumZoomScale", "zoomScale", "bouncesZoom", "viewForZooming", "refreshControl"
    ]
    static let touchPhaseKeys = ["began", "moved", "ended", "cancelled"]

    /// A parsed view whose references to other views (which may come later in the file) are not yet resolved.
    struct PendingView {
        let id: ViewID
        var spec: ViewSpec
        var panHost: NameRef?
        var viewForZooming: NameRef?
        var zoomScaleNode: Node?
        var rejectViews: [NameRef]?
        var pan: PendingPolicies?
    }
}

extension ScenarioLoader.Builder {
    /// Pass 1: parses a list of views depth-first, assigning each view the id `addView` will give it. `depth` is
    /// the depth of the listed views (the window's subviews are at 1; at most `ScenarioLimits.viewDepth`).
    mutating func parseViews(_ node: Node, key: String, parent: ViewID?, depth: Int = 1) throws(ScenarioError) {
        for item in try reader.list(node, for: "'\(key)'") {
            try parseView(item, parent: parent, depth: depth)
        }
    }

    mutating func parseView(_ node: Node, parent: ViewID?, depth: Int) throws(ScenarioError) {
        guard depth <= ScenarioLimits.viewDepth else {
            throw reader.error(
                at: node,
                "this view is nested \(depth) deep; views nest at most \(ScenarioLimits.viewDepth) deep "
                    + "(the window's subviews are at depth 1)")
        }
        let map = try reader.map(node, for: "a view")
        let kind = try map.choice("kind", as: ViewKind.self) ?? .view
        let context = map.peekID().map { "view '\($0)'" } ?? "a view"
        for entry in map.entries
        where !ScenarioLoader.viewKeys.contains(entry.key)
            && !ScenarioLoader.responderActionKeys.contains(entry.key)
        {
            if ScenarioLoader.controlActionKeys.contains(entry.key) {
                if kind.isControl { continue }
                throw reader.error(
                    at: entry.keyNode,
                    "key '\(entry.key)' applies only to controls (button, control, switch, "
                        + "slider, stepper, segmentedControl, pageControl, textField), but \(context) is a \(kind.rawValue)")
            }
            if ScenarioLoader.scrollViewKeys.contains(entry.key) {
                if kind.isScrollView { continue }
                throw reader.error(
                    at: entry.keyNode,
                    "key '\(entry.key)' applies only to scroll views "
                        + "(scrollView, tableView, collectionView, textView), but \(context) is a \(kind.rawValue)")
            }
            let allowed =
                ScenarioLoader.viewKeys + ScenarioLoader.responderActionKeys
                + (kind.isControl ? ScenarioLoader.controlActionKeys : []) + (kind.isScrollView ? ScenarioLoader.scrollViewKeys : [])
            throw reader.error(
                at: entry.keyNode,
                "unknown key '\(entry.key)' in \(context); allowed keys are "
                    + allowed.joined(separator: ", "))
        }

        let idNode = try map.required("id", in: context)
        let name = try reader.identifier(idNode, for: "'id'")
        try register(name, as: "a view", at: idNode)
        let id = pendingViews.count + 1
        viewIDs[name] = id
        if kind.isScrollView {
            try register(name + ".delay", as: "the delay recognizer of scroll view '\(name)'", at: idNode)
            try register(name + ".pan", as: "the pan recognizer of scroll view '\(name)'", at: idNode)
        }

        let frame = try reader.rect(try map.required("frame", in: context), for: "'frame'")
        var pending = ScenarioLoader.PendingView(id: id, spec: ViewSpec(name: name, kind: kind, frame: frame, parent: parent))
        try parseViewProperties(map, into: &pending.spec, context: "view '\(name)'")
        if kind.isScrollView { try parseScrollProperties(map, into: &pending, name: name) }
        pending.spec.actions = try parseResponderActions(map, context: "view '\(name)'")
        if let actions = try parseTargetActions(map, view: id, name: name) { pendingTargetActions.append(actions) }

        if let controllerNode = map["controller"] {
            let controller = try reader.identifier(controllerNode, for: "'controller'")
            try register(controller, as: "the controller of view '\(name)'", at: controllerNode)
            pendingControllers.append(.init(name: controller, node: controllerNode, viewName: name, view: id, touches: .inherit))
        }

        if let sheetNode = map["sheet"] {
            try register(name + ".dismissPan", as: "the dismiss pan of sheet '\(name)'", at: map.keyNode("sheet")!)
            pendingSheets.append(try parseSheet(sheetNode, view: id, name: name, frame: frame, parent: parent, key: map.keyNode("sheet")!))
        }
        if let panelNode = map["panel"] {
            try register(name + ".pan", as: "the pan of panel '\(name)'", at: map.keyNode("panel")!)
            pendingPanels.append(try parsePanel(panelNode, view: id, name: name, frame: frame, parent: parent, key: map.keyNode("panel")!))
        }
        pendingViews.append(pending)
        if let node = map["navigation"] { try parseNavigation(node, view: id, name: name, idNode: idNode) }
        if let subviews = map["subviews"] { try parseViews(subviews, key: "subviews", parent: id, depth: depth + 1) }
    }

    func parseViewProperties(_ map: YAMLMap, into spec: inout ViewSpec, context: String) throws(ScenarioError) {
        if let node = map["bounds"] {
            if spec.kind.isScrollView {
                throw reader.error(
                    at: map.keyNode("bounds")!,
                    "\(context) is a scroll view, so it takes "
                        + "'contentOffset' instead of 'bounds'")
            }
            spec.boundsOrigin = try reader.point(node, for: "'bounds'")
        }
        if let v = try map.bool("hidden") { spec.isHidden = v }
        if let node = map["alpha"] {
            let alpha = try reader.number(node, for: "'alpha'")
            guard (0 ... 1).contains(alpha) else { throw reader.mismatch(node, expected: "a number between 0 and 1", for: "'alpha'") }
            spec.alpha = alpha
        }
        if let v = try map.bool("userInteractionEnabled") { spec.isUserInteractionEnabled = v }
        if let v = try map.bool("enabled") { spec.isEnabled = v }
        if let v = try map.bool("clipsToBounds") { spec.clipsToBounds = v }
        if let v = try map.bool("animating") { spec.isAnimating = v }
        if let v = try map.bool("allowUserInteraction") { spec.allowsUserInteractionWhileAnimating = v }
        if let v = try map.bool("multipleTouchEnabled") { spec.isMultipleTouchEnabled = v }
        if let v = try map.bool("exclusiveTouch") { spec.isExclusiveTouch = v }
        if let node = map["touches"] { spec.touches = try parseTouchMethods(node) }
        if let node = map["hitTest"] { spec.hitTestOverride = try parseHitTest(node) }
        if let node = map["transform"] { spec.transform = try parseTransform(node) }
        if let node = map["value"] {
            let value = try reader.number(node, in: ScenarioLimits.value, for: "'value'")
            if spec.kind == .slider, !(0 ... 1).contains(value) {
                throw reader.mismatch(node, expected: "a number between 0 and 1 (a slider's value)", for: "'value'")
            }
            if spec.kind == .switch, value != 0 && value != 1 {
                throw reader.mismatch(node, expected: "0 or 1 (a switch's value)", for: "'value'")
            }
            spec.value = value
        }
        if let v = try map.string("class") { spec.className = v }
        if let v = try map.bool("vetoesPans") { spec.vetoesForeignPans = v }
    }

    /// The scroll keys; view references (`panHost`, `touchesShouldBegin: {reject}`, `pan:` view lists) stay pending.
    func parseScrollProperties(_ map: YAMLMap, into pending: inout ScenarioLoader.PendingView, name: String) throws(ScenarioError) {
        var scroll = pending.spec.scroll ?? ScrollConfig()
        if let v = try map.size("contentSize") { scroll.contentSize = v }
        if let v = try map.point("contentOffset") { pending.spec.boundsOrigin = v }
        if let v = try map.insets("contentInset") { scroll.contentInset = v }
        if let v = try map.bool("delaysContentTouches") { scroll.delaysContentTouches = v }
        if let v = try map.bool("canCancelContentTouches") { scroll.canCancelContentTouches = v }
        if let v = try map.choice("touchesShouldCancel", as: TouchesShouldCancelPolicy.self) { scroll.touchesShouldCancel = v }
        if let node = map["touchesShouldBegin"] {
            if case .mapping = node {
                let inner = try reader.map(node, for: "'touchesShouldBegin'")
                try inner.checkKeys(["reject"], in: "'touchesShouldBegin'")
                pending.rejectViews = try nameList(try inner.required("reject", in: "'touchesShouldBegin'"), for: "'reject'")
            } else {
                let choice = try reader.choice(node, ["always", "never"], for: "'touchesShouldBegin' (or {reject: [views]})")
                scroll.touchesShouldBegin = choice == "never" ? .never : .always
            }
        }
        if let v = try map.bool("bounces") { scroll.bounces = v }
        if let v = try map.bool("alwaysBounceHorizontal") { scroll.alwaysBounceHorizontal = v }
        if let v = try map.bool("alwaysBounceVertical") { scroll.alwaysBounceVertical = v }
        if let v = try map.bool("scrollEnabled") { scroll.isScrollEnabled = v }
        if let v = try map.bool("pagingEnabled") { scroll.isPagingEnabled = v }
        if let node = map["decelerationRate"] {
            scroll.fastDeceleration = try reader.choice(node, ["normal", "fast"], for: "'decelerationRate'") == "fast"
        }
        if let v = try map.point("decelerating") { scroll.initialDeceleration = v }
        if let v = try map.bool("transfersHorizontalScrollingToParent") { scroll.transfersHorizontalScrollingToParent = v }
        if let v = try map.bool("transfersVerticalScrollingToParent") { scroll.transfersVerticalScrollingToParent = v }
        if let node = map["panHost"] { pending.panHost = .init(name: try reader.identifier(node, for: "'panHost'"), node: node) }
        if let node = map["pan"] {
            let panMap = try reader.map(node, for: "'pan'")
            pending.pan = try parsePolicies(panMap, keys: ScenarioLoader.policyKeys, context: "'pan' of scroll view '\(name)'")
        }
        let zoom = ScenarioLimits.zoomScale
        if let v = try map.number("minimumZoomScale", in: zoom, "a zoom scale") { scroll.minimumZoomScale = v }
        if let v = try map.number("maximumZoomScale", in: zoom, "a zoom scale") { scroll.maximumZoomScale = v }
        if let v = try map.number("zoomScale", in: zoom, "a zoom scale") { scroll.zoomScale = v; pending.zoomScaleNode = map["zoomScale"] }
        if let v = try map.bool("bouncesZoom") { scroll.bouncesZoom = v }
        if let v = try map.bool("refreshControl") { scroll.hasRefreshControl = v }
        if let node = map["viewForZooming"] {
            pending.viewForZooming = .init(name: try reader.identifier(node, for: "'viewForZooming'"), node: node)
        }
        pending.spec.scroll = scroll
    }

    /// `touches:` — `inherit`, `consume`, `observe`, `logs`, or `{began, moved, ended, cancelled}`.
    func parseTouchMethods(_ node: Node) throws(ScenarioError) -> TouchMethods {
        if case .mapping = node {
            let map = try reader.map(node, for: "'touches'")
            try map.checkKeys(ScenarioLoader.touchPhaseKeys, in: "'touches'")
            var methods = TouchMethods.inherit
            if let v = try map.choice("began", as: TouchMethodImplementation.self) { methods.began = v }
            if let v = try map.choice("moved", as: TouchMethodImplementation.self) { methods.moved = v }
            if let v = try map.choice("ended", as: TouchMethodImplementation.self) { methods.ended = v }
            if let v = try map.choice("cancelled", as: TouchMethodImplementation.self) { methods.cancelled = v }
            return methods
        }
        let options = TouchMethodImplementation.allCases.map(\.rawValue) + ["logs"]
        let choice = try reader.choice(node, options, for: "'touches' (or a map of phases)")
        if choice == "logs" { return .logs }
        return TouchMethods(all: TouchMethodImplementation(rawValue: choice)!)
    }

    /// `hitTest:` — `passThrough`, `superview`, `{enlarge: N}` or `{enlarge: [top, left, bottom, right]}`.
    func parseHitTest(_ node: Node) throws(ScenarioError) -> HitTestOverride {
        guard case .mapping = node else {
            let choice = try reader.choice(node, ["passThrough", "superview"], for: "'hitTest' (or {enlarge: …})")
            return choice == "superview" ? .deferToSuperview : .passThrough
        }
        let map = try reader.map(node, for: "'hitTest'")
        try map.checkKeys(["enlarge"], in: "'hitTest'")
        let enlarge = try map.required("enlarge", in: "'hitTest'")
        if case .sequence = enlarge { return .enlarged(try reader.insets(enlarge, for: "'enlarge'")) }
        guard let amount = YAMLNodeReader.plainNumber(enlarge), ScenarioLimits.coordinate.contains(amount) else {
            throw reader.mismatch(
                enlarge,
                expected: "a number \(ScenarioLimits.describe(ScenarioLimits.coordinate, unit: "pt")) "
                    + "or [top, left, bottom, right]", for: "'enlarge'")
        }
        return .enlarged(EdgeInsets(all: amount))
    }

    /// A list of ids, kept as references.
    func nameList(_ node: Node, for label: String) throws(ScenarioError) -> [ScenarioLoader.NameRef] {
        var refs: [ScenarioLoader.NameRef] = []
        for item in try reader.list(node, for: label) {
            refs.append(.init(name: try reader.identifier(item, for: label), node: item))
        }
        return refs
    }

    /// Pass 2: resolves view references and adds the views in id order.
    mutating func addViews() throws(ScenarioError) {
        for pending in pendingViews {
            var spec = pending.spec
            let owner = "scroll view '\(spec.name)'"
            if let ref = pending.panHost {
                spec.scroll?.panHost = try resolveView(ref, allowWindow: true) {
                    "\(owner) hosts its pan on view '\($0)', which is not defined"
                }
            }
            if let refs = pending.rejectViews {
                var ids: [ViewID] = []
                for ref in refs {
                    ids.append(
                        try resolveView(ref, allowWindow: false) {
                            "\(owner) refers to view '\($0)' in 'touchesShouldBegin', which is not defined"
                        })
                }
                spec.scroll?.touchesShouldBegin = .rejectViews(ids)
            }
            if let pan = pending.pan {
                spec.scroll?.pan = try resolveViewPolicies(pan, owner: "the pan of \(owner)")
            }
            if let ref = pending.viewForZooming {
                let zoomView = try resolveView(ref, allowWindow: false) {
                    "\(owner) zooms view '\($0)', which is not defined"
                }
                guard pendingViews.first(where: { $0.id == zoomView })?.spec.parent == pending.id else {
                    throw reader.error(at: ref.node, "\(owner) zooms view '\(ref.name)', which is not one of its subviews")
                }
                spec.scroll?.viewForZooming = zoomView
            }
            if let node = pending.zoomScaleNode, let c = spec.scroll, c.zoomScale < c.minimumZoomScale || c.zoomScale > c.maximumZoomScale {
                throw reader.error(
                    at: node,
                    "\(owner) has zoomScale \(ScenarioLimits.text(c.zoomScale)), outside its "
                        + "minimumZoomScale…maximumZoomScale (\(ScenarioLimits.text(c.minimumZoomScale))…\(ScenarioLimits.text(c.maximumZoomScale)))")
            }
            let id = scene.addView(spec)
            precondition(id == pending.id, "view ids are assigned in addView order")
        }
    }
}
