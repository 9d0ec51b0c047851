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
    /// S5 for scroll view `view` along `axis`, as the run sees it (the table the engine reads).
    public func canScroll(_ view: ViewID, along axis: Axis) -> Bool { canScroll[view * 2 + axis.rawValue] }
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
    /// Whether the scene has a UISwitch: only then does a touch-down look for one above its hit view (§5.4).
    let anySwitch: Bool
    /// The navigation controllers (their views) whose stack can pop (depth 2 or more): where a back swipe can go
    /// back, for the classifier's `swallowed_back` and `accidental_back` (computed once, not per run).
    public let poppableNavigations: [ViewID]

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
        anySwitch = sharedViews?.anySwitch ?? scene.views.contains { $0.kind == .switch }
        poppableNavigations = scene.navigations.filter { $0.depth > 1 }.map(\.view)
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
        anySwitch = other.anySwitch
        poppableNavigations = other.poppableNavigations
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
