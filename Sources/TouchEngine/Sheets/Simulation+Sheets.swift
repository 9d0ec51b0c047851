/// Sheets at run time (spec M1–M7): the dismiss pan, the sheet following a drag, the scroll-view handoff of M3 and
/// the release of M4. Every rule runs traced or not (the summary's `sheets` comes from the same code); scenes without
/// a sheet never enter these functions (`sheetStates` is empty).
extension Simulation {
    /// The sheets' runtime states of a fresh run.
    static func initialSheetStates(_ scene: Scene) -> [SheetRuntime] {
        scene.sheets.indices.map { s in
            let top = scene.detentTops(of: s)[scene.sheets[s].selectedDetent]
            return SheetRuntime(top: top, selected: scene.sheets[s].selectedDetent)
        }
    }

    /// The sheets' outcomes of a fresh run.
    static func initialSheetOutcomes(_ scene: Scene) -> [SheetOutcome] {
        scene.sheets.map { SheetOutcome(finalDetent: $0.selectedDetent) }
    }

    // MARK: - The dismiss pan (M1, M2)

    /// `S.dismissPan`: a plain pan that may begin only along Y (M2): at `|Δy| ≥` the pan hysteresis; a horizontal
    /// drag never begins it. The hysteresis is taken off Y only.
    mutating func sheetPanReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, sheet s: Int) -> Verdict {
        guard phase == .moved else { return panReceives(phase, slot: slot, id: id, minimum: 1, maximum: Int.max) }
        let h = recs[id].thresholds.hysteresis ?? params.panHysteresis
        let active = recognizers[id].state.isActive || recognizers[id].pending == .begin
        samplePan(id, centroid: centroid(id))
        if active { return .change }
        if sheetStates[s].dismissed { return .none }
        let delta = recognizers[id].lastCentroid - recognizers[id].start
        guard abs(delta.y) >= h else { return .none }
        recognizers[id].translationOrigin = recognizers[id].lastCentroid - removingHysteresis(delta, h, axes: (false, true))
        return .begin(why(.threshold("vertical translation \(fmt(delta.y)) reached the \(fmt(h)) pt hysteresis (the sheet's pan begins along Y only)")))
    }

    /// The dismiss pan's action: it began, changed, ended or was cancelled.
    mutating func sheetPanActed(_ id: RecognizerID, sheet s: Int) {
        switch recognizers[id].state {
        case .began:
            startSheetDrag(s, driver: id, list: -1)
            sheetStates[s].moving = true
            followDismissPan(s, pan: id)
        case .changed:
            followDismissPan(s, pan: id)
        case .ended, .cancelled:
            releaseSheet(s)
        default:
            break
        }
    }

    mutating func followDismissPan(_ s: Int, pan: RecognizerID) {
        guard sheetStates[s].driver == pan else { return }
        let raw = sheetStates[s].dragStartTop + panTranslation(pan).y
        sheetStates[s].rawTop = raw
        setSheetTop(s, shapedTop(s, raw: raw))
    }

    /// A drag of sheet `s` starts: who drives it, where it starts, and whether it may dismiss (M4: not modal, and the
    /// delegate's `presentationControllerShouldDismiss` — asked only when the sheet is not modal — says yes).
    mutating func startSheetDrag(_ s: Int, driver: RecognizerID, list: ViewID) {
        sheetStates[s].driver = driver
        sheetStates[s].list = list
        sheetStates[s].moving = false
        sheetStates[s].dragStartTop = sheetStates[s].top
        sheetStates[s].rawTop = sheetStates[s].top
        sheetStates[s].mayDismiss = mayDismiss(s)
    }

    mutating func mayDismiss(_ s: Int) -> Bool {
        let spec = scene.sheets[s]
        if spec.isModalInPresentation { return false }
        guard let answer = spec.delegate?.shouldDismiss else { return true }
        emit(.sheet(view: spec.view, .delegate(.shouldDismiss, answer: answer)))
        return answer
    }

    // MARK: - Position

    /// The tops of sheet `s`'s detents, the smallest sheet (largest top) and the largest sheet (smallest top).
    func detentRange(_ s: Int) -> (smallest: Double, largest: Double) {
        let tops = scene.detentTops(of: s)
        return (tops.max() ?? 0, tops.min() ?? 0)
    }

    /// M4: the shown top for the top the finger would give at 1 : 1: below the smallest detent 1 : 1 when dismissal
    /// is allowed, a rubber band when it is not; above the largest detent a rubber band.
    func shapedTop(_ s: Int, raw: Double) -> Double {
        let (smallest, largest) = detentRange(s)
        let height = views[0].frame.size.height
        if raw > smallest && !sheetStates[s].mayDismiss { return smallest + rubberBand(raw - smallest, height) }
        if raw < largest { return largest - rubberBand(largest - raw, height) }
        return raw
    }

    /// Moves sheet `s`'s top edge (and its view, for hit testing of later touches) to `top`.
    mutating func setSheetTop(_ s: Int, _ top: Double) {
        guard sheetStates[s].top != top else { return }
        sheetStates[s].top = top
        let v = scene.sheets[s].view
        moveTop(of: v, to: top)
        let displacement = top - sheetStates[s].dragStartTop
        if displacement > summary.sheets[s].maxDismissDisplacement { summary.sheets[s].maxDismissDisplacement = displacement }
        if -displacement > summary.sheets[s].maxRiseDisplacement { summary.sheets[s].maxRiseDisplacement = -displacement }
        summary.sheets[s].moved = true
        emit(.sheet(view: v, .top(top)))
    }

    // MARK: - The scroll-view handoff (M3)

    /// The sheet whose interaction scroll view `sv` finds as its scrollable ancestor (M3): the nearest sheet above
    /// it, unless `sv` can scroll vertically and a scroll view between them can too (a nested inner list).
    func sheetFound(by sv: ViewID) -> Int? {
        var v = views[sv].parent
        while let current = v {
            if let s = sheetIndex(ofView: current) { return s }
            if views[current].isScrollView && canScroll(sv, .vertical) && canScroll(current, .vertical) { return nil }
            v = views[current].parent
        }
        return nil
    }

    func sheetIndex(ofView v: ViewID) -> Int? {
        var s = 0
        while s < sheetStates.count {
            if scene.sheets[s].view == v { return s }
            s += 1
        }
        return nil
    }

    /// M3.1's interaction test for a drag of `sv` by `pan`: nil when the sheet takes part, else the condition that
    /// keeps it out (trace text).
    func sheetRefusal(_ s: Int, list sv: ViewID, pan: RecognizerID, startOffset: Point) -> String? {
        if sheetStates[s].dismissed { return "the sheet is dismissed" }
        if sheetStates[s].driver >= 0 && sheetStates[s].driver != pan { return "the sheet is already being dragged" }
        let top = offsetRange(sv, .vertical).min
        // Compared in pixels (3 per point) [RE-partial: the operands were lost; this reading matches WWDC 2019-224].
        if (startOffset.y * 3).rounded() > (top * 3).rounded() {
            return "the drag started with the list below its top (offset y \(fmt(startOffset.y)))"
        }
        if views[sv].hasRefreshControl { return "the list has a refresh control" }
        if canScroll(sv, .horizontal) { return "the list scrolls horizontally" }
        if let last = sheetStates[s].lastListPanEnd[sv], now - last < params.sheetQuickReswipeInterval,
            timers.deadline(of: .sheetDismissal(s)) == .never
        {
            return "a quick re-swipe: the list's previous drag ended \(fmt((now - last).milliseconds)) ms ago"
        }
        if startOffset.y < top && recognizers[pan].velocity.y < 0 { return "the list is past its top and the finger moves up" }
        return nil
    }

    /// M3.1 (last paragraph): the interaction test also answers whether a list whose content cannot scroll
    /// vertically may begin its pan vertically (it then drives the sheet).
    func sheetLetsListBeginVertically(_ sv: ViewID, pan: RecognizerID) -> Bool {
        guard let s = sheetFound(by: sv) else { return false }
        return sheetRefusal(s, list: sv, pan: pan, startOffset: scrolls[sv].offset) == nil
    }

    /// `sv`'s pan began dragging: the sheet takes part in the drag when M3.1 allows it.
    mutating func sheetListBeganDragging(_ sv: ViewID, pan: RecognizerID) {
        guard let s = sheetFound(by: sv) else { return }
        let refusal = sheetRefusal(s, list: sv, pan: pan, startOffset: recognizers[pan].scrollStartOffset)
        emit(.sheet(view: scene.sheets[s].view, .handoff(list: sv, drives: refusal == nil, why: refusal ?? "")))
        guard refusal == nil else { return }
        startSheetDrag(s, driver: pan, list: sv)
        sheetStates[s].handoff = true
    }

    /// The sheet `pan` drives through a list (M3), if any.
    @inline(__always) func sheetDriven(byList pan: RecognizerID) -> Int? {
        var s = 0
        while s < sheetStates.count {
            if sheetStates[s].driver == pan && sheetStates[s].handoff { return s }
            s += 1
        }
        return nil
    }

    /// M3.2: splits the offset `sv`'s pan proposes between the list and sheet `s`: pulled past its top the list stays
    /// pinned there and the sheet moves down by the over-pull; pushed up while a larger detent exists (and
    /// `prefersScrollingExpandsWhenScrolledToEdge`) the sheet grows and the list stays, until the largest detent,
    /// after which the rest scrolls the list; a list whose content fits gives all of it to the sheet; otherwise the
    /// list scrolls and the sheet stays.
    mutating func splitSheetMovement(_ s: Int, list sv: ViewID, pan: RecognizerID) {
        let t = convertVectorFromWindow(panTranslation(pan), to: sv)
        let start = recognizers[pan].scrollStartOffset
        let range = offsetRange(sv, .vertical)
        let proposed = start.y - t.y
        let startTop = sheetStates[s].dragStartTop
        let largest = detentRange(s).largest
        let expands = scene.sheets[s].prefersScrollingExpandsWhenScrolledToEdge && startTop > largest
        var listY = scrolls[sv].offset.y
        var raw = startTop
        var handsOver = false
        if range.max <= range.min {
            raw = startTop + (start.y - proposed)
            listY = start.y
        } else if proposed < range.min {
            raw = startTop + (range.min - proposed)
            listY = range.min
        } else if proposed > start.y && expands {
            let room = startTop - largest, grow = proposed - start.y
            raw = startTop - min(grow, room)
            listY = constrained(sv, raw: start.y + max(0, grow - room), .vertical)
            handsOver = grow > room && sheetStates[s].top > largest
        } else {
            listY = canScroll(sv, .vertical) ? constrained(sv, raw: proposed, .vertical) : listY
        }
        let oldTop = sheetStates[s].top, oldY = scrolls[sv].offset.y
        sheetStates[s].rawTop = raw
        let top = shapedTop(s, raw: raw)
        if top != startTop { sheetStates[s].moving = true }
        var offset = scrolls[sv].offset
        offset.y = listY
        if canScroll(sv, .horizontal) { offset.x = constrained(sv, raw: start.x - t.x, .horizontal) }
        setOffset(sv, offset)
        setSheetTop(s, top)
        if !handsOver
            && Self.isDoubleMotion(
                panelMove: top - oldTop, listOffsetChange: listY - oldY, panelWasMoving: abs(oldTop - startTop) > 0.5,
                listAtEdge: isAtVerticalEdge(sv, listY))
        {
            summary.sheets[s].doubleMotion = true
        }
    }

    /// `sv`'s pan stopped dragging: a list pinned by the sheet releases without vertical velocity (M3.2); the
    /// sheet's drag, if it moved, is released (M4). Returns whether the list's vertical velocity is zeroed.
    mutating func sheetListEndsDragging(_ sv: ViewID, pan: RecognizerID) -> Bool {
        var pinned = false
        var s = 0
        while s < sheetStates.count {
            if sheetStates[s].driver == pan && sheetStates[s].handoff {
                pinned = sheetStates[s].moving && sheetStates[s].top != detentRange(s).largest
            }
            s += 1
        }
        return pinned
    }

    /// After `sv`'s pan ended: note when (M3.1 quick re-swipe) and release the sheet it drove.
    mutating func sheetListEndedDragging(_ sv: ViewID, pan: RecognizerID) {
        var s = 0
        while s < sheetStates.count {
            if sheetFound(by: sv) == s { sheetStates[s].lastListPanEnd[sv] = now }
            if sheetStates[s].driver == pan { releaseSheet(s) }
            s += 1
        }
    }

    // MARK: - Release (M4)

    /// The drag of sheet `s` ended. Its resting place is the nearest, to the top projected with the sheet's
    /// deceleration rate (`v/1000 · r/(1−r)`, from the 1 : 1 position), of its detents and the dismissed position.
    /// Dismissal chosen and allowed → `willDismiss`, the view goes off screen, `didDismiss` after the animation;
    /// chosen but refused → `didAttemptToDismiss` and the nearest detent; otherwise that detent (a change of the
    /// selected one is reported). Hit testing sees the final position at once (the model value of the animation).
    mutating func releaseSheet(_ s: Int) {
        let driver = sheetStates[s].driver
        defer {
            sheetStates[s].driver = -1
            sheetStates[s].list = -1
            sheetStates[s].handoff = false
            sheetStates[s].moving = false
        }
        guard driver >= 0, sheetStates[s].moving else { return }
        let rested = restedBeforeLift(driver)
        let v = rested ? 0 : recognizers[driver].velocity.y
        let spec = scene.sheets[s]
        let tops = scene.detentTops(of: s)
        let height = views[0].frame.size.height
        let rawTop = sheetStates[s].rawTop
        // Where the sheet comes to rest when its release is projected with rate `r` (M4): a detent, or -1 dismissed.
        func resting(_ r: Double) -> (projected: Double, nearest: Int, dismisses: Bool) {
            let projected = rawTop + v * r / (1 - r)
            var nearest = 0
            for k in tops.indices where abs(tops[k] - projected) < abs(tops[nearest] - projected) { nearest = k }
            return (projected, nearest, abs(height - projected) < abs(tops[nearest] - projected))
        }
        let (projected, nearest, wantsDismissal) = resting(params.sheetDecelerationRate)
        noteInferred(.sheetDecelerationRate, current: params.sheetDecelerationRate) { r in
            let rest = resting(r)
            return rest.dismisses ? -1 : rest.nearest
        }
        emit(
            .sheet(
                view: spec.view, .release(projected: projected, velocity: v, target: wantsDismissal ? .dismissed : .detent(spec.detents[nearest].identifier))))
        if wantsDismissal {
            let allowed = !spec.isModalInPresentation && mayDismissAtRelease(s)
            if allowed {
                dismissSheet(s)
                return
            }
            summary.sheets[s].attempted = true
            emit(.sheet(view: spec.view, .attemptRefused))
            if spec.delegate?.logsCallbacks == true { emit(.sheet(view: spec.view, .delegate(.didAttemptToDismiss, answer: nil))) }
        }
        setSheetTop(s, tops[nearest])
        guard nearest != sheetStates[s].selected else { return }
        sheetStates[s].selected = nearest
        summary.sheets[s].finalDetent = nearest
        emit(.sheet(view: spec.view, .detent(spec.detents[nearest].identifier)))
        if spec.delegate?.logsCallbacks == true {
            emit(.sheet(view: spec.view, .delegate(.didChangeSelectedDetentIdentifier, answer: nil)))
        }
    }

    /// Before an interactive dismissal UIKit asks `presentationControllerShouldDismiss` (not when modal).
    mutating func mayDismissAtRelease(_ s: Int) -> Bool { mayDismiss(s) }

    mutating func dismissSheet(_ s: Int) {
        let spec = scene.sheets[s]
        if spec.delegate?.logsCallbacks == true { emit(.sheet(view: spec.view, .delegate(.willDismiss, answer: nil))) }
        emit(.sheet(view: spec.view, .dismissing))
        setSheetTop(s, views[0].frame.size.height)
        sheetStates[s].dismissed = true
        timers.set(.sheetDismissal(s), now + params.sheetDismissDuration)
        summary.sheets[s].dismissed = true
    }

    /// The dismissal animation of sheet `s` finished: `didDismiss`.
    mutating func finishSheetDismissal(_ s: Int) {
        timers.set(.sheetDismissal(s), .never)
        let spec = scene.sheets[s]
        emit(.sheet(view: spec.view, .dismissed))
        if spec.delegate?.logsCallbacks == true { emit(.sheet(view: spec.view, .delegate(.didDismiss, answer: nil))) }
    }

    // MARK: - Dimming (M5)

    /// A touch-down's hit view once the sheets' dimming views are in place: outside a presented sheet that is dimmed
    /// at its selected detent (every detent when `largestUndimmedDetentIdentifier` is nil; above that detent
    /// otherwise), the dimming view takes the touch. The engine has no view for it: nothing receives the touch
    /// (tap-outside dismissal is not modelled).
    mutating func hitThroughDimming(_ hit: ViewID?, touch: Int) -> ViewID? {
        guard let hit else { return nil }
        var s = 0
        while s < sheetStates.count {
            defer { s += 1 }
            let spec = scene.sheets[s]
            guard !sheetStates[s].dismissed, !isView(hit, inside: spec.view) else { continue }
            let tops = scene.detentTops(of: s)
            if let undimmed = spec.largestUndimmedDetent, tops[sheetStates[s].selected] >= tops[undimmed] { continue }
            emit(.sheet(view: spec.view, .dimmingTook(touch: touch)))
            return nil
        }
        return hit
    }

    /// Moves presented view `v` (a sheet or a panel, under the window or a container at its top) so that its top edge
    /// is at window y `top`: this run's views change, and later touches hit-test it there.
    mutating func moveTop(of v: ViewID, to top: Double) {
        views[v].frame.origin.y = top - parentWindowY(v)
    }

    /// The window y of presented view `v`'s superview: the window's 0, or a container's frame y.
    func parentWindowY(_ v: ViewID) -> Double { views[v].parent.map { $0 == 0 ? 0 : views[$0].frame.origin.y } ?? 0 }

    /// Puts every sheet and panel view at the top its initial detent or state gives (the loader checks that the frame
    /// agrees; a scene changed in code, e.g. a sweep setting `sheetMediumDetentTop`, may not).
    mutating func placePresentedViews() {
        for s in sheetStates.indices { placeTop(of: scene.sheets[s].view, at: sheetStates[s].top) }
        for p in panelStates.indices { placeTop(of: scene.panels[p].view, at: panelStates[p].top) }
    }

    mutating func placeTop(of v: ViewID, at top: Double) {
        if views[v].frame.origin.y + parentWindowY(v) != top { moveTop(of: v, to: top) }
    }
}
