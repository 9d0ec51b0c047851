/// The screen-edge pans (touch-model-system N2, N5, N6): `UIScreenEdgePanGestureRecognizer` as an app adds it, a
/// navigation controller's edge swipe (the same machine with its leading edge), and its iOS 26 content swipe.
extension Simulation {
    /// The edges of `edges` whose region (`Parameters.edgeRegion` deep, window points) holds `p` (N2.3).
    @inline(__always) func edges(_ edges: ScreenEdges, near p: Point) -> ScreenEdges {
        let size = views[0].frame.size, r = params.edgeRegion
        var near: ScreenEdges = []
        if edges.contains(.left) && p.x < r { near.insert(.left) }
        if edges.contains(.right) && size.width - p.x < r { near.insert(.right) }
        if edges.contains(.top) && p.y < r { near.insert(.top) }
        if edges.contains(.bottom) && size.height - p.y < r { near.insert(.bottom) }
        return near
    }

    /// Travel `d` split into its part away from `edge` (into the screen) and its part across.
    @inline(__always) func inwardTravel(_ d: Point, from edge: ScreenEdges) -> (inward: Double, across: Double) {
        switch edge {
        case .left: return (d.x, d.y)
        case .right: return (-d.x, d.y)
        case .top: return (d.y, d.x)
        default: return (-d.y, d.x)
        }
    }

    /// The first touch of a one-touch back-swipe recognizer: later touches are ignored (N2.1, `ignore(_:for:)`).
    /// Returns false for an ignored touch.
    @inline(__always) mutating func takeFirstTouch(slot: Int, id: RecognizerID) -> Bool {
        guard recognizers[id].touchesDown == 0 else {
            recognizers[id].touches &= ~bit(slot)
            return false
        }
        recognizers[id].touchesDown = 1
        let p = touches[slot].location
        recognizers[id].start = p
        recognizers[id].translationOrigin = p
        recognizers[id].lastCentroid = p
        recognizers[id].lastSampleTime = now
        return true
    }

    /// The end of the single touch of a back-swipe recognizer.
    @inline(__always) mutating func lastTouchEnds(_ phase: TouchPhase, id: RecognizerID, what: String) -> Verdict {
        let active = recognizers[id].state.isActive || recognizers[id].pending == .begin
        recognizers[id].touchesDown = 0
        if phase == .cancelled { return active ? .cancel(why(.touchesCancelled)) : .fail(why(.touchesCancelled)) }
        return active ? .end(why(.touchesEnded)) : .fail(why(.note("the touch ended before the \(what) began")))
    }

    /// N2.5: a candidate only when the touch goes down within the edge region of one of `edges` (else it fails at
    /// once and withholds nothing); at the first move the start point, projected back along that move by
    /// `edgeBackProjectionFactor`, must still lie within it; it begins at the first sample whose travel away from
    /// that edge reaches `edgeHysteresis` with less travel across (`|Δacross| < |Δinward|`), the hysteresis removed
    /// from its translation (§4.5); it fails at the lift, or `edgeTimeLimit` after touch-down, if it has not begun.
    mutating func edgePanReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, edges watched: ScreenEdges) -> Verdict {
        let active = recognizers[id].state.isActive || recognizers[id].pending == .begin
        switch phase {
        case .began:
            guard takeFirstTouch(slot: slot, id: id) else { return .none }
            let p = touches[slot].location, r = params.edgeRegion
            noteEdgeRegion(p, watched)
            guard !edges(watched, near: p).isEmpty else {
                return .fail(why(.threshold("the touch started at (\(fmt(p.x)),\(fmt(p.y))), outside the \(fmt(r)) pt edge region")))
            }
            timers.set(id, now + params.edgeTimeLimit)
            return .none
        case .moved:
            guard recognizers[id].touches & bit(slot) != 0 else { return .none }
            samplePan(id, centroid: touches[slot].location)
            if active { return .change }
            let p0 = recognizers[id].start, p = recognizers[id].lastCentroid
            if !recognizers[id].edgeTested {
                recognizers[id].edgeTested = true
                let f = params.edgeBackProjectionFactor, r = params.edgeRegion
                let projected = p0 - (p - p0) * f
                noteEdgeRegion(projected, watched)
                noteInferred(.edgeBackProjectionFactor, current: f) { [self] g in edges(watched, near: p0 - (p - p0) * g).isEmpty }
                if edges(watched, near: projected).isEmpty {
                    let at = "(\(fmt(projected.x)),\(fmt(projected.y)))"
                    return .fail(
                        why(.threshold("the start projected back along the first move (×\(fmt(f))) lies at \(at), outside the \(fmt(r)) pt edge region")))
                }
            }
            let d = p - p0, h = params.edgeHysteresis
            for edge in [ScreenEdges.left, .right, .top, .bottom] where edges(watched, near: p0).contains(edge) {
                let travel = inwardTravel(d, from: edge)
                guard travel.inward >= h && abs(travel.across) < abs(travel.inward) else { continue }
                recognizers[id].translationOrigin = p - removingHysteresis(d, h, axes: (true, true))
                return .begin(why(.threshold("travel (\(fmt(d.x)),\(fmt(d.y))) reached the \(fmt(h)) pt edge hysteresis inward, within the direction window")))
            }
            return .none
        case .ended, .cancelled:
            return lastTouchEnds(phase, id: id, what: "edge swipe")
        }
    }

    /// N6: the content swipe. Each move: `|ty| ≥ min(base + slope·|tx|, cap)` fails it first; then leading travel
    /// `≥ contentPopHysteresis` tries to begin (the hysteresis removed from tx); trailing travel as far fails it.
    /// `tx` is measured toward the trailing edge (mirrored in right-to-left layouts, N10).
    mutating func contentPopReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, spec: NavigationSpec) -> Verdict {
        let active = recognizers[id].state.isActive || recognizers[id].pending == .begin
        switch phase {
        case .began:
            _ = takeFirstTouch(slot: slot, id: id)
            return .none
        case .moved:
            guard recognizers[id].touches & bit(slot) != 0 else { return .none }
            samplePan(id, centroid: touches[slot].location)
            if active { return .change }
            let t = recognizers[id].lastCentroid - recognizers[id].start
            let lead = spec.layoutDirection == .rightToLeft ? -1.0 : 1.0
            let tx = lead * t.x, h = params.contentPopHysteresis
            let bound = min(params.contentPopVerticalBase + params.contentPopVerticalSlope * abs(tx), params.contentPopVerticalCap)
            if abs(t.y) >= bound {
                return .fail(why(.threshold("vertical travel \(fmt(abs(t.y))) ≥ \(fmt(bound)) pt (exceededYTranslation)")))
            }
            if tx >= h {
                recognizers[id].translationOrigin = recognizers[id].lastCentroid - removingHysteresis(t, h, axes: (true, false))
                return .begin(why(.threshold("travel \(fmt(tx)) pt toward the trailing edge reached the \(fmt(h)) pt content pop hysteresis")))
            }
            if tx <= -h {
                return .fail(why(.threshold("travel \(fmt(-tx)) pt toward the leading edge (unsupportedEdge)")))
            }
            return .none
        case .ended, .cancelled:
            return lastTouchEnds(phase, id: id, what: "content swipe")
        }
    }

    /// A back swipe's kind-specific machine.
    @inline(__always) mutating func navigationPopReceives(
        _ phase: TouchPhase, slot: Int, id: RecognizerID, spec: NavigationSpec, role: NavigationPopRole
    ) -> Verdict {
        switch role {
        case .edge: return edgePanReceives(phase, slot: slot, id: id, edges: spec.leadingEdge)
        case .content: return contentPopReceives(phase, slot: slot, id: id, spec: spec)
        }
    }

    /// The edge time limit (N2.3): an edge pan still possible fails.
    mutating func edgeTimeLimitFired(_ id: RecognizerID) -> Verdict {
        if Recorder.isRecording { emit(.timer("\(scene.recognizers[id].name): edge time limit")) }
        let limit = params.edgeTimeLimit.milliseconds
        return .fail(why(.timer("neither began nor failed within the \(fmt(limit)) ms edge time limit")))
    }
}
