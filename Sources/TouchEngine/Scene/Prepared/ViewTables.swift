/// The views' plain data and the lists read from the same fields of the views' specs (one pass over the views).
struct ViewTables: Equatable {
    /// A zooming scroll view that starts zoomed, and its view for zooming (which starts scaled, issue 15 §2).
    struct InitialZoom: Equatable {
        var scrollView: ViewID
        var zoomView: ViewID
    }

    var views: [ViewInfo]
    /// Every view's initial `bounds.origin` (content offset for scroll views).
    var initialOffsets: [Point]
    /// Per view: the `zoomScale` a run starts with (1 for views that are not zooming scroll views).
    var initialZoomScale: [Double]
    /// The scroll views, in view order.
    var scrollViewIDs: [ViewID]
    /// Scroll views already decelerating when a run starts (S9 scenarios), in view order.
    var initiallyDecelerating: [ViewID]
    var initiallyZoomed: [InitialZoom]
    /// Some view has a transform: conversions of vectors and scroll axes must look them up (else they are the
    /// identity and are skipped).
    var anyTransform: Bool
    /// Some scroll view zooms (issue 15 §2): a zoom gives its view for zooming a transform during a run, so vectors
    /// convert through this run's views rather than the transform tables.
    var anyZoom: Bool
    /// Whether the scene has a UISwitch: only then does a touch-down look for one above its hit view (§5.4).
    var anySwitch: Bool

    /// One pass over `scene`'s views, reading each in place (copying a `ViewSpec`, with its strings, arrays and
    /// scroll configuration, cost more than the rest of preparing a scene).
    init(_ scene: Scene) {
        let viewCount = scene.views.count
        views = []; initialOffsets = []; initialZoomScale = []
        scrollViewIDs = []; initiallyDecelerating = []; initiallyZoomed = []
        anyTransform = false; anyZoom = false; anySwitch = false
        views.reserveCapacity(viewCount)
        initialOffsets.reserveCapacity(viewCount)
        initialZoomScale.reserveCapacity(viewCount)
        scene.views.withUnsafeBufferPointer { specs in
            for v in specs.indices {
                views.append(ViewInfo(specs, v))
                initialOffsets.append(specs[v].boundsOrigin)
                if !specs[v].transform.isIdentity { anyTransform = true }
                if specs[v].kind == .switch { anySwitch = true }
                guard specs[v].isScrollView else {
                    initialZoomScale.append(1)
                    continue
                }
                scrollViewIDs.append(v)
                if specs[v].scroll!.initialDeceleration != nil { initiallyDecelerating.append(v) }
                let zoomScale = specs[v].scroll!.zoomScale
                initialZoomScale.append(zoomScale)
                if zoomScale != 1, let zoomView = specs[v].scroll!.viewForZooming {
                    initiallyZoomed.append(InitialZoom(scrollView: v, zoomView: zoomView))
                }
                if specs[v].scroll!.zoomEnabled { anyZoom = true }
            }
        }
    }

    /// `pair.scene`'s view tables: `pair.other`'s when the views are the same storage; `pair.other`'s with the views
    /// that may differ read again when those agree on what the lists read (a sweep's configured states of one tree
    /// differ only in the views its axes write); else computed.
    init(_ pair: ScenePair) {
        if pair.sameViewStorage {
            self = pair.other.viewTables
        } else if let mayDiffer = pair.mayDiffer, pair.specsAgree(Self.sameListInputs) {
            self = pair.other.viewTables
            pair.scene.views.withUnsafeBufferPointer { specs in
                for v in mayDiffer { views[v] = ViewInfo(specs, v) }
            }
        } else {
            self.init(pair.scene)
        }
    }

    /// Whether view `v` of `a` and `b` agrees on what the lists besides `ViewInfo` read: the initial offset and
    /// zoom, whether it is a scroll view, decelerates at the start or zooms, whether it has a transform or is a switch.
    static func sameListInputs(_ a: UnsafeBufferPointer<ViewSpec>, _ b: UnsafeBufferPointer<ViewSpec>, _ v: ViewID) -> Bool {
        guard a[v].boundsOrigin == b[v].boundsOrigin, a[v].transform.isIdentity == b[v].transform.isIdentity,
            (a[v].kind == .switch) == (b[v].kind == .switch)
        else { return false }
        switch (a[v].scroll, b[v].scroll) {
        case (.none, .none): return true
        case (.some, .some):
            let x = a[v].scroll!, y = b[v].scroll!
            return (x.initialDeceleration != nil) == (y.initialDeceleration != nil) && x.zoomScale == y.zoomScale
                && x.viewForZooming == y.viewForZooming && x.zoomEnabled == y.zoomEnabled
        default: return false
        }
    }
}
