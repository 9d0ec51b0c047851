/// Library panels at run time (spec K1 FloatingPanel, K2 PanModal): the panel's pan moving the surface, the tracked
/// list locked or halted while it does, the handoff within one drag and the release rules. Scenes without a panel
/// never enter these functions (`panelStates` is empty).
extension Simulation {
    static func initialPanelStates(_ scene: Scene) -> [PanelRuntime] {
        scene.panels.map { PanelRuntime(top: $0.states[$0.initialState].top, state: $0.initialState) }
    }

    static func initialPanelOutcomes(_ scene: Scene) -> [PanelOutcome] {
        scene.panels.map { PanelOutcome(finalState: $0.initialState) }
    }

    /// One sample of a drag shows double motion (§B, B21) when a panel or sheet moves more than 0.5 pt and its list's
    /// content moves more than 0.5 pt the same way on screen (the list scrolls with the finger: content moves opposite
    /// to its offset). Excepted by design: the handoff sample, in which a list reaches its edge and the panel, not
    /// moving before, takes the rest of the finger's travel (K1.6, K2.7); and a list halted back to where it was held
    /// (its content moves against the panel, K2.4).
    static func isDoubleMotion(panelMove: Double, listOffsetChange: Double, panelWasMoving: Bool, listAtEdge: Bool) -> Bool {
        let contentMove = -listOffsetChange
        guard abs(panelMove) > 0.5 && abs(contentMove) > 0.5 && (panelMove > 0) == (contentMove > 0) else { return false }
        return panelWasMoving || !listAtEdge
    }

    /// Whether `listY` is at (or past) an end of scroll view `sv`'s vertical offset range.
    func isAtVerticalEdge(_ sv: ViewID, _ listY: Double) -> Bool {
        let range = offsetRange(sv, .vertical)
        return listY <= range.min + 0.5 || listY >= range.max - 0.5
    }

    /// The index of the most expanded state (smallest top) and of the least expanded one.
    func panelExtremes(_ p: Int) -> (most: Int, least: Int) {
        let states = scene.panels[p].states
        let most = states.indices.min { states[$0].top < states[$1].top }!
        let least = states.indices.max { states[$0].top < states[$1].top }!
        return (most, least)
    }

    /// The panel's pan acted (began, changed, ended or cancelled).
    mutating func panelPanActed(_ id: RecognizerID, panel p: Int) {
        guard !panelStates[p].removed else { return }
        switch recognizers[id].state {
        case .began:
            panelStates[p].interacting = false
            notePanelSample(p)
            if scene.panels[p].policy == .panModal { panModalMoves(p, pan: id) }
        case .changed:
            switch scene.panels[p].policy {
            case .floatingPanel: floatingPanelMoves(p, pan: id)
            case .panModal: panModalMoves(p, pan: id)
            }
            notePanelSample(p)
        case .ended, .cancelled:
            releasePanel(p, pan: id)
        default:
            break
        }
    }

    /// §B double motion: the list scrolled with the finger while the panel moved too
    /// (``Simulation/isDoubleMotion(panelMove:listOffsetChange:panelWasMoving:listAtEdge:)``).
    mutating func notePanelSample(_ p: Int) {
        let list = scene.panels[p].trackedScrollView
        let listY = list.map { scrolls[$0].offset.y } ?? 0
        if recognizers[scene.panels[p].pan].state == .changed,
            Self.isDoubleMotion(
                panelMove: panelStates[p].top - panelStates[p].lastTop, listOffsetChange: listY - panelStates[p].lastListY,
                panelWasMoving: panelStates[p].interacting && abs(panelStates[p].lastTop - panelStates[p].startTop) > 0.5,
                listAtEdge: list.map { isAtVerticalEdge($0, listY) } ?? true)
        {
            summary.panels[p].doubleMotion = true
        }
        panelStates[p].lastListY = listY
        panelStates[p].lastTop = panelStates[p].top
    }

    // MARK: - FloatingPanel (K1)

    /// K1.5–K1.6: until the panel interacts, each `changed` asks whether the list keeps the drag; when it does not,
    /// the panel starts following the pan, converting a list's over-pull past its top into panel movement and
    /// holding the list where it is (at its top after an over-pull).
    mutating func floatingPanelMoves(_ p: Int, pan: RecognizerID) {
        let t = panTranslation(pan).y
        if !panelStates[p].interacting {
            if listKeepsDrag(p, pan: pan) { return }
            var overshoot = 0.0
            if let list = scene.panels[p].trackedScrollView {
                let listPan = scrollPanOf[list]
                let top = offsetRange(list, .vertical).min
                if listPan >= 0, recognizers[listPan].state.isActive {
                    let proposed =
                        recognizers[listPan].scrollStartOffset.y - convertVectorFromWindow(panTranslation(listPan), to: list).y
                    if proposed < top { overshoot = top - proposed }
                }
                panelStates[p].pinnedOffset = max(scrolls[list].offset.y, top)
                var offset = scrolls[list].offset
                offset.y = panelStates[p].pinnedOffset
                setOffset(list, offset)
            }
            panelStates[p].interacting = true
            panelStates[p].startTop = panelStates[p].top
            panelStates[p].startTranslation = t - overshoot
            emit(.panel(view: scene.panels[p].view, .takesOver(overshoot: overshoot)))
        }
        setPanelTop(p, shapedPanelTop(p, panelStates[p].startTop + t - panelStates[p].startTranslation))
    }

    /// K1.5: the list keeps the drag (the panel stays) when the drag started in the list, not from the grabber,
    /// with the panel at rest in its most expanded (scrollable) state, and the list is below its top, or above it
    /// with the finger moving up, or decelerating.
    func listKeepsDrag(_ p: Int, pan: RecognizerID) -> Bool {
        let spec = scene.panels[p]
        guard let list = spec.trackedScrollView else { return false }
        let (most, _) = panelExtremes(p)
        guard panelStates[p].state == most, panelStates[p].top == spec.states[most].top else { return false }
        var inList = false, fromGrabber = false
        var mask = recognizers[pan].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            if touches[slot].view >= 0 && isView(touches[slot].view, inside: list) { inList = true }
            if convertFromWindow(touches[slot].downLocation, to: spec.view).y < spec.grabberHeight { fromGrabber = true }
        }
        guard inList, !fromGrabber else { return false }
        let offset = scrolls[list].offset.y, top = offsetRange(list, .vertical).min
        return offset > top || (offset < top && recognizers[pan].velocity.y < 0) || scrolls[list].isDecelerating
    }

    /// Beyond the most expanded state the panel rubber-bands; beyond the least expanded one too unless it may be
    /// removed [INF].
    func shapedPanelTop(_ p: Int, _ raw: Double) -> Double {
        let (most, least) = panelExtremes(p)
        let states = scene.panels[p].states, height = views[0].frame.size.height
        if raw < states[most].top { return states[most].top - rubberBand(states[most].top - raw, height) }
        if raw > states[least].top && !scene.panels[p].removal {
            return states[least].top + rubberBand(raw - states[least].top, height)
        }
        return raw
    }

    // MARK: - PanModal (K2)

    /// K2.3–K2.5: anchored at long form with the list below its top, the pan's callback is ignored and its translation
    /// reset; otherwise the modal moves by the translation since the last callback (halved above long form, never
    /// above it: `anchorModalToLongForm`), and the translation is reset.
    mutating func panModalMoves(_ p: Int, pan: RecognizerID) {
        let spec = scene.panels[p]
        let long = panelExtremes(p).most
        let anchored = panelStates[p].top <= spec.states[long].top
        if anchored, let list = spec.trackedScrollView, scrolls[list].offset.y > offsetRange(list, .vertical).min,
            listTouchedOrScrolling(list, pan: pan)
        {
            resetPanTranslation(pan)
            emit(.panel(view: spec.view, .ignored))
            return
        }
        var dy = panTranslation(pan).y
        if panelStates[p].top < spec.states[long].top { dy /= 2 }
        resetPanTranslation(pan)
        guard dy != 0 else { return }
        if !panelStates[p].interacting {
            panelStates[p].interacting = true
            panelStates[p].startTop = panelStates[p].top
            emit(.panel(view: spec.view, .takesOver(overshoot: 0)))
        }
        setPanelTop(p, max(panelStates[p].top + dy, spec.states[long].top))
    }

    func listTouchedOrScrolling(_ list: ViewID, pan: RecognizerID) -> Bool {
        if scrolls[list].isDragging || scrolls[list].isDecelerating { return true }
        var mask = recognizers[pan].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            if touches[slot].view >= 0 && isView(touches[slot].view, inside: list) { return true }
        }
        return false
    }

    /// `setTranslation(.zero, in:)` on every callback, as PanModal does. Apple says it resets the velocity too; the
    /// engine keeps the velocity, which PanModal reads at the release (its flicks dismiss on devices, so the reset
    /// cannot last to `.ended`) [INF].
    mutating func resetPanTranslation(_ pan: RecognizerID) {
        recognizers[pan].translationOrigin = recognizers[pan].lastCentroid
    }

    // MARK: - The tracked list

    /// The offset the tracked list of a panel actually takes for the one its pan proposes: FloatingPanel holds it
    /// while the panel moves and in every state but the most expanded (K1.4); PanModal, away from long form, forces a
    /// positive offset back to the last one it tracked, and tracks it while anchored (K2.4).
    mutating func panelHeldListOffset(_ sv: ViewID, pan: RecognizerID, _ offset: Point) -> Point {
        guard let p = scene.panels.firstIndex(where: { $0.trackedScrollView == sv }), !panelStates[p].removed else { return offset }
        var held = offset
        let top = offsetRange(sv, .vertical).min
        guard scene.panels[p].pinsList else { return offset }
        switch scene.panels[p].policy {
        case .floatingPanel:
            if panelStates[p].interacting {
                held.y = panelStates[p].pinnedOffset
            } else if panelStates[p].state != panelExtremes(p).most {
                held.y = recognizers[pan].scrollStartOffset.y
            }
        case .panModal:
            let long = scene.panels[p].states[panelExtremes(p).most].top
            // PanModal's `didPanOnScrollView`: anchored, it tracks the offset (never below the top); away from long
            // form it halts the list at the tracked offset while the list is dragged, whatever the sign (a rubber
            // band past the top included) [REPL slackhq/PanModal `haltScrolling`].
            if panelStates[p].top <= long {
                panelStates[p].pinnedOffset = max(offset.y, top)
            } else {
                held.y = panelStates[p].pinnedOffset
            }
        }
        return held
    }

    /// Whether a panel holds `sv` at its offset vertically when its drag ends (no flight).
    func panelHoldsList(_ sv: ViewID) -> Bool {
        guard let p = scene.panels.firstIndex(where: { $0.trackedScrollView == sv }) else { return false }
        return scene.panels[p].policy == .floatingPanel && scene.panels[p].pinsList
            && (panelStates[p].interacting || panelStates[p].state != panelExtremes(p).most)
    }

    // MARK: - Position and release

    mutating func setPanelTop(_ p: Int, _ top: Double) {
        guard panelStates[p].top != top else { return }
        panelStates[p].top = top
        let v = scene.panels[p].view
        moveTop(of: v, to: top)
        let down = top - panelStates[p].startTop
        if panelStates[p].interacting && down > summary.panels[p].maxDownDisplacement { summary.panels[p].maxDownDisplacement = down }
        if panelStates[p].interacting && -down > summary.panels[p].maxUpDisplacement { summary.panels[p].maxUpDisplacement = -down }
        summary.panels[p].moved = true
        emit(.panel(view: v, .top(top)))
    }

    /// K1.7 (FloatingPanel): project the velocity with `floatingPanelProjectionRate` and take the nearest state
    /// within the panel's range; removed when allowed and the downward velocity over the distance to the bottom
    /// reaches `floatingPanelRemovalThreshold`. K2.6 (PanModal): faster than `panModalSnapVelocity` up → long form,
    /// down → short form if long form is nearer than the bottom and the modal is above short form (or it may not be
    /// dismissed), else dismissed; slower: the nearest of the states and the bottom.
    mutating func releasePanel(_ p: Int, pan: RecognizerID) {
        defer { panelStates[p].interacting = false }
        let spec = scene.panels[p]
        let (most, least) = panelExtremes(p)
        let top = panelStates[p].top
        guard panelStates[p].interacting || top != spec.states[panelStates[p].state].top else { return }
        let rested = restedBeforeLift(pan)
        let v = rested ? 0 : recognizers[pan].velocity.y
        let height = views[0].frame.size.height
        func nearest(to y: Double) -> Int {
            spec.states.indices.min { abs(spec.states[$0].top - y) < abs(spec.states[$1].top - y) }!
        }
        var target: Int? = nil
        var projected = top
        switch spec.policy {
        case .floatingPanel:
            let r = params.floatingPanelProjectionRate
            projected = top + v * r / (1 - r)
            let clamped = min(max(projected, spec.states[most].top), spec.states[least].top)
            if !(spec.removal && v > 0 && v * 1000 / max(height - top, 1) >= params.floatingPanelRemovalThreshold) {
                target = nearest(to: clamped)
            }
        case .panModal:
            let long = spec.states[most].top, short = spec.states[least].top
            if abs(v * 1000) > params.panModalSnapVelocity {
                if v < 0 {
                    target = most
                } else if (abs(top - long) < abs(height - top) && top < short) || !spec.removal {
                    target = least
                }
            } else {
                let state = nearest(to: top)
                if !spec.removal || abs(spec.states[state].top - top) <= abs(height - top) { target = state }
            }
        }
        let name = target.map { spec.states[$0].name } ?? "removed"
        emit(.panel(view: spec.view, .release(projected: projected, velocity: v, target: name)))
        guard let target else {
            panelStates[p].removed = true
            summary.panels[p].removed = true
            setPanelTop(p, height)
            emit(.panel(view: spec.view, .removed))
            return
        }
        setPanelTop(p, spec.states[target].top)
        guard target != panelStates[p].state else { return }
        panelStates[p].state = target
        summary.panels[p].finalState = target
        emit(.panel(view: spec.view, .state(spec.states[target].name)))
    }
}
