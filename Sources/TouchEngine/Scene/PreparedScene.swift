/// A scene with every table a run needs computed once: plain-data copies of the views and recognizers
/// (no strings or arrays inside, so reading them costs no reference counting), flattened subview lists,
/// the G2 rank order, and the arbitration relations (G8, G9, G10) as lookup tables.
///
/// Sweeps prepare a scene once and run it many times (`Engine.summary(_:)`); `Engine.trace` prepares as
/// it goes. Preparing is a pure function of the scene.
public final class PreparedScene: Sendable {
    public let scene: Scene
    let views: [ViewInfo]
    let recs: [RecognizerInfo]
    /// Subviews of view v are `childList[childStart[v] ..< childStart[v] + childCount[v]]`, back to front.
    let childStart: [Int]
    let childCount: [Int]
    let childList: [ViewID]
    /// Recognizers in G2 order (deeper view first, then most recently added) and each one's position.
    let rankOrder: [RecognizerID]
    let rank: [Int]
    let scrollDelayOf: [RecognizerID]
    let scrollPanOf: [RecognizerID]
    let controllerOf: [Int]
    /// Per scroll view and axis (index `view * 2 + axis`): S5 can-scroll, and the offset range.
    let canScroll: [Bool]
    let offsetMin: [Double]
    let offsetMax: [Double]
    /// Every view's initial `bounds.origin` (content offset for scroll views).
    let initialOffsets: [Point]
    /// The scroll views, in view order.
    let scrollViewIDs: [ViewID]
    /// Scroll views already decelerating when a run starts (S9 scenarios), in view order.
    let initiallyDecelerating: [ViewID]
    /// Per view: the `zoomScale` a run starts with (1 for views that are not zooming scroll views).
    let initialZoomScale: [Double]
    /// Zooming scroll views that start zoomed, with their view for zooming (which starts scaled, issue 15 §2).
    let initiallyZoomed: [(scrollView: ViewID, zoomView: ViewID)]
    let controllerRootView: [ViewID]
    /// Some view has a transform: conversions of vectors and scroll axes must look them up (else they are the
    /// identity and are skipped).
    let anyTransform: Bool
    /// Some scroll view zooms (issue 15 §2): a zoom gives its view for zooming a transform during a run, so vectors
    /// convert through this run's views rather than the tables below.
    let anyZoom: Bool
    /// Per view: the linear part of the map from window points to the view's bounds space (the inverse
    /// transforms of the view and its ancestors); vectors (translations, velocities) convert through it.
    let windowToViewLinear: [AffineTransform]
    /// Per view: window points to lengths along the view's own axes — `windowToViewLinear` with each row scaled
    /// to unit length, so a displacement is measured in window points along the view's x and y (thresholds are
    /// compared in window points, touch-model §0.2) — and its inverse.
    let windowToAxes: [AffineTransform]
    let axesToWindow: [AffineTransform]
    let controllerTouches: [TouchMethods]
    /// `simultaneous[a * n + b]`: G8 either delegate (or the edge gate).
    let simultaneous: [Bool]
    /// `prevents[a * n + b]`: G9 `a.canPrevent(b) && b.canBePrevented(by: a)` and the tap rule.
    let prevents: [Bool]
    /// Failure requirements of r: `requirementList[requirementStart[r] ..< requirementStart[r + 1]]` (G10).
    let requirementStart: [Int]
    let requirementList: [RecognizerID]
    /// Recognizers linked to r by a failure requirement in either direction (reset together, §4.1).
    let linkedStart: [Int]
    let linkedList: [RecognizerID]
    /// Target-action (§5.5), per view: whether it declares actions, what each registration does, and the events
    /// whose performed actions count as its primary action (``RunSummary/performedActions``).
    let declaresActions: [Bool]
    let actionTable: [[PreparedAction]]
    let judgedEvents: [ControlEventSet]
    /// Some recognizer's delegate logs its questions: traced runs emit them (issue 15 §4).
    let anyDelegateLogs: Bool

    public convenience init(_ scene: Scene) { self.init(scene, sharing: nil) }

    /// `scene` prepared, with the tables of `other` that come from parts of the two scenes that are equal: the
    /// recognizer tables (rank order, relations, failure requirements) when the recognizers, depths and parents
    /// are (all but the per-recognizer rows when the recognizers differ only in flags those tables do not read:
    /// `sameRelationTables`), the subview lists when the subviews are, the view tables (views, scroll ranges, initial offsets and
    /// zoom, transforms, target actions) when the views are the same storage, else the scroll ranges, transforms
    /// and target actions when the views (as many) agree on what those read; the controller tables when the
    /// controllers are the same storage. The rest is computed. Equal to `PreparedScene(scene)`.
    public convenience init(_ scene: Scene, sharingEqualPartsOf other: PreparedScene) { self.init(scene, sharing: other) }

    /// `init(_:sharingEqualPartsOf:)` for a scene whose views are `other.scene`'s but for those in `viewsThatMayDiffer`
    /// (as many views, every other one equal): only those are read and compared; the rest of the view tables is
    /// `other`'s. A sweep's configured states of one tree differ only in the views its axes write.
    /// - Precondition: every view outside `viewsThatMayDiffer` is equal in the two scenes, and they have as many views.
    public convenience init(_ scene: Scene, sharingEqualPartsOf other: PreparedScene, viewsThatMayDiffer: [ViewID]) {
        precondition(scene.views.count == other.scene.views.count, "viewsThatMayDiffer needs scenes of as many views")
        self.init(scene, sharing: other, mayDiffer: viewsThatMayDiffer)
    }

    /// Per scroll view and axis (`view * 2 + axis`): S5 can-scroll and the offset range, from the views' plain data.
    static func scrollRanges(_ views: [ViewInfo], _ scrollViewIDs: [ViewID]) -> (canScroll: [Bool], offsetMin: [Double], offsetMax: [Double]) {
        var canScroll = Array(repeating: false, count: views.count * 2)
        var offsetMin = Array(repeating: 0.0, count: views.count * 2)
        var offsetMax = Array(repeating: 0.0, count: views.count * 2)
        for v in scrollViewIDs {
            // The plain-data copy of the view's scroll configuration (`ViewInfo.scroll`).
            let config = views[v].scroll!, frame = views[v].frame
            for axis in Axis.allCases {
                let i = v * 2 + axis.rawValue
                let lead = axis == .horizontal ? config.contentInset.left : config.contentInset.top
                let trail = axis == .horizontal ? config.contentInset.right : config.contentInset.bottom
                offsetMin[i] = -lead
                offsetMax[i] = max(-lead, config.contentSize[axis] + trail - frame.size[axis])
                // S5: isScrollEnabled && (content + insets > bounds || (bounces && alwaysBounce<Axis>)).
                let always = axis == .horizontal ? config.alwaysBounceHorizontal : config.alwaysBounceVertical
                canScroll[i] =
                    config.isScrollEnabled
                    && (config.contentSize[axis] + lead + trail > frame.size[axis] || (config.bounces && always))
            }
        }
        return (canScroll, offsetMin, offsetMax)
    }

    /// Per view: the linear map from window points to its bounds space, to lengths along its axes, and back.
    static func transformTables(_ scene: Scene, anyTransform: Bool) -> (linear: [AffineTransform], axes: [AffineTransform], back: [AffineTransform]) {
        var linear = Array(repeating: AffineTransform.identity, count: scene.views.count)
        var axes = linear, axesBack = linear
        if anyTransform {
            var done = Array(repeating: false, count: scene.views.count)
            func compute(_ v: ViewID) {
                guard !done[v] else { return }
                var inherited = AffineTransform.identity
                if let parent = scene.views[v].parent { compute(parent); inherited = linear[parent] }
                var own = scene.views[v].transform.inverted ?? .identity
                own.tx = 0; own.ty = 0
                linear[v] = inherited.concatenating(own)
                let m = linear[v]
                let row1 = (m.a * m.a + m.c * m.c).squareRoot(), row2 = (m.b * m.b + m.d * m.d).squareRoot()
                let unit = AffineTransform(
                    a: row1 > 0 ? m.a / row1 : 1, b: row2 > 0 ? m.b / row2 : 0,
                    c: row1 > 0 ? m.c / row1 : 0, d: row2 > 0 ? m.d / row2 : 1, tx: 0, ty: 0)
                axes[v] = unit
                axesBack[v] = unit.inverted ?? .identity
                done[v] = true
            }
            for v in scene.views.indices { compute(v) }
        }
        return (linear, axes, axesBack)
    }

    /// Whether the views `mayDiffer` of `a` and `b` agree on what the per-view lists besides `ViewInfo` read
    /// (initial offsets and zoom, the scroll views, the initially decelerating and zoomed ones, whether any view
    /// has a transform or zooms), read in place.
    static func sameViewLists(_ a: Scene, _ b: Scene, _ mayDiffer: [ViewID]) -> Bool {
        a.views.withUnsafeBufferPointer { va in
            b.views.withUnsafeBufferPointer { vb in
                mayDiffer.allSatisfy { v in
                    guard va[v].boundsOrigin == vb[v].boundsOrigin, va[v].transform.isIdentity == vb[v].transform.isIdentity else { return false }
                    switch (va[v].scroll, vb[v].scroll) {
                    case (.none, .none): return true
                    case (.some, .some):
                        let x = va[v].scroll!, y = vb[v].scroll!
                        return (x.initialDeceleration != nil) == (y.initialDeceleration != nil) && x.zoomScale == y.zoomScale
                            && x.viewForZooming == y.viewForZooming && x.zoomEnabled == y.zoomEnabled
                    default: return false
                    }
                }
            }
        }
    }

    /// Whether `a` and `b` are the same storage (so equal).
    static func sameStorage<T>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pa.baseAddress == $0.baseAddress } }
    }

    /// Whether `a[v]` and `b[v]` agree on what the target-action tables (`declaresActions`, `actionTable`,
    /// `judgedEvents`) read of a view: its primary action, action setup, actions and parent (`Scene.registrations`,
    /// `Scene.resolveNilTarget`). Read in place (copying the views cost more than the tables).
    static func sameActionInputs(_ a: UnsafeBufferPointer<ViewSpec>, _ b: UnsafeBufferPointer<ViewSpec>, _ v: Int) -> Bool {
        a[v].parent == b[v].parent && a[v].primaryAction == b[v].primaryAction && a[v].actionSetup == b[v].actionSetup
            && a[v].actions == b[v].actions
    }

    /// Whether the rank order and the relation tables (simultaneity, prevention, failure requirements, linked
    /// resets, scroll delays and pans) of `a` and `b` come out the same: they read the recognizers' kinds, views,
    /// add orders and policies, the views' depths and parents and the number of views, nothing else.
    static func sameRelationTables(_ a: Scene, _ b: Scene) -> Bool {
        guard a.views.count == b.views.count, a.recognizers.count == b.recognizers.count, a.depth == b.depth else { return false }
        let sameRecognizers = a.recognizers.withUnsafeBufferPointer { ra in
            b.recognizers.withUnsafeBufferPointer { rb in
                ra.indices.allSatisfy {
                    ra[$0].view == rb[$0].view && ra[$0].addOrder == rb[$0].addOrder && ra[$0].kind == rb[$0].kind
                        && ra[$0].policies == rb[$0].policies
                }
            }
        }
        guard sameRecognizers else { return false }
        return a.views.withUnsafeBufferPointer { va in
            b.views.withUnsafeBufferPointer { vb in va.indices.allSatisfy { va[$0].parent == vb[$0].parent } }
        }
    }

    /// Whether the recognizer tables of `a` and `b` come out the same: they read the recognizers, the views'
    /// depths and parents (`dynamicRequirements`) and the number of views, nothing else.
    static func sameRecognizerTables(_ a: Scene, _ b: Scene) -> Bool {
        guard a.views.count == b.views.count, a.depth == b.depth, a.recognizers == b.recognizers else { return false }
        return a.views.withUnsafeBufferPointer { va in
            b.views.withUnsafeBufferPointer { vb in va.indices.allSatisfy { va[$0].parent == vb[$0].parent } }
        }
    }

    private init(_ scene: Scene, sharing other: PreparedScene?, mayDiffer: [ViewID]? = nil) {
        self.scene = scene
        let shared = other.flatMap { Self.sameRecognizerTables(scene, $0.scene) ? $0 : nil }
        // Recognizers that differ only in what `RecognizerInfo` reads (flags such as `cancelsTouchesInView`) give the
        // same rank order and relation tables.
        let related = shared ?? other.flatMap { Self.sameRelationTables(scene, $0.scene) ? $0 : nil }
        let sharedChildren = other.flatMap { $0.scene.children == scene.children ? $0 : nil }
        let sharedViews = other.flatMap { Self.sameStorage($0.scene.views, scene.views) ? $0 : nil }
        // A scene whose views agree on what the target-action tables read (checked below with its controllers).
        var sharedActions = sharedViews
        if let sharedViews {
            // The same views (storage): every table computed from them alone is the other scene's.
            views = sharedViews.views; initialOffsets = sharedViews.initialOffsets; initialZoomScale = sharedViews.initialZoomScale
            scrollViewIDs = sharedViews.scrollViewIDs; initiallyDecelerating = sharedViews.initiallyDecelerating
            initiallyZoomed = sharedViews.initiallyZoomed; anyTransform = sharedViews.anyTransform; anyZoom = sharedViews.anyZoom
            canScroll = sharedViews.canScroll; offsetMin = sharedViews.offsetMin; offsetMax = sharedViews.offsetMax
            windowToViewLinear = sharedViews.windowToViewLinear; windowToAxes = sharedViews.windowToAxes
            axesToWindow = sharedViews.axesToWindow
        } else {
            // With `mayDiffer` (and those views agreeing with `other`'s on what the per-view lists read) only those
            // views are read: every other view's entry and the lists are `other`'s. Otherwise one pass over the views.
            let patched = other.flatMap { other in
                mayDiffer.flatMap { Self.sameViewLists(scene, other.scene, $0) ? (other: other, views: $0) : nil }
            }
            let lists: ViewLists
            if let (other, mayDiffer) = patched {
                var views = other.views
                scene.views.withUnsafeBufferPointer { specs in for v in mayDiffer { views[v] = ViewInfo(specs, v) } }
                lists = ViewLists(
                    views: views, initialOffsets: other.initialOffsets, initialZoomScale: other.initialZoomScale,
                    scrollViewIDs: other.scrollViewIDs, initiallyDecelerating: other.initiallyDecelerating,
                    initiallyZoomed: other.initiallyZoomed, anyTransform: other.anyTransform, anyZoom: other.anyZoom)
            } else {
                lists = ViewLists(scene)
            }
            let views = lists.views
            self.views = views
            initialOffsets = lists.initialOffsets
            initialZoomScale = lists.initialZoomScale
            scrollViewIDs = lists.scrollViewIDs
            initiallyDecelerating = lists.initiallyDecelerating
            initiallyZoomed = lists.initiallyZoomed
            anyTransform = lists.anyTransform
            anyZoom = lists.anyZoom
            // Another scene of as many views (an axis set a few of them) whose views agree on what the scroll ranges,
            // the transform tables and the target-action tables read gives the same tables: compared over the views
            // that may differ, or every view.
            let alike = other.flatMap { $0.scene.views.count == views.count ? $0 : nil }
            func agree(_ same: (ViewID) -> Bool) -> Bool { patched.map { $0.views.allSatisfy(same) } ?? views.indices.allSatisfy(same) }
            if let alike, agree({ ViewInfo.sameScrollRange(views[$0], alike.views[$0]) }) {
                canScroll = alike.canScroll; offsetMin = alike.offsetMin; offsetMax = alike.offsetMax
            } else {
                (canScroll, offsetMin, offsetMax) = Self.scrollRanges(views, lists.scrollViewIDs)
            }
            if let alike, agree({ views[$0].transform == alike.views[$0].transform && views[$0].parent == alike.views[$0].parent }) {
                windowToViewLinear = alike.windowToViewLinear; windowToAxes = alike.windowToAxes; axesToWindow = alike.axesToWindow
            } else {
                (windowToViewLinear, windowToAxes, axesToWindow) = Self.transformTables(scene, anyTransform: lists.anyTransform)
            }
            sharedActions = alike.flatMap { alike in
                scene.views.withUnsafeBufferPointer { specs in
                    alike.scene.views.withUnsafeBufferPointer { others in agree { Self.sameActionInputs(specs, others, $0) } ? alike : nil }
                }
            }
        }
        if let sharedChildren {
            childStart = sharedChildren.childStart; childCount = sharedChildren.childCount; childList = sharedChildren.childList
        } else {
            var start: [Int] = [], count: [Int] = [], list: [ViewID] = []
            start.reserveCapacity(scene.children.count)
            count.reserveCapacity(scene.children.count)
            list.reserveCapacity(max(0, scene.views.count - 1))
            for v in scene.children.indices {
                start.append(list.count); count.append(scene.children[v].count)
                for child in scene.children[v] { list.append(child) }
            }
            childStart = start; childCount = count; childList = list
        }

        let n = scene.recognizers.count
        recs = shared?.recs ?? scene.recognizers.map(RecognizerInfo.init)
        if let related {
            rankOrder = related.rankOrder
            rank = related.rank
            scrollDelayOf = related.scrollDelayOf
            scrollPanOf = related.scrollPanOf
        } else {
            // The sort keys read once per recognizer (a comparison that copied two `RecognizerSpec`s cost more).
            let depths = scene.recognizers.indices.map { scene.depth[scene.recognizers[$0].view] }
            let addOrders = scene.recognizers.indices.map { scene.recognizers[$0].addOrder }
            let order = scene.recognizers.indices.sorted { a, b in
                if depths[a] != depths[b] { return depths[a] > depths[b] }
                if addOrders[a] != addOrders[b] { return addOrders[a] > addOrders[b] }
                return a > b
            }
            rankOrder = order
            var rank = Array(repeating: 0, count: n)
            for (i, id) in order.enumerated() { rank[id] = i }
            self.rank = rank

            var delays = Array(repeating: -1, count: scene.views.count)
            var pans = Array(repeating: -1, count: scene.views.count)
            for i in scene.recognizers.indices {
                switch scene.recognizers[i].kind {
                case .scrollDelay(let sv): delays[sv] = i
                case .scrollPan(let sv): pans[sv] = i
                default: break
                }
            }
            scrollDelayOf = delays
            scrollPanOf = pans
        }
        // The controller tables read the controllers and the number of views.
        if let sharedControllers = other.flatMap({
            $0.scene.views.count == scene.views.count && Self.sameStorage($0.scene.controllers, scene.controllers) ? $0 : nil
        }) {
            controllerOf = sharedControllers.controllerOf
            controllerRootView = sharedControllers.controllerRootView
            controllerTouches = sharedControllers.controllerTouches
        } else {
            var controllers = Array(repeating: -1, count: scene.views.count)
            for (i, c) in scene.controllers.enumerated() { controllers[c.rootView] = i }
            controllerOf = controllers
            controllerRootView = scene.controllers.map(\.rootView)
            controllerTouches = scene.controllers.map(\.touches)
        }
        if let related {
            simultaneous = related.simultaneous
            prevents = related.prevents
            requirementStart = related.requirementStart
            requirementList = related.requirementList
            linkedStart = related.linkedStart
            linkedList = related.linkedList
        } else {
            var simultaneous = Array(repeating: false, count: n * n)
            var prevents = Array(repeating: false, count: n * n)
            // Each recognizer's relations read once (copying a whole `RecognizerSpec` per pair cost more than the rest).
            let policies = scene.recognizers.map(\.policies)
            let isGate = scene.recognizers.map {
                if case .edgeGate = $0.kind { return true }; return false
            }
            let taps = scene.recognizers.map {
                if case .tap(let t, _) = $0.kind { return t }; return -1
            }
            for a in 0 ..< n {
                for b in 0 ..< n where a != b {
                    let together =
                        isGate[a] || isGate[b] || policies[a].simultaneousWith.contains(b)
                        || policies[b].simultaneousWith.contains(a)
                    simultaneous[a * n + b] = together
                    var may = policies[a].canPrevent.contains(b) && policies[b].canBePrevented.contains(a)
                    // A tap cannot be prevented by a tap that needs fewer taps [REPL Chameleon][WIDE].
                    if taps[a] >= 0 && taps[b] > taps[a] { may = false }
                    prevents[a * n + b] = may
                }
            }
            self.simultaneous = simultaneous
            self.prevents = prevents

            // §8 [WWDC 2017-219]: the app's pans and swipes (scroll views' pans included) get a touch only "after the
            // system gesture recognizers are done with" it: each waits for a gate that watches the top edge to fail,
            // as if it required it to fail (G10). A gate fails at once for a touch away from its edge, so only touches
            // that start in the top area wait.
            let topGates = scene.recognizers.indices.filter {
                if case .edgeGate(let edges) = scene.recognizers[$0].kind { return edges.contains(.top) }
                return false
            }
            var reqStart: [Int] = [], reqList: [RecognizerID] = []
            var linked = Array(repeating: [RecognizerID](), count: n)
            let dynamic = Self.dynamicRequirements(scene)
            for r in scene.recognizers.indices {
                reqStart.append(reqList.count)
                var required = scene.recognizers[r].policies.requireToFail
                // The class overrides add requirements the delegate did not make (G10); they link resets too.
                let added = dynamic[r].filter { !required.contains($0) }
                required += added
                for other in added {
                    linked[r].append(other)
                    linked[other].append(r)
                }
                switch scene.recognizers[r].kind {
                case .pan, .swipe, .scrollPan: required += topGates.filter { !required.contains($0) }
                default: break
                }
                reqList += required
                // Only the app's own requirements link resets (§4.1); the gates' implicit ones do not.
                for other in scene.recognizers[r].policies.requireToFail {
                    linked[r].append(other)
                    linked[other].append(r)
                }
            }
            reqStart.append(reqList.count)
            requirementStart = reqStart
            requirementList = reqList
            var linkStart: [Int] = [], linkList: [RecognizerID] = []
            for l in linked { linkStart.append(linkList.count); linkList += l }
            linkStart.append(linkList.count)
            linkedStart = linkStart
            linkedList = linkList
        }

        // The target-action tables read the views' actions, setup and parents (`sameActionInputs`), the controllers
        // and the first responder.
        if let sharedActions, Self.sameStorage(sharedActions.scene.controllers, scene.controllers),
            sharedActions.scene.firstResponder == scene.firstResponder
        {
            declaresActions = sharedActions.declaresActions
            actionTable = sharedActions.actionTable
            judgedEvents = sharedActions.judgedEvents
        } else {
            declaresActions = scene.views.indices.map(scene.declaresActions)
            var table = Array(repeating: [PreparedAction](), count: scene.views.count)
            var judged = Array(repeating: ControlEventSet.all, count: scene.views.count)
            for v in scene.views.indices where declaresActions[v] {
                table[v] = scene.registrations(of: v).map { PreparedAction(scene, $0, sender: v) }
                let primary: ControlEventSet = [.of(.touchUpInside), .of(.valueChanged), .of(.primaryActionTriggered)]
                if table[v].contains(where: { !$0.events.isDisjoint(with: primary) }) { judged[v] = primary }
            }
            actionTable = table
            judgedEvents = judged
        }
        anyDelegateLogs = shared?.anyDelegateLogs ?? scene.recognizers.contains(where: \.delegateLogs)
    }

    /// `scene` prepared with the tables of `other` when they would come out the same: when the two scenes have
    /// equal views, subviews, controllers, recognizers and first responder (what the tables are computed from),
    /// differing only in parameters, name or script (a sweep axis that sets an engine parameter). Otherwise
    /// prepared from scratch, as `init(_:)`. Either way equal to `PreparedScene(scene)`.
    public convenience init(_ scene: Scene, reusingTablesOf other: PreparedScene) {
        guard Self.sameTables(scene, other.scene) else {
            self.init(scene)
            return
        }
        self.init(scene, tables: other)
    }

    /// Whether `a` and `b` give the same tables: `init(_:)` reads no other part of a scene.
    static func sameTables(_ a: Scene, _ b: Scene) -> Bool {
        a.views == b.views && a.children == b.children && a.depth == b.depth && a.controllers == b.controllers
            && a.recognizers == b.recognizers && a.firstResponder == b.firstResponder
    }

    /// `scene` with every table of `other` (shared storage), which `sameTables` found equal to its own.
    private init(_ scene: Scene, tables other: PreparedScene) {
        self.scene = scene
        views = other.views
        recs = other.recs
        childStart = other.childStart
        childCount = other.childCount
        childList = other.childList
        rankOrder = other.rankOrder
        rank = other.rank
        scrollDelayOf = other.scrollDelayOf
        scrollPanOf = other.scrollPanOf
        controllerOf = other.controllerOf
        canScroll = other.canScroll
        offsetMin = other.offsetMin
        offsetMax = other.offsetMax
        initialOffsets = other.initialOffsets
        scrollViewIDs = other.scrollViewIDs
        initiallyDecelerating = other.initiallyDecelerating
        initialZoomScale = other.initialZoomScale
        initiallyZoomed = other.initiallyZoomed
        controllerRootView = other.controllerRootView
        anyTransform = other.anyTransform
        anyZoom = other.anyZoom
        windowToViewLinear = other.windowToViewLinear
        windowToAxes = other.windowToAxes
        axesToWindow = other.axesToWindow
        controllerTouches = other.controllerTouches
        simultaneous = other.simultaneous
        prevents = other.prevents
        requirementStart = other.requirementStart
        requirementList = other.requirementList
        linkedStart = other.linkedStart
        linkedList = other.linkedList
        declaresActions = other.declaresActions
        actionTable = other.actionTable
        judgedEvents = other.judgedEvents
        anyDelegateLogs = other.anyDelegateLogs
    }

    /// G10's dynamic requirements, from the class overrides and the delegates: `a` requires `b` to fail when
    /// `a.shouldRequireFailure(of: b)`, `b.shouldBeRequiredToFail(by: a)`, `a`'s delegate's
    /// `gestureRecognizer(a, shouldRequireFailureOf: b)` or `b`'s delegate's `gestureRecognizer(b,
    /// shouldBeRequiredToFailBy: a)` says so ("returning true is guaranteed to set up the failure requirement"
    /// [DOC]). UIKit only relates recognizers that see the same touches, so pairs on views that are not one inside
    /// the other never count, nor do the system's gates (not app objects).
    static func dynamicRequirements(_ scene: Scene) -> [[RecognizerID]] {
        let recs = scene.recognizers
        var result = Array(repeating: [RecognizerID](), count: recs.count)
        let any = recs.contains { $0.policies.hasDynamicRequirements }
        guard any else { return result }
        func isGate(_ r: RecognizerSpec) -> Bool { if case .edgeGate = r.kind { return true }; return false }
        for a in recs.indices where !isGate(recs[a]) {
            for b in recs.indices where b != a && !isGate(recs[b]) {
                let pa = recs[a].policies, pb = recs[b].policies
                guard
                    pa.shouldRequireFailureOf.contains(b) || pb.shouldBeRequiredToFailBy.contains(a)
                        || pa.delegateRequiresFailureOf.contains(b) || pb.delegateRequiredToFailBy.contains(a)
                else { continue }
                guard scene.isView(recs[a].view, inside: recs[b].view) || scene.isView(recs[b].view, inside: recs[a].view)
                else { continue }
                result[a].append(b)
            }
        }
        return result
    }
}

/// One registration of a control with its delivery worked out (§5.5).
struct PreparedAction {
    var events: ControlEventSet
    var delivery: ActionDelivery

    init(_ scene: Scene, _ registration: ActionRegistration, sender: ViewID) {
        events = registration.events
        switch registration.handler {
        case .uiAction:
            delivery = ActionDelivery(handler: registration.handler, receiver: nil, performed: true, chain: nil)
        case let .target(responder, action):
            // An explicit target is sent the action whatever its canPerformAction says [DOC UIControl.sendAction(_:to:for:)].
            let performs = scene.actions(of: responder).implements.contains(action)
            delivery = ActionDelivery(
                handler: registration.handler, receiver: performs ? responder : nil,
                performed: performs, chain: nil)
        case let .nilTarget(action):
            let chain = scene.resolveNilTarget(action, from: sender)
            delivery = ActionDelivery(
                handler: registration.handler, receiver: chain.receiver,
                performed: chain.receiver != nil, chain: chain)
        }
    }
}

/// The per-view tables a prepared scene reads from its views' specs: the views' plain data and the lists and flags
/// read from the same fields.
struct ViewLists {
    var views: [ViewInfo]
    var initialOffsets: [Point]
    var initialZoomScale: [Double]
    var scrollViewIDs: [ViewID]
    var initiallyDecelerating: [ViewID]
    var initiallyZoomed: [(scrollView: ViewID, zoomView: ViewID)]
    var anyTransform: Bool
    var anyZoom: Bool
}

extension ViewLists {
    /// One pass over `scene`'s views, reading each in place (copying a `ViewSpec`, with its strings, arrays and
    /// scroll configuration, cost more than the rest of preparing a scene).
    init(_ scene: Scene) {
        let viewCount = scene.views.count
        views = []; initialOffsets = []; initialZoomScale = []
        scrollViewIDs = []; initiallyDecelerating = []; initiallyZoomed = []
        anyTransform = false; anyZoom = false
        views.reserveCapacity(viewCount)
        initialOffsets.reserveCapacity(viewCount)
        initialZoomScale.reserveCapacity(viewCount)
        scene.views.withUnsafeBufferPointer { specs in
            for v in specs.indices {
                views.append(ViewInfo(specs, v))
                initialOffsets.append(specs[v].boundsOrigin)
                if !specs[v].transform.isIdentity { anyTransform = true }
                guard specs[v].isScrollView else {
                    initialZoomScale.append(1)
                    continue
                }
                scrollViewIDs.append(v)
                if specs[v].scroll!.initialDeceleration != nil { initiallyDecelerating.append(v) }
                let zoomScale = specs[v].scroll!.zoomScale
                initialZoomScale.append(zoomScale)
                if zoomScale != 1, let zoomView = specs[v].scroll!.viewForZooming { initiallyZoomed.append((v, zoomView)) }
                if specs[v].scroll!.zoomEnabled { anyZoom = true }
            }
        }
    }
}

/// The plain-data part of a `ViewSpec` the engine reads while running.
struct ViewInfo {
    var kind: ViewKind
    var frame: Rect
    var boundsOrigin: Point
    var isHidden: Bool
    var alpha: Double
    var isUserInteractionEnabled: Bool
    var isEnabled: Bool
    var isMultipleTouchEnabled: Bool
    var isExclusiveTouch: Bool
    /// Animating without `.allowUserInteraction`: skipped by hit testing (H1).
    var isAnimatingWithoutInteraction: Bool
    var touches: TouchMethods
    var hitTestOverride: HitTestOverride
    var scroll: ScrollInfo?
    var value: Double
    var parent: ViewID?
    /// Not the identity: conversions go through `transform` and `inverse` (about the bounds centre).
    var hasTransform: Bool
    var transform: AffineTransform
    /// The inverse of `transform`; the identity when it has none (then `isSingular`).
    var inverse: AffineTransform
    /// The transform flattens the view (determinant 0): no point is inside it.
    var isSingular: Bool
    // Scroll fields read on every event, hoisted out of `scroll` so reading them copies nothing.
    var isScrollView: Bool
    var delaysContentTouches: Bool
    var canCancelContentTouches: Bool
    var touchesShouldCancel: TouchesShouldCancelPolicy
    var touchesShouldBeginIsCustom: Bool
    var bounces: Bool
    var isPagingEnabled: Bool
    var fastDeceleration: Bool
    var transfersHorizontalScrollingToParent: Bool
    var transfersVerticalScrollingToParent: Bool

    // Borrowed, and the scroll configuration read field by field: copying a `ViewSpec` or its `ScrollConfig`
    // (strings, arrays, policies) cost more than the rest of preparing a scene.
    init(_ specs: UnsafeBufferPointer<ViewSpec>, _ v: Int) {
        kind = specs[v].kind; frame = specs[v].frame; boundsOrigin = specs[v].boundsOrigin; isHidden = specs[v].isHidden
        alpha = specs[v].alpha; isUserInteractionEnabled = specs[v].isUserInteractionEnabled; isEnabled = specs[v].isEnabled
        isMultipleTouchEnabled = specs[v].isMultipleTouchEnabled; isExclusiveTouch = specs[v].isExclusiveTouch
        isAnimatingWithoutInteraction = specs[v].isAnimating && !specs[v].allowsUserInteractionWhileAnimating
        touches = specs[v].touches; hitTestOverride = specs[v].hitTestOverride; value = specs[v].value; parent = specs[v].parent
        hasTransform = !specs[v].transform.isIdentity
        transform = specs[v].transform
        let inverted = specs[v].transform.inverted
        inverse = inverted ?? .identity
        isSingular = inverted == nil
        isScrollView = specs[v].isScrollView
        let c = isScrollView ? ScrollInfo(specs, v) : ScrollInfo.none
        scroll = isScrollView ? c : nil
        delaysContentTouches = c.delaysContentTouches
        canCancelContentTouches = c.canCancelContentTouches
        touchesShouldCancel = c.touchesShouldCancel
        touchesShouldBeginIsCustom = c.touchesShouldBeginIsCustom
        bounces = c.bounces
        isPagingEnabled = c.isPagingEnabled
        fastDeceleration = c.fastDeceleration
        transfersHorizontalScrollingToParent = c.transfersHorizontalScrollingToParent
        transfersVerticalScrollingToParent = c.transfersVerticalScrollingToParent
    }

    /// Whether `a` and `b` give the same scroll ranges (`PreparedScene.canScroll`, `offsetMin`, `offsetMax`): both
    /// are not scroll views, or both are, with the same frame and the same scroll fields those ranges read.
    static func sameScrollRange(_ a: ViewInfo, _ b: ViewInfo) -> Bool {
        switch (a.scroll, b.scroll) {
        case (nil, nil): return true
        case let (x?, y?):
            return a.frame == b.frame && x.contentSize == y.contentSize && x.contentInset == y.contentInset
                && x.isScrollEnabled == y.isScrollEnabled && x.bounces == y.bounces
                && x.alwaysBounceHorizontal == y.alwaysBounceHorizontal && x.alwaysBounceVertical == y.alwaysBounceVertical
        default: return false
        }
    }
}

/// The plain-data part of a `ScrollConfig`.
struct ScrollInfo {
    var contentSize: Size
    var contentInset: EdgeInsets
    var delaysContentTouches: Bool
    var canCancelContentTouches: Bool
    var touchesShouldCancel: TouchesShouldCancelPolicy
    /// `touchesShouldBegin` is not plain `.always` (the view list is read from the scene when needed).
    var touchesShouldBeginIsCustom: Bool
    var bounces: Bool
    var alwaysBounceHorizontal: Bool
    var alwaysBounceVertical: Bool
    var isScrollEnabled: Bool
    var isPagingEnabled: Bool
    var fastDeceleration: Bool
    var initialDeceleration: Point?
    var transfersHorizontalScrollingToParent: Bool
    var transfersVerticalScrollingToParent: Bool

    init(_ c: borrowing ScrollConfig) {
        contentSize = c.contentSize; contentInset = c.contentInset; delaysContentTouches = c.delaysContentTouches
        canCancelContentTouches = c.canCancelContentTouches; touchesShouldCancel = c.touchesShouldCancel
        touchesShouldBeginIsCustom = c.touchesShouldBegin != .always
        bounces = c.bounces; alwaysBounceHorizontal = c.alwaysBounceHorizontal; alwaysBounceVertical = c.alwaysBounceVertical
        isScrollEnabled = c.isScrollEnabled; isPagingEnabled = c.isPagingEnabled; fastDeceleration = c.fastDeceleration
        initialDeceleration = c.initialDeceleration
        transfersHorizontalScrollingToParent = c.transfersHorizontalScrollingToParent
        transfersVerticalScrollingToParent = c.transfersVerticalScrollingToParent
    }

    /// The scroll configuration of a scroll view `spec` (`specs[v].scroll` is not nil), read in place.
    init(_ specs: UnsafeBufferPointer<ViewSpec>, _ v: Int) {
        contentSize = specs[v].scroll!.contentSize; contentInset = specs[v].scroll!.contentInset
        delaysContentTouches = specs[v].scroll!.delaysContentTouches
        canCancelContentTouches = specs[v].scroll!.canCancelContentTouches; touchesShouldCancel = specs[v].scroll!.touchesShouldCancel
        if case .always = specs[v].scroll!.touchesShouldBegin { touchesShouldBeginIsCustom = false } else { touchesShouldBeginIsCustom = true }
        bounces = specs[v].scroll!.bounces; alwaysBounceHorizontal = specs[v].scroll!.alwaysBounceHorizontal
        alwaysBounceVertical = specs[v].scroll!.alwaysBounceVertical
        isScrollEnabled = specs[v].scroll!.isScrollEnabled; isPagingEnabled = specs[v].scroll!.isPagingEnabled
        fastDeceleration = specs[v].scroll!.fastDeceleration
        initialDeceleration = specs[v].scroll!.initialDeceleration
        transfersHorizontalScrollingToParent = specs[v].scroll!.transfersHorizontalScrollingToParent
        transfersVerticalScrollingToParent = specs[v].scroll!.transfersVerticalScrollingToParent
    }

    /// A default `ScrollConfig`'s: the scroll fields `ViewInfo` hoists, for a view that is not a scroll view.
    static let none = ScrollInfo(ScrollConfig())
}

/// The plain-data part of a `RecognizerSpec`.
struct RecognizerInfo {
    var kind: RecognizerKind
    var view: ViewID
    var cancelsTouchesInView: Bool
    var delaysTouchesBegan: Bool
    var delaysTouchesEnded: Bool
    var isEnabled: Bool
    var shouldBegin: ShouldBeginPolicy
    /// `shouldReceive` is not plain `.always` (the policy is read from the scene at touch-down).
    var shouldReceiveIsCustom: Bool
    /// It toggles other recognizers' `isEnabled` when it begins (§6.5).
    var togglesOthersOnBegin: Bool
    var thresholds: RecognizerThresholds
    /// Its delegate logs its questions (traced runs only).
    var delegateLogs: Bool
    /// Its action handler acts (`RecognizerSpec.actions` is not empty).
    var hasActionEffects: Bool

    init(_ spec: RecognizerSpec) {
        kind = spec.kind; view = spec.view; cancelsTouchesInView = spec.cancelsTouchesInView
        delaysTouchesBegan = spec.delaysTouchesBegan; delaysTouchesEnded = spec.delaysTouchesEnded
        isEnabled = spec.isEnabled; shouldBegin = spec.policies.shouldBegin
        shouldReceiveIsCustom = spec.policies.shouldReceive != .always
        togglesOthersOnBegin = !spec.policies.toggleEnabledOnBegin.isEmpty
        thresholds = spec.thresholds
        delegateLogs = spec.delegateLogs
        hasActionEffects = !spec.actions.isEmpty
    }
}
