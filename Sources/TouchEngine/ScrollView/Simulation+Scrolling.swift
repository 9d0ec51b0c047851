/// Scroll view geometry and motion (touch-model §6.3–§6.4, S5, S8–S11).
extension Simulation {
    /// The offset range along an axis: `[-inset.leading, max(min, content + inset.trailing − bounds)]`
    /// (tabulated by `PreparedScene`).
    @inline(__always) func offsetRange(_ sv: ViewID, _ axis: Axis) -> (min: Double, max: Double) {
        if let content = scrolls[sv].zoomedContent { return zoomedOffsetRange(sv, axis, content: content) }
        let i = sv * 2 + axis.rawValue
        return (prepared.scrollRanges.offsetMin[i], prepared.scrollRanges.offsetMax[i])
    }

    /// S5: `isScrollEnabled && (content + insets > bounds || (bounces && alwaysBounce<Axis>))` (tabulated).
    @inline(__always) func canScroll(_ sv: ViewID, _ axis: Axis) -> Bool {
        if let content = scrolls[sv].zoomedContent { return zoomedCanScroll(sv, axis, content: content) }
        return prepared.scrollRanges.canScroll[sv * 2 + axis.rawValue]
    }

    /// S11: the nearest containing scroll view whose pan shares this pan's touches.
    @inline(__always) func transferParent(of sv: ViewID, pan: RecognizerID) -> ViewID? {
        var v = views[sv].parent
        while let current = v {
            if views[current].isScrollView {
                let parentPan = scrollPanOf[current]
                if parentPan >= 0, recognizers[parentPan].touches & recognizers[pan].touches != 0,
                    recognizers[parentPan].state == .possible || recognizers[parentPan].state.isActive
                {
                    return current
                }
            }
            v = views[current].parent
        }
        return nil
    }

    /// S11 (iOS ≥ 17.4): the inner pan declines an axis when it transfers that axis to the parent, the
    /// parent can scroll it, the inner will not begin on the other axis, and either the inner cannot scroll
    /// the axis or the finger moved the hysteresis toward an edge the inner already abuts.
    @inline(__always) func declinesAxis(_ sv: ViewID, _ axis: Axis, delta: Point, parent: ViewID, otherBegins: Bool) -> Bool {
        let transfers =
            axis == .horizontal
            ? views[sv].transfersHorizontalScrollingToParent
            : views[sv].transfersVerticalScrollingToParent
        guard transfers, canScroll(parent, axis), !otherBegins else { return false }
        if !canScroll(sv, axis) { return true }
        let d = delta[axis]
        guard abs(d) >= params.scrollHysteresis else { return false }
        let range = offsetRange(sv, axis)
        let offset = scrolls[sv].offset[axis]
        // Finger moving toward +axis pulls the content back: toward the minimum edge.
        return d > 0 ? offset <= range.min : offset >= range.max
    }

    /// S8: rubber band beyond the edges when bouncing, clamp otherwise.
    @inline(__always) func constrained(_ sv: ViewID, raw: Double, _ axis: Axis) -> Double {
        let range = offsetRange(sv, axis)
        let bounces = views[sv].bounces
        let dimension = views[sv].frame.size[axis]
        if raw < range.min { return bounces ? range.min - rubberBand(range.min - raw, dimension) : range.min }
        if raw > range.max { return bounces ? range.max + rubberBand(raw - range.max, dimension) : range.max }
        return raw
    }

    @inline(__always) func rubberBand(_ overshoot: Double, _ dimension: Double) -> Double {
        guard dimension > 0 else { return 0 }
        let c = params.rubberBandCoefficient
        return (1 - 1 / (overshoot * c / dimension + 1)) * dimension
    }

    @inline(__always) mutating func setOffset(_ sv: ViewID, _ offset: Point) {
        guard scrolls[sv].offset != offset else { return }
        scrolls[sv].offset = offset
        summary.scrolled(sv, to: offset, from: views[sv].boundsOrigin)
        emit(.offset(view: sv, offset: offset))
    }

    // MARK: - Dragging

    mutating func beginDragging(_ sv: ViewID, pan: RecognizerID) {
        if scrolls[sv].isDecelerating { catchDeceleration(sv) }
        recognizers[pan].scrollStartOffset = scrolls[sv].offset
        scrolls[sv].isDragging = true
        summary.dragged(sv)
        emit(.scroll(view: sv, .willBeginDragging))
        emit(.scroll(view: sv, .dragging(true)))
        if !sheetStates.isEmpty { sheetListBeganDragging(sv, pan: pan) }
        updateScrollOffset(sv, pan: pan)
    }

    /// Offset = offset at drag start − translation, on the axes the scroll view can scroll.
    mutating func updateScrollOffset(_ sv: ViewID, pan: RecognizerID) {
        // While the pinch measures, it places the content under the fingers' centre (which the pan follows too);
        // the pan goes on from where the pinch left it.
        if zoomOwnsOffset(sv) { rebaseScrollStart(sv, pan: pan); return }
        if !sheetStates.isEmpty, let s = sheetDriven(byList: pan) { splitSheetMovement(s, list: sv, pan: pan); return }
        // translation(in: scrollView): the content follows the finger whatever the transforms above.
        let translation = convertVectorFromWindow(panTranslation(pan), to: sv)
        let start = recognizers[pan].scrollStartOffset
        var offset = scrolls[sv].offset
        // The two axes written out: a loop over `Axis.allCases` reads the cases from an array on every move.
        if canScroll(sv, .horizontal) { offset.x = constrained(sv, raw: start.x - translation.x, .horizontal) }
        if canScroll(sv, .vertical) { offset.y = constrained(sv, raw: start.y - translation.y, .vertical) }
        setOffset(sv, panelStates.isEmpty ? offset : panelHeldListOffset(sv, pan: pan, offset))
    }

    mutating func endDragging(_ sv: ViewID, pan: RecognizerID) {
        scrolls[sv].isDragging = false
        // Content velocity is opposite to the finger's. A finger that rested before lifting releases at rest: the
        // recordings show velocity zero and no flight after a still hold.
        let rested = restedBeforeLift(pan)
        var v = rested ? .zero : convertVectorFromWindow(recognizers[pan].velocity, to: sv) * -1
        // Past an edge the recording (rubberband_top) reports the pan's velocity after a rest but does not carry it.
        var outward = rested ? convertVectorFromWindow(recognizers[pan].velocity, to: sv) * -1 : v
        // A list a sheet pinned while it moved releases without vertical velocity (M3.2).
        if !sheetStates.isEmpty && sheetListEndsDragging(sv, pan: pan) { v.y = 0; outward.y = 0 }
        // So does a list a FloatingPanel holds (K1.4).
        if !panelStates.isEmpty && panelHoldsList(sv) { v.y = 0; outward.y = 0 }
        var release = release(sv, contentVelocity: v, rested: rested)
        if release.motion == .axes && (release.x.kind == .springBack || release.y.kind == .springBack) { release.velocity = outward }
        let willDecelerate = release.landing != scrolls[sv].offset
        emit(.scroll(view: sv, .willEndDragging(velocity: release.velocity, target: release.target)))
        emit(.scroll(view: sv, .didEndDragging(willDecelerate: willDecelerate)))
        emit(.scroll(view: sv, .dragging(false)))
        if willDecelerate { startDeceleration(sv, release) }
        if !sheetStates.isEmpty { sheetListEndedDragging(sv, pan: pan) }
    }

    mutating func startDeceleration(_ sv: ViewID, _ release: ScrollRelease) {
        scrolls[sv].isDecelerating = true
        let flies =
            release.x.kind == .flight || release.x.kind == .flightIntoEdge || release.y.kind == .flight
            || release.y.kind == .flightIntoEdge
        let delay = flies ? params.flightStartDelay : .zero
        scrolls[sv].decelStart = now + delay
        timers.set(.deceleration(sv), now + delay + max(release.duration, .ms(1)))
        scrolls[sv].decelFrom = scrolls[sv].offset
        scrolls[sv].shownOffset = scrolls[sv].offset
        scrolls[sv].decelTo = release.landing
        scrolls[sv].motionX = release.x
        scrolls[sv].motionY = release.y
        scrolls[sv].decelMotion = release.motion
        scrolls[sv].decelRate = release.rate
        emit(.scroll(view: sv, .decelerating(true)))
    }

    /// S9: a touch stops a decelerating scroll view where it is.
    mutating func catchDeceleration(_ sv: ViewID) {
        guard scrolls[sv].isDecelerating else { return }
        let offset = motionOffset(sv, at: now)
        notePeaks(sv, before: now)
        scrolls[sv].isDecelerating = false
        timers.set(.deceleration(sv), .never)
        setOffset(sv, offset)
        emit(.scroll(view: sv, .decelerating(false)))
    }

    mutating func finishDeceleration(_ sv: ViewID) {
        notePeaks(sv, before: now)
        timers.set(.deceleration(sv), .never)
        scrolls[sv].isDecelerating = false
        setOffset(sv, scrolls[sv].decelTo)
        emit(.scroll(view: sv, .decelerating(false)))
        emit(.scroll(view: sv, .didEndDecelerating))
    }

    mutating func startInitialDecelerations() {
        for sv in prepared.viewTables.initiallyDecelerating {
            guard let v = views[sv].scroll?.initialDeceleration else { continue }
            let release = release(sv, contentVelocity: v)
            if release.landing != scrolls[sv].offset { startDeceleration(sv, release) }
        }
    }

    // MARK: - isTracking (S10)

    mutating func scrollTouchBegan(_ slot: Int) {
        forEachScrollPan(of: slot) { sim, sv in
            if !sim.scrolls[sv].isTracking {
                sim.scrolls[sv].isTracking = true
                sim.emit(.scroll(view: sv, .tracking(true)))
            }
        }
    }

    mutating func scrollTouchEnded(_ slot: Int) {
        forEachScrollPan(of: slot) { sim, sv in
            guard sim.scrolls[sv].isTracking else { return }
            let pan = sim.scrollPanOf[sv]
            var mask = sim.slotsInUse & ~sim.bit(slot)
            while mask != 0 {
                let other = mask.trailingZeroBitCount
                mask &= mask - 1
                guard sim.touches[other].isLive else { continue }
                let start = sim.touches[other].recsStart
                for k in 0 ..< sim.touches[other].recsCount where sim.recsStorage[start + k] == pan { return }
            }
            sim.scrolls[sv].isTracking = false
            sim.emit(.scroll(view: sv, .tracking(false)))
        }
    }

    mutating func forEachScrollPan(of slot: Int, _ body: (inout Simulation, ViewID) -> Void) {
        let start = touches[slot].recsStart
        for k in 0 ..< touches[slot].recsCount {
            if case .scrollPan(let sv) = recs[recsStorage[start + k]].kind { body(&self, sv) }
        }
    }
}
