/// The tables a prepared scene computes (scroll ranges, transforms), and the checks that decide which of another
/// prepared scene's tables a new one may share.
extension PreparedScene {
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
}
