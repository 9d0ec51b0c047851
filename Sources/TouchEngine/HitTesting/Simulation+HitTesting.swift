/// Hit testing (touch-model §2) and coordinate conversion over the live view tree.
extension Simulation {
    /// Current bounds origin of a view (scroll views: their live content offset).
    @inline(__always) func boundsOrigin(_ v: ViewID) -> Point {
        views[v].isScrollView ? scrolls[v].offset : views[v].boundsOrigin
    }

    /// Converts a window point into `v`'s bounds coordinates.
    func convertFromWindow(_ p: Point, to v: ViewID) -> Point {
        guard let parent = views[v].parent else { return p - views[v].frame.origin + boundsOrigin(v) }
        let inParent = convertFromWindow(p, to: parent)
        return inParent - views[v].frame.origin + boundsOrigin(v)
    }

    /// `point(inside:)` in `v`'s bounds space, with the enlarged-hit-area and superview overrides (H3).
    @inline(__always) func pointInside(_ local: Point, _ v: ViewID) -> Bool {
        let spec = views[v]
        let bounds = Rect(origin: boundsOrigin(v), size: spec.frame.size)
        switch spec.hitTestOverride {
        case .enlarged(let insets): return bounds.outset(by: insets).contains(local)
        case .deferToSuperview: return pointInsideSuperview(local, v)
        case .none, .passThrough: return bounds.contains(local)
        }
    }

    /// `point(inside:)` of a view that answers for its superview (`deferToSuperview`): `local` converted to the
    /// superview's bounds space and asked there (a root answers for itself).
    func pointInsideSuperview(_ local: Point, _ v: ViewID) -> Bool {
        let spec = views[v]
        guard let parent = spec.parent else { return Rect(origin: boundsOrigin(v), size: spec.frame.size).contains(local) }
        return pointInside(local - boundsOrigin(v) + spec.frame.origin, parent)
    }

    /// `UIWindow.hitTest` (H1–H3): the frontmost view under a window point, or nil.
    func hitTest(_ p: Point) -> ViewID? {
        hitTest(view: 0, local: convertFromWindow(p, to: 0))
    }

    func hitTest(view v: ViewID, local: Point) -> ViewID? {
        let spec = views[v]
        // H1: hidden, non-interactive, transparent subtrees are skipped; disabled controls are transparent.
        if spec.isHidden || !spec.isUserInteractionEnabled || spec.alpha < params.hitTestAlphaThreshold { return nil }
        // H1: a view in the middle of an animation is skipped unless it allows user interaction.
        if spec.isAnimatingWithoutInteraction { return nil }
        if spec.kind.isControl && !spec.isEnabled { return nil }
        // H2: a point outside the bounds never reaches subviews, whatever clipsToBounds says.
        guard pointInside(local, v) else { return nil }
        let first = prepared.childStart[v]
        var k = first + prepared.childCount[v]
        while k > first {
            k -= 1
            let child = prepared.childList[k]
            let childLocal = local - views[child].frame.origin + boundsOrigin(child)
            if let hit = hitTest(view: child, local: childLocal) { return hit }
        }
        // H3: pass-through containers return nil instead of themselves.
        if spec.hitTestOverride == .passThrough { return nil }
        return v
    }

    /// The views of the responder chain from `v` up to the window (controllers not included).
    func responderChainViews(from v: ViewID) -> [ViewID] {
        var chain: [ViewID] = []
        var current: ViewID? = v
        while let c = current { chain.append(c); current = views[c].parent }
        return chain
    }
}
