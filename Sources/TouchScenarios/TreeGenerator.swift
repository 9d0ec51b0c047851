import SeededRandom
import TouchEngine

/// Builds seeded, deterministic view trees named after real screens (issue 3 §2).
///
/// Pure: the only randomness is `SplitMix64` streams derived from the seed, no Foundation, no hashing order
/// in any output. The same `(template, seed, options)` gives the same tree (`==`) on every machine.
///
/// Every tree has a root view `R` (controller `VC`) filling the 390×844 iPhone window. Views are added in
/// depth-first document order (a parent, then its whole subtree, then its next sibling), the order in which
/// the scenario loader numbers them, so a tree written with `ScenarioWriter` loads back to an equal scene.
/// The order of recognizers is the loader's too: scroll-view recognizers, then the edge gate, then the
/// template's own recognizers.
///
/// Sizes follow the real dumps in configs/screens: status bar 47 + navigation bar 44, tab bar 49 + home
/// indicator 34, table cells 44–90, buttons 44, switches 51×31, sliders 31 high, segmented controls 32,
/// steppers 94×32, text fields 34–44. Tables and collections instantiate only the cells that are on screen
/// (as UIKit's reuse does): their content size still counts every row, which keeps trees small (well under
/// 150 views) while the scroll range stays realistic.
public enum TreeGenerator {
    /// The iPhone window every template fills.
    public static let windowSize = Size(390, 844)

    public static func generate(_ template: TreeTemplate, seed: UInt64, options: TreeOptions) -> GeneratedTree {
        var b = TreeBuilder(template: template, seed: seed, options: options)
        switch template {
        case .feed: FeedTemplate.build(&b)
        case .carousel: CarouselTemplate.build(&b)
        case .form: FormTemplate.build(&b)
        case .drawer: DrawerTemplate.build(&b)
        case .pager: PagerTemplate.build(&b)
        case .settings: SettingsTemplate.build(&b)
        case .random: RandomTemplate.build(&b)
        case .photo: PhotoTemplate.build(&b)
        case .pushedScreen: PushedScreenTemplate.build(&b)
        case .pageSheet: PageSheetTemplate.build(&b)
        case .mapPanel: MapPanelTemplate.build(&b)
        case .screen: preconditionFailure("screens are imported (GeneratedTree(screen:seed:)), not generated")
        }
        return b.finish()
    }

    /// The window-coordinate rectangle of `view`'s bounds, ignoring clipping.
    public static func windowFrame(of view: ViewID, in scene: Scene) -> Rect {
        var origin = scene.views[view].frame.origin
        var v = scene.views[view].parent
        while let p = v {
            origin = origin + scene.views[p].frame.origin - scene.views[p].boundsOrigin
            v = scene.views[p].parent
        }
        return Rect(origin: origin, size: scene.views[view].frame.size)
    }

    /// The part of `view` a finger can reach: its window frame clipped by every ancestor's bounds (H2: a point
    /// outside a view's bounds never reaches its subviews) and by the window. Empty rects have zero size. An
    /// ancestor whose `point(inside:)` answers for its superview (`hitTest: superview`) does not clip: its
    /// superview's bounds do, as in the hit test.
    public static func clippedWindowRect(of view: ViewID, in scene: Scene) -> Rect {
        var rect = windowFrame(of: view, in: scene)
        var v = scene.views[view].parent
        while let p = v {
            if scene.views[p].hitTestOverride != .deferToSuperview || scene.views[p].parent == nil {
                rect = intersection(rect, windowFrame(of: p, in: scene))
            }
            v = scene.views[p].parent
        }
        return rect
    }

    /// The axes a scroll view can scroll, as the engine decides it (S5): enabled, and content plus insets
    /// larger than the bounds, or bouncing with `alwaysBounce<Axis>`.
    public static func scrollableAxes(of view: ViewID, in scene: Scene) -> [Axis] {
        var axes: [Axis] = []
        for axis in Axis.allCases where canScroll(view, along: axis, in: scene) { axes.append(axis) }
        return axes
    }

    /// Whether scroll view `view` can scroll along `axis` (``scrollableAxes(of:in:)`` without building the list);
    /// false for a view that is not a scroll view.
    static func canScroll(_ view: ViewID, along axis: Axis, in scene: Scene) -> Bool {
        // The fields read in place (copying the view's spec and scroll configuration cost more than the rest).
        scene.views.withUnsafeBufferPointer { specs in
            if case .none = specs[view].scroll { return false }
            guard specs[view].scroll!.isScrollEnabled else { return false }
            let inset = specs[view].scroll!.contentInset, contentSize = specs[view].scroll!.contentSize
            let bounces = specs[view].scroll!.bounces, frame = specs[view].frame
            let insets = axis == .horizontal ? inset.left + inset.right : inset.top + inset.bottom
            let always = axis == .horizontal ? specs[view].scroll!.alwaysBounceHorizontal : specs[view].scroll!.alwaysBounceVertical
            return contentSize[axis] + insets > frame.size[axis] || (bounces && always)
        }
    }

    // MARK: Rect helpers

    static func intersection(_ a: Rect, _ b: Rect) -> Rect {
        let x0 = max(a.minX, b.minX), y0 = max(a.minY, b.minY)
        let x1 = min(a.maxX, b.maxX), y1 = min(a.maxY, b.maxY)
        guard x1 > x0, y1 > y0 else { return Rect(x0, y0, 0, 0) }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    static func isEmpty(_ r: Rect) -> Bool { r.size.width <= 0 || r.size.height <= 0 }

    /// `a` minus `b`, kept rectangular: the largest of the (up to four) bands of `a` outside `b`.
    static func subtract(_ a: Rect, _ b: Rect) -> Rect {
        let overlap = intersection(a, b)
        if isEmpty(overlap) { return a }
        let bands = [
            Rect(a.minX, a.minY, a.size.width, overlap.minY - a.minY), // above
            Rect(a.minX, overlap.maxY, a.size.width, a.maxY - overlap.maxY), // below
            Rect(a.minX, a.minY, overlap.minX - a.minX, a.size.height), // left
            Rect(overlap.maxX, a.minY, a.maxX - overlap.maxX, a.size.height) // right
        ]
        var best = Rect(a.minX, a.minY, 0, 0)
        for band in bands where !isEmpty(band) && band.size.width * band.size.height > best.size.width * best.size.height {
            best = band
        }
        return best
    }
}

/// Screen furniture measurements (points), from the dumps in configs/screens.
enum Metrics {
    static let width = 390.0
    static let height = 844.0
    static let statusBar = 47.0
    static let navBar = 44.0
    /// Status bar + navigation bar: where content starts below a navigation bar.
    static let top = statusBar + navBar
    static let tabBar = 49.0
    static let homeIndicator = 34.0
    /// Windows at least this tall are phones with a home indicator (812 pt and up: iPhone X and later).
    static let homeIndicatorMinimumHeight = 812.0
    static let controlHeight = 44.0
    static let switchSize = Size(51, 31)
    static let stepperSize = Size(94, 32)
    static let sliderHeight = 31.0
    static let segmentedHeight = 32.0
    static let pageControlHeight = 26.0
    static let margin = 16.0
}

/// The template-facing tree builder: adds views in document order, records recognizers with their roles,
/// and computes roles and elements at the end.
struct TreeBuilder {
    enum RecognizerRole { case none, dismissTap, cellTap, longPress, swipePan, doubleTap, dismissPan }

    let template: TreeTemplate
    let seed: UInt64
    let options: TreeOptions
    var scene: Scene
    /// Plain views listed as `empty` elements (drags that start on empty content).
    var empties: [ViewID] = []
    /// Opaque views that hide whatever lies behind them (the drawer panel): elements behind them lose the
    /// covered part of their visible rect.
    var occluders: [ViewID] = []
    var overlays: [ViewID] = []
    var overlayPanHosts: [ViewID] = []
    var pendingRecognizers: [(RecognizerSpec, RecognizerRole)] = []
    /// The system's parts (touch-model-system): installed after the edge gate and before the template's own
    /// recognizers, the scenario loader's order.
    var navigations: [NavigationSpec] = []
    var sheets: [SheetSpec] = []
    var panels: [PanelSpec] = []
    /// Views that read their own touches (canvases): `canvas` elements.
    var canvases: [ViewID] = []
    /// `require(toFail:)` between template recognizers, by name (ids are known once `finish` installs them).
    var pendingFailureRequirements: [(recognizer: String, requires: String)] = []
    private var nextStream: UInt64 = 1

    init(template: TreeTemplate, seed: UInt64, options: TreeOptions) {
        self.template = template; self.seed = seed; self.options = options
        scene = Scene(name: "\(template.rawValue)-\(seed)", windowSize: TreeGenerator.windowSize)
        // Room for a large tree's views (well under 150, see `TreeGenerator`): the tables do not grow step by step.
        scene.reserveCapacity(views: 160)
    }

    /// A fresh independent random stream (`SplitMix64(seed: seed, k)`), one per call in template order.
    mutating func stream() -> SplitMix64 {
        defer { nextStream += 1 }
        return SplitMix64(seed: seed, UInt64(TreeTemplate.allCases.firstIndex(of: template)!), nextStream)
    }

    /// Adds a view as the frontmost subview of `parent` (nil: the window). Callers add a view's whole subtree
    /// before its next sibling (document order).
    @discardableResult
    mutating func view(
        _ name: String, _ kind: ViewKind = .view, _ frame: Rect, in parent: ViewID?,
        _ configure: (inout ViewSpec) -> Void = { _ in }
    ) -> ViewID {
        var spec = ViewSpec(name: name, kind: kind, frame: frame, parent: parent)
        configure(&spec)
        return scene.addView(consume spec)
    }

    /// The root view `R`, controller `VC`, filling the window.
    mutating func root() -> ViewID {
        let r = view("R", .view, Rect(0, 0, Metrics.width, Metrics.height), in: nil)
        scene.addController(ControllerSpec(name: "VC", rootView: r))
        return r
    }

    mutating func controller(_ name: String, for view: ViewID) {
        scene.addController(ControllerSpec(name: name, rootView: view))
    }

    mutating func markEmpty(_ id: ViewID) { empties.append(id) }

    mutating func recognizer(
        _ name: String, _ kind: RecognizerKind, on view: ViewID, role: RecognizerRole,
        _ configure: (inout RecognizerSpec) -> Void = { _ in }
    ) {
        var spec = RecognizerSpec(name: name, kind: kind, view: view)
        configure(&spec)
        pendingRecognizers.append((spec, role))
    }

    /// `recognizer.require(toFail: other)` (G10), both added with ``recognizer(_:_:on:role:_:)``.
    mutating func requireToFail(_ recognizer: String, _ other: String) {
        pendingFailureRequirements.append((recognizer, other))
    }

    // MARK: Shared screen furniture

    /// A navigation bar (status bar included) with a title and 1–2 bar buttons; returns its height.
    @discardableResult
    mutating func navigationBar(in parent: ViewID, rng: inout SplitMix64, back: Bool = true, trailing: String? = nil) -> Double {
        let bar = view("NavBar", .view, Rect(0, 0, Metrics.width, Metrics.top), in: parent) { $0.className = "UINavigationBar" }
        if back { view("NavBar.Back", .button, Rect(8, Metrics.statusBar, 44, 44), in: bar) }
        view("NavBar.Title", .label, Rect(110, Metrics.statusBar + 11, 170, 22), in: bar)
        if let trailing {
            let w = Double(rng.int(44 ... 64))
            view("NavBar." + trailing, .button, Rect(Metrics.width - 8 - w, Metrics.statusBar, w, 44), in: bar)
        }
        return Metrics.top
    }

    /// A tab bar of 3–5 tab buttons at the bottom (home indicator included); returns its height.
    @discardableResult
    mutating func tabBar(in parent: ViewID, rng: inout SplitMix64) -> Double {
        let h = Metrics.tabBar + Metrics.homeIndicator
        let bar = view("TabBar", .view, Rect(0, Metrics.height - h, Metrics.width, h), in: parent) { $0.className = "UITabBar" }
        let n = rng.int(3 ... 5)
        let w = (Metrics.width / Double(n)).rounded(.down)
        for i in 0 ..< n {
            view("Tab\(i + 1)", .button, Rect(Double(i) * w, 0, w, Metrics.tabBar), in: bar) { $0.className = "UITabBarButton" }
        }
        return h
    }

    // MARK: Finishing

    /// Installs the scroll-view recognizers, the edge gates and the template's recognizers (the loader's
    /// order), then fills roles and elements.
    mutating func finish() -> GeneratedTree {
        precondition(isDocumentOrder(), "views must be added in document order")
        scene.installScrollViewRecognizers()
        if options.edgeGate { scene.installEdgeGate(edges: [.top, .bottom]) }
        for navigation in navigations { _ = scene.installNavigation(navigation) }
        for sheet in sheets { _ = scene.addSheet(sheet) }
        for panel in panels { scene.addPanel(panel) }
        var roles = Roles()
        roles.navigations = navigations.map(\.view)
        roles.sheets = sheets.map(\.view)
        roles.panels = panels.map(\.view)
        roles.canvases = canvases
        for (spec, role) in pendingRecognizers {
            let id = scene.addRecognizer(spec)
            switch role {
            case .none: break
            case .dismissTap: roles.dismissTap = id
            case .cellTap: roles.cellTaps.append(id)
            case .longPress: roles.longPresses.append(id)
            case .swipePan: roles.swipePans.append(id)
            case .doubleTap: roles.doubleTaps.append(id)
            case .dismissPan:
                // The zoom pinch it competes with: the pinch of the first zooming scroll view (one per viewer).
                guard let pinch = scene.recognizers.firstIndex(where: { if case .scrollZoom = $0.kind { true } else { false } })
                else { preconditionFailure("a dismiss pan needs a zooming scroll view") }
                roles.dismissPans.append(id)
                roles.dismissPanPinches.append(pinch)
            }
        }
        for (name, other) in pendingFailureRequirements {
            guard let r = scene.recognizer(named: name), let o = scene.recognizer(named: other) else {
                preconditionFailure("require(toFail:) names a recognizer the template did not add")
            }
            scene.recognizers[r].policies.requireToFail.append(o)
        }
        roles.scrollViews = scene.scrollViewIDs
        roles.overlays = overlays
        roles.overlayPanHosts = overlayPanHosts
        return GeneratedTree(template: template, seed: seed, scene: scene, roles: roles, elements: elements())
    }

    /// Views in id order are a depth-first pre-order walk of the tree: the superview of each view is the view
    /// before it or an ancestor of that one (subviews are listed in id order, as `addView` appends them). The
    /// walks up pass each view at most once.
    func isDocumentOrder() -> Bool {
        scene.views.withUnsafeBufferPointer { specs in
            for v in specs.indices.dropFirst() {
                var up: ViewID? = v - 1
                while let current = up, current != specs[v].parent { up = specs[current].parent }
                if up == nil { return false }
            }
            return true
        }
    }

    func elements() -> [Element] {
        TreeGenerator.elements(of: scene, empties: empties, occluders: occluders, canvases: canvases)
    }
}

extension SplitMix64 {
    /// A whole number of points in `range`.
    mutating func pt(_ range: ClosedRange<Int>) -> Double { Double(int(range)) }

    /// A size from an options range, clamped to at least `minimum`.
    mutating func count(_ range: ClosedRange<Int>, atLeast minimum: Int, atMost maximum: Int = .max) -> Int {
        let lo = min(max(range.lowerBound, minimum), maximum), hi = min(max(range.upperBound, lo), maximum)
        return int(lo ... hi)
    }

    /// A seeded permutation of `0 ..< n` (Fisher–Yates).
    mutating func permutation(_ n: Int) -> [Int] {
        var a = Array(0 ..< n)
        if n < 2 { return a }
        for i in stride(from: n - 1, to: 0, by: -1) {
            let j = int(0 ... i)
            a.swapAt(i, j)
        }
        return a
    }
}

/// One row of a vertically scrolling list: its content-space position and height.
struct ListRow {
    var index: Int
    var y: Double
    var height: Double
}

enum ListLayout {
    /// Rows stacked from `top`, each `heights[i]` tall.
    static func rows(heights: [Double], top: Double) -> [ListRow] {
        var y = top
        var rows: [ListRow] = []
        for (i, h) in heights.enumerated() {
            rows.append(ListRow(index: i, y: y, height: h))
            y += h
        }
        return rows
    }

    /// An initial content offset: at the top most of the time, otherwise anywhere in range (a screen the
    /// user already scrolled), whole points.
    static func offset(content: Double, visible: Double, rng: inout SplitMix64, atTop: Double = 0.6) -> Double {
        let maxOffset = max(0, content - visible)
        if maxOffset == 0 || rng.chance(atTop) { return 0 }
        return Double(rng.int(0 ... Int(maxOffset)))
    }

    /// Rows on screen (intersecting `[offset, offset + visible)`): the cells a table would have loaded.
    static func onScreen(_ rows: [ListRow], offset: Double, visible: Double) -> [ListRow] {
        rows.filter { $0.y + $0.height > offset && $0.y < offset + visible }
    }
}
