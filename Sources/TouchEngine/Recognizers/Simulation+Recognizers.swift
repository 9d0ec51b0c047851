/// The recognizers' own state machines (touch-model §4.5, §6, §8): each event returns a `Verdict` that
/// the step applies. Reasons are built only when tracing.
extension Simulation {
    /// A verdict's reason, built and kept only when the run is traced (`ReasonRef`): the untraced path never formats
    /// a string.
    @inline(__always) mutating func why(_ reason: @autoclosure () -> Reason) -> ReasonRef {
        guard Recorder.isRecording else { return .untraced }
        verdictReasons.append(reason())
        return ReasonRef(index: verdictReasons.count - 1)
    }

    /// A reason outside a verdict: built only when the run is traced.
    @inline(__always) func traced(_ reason: @autoclosure () -> Reason) -> Reason {
        Recorder.isRecording ? reason() : .note("")
    }

    /// The reason a verdict names (`.note("")` for an untraced run's).
    @inline(__always) func reason(_ ref: ReasonRef) -> Reason {
        ref.index < 0 ? .note("") : verdictReasons[ref.index]
    }

    mutating func recognizerReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID) -> Verdict {
        switch recs[id].kind {
        case let .tap(taps, required): return tapReceives(phase, slot: slot, id: id, taps: taps, required: required)
        case let .longPress(required): return longPressReceives(phase, slot: slot, id: id, required: required)
        case let .pan(minimum, maximum): return panReceives(phase, slot: slot, id: id, minimum: minimum, maximum: maximum)
        case let .swipe(directions, required): return swipeReceives(phase, slot: slot, id: id, directions: directions, required: required)
        case let .scrollDelay(sv): return scrollDelayReceives(phase, slot: slot, id: id, scrollView: sv)
        case let .scrollPan(sv): return scrollPanReceives(phase, slot: slot, id: id, scrollView: sv)
        case let .edgeGate(edges): return edgeGateReceives(phase, slot: slot, id: id, edges: edges)
        case .pinch, .scrollZoom: return twoFingerReceives(phase, slot: slot, id: id, rotation: false)
        case .rotation: return twoFingerReceives(phase, slot: slot, id: id, rotation: true)
        case let .custom(behavior): return customReceives(phase, slot: slot, id: id, behavior: behavior)
        case let .screenEdgePan(edges): return edgePanReceives(phase, slot: slot, id: id, edges: edges)
        case let .navigationPop(spec, role): return navigationPopReceives(phase, slot: slot, id: id, spec: spec, role: role)
        case let .sheetPan(s): return sheetPanReceives(phase, slot: slot, id: id, sheet: s)
        case .panelPan: return panReceives(phase, slot: slot, id: id, minimum: 1, maximum: Int.max)
        }
    }

    mutating func recognizerTimerFired(_ id: RecognizerID) -> Verdict {
        let name = scene.recognizers[id].name
        switch recs[id].kind {
        case .tap:
            if recognizers[id].waitingForNextTap {
                if Recorder.isRecording { emit(.timer("\(name): next tap did not come in time")) }
                return .fail(why(.timer("maximum interval between taps elapsed")))
            }
            if Recorder.isRecording { emit(.timer("\(name): maximum tap duration")) }
            return .fail(why(.timer("finger stayed down longer than the maximum tap duration")))
        case .longPress:
            if Recorder.isRecording { emit(.timer("\(name): minimum press duration")) }
            return .begin(why(.timer("held for the minimum press duration without moving too far")))
        case .swipe:
            if Recorder.isRecording { emit(.timer("\(name): maximum swipe duration")) }
            return .fail(why(.timer("maximum swipe duration elapsed")))
        case .scrollDelay(let sv):
            if Recorder.isRecording { emit(.timer("\(name): content touch delay")) }
            return scrollDelayDecides(id: id, scrollView: sv, cause: "the content touch delay elapsed")
        case .edgeGate:
            if Recorder.isRecording { emit(.timer("\(name): edge gate delay")) }
            return .fail(why(.timer("the system gesture gate let the touch through")))
        case .custom(let behavior):
            return customTimerFired(id, behavior: behavior)
        case .screenEdgePan, .navigationPop:
            return edgeTimeLimitFired(id)
        case .pan, .scrollPan, .pinch, .rotation, .scrollZoom, .sheetPan, .panelPan:
            return .none
        }
    }

    // MARK: - Geometry shared by pans and long presses

    /// Centroid of the touches down (`isDown`) the recognizer tracks.
    @inline(__always) func centroid(_ id: RecognizerID) -> Point {
        var sum = Point.zero
        var n = 0.0
        var mask = recognizers[id].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            guard isDown(slot) else { continue }
            sum = sum + touches[slot].location
            n += 1
        }
        return n > 0 ? sum * (1 / n) : recognizers[id].lastCentroid
    }

    @inline(__always) func liveTouchCount(_ id: RecognizerID) -> Int {
        var n = 0
        var mask = recognizers[id].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            if isDown(slot) { n += 1 }
        }
        return n
    }

    @inline(__always) func panTranslation(_ id: RecognizerID) -> Point {
        recognizers[id].lastCentroid - recognizers[id].translationOrigin
    }

    /// Records a new centroid sample and updates the smoothed velocity (§4.5: 0.2·new + 0.8·previous).
    @inline(__always) mutating func samplePan(_ id: RecognizerID, centroid c: Point) {
        let dt = (now - recognizers[id].lastSampleTime).milliseconds
        if dt > 0 {
            let instant = (c - recognizers[id].lastCentroid) * (1 / dt)
            let k = params.panVelocitySmoothing
            recognizers[id].velocity = recognizers[id].hasVelocity ? instant * k + recognizers[id].velocity * (1 - k) : instant
            recognizers[id].hasVelocity = true
        }
        recognizers[id].lastCentroid = c
        recognizers[id].lastSampleTime = now
    }

    /// When the touch set of a pan changes, shift the origins so translation stays continuous.
    mutating func rebaseCentroid(_ id: RecognizerID, from old: Point, to new: Point) {
        let shift = new - old
        recognizers[id].start = recognizers[id].start + shift
        recognizers[id].translationOrigin = recognizers[id].translationOrigin + shift
        recognizers[id].lastCentroid = new
    }

    // MARK: - Tap

    mutating func tapReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, taps: Int, required: Int) -> Verdict {
        let spec = recs[id]
        let allowable = spec.thresholds.allowableMovement ?? params.tapAllowableMovement
        switch phase {
        case .began:
            let p = touches[slot].location
            if recognizers[id].waitingForNextTap {
                recognizers[id].waitingForNextTap = false
                let d = p.distance(to: recognizers[id].firstTapStart)
                if d > allowable {
                    return .fail(why(.threshold("next tap landed \(fmt(d)) pt from the first (allowable \(fmt(allowable)) pt)")))
                }
            } else if recognizers[id].tapsDone == 0 && recognizers[id].touchesDown == 0 {
                recognizers[id].firstTapStart = p
            }
            if recognizers[id].touchesDown == 0 {
                if let own = spec.thresholds.maximumTapDuration {
                    timers.set(id, now + own)
                } else {
                    setInferredDeadline(id, .tapMaximumDuration, params.tapMaximumDuration)
                }
            }
            recognizers[id].touchesDown += 1
            recognizers[id].maxTouchesDown = max(recognizers[id].maxTouchesDown, recognizers[id].touchesDown)
            if recognizers[id].touchesDown > required {
                return .fail(why(.threshold("more than \(required) finger(s)")))
            }
            return .none
        case .moved:
            let d = touches[slot].location.distance(to: touches[slot].downLocation)
            if d > allowable {
                return .fail(why(.threshold("moved \(fmt(d)) pt > allowable movement \(fmt(allowable)) pt")))
            }
            return .none
        case .ended:
            let d = touches[slot].location.distance(to: touches[slot].downLocation)
            if d > allowable {
                return .fail(why(.threshold("lifted \(fmt(d)) pt away > allowable movement \(fmt(allowable)) pt")))
            }
            recognizers[id].touchesDown -= 1
            guard recognizers[id].touchesDown == 0 else { return .none }
            timers.set(id, .never)
            let fingers = recognizers[id].maxTouchesDown
            if fingers < required { return .fail(why(.threshold("only \(fingers) of \(required) fingers"))) }
            recognizers[id].maxTouchesDown = 0
            recognizers[id].tapsDone += 1
            if recognizers[id].tapsDone >= taps {
                return .recognize(why(.threshold("tap \(taps) of \(taps) completed")))
            }
            recognizers[id].waitingForNextTap = true
            timers.set(id, now + (spec.thresholds.maximumIntervalBetweenTaps ?? params.multiTapInterval))
            return .none
        case .cancelled:
            return .fail(why(.touchesCancelled))
        }
    }

    // MARK: - Long press

    mutating func longPressReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, required: Int) -> Verdict {
        let spec = recs[id]
        let allowable = spec.thresholds.allowableMovement ?? params.longPressAllowableMovement
        let active = recognizers[id].state.isActive || recognizers[id].pending == .begin
        switch phase {
        case .began:
            recognizers[id].touchesDown += 1
            if !active {
                if recognizers[id].touchesDown == required {
                    timers.set(id, now + (spec.thresholds.minimumPressDuration ?? params.longPressDuration))
                } else if recognizers[id].touchesDown > required {
                    return .fail(why(.threshold("more than \(required) finger(s)")))
                }
            }
            samplePan(id, centroid: centroid(id))
            return .none
        case .moved:
            samplePan(id, centroid: centroid(id))
            if active { return .change }
            let d = touches[slot].location.distance(to: touches[slot].downLocation)
            if d > allowable {
                return .fail(why(.threshold("moved \(fmt(d)) pt > allowable movement \(fmt(allowable)) pt before the press duration")))
            }
            return .none
        case .ended:
            recognizers[id].touchesDown -= 1
            if active {
                return recognizers[id].touchesDown < required ? .end(why(.touchesEnded)) : .none
            }
            return .fail(why(.note("lifted before the minimum press duration")))
        case .cancelled:
            return active ? .cancel(why(.touchesCancelled)) : .fail(why(.touchesCancelled))
        }
    }

    // MARK: - Pan

    mutating func panReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, minimum: Int, maximum: Int) -> Verdict {
        let h = recs[id].thresholds.hysteresis ?? params.panHysteresis
        let active = recognizers[id].state.isActive || recognizers[id].pending == .begin
        switch phase {
        case .began:
            let old = recognizers[id].lastCentroid
            recognizers[id].touchesDown += 1
            if recognizers[id].touchesDown > maximum {
                // Touches beyond the maximum are ignored (`ignore(_:for:)`).
                recognizers[id].touches &= ~bit(slot)
                recognizers[id].touchesDown -= 1
                return .none
            }
            let c = centroid(id)
            if recognizers[id].touchesDown == 1 {
                recognizers[id].start = c
                recognizers[id].translationOrigin = c
                recognizers[id].lastCentroid = c
                recognizers[id].lastSampleTime = now
            } else {
                rebaseCentroid(id, from: old, to: c)
            }
            return .none
        case .moved:
            samplePan(id, centroid: centroid(id))
            // It changes only while at least the minimum number of fingers are down [DOC UIPanGestureRecognizer].
            guard recognizers[id].touchesDown >= minimum else { return .none }
            if active { return .change }
            let delta = recognizers[id].lastCentroid - recognizers[id].start
            guard abs(delta.x) >= h || abs(delta.y) >= h else { return .none }
            recognizers[id].translationOrigin = recognizers[id].lastCentroid - removingHysteresis(delta, h, axes: (true, true))
            return .begin(why(.threshold("translation (\(fmt(delta.x)),\(fmt(delta.y))) reached the \(fmt(h)) pt hysteresis")))
        case .ended, .cancelled:
            let old = recognizers[id].lastCentroid
            recognizers[id].touchesDown -= 1
            if recognizers[id].touchesDown > 0 {
                rebaseCentroid(id, from: old, to: centroid(id))
            }
            if phase == .cancelled { return active ? .cancel(why(.touchesCancelled)) : .fail(why(.touchesCancelled)) }
            // It ends when all fingers have lifted, whatever its minimum [DOC UIPanGestureRecognizer: "It ends when all
            // fingers are lifted"].
            guard recognizers[id].touchesDown == 0 else { return .none }
            return active ? .end(why(.touchesEnded)) : .fail(why(.note("touches ended before the pan began")))
        }
    }

    /// §4.5 hysteresis removal, per axis with clamping: `sign(Δ)·max(|Δ| − h, 0)`.
    @inline(__always) func removingHysteresis(_ delta: Point, _ h: Double, axes: (Bool, Bool)) -> Point {
        func clamp(_ v: Double) -> Double { v < 0 ? -max(-v - h, 0) : max(v - h, 0) }
        return Point(axes.0 ? clamp(delta.x) : delta.x, axes.1 ? clamp(delta.y) : delta.y)
    }

    // MARK: - Scroll view delay recognizer (S1–S4)

    mutating func scrollDelayReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, scrollView sv: ViewID) -> Verdict {
        switch phase {
        case .began:
            guard views[sv].delaysContentTouches else {
                return scrollDelayDecides(id: id, scrollView: sv, cause: "delaysContentTouches is false")
            }
            if timers[id] == .never { timers.set(id, now + params.contentTouchDelay) }
            return .none
        case .moved:
            guard params.scrollDelayEarlyRelease else { return .none }
            let delta = axesOf(sv, touches[slot].location - touches[slot].downLocation)
            for axis in Axis.allCases where !canScroll(sv, axis) && abs(delta[axis]) >= params.scrollHysteresis {
                return scrollDelayDecides(id: id, scrollView: sv, cause: "moved along an axis the scroll view cannot scroll")
            }
            return .none
        case .ended:
            return scrollDelayDecides(id: id, scrollView: sv, cause: "the touch ended before the delay")
        case .cancelled:
            return .fail(why(.touchesCancelled))
        }
    }

    /// S2: before releasing, ask `touchesShouldBegin(_:with:in:)`; NO makes the delay recognizer
    /// recognize, which discards the withheld touches.
    mutating func scrollDelayDecides(id: RecognizerID, scrollView sv: ViewID, cause: String) -> Verdict {
        timers.set(id, .never)
        guard views[sv].touchesShouldBeginIsCustom else {
            return .fail(why(.note("\(cause); touchesShouldBegin returned true")))
        }
        let policy = scene.views[sv].scroll!.touchesShouldBegin
        var mask = recognizers[id].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            let view = touches[slot].view
            guard view >= 0 else { continue }
            let allowed: Bool
            switch policy {
            case .always: allowed = true
            case .never: allowed = false
            case .rejectViews(let views): allowed = !views.contains { isView(view, inside: $0) }
            }
            if !allowed { return .recognize(why(.touchesShouldBegin(view, false))) }
        }
        return .fail(why(.note("\(cause); touchesShouldBegin returned true")))
    }

    // MARK: - Scroll view pan (S5–S11)

    mutating func scrollPanReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, scrollView sv: ViewID) -> Verdict {
        let active = recognizers[id].state.isActive || recognizers[id].pending == .begin
        switch phase {
        case .began:
            let old = recognizers[id].lastCentroid
            recognizers[id].touchesDown += 1
            let c = centroid(id)
            if recognizers[id].touchesDown == 1 {
                recognizers[id].start = c
                recognizers[id].translationOrigin = c
                recognizers[id].lastCentroid = c
                recognizers[id].lastSampleTime = now
                if scrolls[sv].isDecelerating && !active {
                    // S9: touching a decelerating scroll view catches it; the pan begins at once.
                    catchDeceleration(sv)
                    return .begin(why(.caughtDeceleration))
                }
            } else {
                rebaseCentroid(id, from: old, to: c)
            }
            return .none
        case .moved:
            samplePan(id, centroid: centroid(id))
            if active { return .change }
            // Window points along the scroll view's own axes (§0.2: thresholds in window points).
            let delta = axesOf(sv, recognizers[id].lastCentroid - recognizers[id].start)
            let h = params.scrollHysteresis
            var beginX = canScroll(sv, .horizontal) && abs(delta.x) >= h
            var beginY = canScroll(sv, .vertical) && abs(delta.y) >= h
            // A list in a sheet whose content cannot scroll vertically still begins vertically and drives the sheet (M3.1).
            if !beginY && !sheetStates.isEmpty && abs(delta.y) >= h && sheetLetsListBeginVertically(sv, pan: id) { beginY = true }
            if params.scrollViewsTransferToParent, let parent = transferParent(of: sv, pan: id) {
                let declineX = declinesAxis(sv, .horizontal, delta: delta, parent: parent, otherBegins: beginY)
                let declineY = declinesAxis(sv, .vertical, delta: delta, parent: parent, otherBegins: beginX)
                if declineX { beginX = false }
                if declineY { beginY = false }
                if (declineX && abs(delta.x) >= h) || (declineY && abs(delta.y) >= h) { summary.decided(id, .transferredToParent) }
                if Recorder.isRecording && ((declineX && abs(delta.x) >= h) || (declineY && abs(delta.y) >= h)) {
                    emit(.held(recognizer: id, reason: .transfersToParent(parent)))
                }
                if (declineX || declineY) && !beginX && !beginY { return .none }
            }
            guard beginX || beginY else { return .none }
            recognizers[id].translationOrigin =
                recognizers[id].lastCentroid
                - windowOf(sv, removingHysteresis(delta, h, axes: (true, true)))
            return .begin(why(.threshold("translation (\(fmt(delta.x)),\(fmt(delta.y))) reached the \(fmt(h)) pt scroll hysteresis on a scrollable axis")))
        case .ended, .cancelled:
            let old = recognizers[id].lastCentroid
            recognizers[id].touchesDown -= 1
            if recognizers[id].touchesDown > 0 { rebaseCentroid(id, from: old, to: centroid(id)) }
            if phase == .cancelled { return active ? .cancel(why(.touchesCancelled)) : .fail(why(.touchesCancelled)) }
            if active { return recognizers[id].touchesDown == 0 ? .end(why(.touchesEnded)) : .none }
            return recognizers[id].touchesDown == 0 ? .fail(why(.note("touches ended before the scroll began"))) : .none
        }
    }

    // MARK: - System edge gate (§8)

    mutating func edgeGateReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, edges: ScreenEdges) -> Verdict {
        switch phase {
        case .began:
            guard timers[id] == .never else { return .none }
            let p = touches[slot].downLocation
            let size = views[0].frame.size, r = params.edgeGateRegion
            let nearTop = edges.contains(.top) && p.y < params.topEdgeGateRegion
            let nearEdge =
                (edges.contains(.bottom) && p.y >= size.height - r) || nearTop
                || (edges.contains(.left) && p.x < r) || (edges.contains(.right) && p.x >= size.width - r)
            noteEdgeGateRegions(p, size: size, edges: edges)
            guard nearEdge else { return .fail(why(.note("the touch started away from the watched edges"))) }
            if nearTop {
                setInferredDeadline(id, .topEdgeGateDelay, params.topEdgeGateDelay)
            } else {
                setInferredDeadline(id, .edgeGateDelay, params.edgeGateDelay)
            }
            return .none
        case .moved:
            return topEdgePull(slot: slot, id: id, edges: edges)
        case .ended, .cancelled:
            return .fail(why(.note("the touch ended; not a system gesture")))
        }
    }

    /// §8 [WWDC 2017-219] "swiping from the top brings down the cover sheet": a touch that started in the top
    /// area and moves down is the system's. The decision distance is not documented; the engine uses the pan
    /// hysteresis (10 pt) [INF]: down at least that far (and more down than sideways) recognizes; as far
    /// sideways or up fails.
    @inline(__always) mutating func topEdgePull(slot: Int, id: RecognizerID, edges: ScreenEdges) -> Verdict {
        let start = touches[slot].downLocation
        guard edges.contains(.top), timers[id] != .never, start.y < params.topEdgeGateRegion else { return .none }
        let d = touches[slot].location - start, h = params.panHysteresis
        if d.y >= h && d.y >= abs(d.x) {
            return .recognize(why(.note("a swipe down from the top edge: the system opens Notification Center or Control Center (§8)")))
        }
        if abs(d.x) >= h || -d.y >= h {
            return .fail(why(.note("the finger moved sideways or up, not down from the top edge")))
        }
        return .none
    }
}

/// Compact number formatting for trace text: integers without a decimal point, otherwise up to three decimals.
func fmt(_ v: Double) -> String {
    let rounded = (v * 1000).rounded() / 1000
    if rounded == rounded.rounded() && abs(rounded) < 1e15 {
        let i = Int(rounded)
        return i == 0 ? "0" : String(i)
    }
    var s = String(rounded)
    if s.contains("e") { return s }
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}
