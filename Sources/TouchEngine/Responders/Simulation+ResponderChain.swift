/// Sending `touches…` to the hit view and up the responder chain (touch-model §3, R1–R5).
extension Simulation {
    /// R2: a view's next responder is its controller when it is a root view, else its superview; a
    /// controller's is its root view's superview; the window's is the application (nil here).
    @inline(__always) func nextResponder(after responder: Responder) -> Responder? {
        switch responder {
        case .view(let v):
            if controllerOf[v] >= 0 { return .controller(controllerOf[v]) }
            return views[v].parent.map { .view($0) }
        case .controller(let c):
            return views[prepared.controllers.controllerRootView[c]].parent.map { .view($0) }
        }
    }

    @inline(__always) func methods(of responder: Responder) -> TouchMethods {
        switch responder {
        case .view(let v): return views[v].touches
        case .controller(let c): return prepared.controllers.controllerTouches[c]
        }
    }

    /// Whether the class's own implementation handles the call (R5): controls while they track, cells always,
    /// scroll views while scrolling is enabled (with `isScrollEnabled` false a scroll view "forwards them up the
    /// responder chain" [DOC UIScrollView.isScrollEnabled]); plain views, controllers and the window forward.
    @inline(__always) func builtInHandles(_ responder: Responder, phase: TouchPhase, slot: Int) -> Bool {
        guard case .view(let v) = responder else { return false }
        let kind = views[v].kind
        if kind.isControl {
            // §5.4: an iOS 26 switch keeps the touches of its own and its subviews for private recognizers the engine
            // does not model; it tracks none.
            if kind == .switch && params.switchesUsePrivateRecognizers { return true }
            if phase == .began { return controlWouldTrack(v, slot: slot) }
            return controls[v].isTracking && controls[v].trackingSlot == slot
        }
        return kind == .cell || (kind.isScrollView && views[v].scroll?.isScrollEnabled != false)
    }

    mutating func runBuiltIn(_ responder: Responder, phase: TouchPhase, slot: Int, location: Point) {
        guard case .view(let v) = responder else { return }
        let kind = views[v].kind
        if kind.isControl {
            if kind == .switch && params.switchesUsePrivateRecognizers { return }
            switch phase {
            case .began: controlBegan(v, slot: slot, location: location)
            case .moved: controlMoved(v, location: location)
            case .ended: controlEnded(v, slot: slot, location: location)
            case .cancelled: controlCancelled(v)
            }
        } else if kind == .cell {
            switch phase {
            case .began: setHighlighted(v, true)
            case .moved: break
            case .ended:
                summary.selection(of: v, at: now)
                emit(.selected(view: v))
                setHighlighted(v, false)
            case .cancelled: setHighlighted(v, false)
            }
        }
    }

    /// Delivers one phase of a touch to its hit view (P6); unhandled calls travel up the chain (R1, R3). In a
    /// multi-touch step the call waits in `queuedCalls` and goes out with the view's other touches of the phase.
    mutating func sendToResponders(slot: Int, phase: TouchPhase, timestamp: VirtualTime, location: Point) {
        if queueingCalls {
            queuedCalls.append(QueuedCall(slot: slot, phase: phase, timestamp: timestamp, location: location))
            return
        }
        runCall(
            phase: phase, slots: bit(slot), first: QueuedCall(slot: slot, phase: phase, timestamp: timestamp, location: location),
            queued: false)
    }

    /// Sends one queued call: `phase` with the queued touches in `slots` (all on one hit view), in queue order.
    mutating func sendCall(phase: TouchPhase, slots: UInt64) {
        guard let first = queuedCalls.first(where: { $0.phase == phase && slots & bit($0.slot) != 0 }) else { return }
        runCall(phase: phase, slots: slots, first: first, queued: true)
    }

    /// One `touches…` call with the touches in `slots` (`first` is the one a control tracks, UIControl taking
    /// `anyObject` of the set [INF]), walking up the responder chain from their hit view.
    mutating func runCall(phase: TouchPhase, slots: UInt64, first: QueuedCall, queued: Bool) {
        let hitView = touches[first.slot].view
        var current: Responder? = .view(hitView)
        while let responder = current {
            let own = builtInTouch(responder, phase: phase, slots: slots, queued: queued) ?? first
            let implementation = methods(of: responder)[phase]
            let builtIn = implementation != .consume && builtInHandles(responder, phase: phase, slot: own.slot)
            let handling: CallbackHandling =
                implementation == .consume
                ? .handled
                : implementation == .observe ? .observed : builtIn ? .handled : .forwarded
            if Recorder.isRecording {
                emit(
                    .callback(
                        responder: responder, phase: phase, touches: callTouches(phase: phase, slots: slots, first: first, queued: queued),
                        hitView: hitView, handling: handling, allTouches: allTouchNumbers(with: slots)))
            }
            if handling != .forwarded, case .view(let v) = responder { summary.handled(by: v) }
            if implementation == .consume { return }
            if builtIn {
                runBuiltIn(responder, phase: phase, slot: own.slot, location: own.location)
                return
            }
            current = nextResponder(after: responder)
        }
    }

    /// In a call of several touches, the one a tracking control follows (its tracked touch), if any.
    func builtInTouch(_ responder: Responder, phase: TouchPhase, slots: UInt64, queued: Bool) -> QueuedCall? {
        guard queued, case .view(let v) = responder, views[v].kind.isControl, controls[v].isTracking,
            slots & bit(controls[v].trackingSlot) != 0
        else { return nil }
        return queuedCalls.first { $0.phase == phase && $0.slot == controls[v].trackingSlot }
    }

    /// The touches of a call as the responder sees them, in queue order (tracing only).
    func callTouches(phase: TouchPhase, slots: UInt64, first: QueuedCall, queued: Bool) -> [CallbackTouch] {
        func sample(_ q: QueuedCall) -> CallbackTouch {
            CallbackTouch(
                touch: touches[q.slot].number, timestamp: q.timestamp, location: q.location,
                local: convertFromWindow(q.location, to: touches[q.slot].view), tapCount: touches[q.slot].tapCount)
        }
        guard queued else { return [sample(first)] }
        var seen: UInt64 = 0
        var result: [CallbackTouch] = []
        for q in queuedCalls where q.phase == phase && slots & bit(q.slot) != 0 && seen & bit(q.slot) == 0 {
            seen |= bit(q.slot)
            result.append(sample(q))
        }
        return result
    }
}
