/// Hit testing (touch-model §2) and coordinate conversion over the live view tree.
extension Simulation {
    /// Current bounds origin of a view (scroll views: their live content offset). A decelerating scroll view's offset
    /// is where its motion has got to now, as S9's catch reads it: a finger that lands during a flight hits the
    /// content under it then, not the content that was there at the lift.
    @inline(__always) func boundsOrigin(_ v: ViewID) -> Point {
        guard views[v].isScrollView else { return views[v].boundsOrigin }
        guard scrolls[v].isDecelerating && now > scrolls[v].decelStart else { return scrolls[v].offset }
        return motionOffset(v, at: now)
    }

    /// Converts a window point into `v`'s bounds coordinates (`convert(_:from: nil)`), through every transform.
    func convertFromWindow(_ p: Point, to v: ViewID) -> Point {
        guard let parent = views[v].parent else { return convertFromSuperview(p, to: v) }
        return convertFromSuperview(convertFromWindow(p, to: parent), to: v)
    }

    /// A point of the superview's bounds space in `v`'s bounds space: without a transform, shifted by the frame's
    /// origin and the bounds origin; with one, `boundsCenter + T⁻¹(p − center)` (the transform applies about the
    /// bounds centre [DOC UIView.transform]).
    @inline(__always) func convertFromSuperview(_ p: Point, to v: ViewID) -> Point {
        let spec = views[v]
        guard spec.hasTransform else { return p - spec.frame.origin + boundsOrigin(v) }
        let half = Point(spec.frame.size.width / 2, spec.frame.size.height / 2)
        return spec.inverse.apply(p - Point(spec.frame.midX, spec.frame.midY)) + boundsOrigin(v) + half
    }

    /// A point of `v`'s bounds space in its superview's bounds space (the inverse of `convertFromSuperview`).
    @inline(__always) func convertToSuperview(_ local: Point, from v: ViewID) -> Point {
        let spec = views[v]
        guard spec.hasTransform else { return local - boundsOrigin(v) + spec.frame.origin }
        let half = Point(spec.frame.size.width / 2, spec.frame.size.height / 2)
        return spec.transform.apply(local - boundsOrigin(v) - half) + Point(spec.frame.midX, spec.frame.midY)
    }

    /// A displacement in window points (a translation, a velocity) in `v`'s bounds space: only the transforms'
    /// linear parts act on it.
    @inline(__always) func convertVectorFromWindow(_ d: Point, to v: ViewID) -> Point {
        if prepared.viewTables.anyZoom { return convertVectorThroughRunViews(d, to: v) }
        return prepared.viewTables.anyTransform ? prepared.transforms.windowToViewLinear[v].applyLinear(d) : d
    }

    /// `convertVectorFromWindow` through this run's views, whose transforms a zoom changes (issue 15 §2): the
    /// inverse transforms' linear parts from the window down to `v`.
    func convertVectorThroughRunViews(_ d: Point, to v: ViewID) -> Point {
        let inParent = views[v].parent.map { convertVectorThroughRunViews(d, to: $0) } ?? d
        return views[v].hasTransform ? views[v].inverse.applyLinear(inParent) : inParent
    }

    /// A window displacement as window points along `v`'s own x and y axes (rotations and flips above `v` turn
    /// it; scales do not stretch it): how far a finger moved along a view's axes, compared with thresholds that
    /// are in window points (touch-model §0.2).
    @inline(__always) func axesOf(_ v: ViewID, _ d: Point) -> Point {
        prepared.viewTables.anyTransform ? prepared.transforms.windowToAxes[v].applyLinear(d) : d
    }

    /// The inverse of `axesOf`: lengths along `v`'s axes back to a window displacement.
    @inline(__always) func windowOf(_ v: ViewID, _ d: Point) -> Point {
        prepared.viewTables.anyTransform ? prepared.transforms.axesToWindow[v].applyLinear(d) : d
    }

    /// `point(inside:)` in `v`'s bounds space, with the enlarged-hit-area and superview overrides (H3).
    @inline(__always) func pointInside(_ local: Point, _ v: ViewID) -> Bool {
        let spec = views[v]
        if spec.isSingular { return false }
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
        return pointInside(convertToSuperview(local, from: v), parent)
    }

    /// `UIWindow.hitTest` (H1–H3): the frontmost view under a window point, or nil. It is asked with no event (H4:
    /// during a touch-down the event is not yet formed), so nothing in it reads the touch's event.
    func hitTest(_ p: Point) -> ViewID? {
        hitTest(view: 0, local: convertFromWindow(p, to: 0))
    }

    func hitTest(view v: ViewID, local: Point) -> ViewID? {
        // H2: a point outside the bounds never reaches subviews, whatever clipsToBounds says.
        guard admitsHitTest(v), pointInside(local, v) else { return nil }
        return hitTestSubviews(of: v, local: local)
    }

    /// H1: hidden, non-interactive, transparent subtrees are skipped; disabled controls are transparent; a view in
    /// the middle of an animation is skipped unless it allows user interaction.
    @inline(__always) func admitsHitTest(_ v: ViewID) -> Bool {
        !(views[v].isHidden || !views[v].isUserInteractionEnabled || views[v].alpha < params.hitTestAlphaThreshold
            || views[v].isAnimatingWithoutInteraction || (views[v].kind.isControl && !views[v].isEnabled))
    }

    /// The rest of `hitTest(view:local:)` for a view that passed H1 and contains `local`: its subviews front to
    /// back (each checked for H1 and H2 here, so only a subview the point is in is descended into), then itself.
    func hitTestSubviews(of v: ViewID, local: Point) -> ViewID? {
        let first = prepared.subviews.childStart[v]
        var k = first + prepared.subviews.childCount[v]
        while k > first {
            k -= 1
            let child = prepared.subviews.childList[k]
            guard admitsHitTest(child) else { continue }
            let childLocal = convertFromSuperview(local, to: child)
            guard pointInside(childLocal, child) else { continue }
            if let hit = hitTestSubviews(of: child, local: childLocal) { return hit }
        }
        // H3: pass-through containers return nil instead of themselves.
        if views[v].hitTestOverride == .passThrough { return nil }
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
