/// A released scroll view's motion (S8, touch-model §6 as the iOS 26.1 recordings show it; docs/ARCHITECTURE.md,
/// "Scroll physics"): each axis on its own closed form (`AxisMotion`: a flight, a flight that bounces off an edge,
/// a spring back or a bounce from past an edge), or an eased settle (a paging snap).
enum ScrollMotion: UInt8 {
    /// Each axis follows its `AxisMotion`.
    case axes
    /// Easing from `decelFrom` to `decelTo` over the motion's duration (paging snap, zoom bounce).
    case settle
}

/// What a lift sets going: the delegate's velocity and target, and the motion.
struct ScrollRelease {
    /// Content velocity (pt/ms) `scrollViewWillEndDragging(withVelocity:…)` reports: zero after a rest, except past
    /// an edge, where the recording shows the pan's velocity reported but not carried.
    var velocity: Point
    /// `targetContentOffset` as UIKit reports it: for a flight `offset + (v − v_stop)/−ln r` (clamped), which the
    /// recordings show about half a point per pt/ms beyond where a free flight lands; past an edge, the edge.
    var target: Point
    /// Where the motion ends.
    var landing: Point
    var motion: ScrollMotion
    var x = AxisMotion(), y = AxisMotion()
    /// How long the motion runs.
    var duration: Duration
    /// The settle's easing retention per ms.
    var rate: Double
}

extension Simulation {
    /// The motion a release with content velocity `v` starts; `rested`: the finger was still before it lifted.
    func release(_ sv: ViewID, contentVelocity v: Point, rested: Bool = false) -> ScrollRelease {
        let offset = scrolls[sv].offset
        var outOfRange = false
        for axis in Axis.allCases {
            let range = offsetRange(sv, axis)
            if offset[axis] < range.min || offset[axis] > range.max { outOfRange = true }
        }
        if !outOfRange && views[sv].isPagingEnabled {
            var target = offset
            for axis in Axis.allCases where canScroll(sv, axis) {
                let page = views[sv].frame.size[axis]
                guard page > 0 else { continue }
                let range = offsetRange(sv, axis)
                // Project 100 ms of motion, then snap to the nearest page [INF].
                let index = ((offset[axis] + v[axis] * 100) / page).rounded()
                target[axis] = min(max(index * page, range.min), range.max)
            }
            return ScrollRelease(
                velocity: v, target: target, landing: target, motion: .settle, duration: params.bounceBackDuration, rate: 0.99)
        }
        var release = ScrollRelease(velocity: v, target: offset, landing: offset, motion: .axes, duration: .zero, rate: 0)
        var longest = 0.0
        for axis in Axis.allCases {
            let motion =
                outOfRange
                ? bounce(sv, axis, velocity: rested ? 0 : v[axis]) : flight(sv, axis, velocity: canScroll(sv, axis) ? v[axis] : 0)
            if axis == .horizontal { release.x = motion } else { release.y = motion }
            release.landing[axis] = motion.landing
            release.target[axis] = motion.kind == .still ? offset[axis] : reportedTarget(sv, axis, motion)
            longest = max(longest, motion.end)
        }
        release.duration = .ms(longest)
        return release
    }

    /// UIKit's `targetContentOffset` for an axis: the edge of a bounce, else `offset + (v − v_stop)/−ln r` clamped.
    private func reportedTarget(_ sv: ViewID, _ axis: Axis, _ m: AxisMotion) -> Double {
        guard m.kind == .flight || m.kind == .flightIntoEdge else { return m.landing }
        let stop = m.velocity > 0 ? params.decelerationMinimumVelocity : -params.decelerationMinimumVelocity
        let range = offsetRange(sv, axis)
        return min(max(m.from + (m.velocity - stop) / -log(m.rate), range.min), range.max)
    }

    /// A release inside the range: a flight if faster than the stopping speed, bouncing off an edge it reaches.
    private func flight(_ sv: ViewID, _ axis: Axis, velocity v: Double) -> AxisMotion {
        let from = scrolls[sv].offset[axis]
        let stop = params.decelerationMinimumVelocity
        guard abs(v) > stop else { return AxisMotion(kind: .still, from: from, landing: from) }
        let r = views[sv].fastDeceleration ? params.decelerationRateFast : params.decelerationRate
        let range = offsetRange(sv, axis)
        let free = from + (v - (v > 0 ? stop : -stop)) * r / (1 - r)
        var m = AxisMotion(kind: .flight, from: from, velocity: v, rate: r, landing: free)
        m.end = log(stop / abs(v)) / log(r)
        let edge = free > range.max ? range.max : free < range.min ? range.min : free
        guard edge != free else { return m }
        // Reaches the edge first: r^t = 1 − (edge − from)(1 − r)/(v·r).
        let impact = log(1 - (edge - from) * (1 - r) / (v * r)) / log(r)
        m.landing = edge
        m.edge = edge
        m.end = impact
        guard views[sv].bounces else { return m }
        // Bounces off it (REAL iOS 26.1 edge_impact): a critically damped spring from the edge at the impact speed.
        let omega = params.edgeBounceRate / 1000
        m.kind = .flightIntoEdge
        m.side = free > edge ? 1 : -1
        m.impactTime = impact
        m.impactSpeed = abs(v) * pow(r, impact)
        m.omega = omega
        m.end = impact + AxisMotion.settleTime(y0: 0, v0: m.impactSpeed, omega: omega, threshold: params.bounceStopDistance)
        return m
    }

    /// A release with the content past an edge on some axis: each axis past its edge returns to it, the others stay.
    private func bounce(_ sv: ViewID, _ axis: Axis, velocity v: Double) -> AxisMotion {
        let from = scrolls[sv].offset[axis]
        let range = offsetRange(sv, axis)
        guard from < range.min || from > range.max else { return AxisMotion(kind: .still, from: from, landing: from) }
        let edge = from > range.max ? range.max : range.min
        let side = from > range.max ? 1.0 : -1.0
        let shown = abs(from - edge)
        let d = views[sv].frame.size[axis], c = params.rubberBandCoefficient
        let raw = AxisMotion.unbanded(shown, d, c)
        let threshold = params.bounceStopDistance
        if v == 0 || !views[sv].bounces {
            // At rest (REAL iOS 26.1 rubberband_top): the overscroll before the rubber band decays exponentially.
            var m = AxisMotion(kind: .springBack, from: from, rate: params.springBackRate / 1000, landing: edge, edge: edge, side: side)
            m.raw = raw
            m.dimension = d
            m.stiffness = c
            let stopAt = AxisMotion.unbanded(threshold, d, c)
            m.end = raw > stopAt ? log(raw / stopAt) / m.rate : 0
            return m
        }
        // Moving: a critically damped spring on what shows, from the shown velocity (outward positive), so a
        // release moving outward keeps going outward for a while first.
        let slope = c <= 0 || d <= 0 ? 1 : c / ((c * raw / d + 1) * (c * raw / d + 1))
        let omega = params.edgeBounceRate / 1000
        var m = AxisMotion(kind: .bounce, from: shown, velocity: side * v * slope, omega: omega, landing: edge, edge: edge, side: side)
        m.end = AxisMotion.settleTime(y0: shown, v0: m.velocity, omega: omega, threshold: threshold)
        return m
    }

    /// The moving offset at `time` (each axis's motion, or the settle's exponential ease toward the landing).
    @inline(__always) func motionOffset(_ sv: ViewID, at time: VirtualTime) -> Point {
        let s = scrolls[sv]
        let end = timers.deadline(of: .deceleration(sv))
        guard time < end else { return s.decelTo }
        let elapsed = max((time - s.decelStart).milliseconds, 0)
        switch s.decelMotion {
        case .settle:
            let total = (end - s.decelStart).milliseconds
            guard total > 0 else { return s.decelTo }
            let fraction = (1 - pow(s.decelRate, elapsed)) / (1 - pow(s.decelRate, total))
            return s.decelFrom + (s.decelTo - s.decelFrom) * fraction
        case .axes:
            return Point(s.motionX.offset(at: elapsed), s.motionY.offset(at: elapsed))
        }
    }

    /// The summary's displacement also counts how far a bounce overshot before `time` (its peak), so untraced runs
    /// measure what a trace's frames show.
    mutating func notePeaks(_ sv: ViewID, before time: VirtualTime) {
        guard scrolls[sv].decelMotion == .axes else { return }
        let elapsed = (time - scrolls[sv].decelStart).milliseconds
        var p = scrolls[sv].offset
        var any = false
        if let x = scrolls[sv].motionX.peak(before: elapsed) { p.x = x; any = true }
        if let y = scrolls[sv].motionY.peak(before: elapsed) { p.y = y; any = true }
        if any { summary.reached(sv, p, from: views[sv].boundsOrigin) }
    }

    // MARK: - Frames (traced runs only)

    /// A traced run shows a moving scroll view at every display frame (`displayRefreshRate`, from `framePhase`)
    /// before `time`, as `contentOffset` lines: events at a frame's time come first. Untraced runs skip this, so
    /// summaries never depend on it.
    mutating func emitFrames(before time: VirtualTime) {
        guard Recorder.isRecording else { return }
        defer { framesShownUntil = time }
        guard !timers.others.isEmpty, params.displayRefreshRate > 0 else { return }
        let period = 1_000_000 / params.displayRefreshRate
        let phase = Double(params.framePhase.microseconds)
        // The first frame at or after `framesShownUntil`.
        var k = ((Double(framesShownUntil.microseconds) - phase) / period).rounded(.up)
        while true {
            let frame = VirtualTime(microseconds: Int64((phase + k * period).rounded()))
            guard frame < time else { return }
            k += 1
            guard frame >= framesShownUntil else { continue }
            for armed in timers.others {
                guard case .deceleration(let sv) = armed.owner, scrolls[sv].isDecelerating, frame > scrolls[sv].decelStart
                else { continue }
                let offset = motionOffset(sv, at: frame)
                guard offset != scrolls[sv].shownOffset else { continue }
                scrolls[sv].shownOffset = offset
                recorder.record(TraceEvent(time: frame, kind: .frame(view: sv, offset: offset)))
            }
        }
    }
}
