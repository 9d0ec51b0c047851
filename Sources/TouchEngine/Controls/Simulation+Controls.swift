/// UIControl tracking (touch-model §5) and table/collection cell highlight and selection (§7).
extension Simulation {
    /// §5.2: inside the bounds grown by the tracking tolerance, or `point(inside:)`.
    @inline(__always) func pointMostlyInside(_ local: Point, _ v: ViewID) -> Bool {
        let bounds = Rect(origin: boundsOrigin(v), size: views[v].frame.size)
        return bounds.outset(by: EdgeInsets(all: params.controlTrackingTolerance)).contains(local) || pointInside(local, v)
    }

    /// UISlider's thumb (28 pt, centred on the value), grown by 10 pt for the finger [INF].
    func sliderThumbRect(_ v: ViewID) -> Rect {
        let size = views[v].frame.size
        let thumb = min(28.0, size.height)
        let centre = thumb / 2 + controls[v].value * max(size.width - thumb, 0)
        return Rect(centre - thumb / 2, (size.height - thumb) / 2, thumb, thumb).outset(by: EdgeInsets(all: 10))
    }

    /// UISwitch's knob: a circle as tall as the switch, at the left when off and the right when on.
    func switchKnobRect(_ v: ViewID) -> Rect {
        let size = views[v].frame.size
        let x = controls[v].value >= 0.5 ? size.width - size.height : 0
        return Rect(x, 0, size.height, size.height)
    }

    /// Whether the control would start tracking this touch (`shouldTrack && beginTracking`).
    @inline(__always) func controlWouldTrack(_ v: ViewID, slot: Int) -> Bool {
        let spec = views[v]
        guard spec.isEnabled && spec.isUserInteractionEnabled, !controls[v].isTracking else { return false }
        if spec.kind == .slider {
            return sliderThumbRect(v).contains(convertFromWindow(touches[slot].downLocation, to: v))
        }
        return true
    }

    mutating func send(_ v: ViewID, _ event: ControlEvent, value: Double? = nil) {
        summary.controlEvent(event, of: v, at: now)
        emit(.control(view: v, event: event, value: value))
        if prepared.targetActions.declaresActions[v] { sendActions(v, for: event) }
    }

    mutating func setHighlighted(_ v: ViewID, _ on: Bool) {
        guard controls[v].isHighlighted != on else { return }
        controls[v].isHighlighted = on
        markControlDirty(v)
        if on { summary.highlighted(v, at: now) } else { summary.unhighlighted(v, at: now) }
        emit(.highlight(view: v, on: on))
    }

    mutating func controlBegan(_ v: ViewID, slot: Int, location: Point) {
        markControlDirty(v)
        controls[v].isTracking = true
        controls[v].trackingSlot = slot
        controls[v].isTouchInside = true
        timers.set(.controlHighlight(v), .never)
        if views[v].kind == .slider {
            let size = views[v].frame.size
            let thumb = min(28.0, size.height)
            let centre = thumb / 2 + controls[v].value * max(size.width - thumb, 0)
            controls[v].grabOffset = convertFromWindow(location, to: v).x - centre
        }
        setHighlighted(v, true)
        send(v, .touchDown)
        if touches[slot].tapCount >= 2 { send(v, .touchDownRepeat) }
    }

    mutating func controlMoved(_ v: ViewID, location: Point) {
        let local = convertFromWindow(location, to: v)
        let inside = pointMostlyInside(local, v)
        if views[v].kind == .slider { updateSliderValue(v, local: local) }
        setHighlighted(v, inside)
        if inside != controls[v].isTouchInside {
            controls[v].isTouchInside = inside
            send(v, inside ? .touchDragEnter : .touchDragExit)
        }
        send(v, inside ? .touchDragInside : .touchDragOutside)
    }

    mutating func updateSliderValue(_ v: ViewID, local: Point) {
        let size = views[v].frame.size
        let thumb = min(28.0, size.height)
        let track = max(size.width - thumb, 1)
        let value = min(max((local.x - controls[v].grabOffset - thumb / 2) / track, 0), 1)
        guard value != controls[v].value else { return }
        controls[v].value = value
        send(v, .valueChanged, value: value)
    }

    mutating func controlEnded(_ v: ViewID, slot: Int, location: Point) {
        let local = convertFromWindow(location, to: v)
        let inside = pointMostlyInside(local, v)
        var deferUnhighlight = false
        // §5.1: a control not highlighted at touch-up (highlighted only now) stays lit for a minimum time.
        if !controls[v].isHighlighted && inside {
            setHighlighted(v, true)
            let until = touches[slot].downTime + params.controlMinimumHighlight
            if now < until {
                timers.set(.controlHighlight(v), until)
                deferUnhighlight = true
            }
        }
        if inside != controls[v].isTouchInside {
            controls[v].isTouchInside = inside
            send(v, inside ? .touchDragEnter : .touchDragExit)
        }
        controls[v].isTracking = false
        controls[v].trackingSlot = -1
        send(v, inside ? .touchUpInside : .touchUpOutside)
        if inside { valueChangeOnTap(v, location: local) }
        if !deferUnhighlight { setHighlighted(v, false) }
    }

    /// Value changes of tap-driven controls after TouchUpInside [INF].
    mutating func valueChangeOnTap(_ v: ViewID, location local: Point) {
        let spec = views[v]
        switch spec.kind {
        case .switch:
            controls[v].value = controls[v].value >= 0.5 ? 0 : 1
            send(v, .valueChanged, value: controls[v].value)
        case .stepper:
            controls[v].value += local.x >= spec.frame.size.width / 2 ? 1 : -1
            send(v, .valueChanged, value: controls[v].value)
        case .segmentedControl, .pageControl:
            send(v, .valueChanged, value: controls[v].value)
        default:
            break
        }
    }

    mutating func controlCancelled(_ v: ViewID) {
        controls[v].isTracking = false
        controls[v].trackingSlot = -1
        setHighlighted(v, false)
        send(v, .touchCancel)
    }
}
