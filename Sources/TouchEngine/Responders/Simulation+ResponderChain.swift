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
            return views[prepared.controllerRootView[c]].parent.map { .view($0) }
        }
    }

    @inline(__always) func methods(of responder: Responder) -> TouchMethods {
        switch responder {
        case .view(let v): return views[v].touches
        case .controller(let c): return prepared.controllerTouches[c]
        }
    }

    /// Whether the class's own implementation handles the call (R5): controls while they track, cells and
    /// scroll views always; plain views, controllers and the window forward.
    @inline(__always) func builtInHandles(_ responder: Responder, phase: TouchPhase, slot: Int) -> Bool {
        guard case .view(let v) = responder else { return false }
        let kind = views[v].kind
        if kind.isControl {
            if phase == .began { return controlWouldTrack(v, slot: slot) }
            return controls[v].isTracking && controls[v].trackingSlot == slot
        }
        return kind == .cell || kind.isScrollView
    }

    mutating func runBuiltIn(_ responder: Responder, phase: TouchPhase, slot: Int, location: Point) {
        guard case .view(let v) = responder else { return }
        let kind = views[v].kind
        if kind.isControl {
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

    /// Delivers one phase of a touch to its hit view; unhandled calls travel up the chain (R1, R3).
    mutating func sendToResponders(slot: Int, phase: TouchPhase, timestamp: VirtualTime, location: Point) {
        let hitView = touches[slot].view
        var current: Responder? = .view(hitView)
        while let responder = current {
            let implementation = methods(of: responder)[phase]
            let builtIn = implementation != .consume && builtInHandles(responder, phase: phase, slot: slot)
            let handling: CallbackHandling = implementation == .consume ? .handled
                : implementation == .observe ? .observed : builtIn ? .handled : .forwarded
            if Recorder.isRecording {
                emit(.callback(responder: responder, phase: phase, touch: touches[slot].number, timestamp: timestamp,
                               location: location, local: convertFromWindow(location, to: hitView), hitView: hitView,
                               handling: handling))
            }
            if handling != .forwarded, case .view(let v) = responder { summary.handled(by: v) }
            if implementation == .consume { return }
            if builtIn {
                runBuiltIn(responder, phase: phase, slot: slot, location: location)
                return
            }
            current = nextResponder(after: responder)
        }
    }
}
