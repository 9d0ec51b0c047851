/// A zooming scroll view (touch-model §6.1, issue 15 §2): its pinch recognizer (`<sv>.pinch`, the pinch state
/// machine of `Simulation+TwoFinger.swift`) drives `zoomScale` and `contentOffset`.
///
/// * Began: `scrollViewWillBeginZooming`; the zoom scale at that moment is the start, and the point of the view
///   for zooming under the fingers' centre is the anchor.
/// * Began / changed: zoomScale = start × the pinch's scale, beyond `minimumZoomScale`…`maximumZoomScale`
///   rubber-banded when `bouncesZoom` (the offsets' S8 curve with the limit as the dimension [INF]) and clamped
///   otherwise ([DOC bouncesZoom] "zooming stops immediately at one a scaling limits"). `contentOffset` puts the
///   anchor under the fingers' centre where it is now ([DOC UIScrollView] "as the user makes a pinch-in or
///   pinch-out gesture, the scroll view adjusts the offset and the scale of the content"; which point stays put
///   is [INF] from the system's behaviour: the content under the fingers follows them), rubber-banded past the
///   edges (S8) on the axes the zoomed content can scroll; the scroll pan, active or not, leaves the offset to the
///   pinch meanwhile.
/// * `contentSize` becomes the zoom view's frame size, its unzoomed size × zoomScale, and the offset range
///   follows it.
/// * Ended / cancelled: a scale beyond a limit (only with `bouncesZoom`) returns to it. The return is an
///   animation: its model values (zoomScale, contentSize, contentOffset with the anchor under the last centre,
///   within range) are set at the lift, so touches during it hit the settled content as with any UIView
///   animation [INF]; `isZoomBouncing` is true for `bounceBackDuration` [INF: the length of the offset's
///   bounce], then `scrollViewDidEndZooming(atScale:)` ([DOC]: "also calls this method after any bounce
///   animations"). Without a bounce an offset left past an edge bounces back like a released drag's (S8), unless
///   the pan still drags it; a pan still dragging continues from where the pinch left the content.
extension Simulation {
    mutating func beginZooming(_ sv: ViewID, pinch: RecognizerID) {
        if timers.deadline(of: .zoomBounce(sv)) != .never { finishZoomBounce(sv) }
        scrolls[sv].zoomStart = scrolls[sv].zoomScale
        scrolls[sv].isZooming = true
        scrolls[sv].zoomPinch = pinch
        scrolls[sv].zoomFocus = convertFromWindow(centroid(pinch), to: sv) - scrolls[sv].offset
        scrolls[sv].zoomAnchor = contentPoint(sv, underFocusAt: scrolls[sv].offset)
        emit(.scroll(view: sv, .willBeginZooming))
        updateZoom(sv, pinch: pinch)
    }

    mutating func updateZoom(_ sv: ViewID, pinch: RecognizerID) {
        setZoom(sv, constrainedZoom(sv, raw: scrolls[sv].zoomStart * recognizers[pinch].measure))
        scrolls[sv].zoomFocus = convertFromWindow(centroid(pinch), to: sv) - scrolls[sv].offset
        setOffset(sv, anchoredOffset(sv, anchor: scrolls[sv].zoomAnchor, settled: false))
        // The pan follows the same fingers: from here its translation goes on from this offset.
        let pan = scrollPanOf[sv]
        if pan >= 0 && recognizers[pan].state.isActive { rebaseScrollStart(sv, pan: pan) }
    }

    /// The scroll pan leaves the offset to the pinch while the pinch measures (two fingers down).
    @inline(__always) func zoomOwnsOffset(_ sv: ViewID) -> Bool {
        scrolls[sv].isZooming && recognizers[scrolls[sv].zoomPinch].touchesDown >= 2
    }

    /// Offset = start − translation gives the current offset for the pan's current translation.
    mutating func rebaseScrollStart(_ sv: ViewID, pan: RecognizerID) {
        recognizers[pan].scrollStartOffset = scrolls[sv].offset + convertVectorFromWindow(panTranslation(pan), to: sv)
    }

    /// The point of the view for zooming, in its unzoomed points, under the focus when the offset is `offset`.
    func contentPoint(_ sv: ViewID, underFocusAt offset: Point) -> Point {
        guard let zoomView = scene.views[sv].scroll?.viewForZooming else { return .zero }
        return (offset + scrolls[sv].zoomFocus - scene.views[zoomView].frame.origin) * (1 / scrolls[sv].zoomScale)
    }

    /// The offset that shows `anchor` under the focus at the current zoom scale: rubber-banded past the edges
    /// while the fingers are down (S8), within range once `settled`; an axis the content cannot scroll stays at
    /// its minimum.
    func anchoredOffset(_ sv: ViewID, anchor: Point, settled: Bool) -> Point {
        guard let zoomView = scene.views[sv].scroll?.viewForZooming else { return scrolls[sv].offset }
        let s = scrolls[sv]
        let wanted = scene.views[zoomView].frame.origin + anchor * s.zoomScale - s.zoomFocus
        var offset = s.offset
        for axis in Axis.allCases {
            let range = offsetRange(sv, axis)
            if !canScroll(sv, axis) { offset[axis] = range.min; continue }
            offset[axis] = settled ? min(max(wanted[axis], range.min), range.max) : constrained(sv, raw: wanted[axis], axis)
        }
        return offset
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
        summary.zoomed(sv, to: scale, from: prepared.viewTables.initialZoomScale[sv])
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
        scrolls[sv].isZooming = false
        let scale = scrolls[sv].zoomScale
        let target = min(max(scale, config.minimumZoomScale), config.maximumZoomScale)
        let pan = scrollPanOf[sv]
        let dragging = pan >= 0 && recognizers[pan].state.isActive && scrolls[sv].isDragging
        if target != scale {
            // The content under the fingers' last centre stays there as the scale returns to the limit.
            let anchor = contentPoint(sv, underFocusAt: scrolls[sv].offset)
            let decelerationEnd = scrolls[sv].isDecelerating ? contentPoint(sv, underFocusAt: scrolls[sv].decelTo) : nil
            emit(.scroll(view: sv, .zoomBouncing(true)))
            setZoom(sv, target)
            setOffset(sv, anchoredOffset(sv, anchor: anchor, settled: true))
            if let end = decelerationEnd {
                // A released drag already settling (S8) settles in the returned content.
                scrolls[sv].decelFrom = scrolls[sv].offset
                scrolls[sv].decelTo = anchoredOffset(sv, anchor: end, settled: true)
                // A flight's curve no longer leads there: it eases the rest of the way.
                if scrolls[sv].decelMotion == .axes { scrolls[sv].decelMotion = .settle; scrolls[sv].decelStart = now }
            }
            timers.set(.zoomBounce(sv), now + max(params.bounceBackDuration, .ms(1)))
        } else {
            emit(.scroll(view: sv, .didEndZooming(atScale: target)))
            // Released without a drag: the content settles as a drag released at rest does (S8 bounce back).
            if !dragging && !scrolls[sv].isDecelerating {
                let settle = release(sv, contentVelocity: .zero)
                if settle.landing != scrolls[sv].offset { startDeceleration(sv, settle) }
            }
        }
        if dragging { rebaseScrollStart(sv, pan: pan) }
    }

    /// The zoom's bounce animation is over.
    mutating func finishZoomBounce(_ sv: ViewID) {
        timers.set(.zoomBounce(sv), .never)
        emit(.scroll(view: sv, .zoomBouncing(false)))
        emit(.scroll(view: sv, .didEndZooming(atScale: scrolls[sv].zoomScale)))
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
