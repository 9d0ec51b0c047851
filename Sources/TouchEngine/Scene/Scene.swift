/// Everything one engine run needs: the view tree, controllers, recognizers, parameters and the script.
///
/// A scene is a value. Build it with `addView`, `addController`, `addRecognizer`; the scroll views' own
/// recognizers (delay, pan) are installed by `installScrollViewRecognizers()`, which the loader calls after
/// the views and before user recognizers so that names like `SV.pan` can be referenced.
public struct Scene: Hashable, Sendable {
    public var name: String
    public var parameters: Parameters
    /// Views; index 0 is the window.
    public private(set) var views: [ViewSpec]
    /// Subviews of each view, back to front (last = frontmost).
    public private(set) var children: [[ViewID]]
    /// Depth of each view; the window is 0.
    public private(set) var depth: [Int]
    public private(set) var controllers: [ControllerSpec] = []
    public var recognizers: [RecognizerSpec] = []
    public var script: [ScriptEvent] = []
    /// The first responder while the script runs (a text field being edited, a view that became first
    /// responder); nil: none. Nil-targeted actions start their search here (§5.5).
    public var firstResponder: Responder? = nil
    /// Presented sheets (spec M1–M7), added with `addSheet`; empty in scenes without one.
    public var sheets: [SheetSpec] = []
    /// Library panels (spec K1, K2), added with `addPanel`; empty in scenes without one.
    public var panels: [PanelSpec] = []

    /// A scene whose window is `windowSize` (iPhone default 390×844).
    public init(name: String = "", windowSize: Size = Size(390, 844), parameters: Parameters = Parameters()) {
        self.name = name
        self.parameters = parameters
        var window = ViewSpec(name: "W", kind: .view, frame: Rect(origin: .zero, size: windowSize), parent: nil)
        window.className = "UIWindow"
        views = [window]
        children = [[]]
        depth = [0]
    }

    /// The window's bounds.
    public var windowSize: Size { views[0].frame.size }

    /// Room for `count` views in all (the window included) without growing the tables, for a builder that knows
    /// about how many it adds.
    public mutating func reserveCapacity(views count: Int) {
        views.reserveCapacity(count)
        children.reserveCapacity(count)
        depth.reserveCapacity(count)
    }

    /// Adds `spec` as the frontmost subview of `spec.parent` (the window when nil) and returns its id.
    /// `consuming`: a builder's spec moves into the table instead of being copied there.
    @discardableResult
    public mutating func addView(_ spec: consuming ViewSpec) -> ViewID {
        let parent = spec.parent ?? 0
        spec.parent = parent
        let id = views.count
        views.append(spec)
        children.append([])
        children[parent].append(id)
        depth.append(depth[parent] + 1)
        return id
    }

    public mutating func addController(_ spec: ControllerSpec) { controllers.append(spec) }

    /// Changes a view's properties after it was added (sweep axes set flags on generated trees). The
    /// view's place in the tree (`parent`) and its `kind` cannot change; scroll-view changes that affect
    /// its pan (`isScrollEnabled`, pan policies) are copied to the installed pan recognizer.
    ///
    /// Writes nothing that would stay equal: a change that leaves the view (or the pan) as it was leaves
    /// `views` (or `recognizers`) untouched, sharing its storage with any copy of the scene (the sweep's
    /// configured states tell changed trees from unchanged ones by storage).
    public mutating func modifyView(_ id: ViewID, _ body: (inout ViewSpec) -> Void) {
        var spec = views[id]
        let parent = spec.parent, kind = spec.kind
        body(&spec)
        spec.parent = parent
        spec.kind = kind
        if spec != views[id] { views[id] = spec }
        syncScrollPan(of: id)
    }

    /// View `id`'s kind, read in place (`views[id].kind` copied the whole view out first, its strings and arrays
    /// retained and released).
    @inlinable public func kind(of id: ViewID) -> ViewKind { views.withUnsafeBufferPointer { $0[id].kind } }

    /// Whether view `id` is a scroll view (has a scroll configuration), read in place.
    @inlinable public func isScrollView(_ id: ViewID) -> Bool { views.withUnsafeBufferPointer { $0[id].isScrollView } }

    /// The scroll views, in view order.
    public var scrollViewIDs: [ViewID] { views.withUnsafeBufferPointer { specs in specs.indices.filter { specs[$0].isScrollView } } }

    /// `modifyView(id) { $0[keyPath: field] = value }` (`field` is neither `parent` nor `kind`), comparing the
    /// field alone rather than copying and comparing the whole view.
    public mutating func setView<Value: Equatable>(_ field: WritableKeyPath<ViewSpec, Value>, of id: ViewID, to value: Value) {
        // Read through a buffer pointer: `views[id][keyPath: field]` copied the whole view out first.
        let current = views.withUnsafeBufferPointer { $0[id][keyPath: field] }
        if current != value { views[id][keyPath: field] = value }
        syncScrollPan(of: id)
    }

    /// `modifyView(id) { $0.scroll?[keyPath: field] = value }`, comparing the field alone rather than copying and
    /// comparing the whole view: nothing for a view that is not a scroll view.
    public mutating func setScroll<Value: Equatable>(_ field: WritableKeyPath<ScrollConfig, Value>, of id: ViewID, to value: Value) {
        // Read in place, as in `setView` (a pattern, not `!= nil`, which copied the configuration).
        let current: Value? = views.withUnsafeBufferPointer { specs in
            if case .none = specs[id].scroll { return nil }
            return specs[id].scroll![keyPath: field]
        }
        guard let current else { return }
        if current != value { views[id].scroll![keyPath: field] = value }
        syncScrollPan(of: id)
    }

    /// Copies scroll view `id`'s `isScrollEnabled` to its installed pan (what `modifyView` does after every change).
    private mutating func syncScrollPan(of id: ViewID) {
        let enabled: Bool? = views.withUnsafeBufferPointer { specs in
            if case .none = specs[id].scroll { return nil }
            return specs[id].scroll!.isScrollEnabled
        }
        guard let enabled, let pan = scrollRecognizers(of: id)?.pan else { return }
        if recognizers[pan].isEnabled != enabled { recognizers[pan].isEnabled = enabled }
    }

    /// Moves scroll view `id`'s `panGestureRecognizer` to `host` (§6.5), or back to the scroll view when
    /// `host` is nil or the scroll view itself. A moved pan counts as added after every other recognizer.
    public mutating func movePan(of id: ViewID, to host: ViewID?) {
        guard let pan = scrollRecognizers(of: id)?.pan else { return }
        let target = host ?? id
        // Only what changes is written (see `modifyView`).
        let panHost = target == id ? nil : target
        if views[id].scroll != nil && views[id].scroll!.panHost != panHost { views[id].scroll!.panHost = panHost }
        if recognizers[pan].view != target { recognizers[pan].view = target }
        let addOrder = target == id ? pan + 1 : 1_000_000 + pan
        if recognizers[pan].addOrder != addOrder { recognizers[pan].addOrder = addOrder }
    }

    /// Adds a recognizer (most recently added = largest `addOrder`) and returns its id.
    @discardableResult
    public mutating func addRecognizer(_ spec: RecognizerSpec) -> RecognizerID {
        var spec = spec
        if spec.addOrder == 0 { spec.addOrder = recognizers.count + 1 }
        recognizers.append(spec)
        return recognizers.count - 1
    }

    /// Installs every scroll view's delay recognizer and pan (named `<view>.delay`, `<view>.pan`), and for a
    /// zooming one its pinch (`<view>.pinch`), in view order. A pan whose `panHost` is another view is attached there and counts as added after every
    /// other recognizer (it is moved in code after setup, §6.5). Call once, after all views.
    public mutating func installScrollViewRecognizers() {
        for id in views.indices {
            guard let scroll = views[id].scroll else { continue }
            let name = views[id].name
            var delay = RecognizerSpec(name: name + ".delay", kind: .scrollDelay(scrollView: id), view: id)
            delay.delaysTouchesBegan = true
            // The delay recognizer is a gate: it never prevents others (S2 ruling, §10).
            delay.policies.canPrevent = .none
            addRecognizer(delay)
            var pan = RecognizerSpec(name: name + ".pan", kind: .scrollPan(scrollView: id), view: scroll.panHost ?? id)
            pan.isEnabled = scroll.isScrollEnabled
            // UIScrollViewPanGestureRecognizer delays neither phase (every printed description of it, iOS 9 on); the
            // content delay is the delay recognizer's (S1–S3).
            pan.delaysTouchesEnded = false
            pan.policies = scroll.pan
            if scroll.panHost != nil && scroll.panHost != id { pan.addOrder = 1_000_000 + recognizers.count }
            let panID = addRecognizer(pan)
            guard scroll.zoomEnabled else { continue }
            // §6.1: the pinch of a zooming scroll view. The scroll view, delegate of both, lets its pan and pinch
            // recognize together (a pinch whose centre moves also scrolls) [INF].
            var pinch = RecognizerSpec(name: name + ".pinch", kind: .scrollZoom(scrollView: id), view: id)
            pinch.policies.simultaneousWith = .only([panID])
            addRecognizer(pinch)
        }
    }

    /// Installs the system edge gates on the window (§8): `W.edgeGate` watching the bottom, left and right edges
    /// of `edges`, and, when `edges` has the top, `W.topEdgeGate` (Notification Center and Control Center) on its
    /// own — the window carries two gate recognizers [WIDE SO 19799961]. Returns the first one installed.
    @discardableResult
    public mutating func installEdgeGate(edges: ScreenEdges) -> RecognizerID {
        func gate(_ name: String, _ watched: ScreenEdges) -> RecognizerID {
            var gate = RecognizerSpec(name: name, kind: .edgeGate(edges: watched), view: 0)
            gate.delaysTouchesBegan = true
            gate.delaysTouchesEnded = false
            gate.policies.canPrevent = .none
            return addRecognizer(gate)
        }
        let others = edges.subtracting(.top)
        let first = others.isEmpty && edges.contains(.top) ? nil : gate("W.edgeGate", others)
        let top = edges.contains(.top) ? gate("W.topEdgeGate", .top) : nil
        return first ?? top!
    }

    public func view(named name: String) -> ViewID? { views.firstIndex { $0.name == name } }
    public func recognizer(named name: String) -> RecognizerID? { recognizers.firstIndex { $0.name == name } }
    public func controller(named name: String) -> Int? { controllers.firstIndex { $0.name == name } }

    /// The delay recognizer and pan of scroll view `id`.
    public func scrollRecognizers(of id: ViewID) -> (delay: RecognizerID, pan: RecognizerID)? {
        var delay: RecognizerID?, pan: RecognizerID?
        // Each kind read in place (through `recognizers[i]` it could copy the recognizer).
        recognizers.withUnsafeBufferPointer { specs in
            for i in specs.indices {
                switch specs[i].kind {
                case .scrollDelay(let sv) where sv == id: delay = i
                case .scrollPan(let sv) where sv == id: pan = i
                default: break
                }
            }
        }
        if let delay, let pan { return (delay, pan) }
        return nil
    }

    /// Whether `view` is `ancestor` or inside it.
    public func isView(_ view: ViewID, inside ancestor: ViewID) -> Bool {
        var v: ViewID? = view
        while let current = v {
            if current == ancestor { return true }
            v = views[current].parent
        }
        return false
    }
}
