/// A zooming scroll view (touch-model §6.1, issue 15 §2): its pinch recognizer (`<sv>.pinch`, the pinch state
/// machine of `Simulation+TwoFinger.swift`) drives `zoomScale`.
///
/// * Began: `scrollViewWillBeginZooming`; the zoom scale at that moment is the start.
/// * Began / changed: zoomScale = start × the pinch's scale, beyond `minimumZoomScale`…`maximumZoomScale`
///   rubber-banded when `bouncesZoom` (the offsets' S8 curve with the limit as the dimension [INF]) and clamped
///   otherwise ([DOC bouncesZoom] "zooming stops immediately at one a scaling limits").
/// * `contentSize` becomes the zoom view's frame size, its unzoomed size × zoomScale, and the offset range
///   follows it.
/// * Ended / cancelled: beyond a limit (only with `bouncesZoom`) the zoom returns to it, with `isZoomBouncing`
///   around it, then `scrollViewDidEndZooming(atScale:)` ([DOC]: "also calls this method after any bounce
///   animations"). The return is not timed in virtual time: the scale takes the limit at the lift [INF].
extension Simulation {
    mutating func beginZooming(_ sv: ViewID, pinch: RecognizerID) {
        scrolls[sv].zoomStart = scrolls[sv].zoomScale
        emit(.scroll(view: sv, .willBeginZooming))
        updateZoom(sv, pinch: pinch)
    }

    mutating func updateZoom(_ sv: ViewID, pinch: RecognizerID) {
        setZoom(sv, constrainedZoom(sv, raw: scrolls[sv].zoomStart * recognizers[pinch].measure))
    }

    func constrainedZoom(_ sv: ViewID, raw: Double) -> Double {
        guard let config = scene.views[sv].scroll else { return raw }
        let low = config.minimumZoomScale, high = config.maximumZoomScale
        if raw > high { return config.bouncesZoom ? high + rubberBand(raw - high, high) : high }
        if raw < low { return config.bouncesZoom ? low - rubberBand(low - raw, low) : low }
        return raw
    }

    mutating func setZoom(_ sv: ViewID, _ scale: Double) {
        guard scrolls[sv].zoomScale != scale, let zoomView = scene.views[sv].scroll?.viewForZooming else { return }
        scrolls[sv].zoomScale = scale
        let base = scene.views[zoomView].frame.size
        let content = Size(base.width * scale, base.height * scale)
        scrolls[sv].zoomedContent = content
        applyZoomGeometry(zoomView, scale: scale)
        emit(.zoom(view: sv, scale: scale, contentSize: content))
    }

    /// UIKit zooms by giving the view for zooming a scale transform, its frame's corner staying at the content's
    /// origin ([DOC UIScrollView: "the scroll view … applies a scale transform to the view"]; the frame is then
    /// `contentSize`): this run's copy of the view gets that transform, so a touch inside zoomed content is hit
    /// where the content is drawn, and `location(in:)` and `translation(in:)` are in its unzoomed points
    /// (`convertVectorThroughRunViews`).
    mutating func applyZoomGeometry(_ zoomView: ViewID, scale: Double) {
        let base = scene.views[zoomView].frame
        var info = views[zoomView]
        if scale == 1 {
            info.frame = base
            info.transform = scene.views[zoomView].transform
            info.inverse = info.transform.inverted ?? .identity
            info.hasTransform = !info.transform.isIdentity
        } else {
            // The untransformed frame around the centre that puts the scaled frame's corner at the base's corner.
            let center = Point(base.minX + base.size.width * scale / 2, base.minY + base.size.height * scale / 2)
            info.frame = Rect(center.x - base.size.width / 2, center.y - base.size.height / 2, base.size.width, base.size.height)
            info.transform = .scale(scale, scale)
            info.inverse = .scale(1 / scale, 1 / scale)
            info.hasTransform = true
        }
        info.isSingular = false
        views[zoomView] = info
    }

    mutating func endZooming(_ sv: ViewID) {
        guard let config = scene.views[sv].scroll else { return }
        let scale = scrolls[sv].zoomScale
        let target = min(max(scale, config.minimumZoomScale), config.maximumZoomScale)
        if target != scale {
            emit(.scroll(view: sv, .zoomBouncing(true)))
            setZoom(sv, target)
            emit(.scroll(view: sv, .zoomBouncing(false)))
        }
        emit(.scroll(view: sv, .didEndZooming(atScale: target)))
    }

    /// The offset range along an axis once a zoom changed the content size (S5's formula on the zoomed size).
    func zoomedOffsetRange(_ sv: ViewID, _ axis: Axis, content: Size) -> (min: Double, max: Double) {
        let config = scene.views[sv].scroll!
        let lead = axis == .horizontal ? config.contentInset.left : config.contentInset.top
        let trail = axis == .horizontal ? config.contentInset.right : config.contentInset.bottom
        return (-lead, max(-lead, content[axis] + trail - views[sv].frame.size[axis]))
    }

    /// S5 on the zoomed content size.
    func zoomedCanScroll(_ sv: ViewID, _ axis: Axis, content: Size) -> Bool {
        let config = scene.views[sv].scroll!
        let lead = axis == .horizontal ? config.contentInset.left : config.contentInset.top
        let trail = axis == .horizontal ? config.contentInset.right : config.contentInset.bottom
        let always = axis == .horizontal ? config.alwaysBounceHorizontal : config.alwaysBounceVertical
        return config.isScrollEnabled && (content[axis] + lead + trail > views[sv].frame.size[axis] || (config.bounces && always))
    }
}
