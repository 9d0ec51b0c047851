import TouchEngine

/// Writes a `Scene` as a scenario file (docs/scenario-format.md) that `ScenarioLoader.load(yaml:path:)` reads
/// back to an equal scene: views with every property that differs from its kind's default, controllers,
/// user recognizers with their flags, thresholds and policies, the edge gate, the parameters that differ
/// from the defaults, and the script as string steps. Numbers are written exactly (shortest round-trip
/// decimal form; times in ms to the microsecond).
///
/// What round-trips exactly is a scene built the loader's way, which is how the tree generator builds:
/// - views added in document (depth-first) order — the loader numbers them that way;
/// - `installScrollViewRecognizers()`, then the edge gate, then user recognizers, each user recognizer with
///   the default `addOrder` — the loader installs them in that order;
/// - controllers in the order of their root views, or otherwise listed (then they are written as a list);
/// - no change to an installed recognizer beyond what its scroll view expresses (`scrollEnabled`, `panHost`,
///   `pan:` policies). A *disabled* edge gate (the `system.edgeGate: false` or `system.topEdgeGate: false` axis) has
///   no file syntax: it is left out — the same behaviour, one recognizer fewer — with a comment saying so.
/// The window keeps its loader-made form (name `W`, class `UIWindow`); only its size is written.
public enum ScenarioWriter {
    public static func yaml(_ scene: Scene, description: String?) -> String {
        var w = Writer(scene: scene)
        w.line("name: " + QuotedString.yaml(scene.name))
        if let description { w.line("description: " + QuotedString.yaml(description)) }
        w.parameters()
        w.window()
        w.views()
        w.controllers()
        w.firstResponder()
        w.recognizers()
        w.script()
        return w.text
    }

    // MARK: Scalars

    /// A number in its shortest exact form: `16`, `-3.5`, `8.333333333333334`, `1e-05`.
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return String(v)
    }

    /// Milliseconds of virtual time, exact to the microsecond: `300`, `16.667`.
    static func ms(_ us: Int64) -> String {
        let sign = us < 0 ? "-" : ""
        let whole = us.magnitude / 1000, fraction = us.magnitude % 1000
        guard fraction != 0 else { return "\(sign)\(whole)" }
        var digits = String(fraction)
        digits = String(repeating: "0", count: 3 - digits.count) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return "\(sign)\(whole).\(digits)"
    }

    static func ms(_ d: TouchEngine.Duration) -> String { ms(d.microseconds) }

    /// A parameter's value as `parameters:` gives it (``ParameterTable``).
    static func text(_ value: ParameterField.Value) -> String {
        switch value {
        case .duration(let d): ms(d)
        case .number(let x): number(x)
        case .bool(let b): "\(b)"
        case .version(let v): QuotedString.yaml(v.description)
        case .device(let d): d.rawValue
        }
    }

    /// An id: plain when it is safe unquoted in block and flow context, quoted otherwise.
    static func id(_ s: String) -> String {
        let safe =
            !s.isEmpty
            && s.unicodeScalars.allSatisfy { c in
                (c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c == "_" || c == "." || c == "-"
            }
        let reserved = [
            "true", "false", "True", "False", "TRUE", "FALSE", "null", "Null", "NULL", "yes", "no", "on", "off",
            "Yes", "No", "On", "Off", "YES", "NO", "ON", "OFF", "y", "n", "Y", "N"
        ]
        if safe && !reserved.contains(s) && s.first != "-" && s.first != "." && !s.allSatisfy({ "0123456789.+-eE".contains($0) }) {
            return s
        }
        return QuotedString.yaml(s)
    }

    static func point(_ p: Point) -> String { "[\(number(p.x)), \(number(p.y))]" }
    static func size(_ s: Size) -> String { "[\(number(s.width)), \(number(s.height))]" }
    static func rect(_ r: Rect) -> String {
        "[\(number(r.origin.x)), \(number(r.origin.y)), \(number(r.size.width)), \(number(r.size.height))]"
    }
    static func insets(_ i: EdgeInsets) -> String {
        "[\(number(i.top)), \(number(i.left)), \(number(i.bottom)), \(number(i.right))]"
    }

    static func touches(_ t: TouchMethods) -> String {
        if t == .logs { return "logs" }
        if t.began == t.moved && t.moved == t.ended && t.ended == t.cancelled { return t.began.rawValue }
        var parts: [String] = []
        if t.began != .inherit { parts.append("began: \(t.began.rawValue)") }
        if t.moved != .inherit { parts.append("moved: \(t.moved.rawValue)") }
        if t.ended != .inherit { parts.append("ended: \(t.ended.rawValue)") }
        if t.cancelled != .inherit { parts.append("cancelled: \(t.cancelled.rawValue)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }

    // MARK: Writer

    struct Writer {
        let scene: Scene
        var text = ""
        /// The views that declare a navigation controller (read once: most scenes have none).
        let navigationViews: Set<ViewID>

        init(scene: Scene) {
            self.scene = scene
            navigationViews = Set(scene.navigations.map(\.view))
        }

        mutating func line(_ s: String, _ indent: Int = 0) {
            text += String(repeating: " ", count: indent) + s + "\n"
        }

        func viewName(_ v: ViewID) -> String { v == 0 ? "window" : ScenarioWriter.id(scene.views[v].name) }
        func recognizerName(_ r: RecognizerID) -> String { ScenarioWriter.id(scene.recognizers[r].name) }
        func viewList(_ ids: [ViewID]) -> String { "[" + ids.map(viewName).joined(separator: ", ") + "]" }
        func recognizerList(_ ids: [RecognizerID]) -> String { "[" + ids.map(recognizerName).joined(separator: ", ") + "]" }

        /// The window's edge gates (`W.edgeGate`, `W.topEdgeGate`), in install order.
        var edgeGates: [(id: RecognizerID, edges: ScreenEdges)] {
            scene.recognizers.indices.compactMap { i in
                if case .edgeGate(let edges) = scene.recognizers[i].kind { return (i, edges) }
                return nil
            }
        }

        // MARK: Parameters

        mutating func parameters() {
            let p = scene.parameters
            var entries: [String] = []
            for field in ParameterTable.fields {
                guard let value = field.get(p), value != field.standard else { continue }
                entries.append("\(field.key): " + ScenarioWriter.text(value))
            }
            guard !entries.isEmpty else { return }
            line("parameters:")
            for e in entries { line(e, 2) }
        }

        // MARK: Window

        mutating func window() {
            var entries: [String] = []
            if scene.windowSize != Size(390, 844) { entries.append("size: " + ScenarioWriter.size(scene.windowSize)) }
            var edges: ScreenEdges = []
            for gate in edgeGates {
                if scene.recognizers[gate.id].isEnabled {
                    edges.formUnion(gate.edges)
                } else {
                    line(
                        "# The system edge gate \(scene.recognizers[gate.id].name) is installed but disabled (the app defers "
                            + "system gestures): left out.")
                }
            }
            if !edges.isEmpty { entries.append("edgeGate: " + ScenarioWriter.edges(edges)) }
            guard !entries.isEmpty else { return }
            line("window:")
            for e in entries { line(e, 2) }
        }

        // MARK: Views

        /// Controllers written as the views' `controller:` shorthand when they are in root-view order.
        var controllersInViewOrder: Bool {
            let roots = scene.controllers.map(\.rootView)
            return roots == roots.sorted() && Set(roots).count == roots.count && !roots.contains(0)
        }

        mutating func views() {
            guard !scene.children[0].isEmpty else { line("views: []"); return }
            line("views:")
            for child in scene.children[0] { view(child, indent: 2) }
        }

        mutating func view(_ v: ViewID, indent: Int) {
            let spec = scene.views[v]
            let pad = indent + 2
            line("- id: " + ScenarioWriter.id(spec.name), indent)
            if spec.kind != .view { line("kind: " + spec.kind.rawValue, pad) }
            if let className = spec.className { line("class: " + QuotedString.yaml(className), pad) }
            if controllersInViewOrder, let c = scene.controllers.first(where: { $0.rootView == v }) {
                line("controller: " + ScenarioWriter.id(c.name), pad)
            }
            line("frame: " + rect(spec.frame), pad)
            if spec.boundsOrigin != .zero { line((spec.kind.isScrollView ? "contentOffset: " : "bounds: ") + point(spec.boundsOrigin), pad) }
            if spec.isHidden { line("hidden: true", pad) }
            if spec.alpha != 1 { line("alpha: " + number(spec.alpha), pad) }
            if spec.isUserInteractionEnabled != spec.kind.defaultUserInteractionEnabled {
                line("userInteractionEnabled: \(spec.isUserInteractionEnabled)", pad)
            }
            if !spec.isEnabled { line("enabled: false", pad) }
            if spec.clipsToBounds { line("clipsToBounds: true", pad) }
            if spec.isMultipleTouchEnabled { line("multipleTouchEnabled: true", pad) }
            if spec.isExclusiveTouch { line("exclusiveTouch: true", pad) }
            if spec.isAnimating { line("animating: true", pad) }
            if spec.allowsUserInteractionWhileAnimating { line("allowUserInteraction: true", pad) }
            if spec.touches != .inherit { line("touches: " + touches(spec.touches), pad) }
            if !spec.transform.isIdentity {
                let t = spec.transform
                line("transform: {matrix: [" + [t.a, t.b, t.c, t.d, t.tx, t.ty].map(number).joined(separator: ", ") + "]}", pad)
            }
            switch spec.hitTestOverride {
            case .none: break
            case .passThrough: line("hitTest: passThrough", pad)
            case .deferToSuperview: line("hitTest: superview", pad)
            case .enlarged(let i): line("hitTest: {enlarge: " + insets(i) + "}", pad)
            }
            if spec.value != 0 { line("value: " + number(spec.value), pad) }
            if spec.vetoesForeignPans { line("vetoesPans: true", pad) }
            if let s = scene.sheet(of: v) { sheet(scene.sheets[s], indent: pad) }
            if let p = scene.panel(of: v) { panel(scene.panels[p], indent: pad) }
            if spec.kind.isScrollView, let scroll = spec.scroll { self.scroll(scroll, kind: spec.kind, indent: pad) }
            for entry in responderActions(spec.actions) { line(entry, pad) }
            targetActions(spec, indent: pad)
            if let navigation = navigation(of: v) { line("navigation: " + navigation, pad) }
            let children = scene.children[v]
            if !children.isEmpty {
                line("subviews:", pad)
                for child in children { view(child, indent: pad + 2) }
            }
        }

        mutating func scroll(_ c: ScrollConfig, kind: ViewKind, indent pad: Int) {
            let d = ScrollConfig()
            if c.contentSize != d.contentSize { line("contentSize: " + size(c.contentSize), pad) }
            if c.contentInset != d.contentInset { line("contentInset: " + insets(c.contentInset), pad) }
            if c.delaysContentTouches != d.delaysContentTouches { line("delaysContentTouches: \(c.delaysContentTouches)", pad) }
            if c.canCancelContentTouches != d.canCancelContentTouches { line("canCancelContentTouches: \(c.canCancelContentTouches)", pad) }
            if c.touchesShouldCancel != d.touchesShouldCancel { line("touchesShouldCancel: " + c.touchesShouldCancel.rawValue, pad) }
            switch c.touchesShouldBegin {
            case .always: break
            case .never: line("touchesShouldBegin: never", pad)
            case .rejectViews(let ids): line("touchesShouldBegin: {reject: " + viewList(ids) + "}", pad)
            }
            if c.bounces != d.bounces { line("bounces: \(c.bounces)", pad) }
            if c.alwaysBounceHorizontal != d.alwaysBounceHorizontal { line("alwaysBounceHorizontal: \(c.alwaysBounceHorizontal)", pad) }
            // A table view bounces vertically by default (§7).
            if c.alwaysBounceVertical != (kind == .tableView) { line("alwaysBounceVertical: \(c.alwaysBounceVertical)", pad) }
            if c.isScrollEnabled != d.isScrollEnabled { line("scrollEnabled: \(c.isScrollEnabled)", pad) }
            if c.isPagingEnabled != d.isPagingEnabled { line("pagingEnabled: \(c.isPagingEnabled)", pad) }
            if c.fastDeceleration { line("decelerationRate: fast", pad) }
            if let v = c.initialDeceleration { line("decelerating: " + point(v), pad) }
            if c.transfersHorizontalScrollingToParent != d.transfersHorizontalScrollingToParent {
                line("transfersHorizontalScrollingToParent: \(c.transfersHorizontalScrollingToParent)", pad)
            }
            if c.transfersVerticalScrollingToParent != d.transfersVerticalScrollingToParent {
                line("transfersVerticalScrollingToParent: \(c.transfersVerticalScrollingToParent)", pad)
            }
            if let host = c.panHost { line("panHost: " + viewName(host), pad) }
            if c.minimumZoomScale != d.minimumZoomScale { line("minimumZoomScale: " + number(c.minimumZoomScale), pad) }
            if c.maximumZoomScale != d.maximumZoomScale { line("maximumZoomScale: " + number(c.maximumZoomScale), pad) }
            if c.zoomScale != d.zoomScale { line("zoomScale: " + number(c.zoomScale), pad) }
            if c.bouncesZoom != d.bouncesZoom { line("bouncesZoom: \(c.bouncesZoom)", pad) }
            if let zoomView = c.viewForZooming { line("viewForZooming: " + viewName(zoomView), pad) }
            if c.hasRefreshControl { line("refreshControl: true", pad) }
            let policies = self.policies(c.pan)
            if !policies.isEmpty {
                line("pan:", pad)
                for p in policies { line(p, pad + 2) }
            }
        }

        // MARK: Controllers

        mutating func controllers() {
            let inViewOrder = controllersInViewOrder
            var entries: [String] = []
            for c in scene.controllers {
                var extra = c.touches != .inherit ? ", touches: \(touches(c.touches))" : ""
                for entry in responderActions(c.actions) { extra += ", " + entry }
                if inViewOrder {
                    // The shorthand made the controller; list it only to give its touch methods and actions.
                    if !extra.isEmpty { entries.append("{id: \(ScenarioWriter.id(c.name))\(extra)}") }
                } else {
                    entries.append("{id: \(ScenarioWriter.id(c.name)), view: \(viewName(c.rootView))\(extra)}")
                }
            }
            guard !entries.isEmpty else { return }
            line("controllers:")
            for e in entries { line("- " + e, 2) }
        }

        // MARK: Target-action (§5.5)

        func responderName(_ r: Responder) -> String {
            switch r {
            case .view(let v): return viewName(v)
            case .controller(let c): return ScenarioWriter.id(scene.controllers[c].name)
            }
        }

        func responderActions(_ a: ResponderActions) -> [String] {
            var out: [String] = []
            if !a.implements.isEmpty { out.append("implements: [" + a.implements.joined(separator: ", ") + "]") }
            if !a.refuses.isEmpty { out.append("refuses: [" + a.refuses.joined(separator: ", ") + "]") }
            return out
        }

        func events(_ set: ControlEventSet) -> String {
            if set == .all { return "allEvents" }
            let names = ScenarioLoader.eventNames.filter { set.contains($0.1) }.map(\.0)
            return names.count == 1 ? names[0] : "[" + names.joined(separator: ", ") + "]"
        }

        mutating func targetActions(_ spec: ViewSpec, indent pad: Int) {
            if let primary = spec.primaryAction { line("primaryAction: " + primary, pad) }
            guard !spec.actionSetup.isEmpty else { return }
            line("targetActions:", pad)
            for call in spec.actionSetup {
                let text: String
                switch call {
                case let .addTarget(target, action, set):
                    text = "{addTarget: \(target.map(responderName) ?? "~"), action: \(action), for: \(events(set))}"
                case let .addAction(name, set):
                    text = "{addAction: \(name), for: \(events(set))}"
                case let .removeTarget(target, action, set):
                    text =
                        "{removeTarget: \(target.map(responderName) ?? "~")" + (action.map { ", action: \($0)" } ?? "")
                        + ", for: \(events(set))}"
                case let .removeAction(name, set):
                    text = "{removeAction: \(name), for: \(events(set))}"
                }
                line("- " + text, pad + 2)
            }
        }

        mutating func firstResponder() {
            if let r = scene.firstResponder { line("firstResponder: " + responderName(r)) }
        }

    }
}
