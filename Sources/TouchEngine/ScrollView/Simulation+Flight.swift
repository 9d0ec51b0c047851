/// A released scroll view's motion (S8, touch-model §6 as the iOS 26.1 recordings show it; docs/ARCHITECTURE.md,
/// "Scroll physics"): a free flight decelerating by `decelerationRate`, or an eased settle (the bounce back from
/// past an edge, a paging snap).
///
/// A flight's speed along an axis is `v·r^t` (t in ms since it started, `r` the rate per ms) and it has travelled
/// `v·r·(1 − r^t)/(1 − r)`, the per-millisecond geometric sum; the axis stops when its speed falls to
/// `decelerationMinimumVelocity`, having travelled `(v − v_stop)·r/(1 − r)`. The flight starts
/// `flightStartDelay` after the lift. A flight that reaches an edge stops there.
enum ScrollMotion: UInt8 {
    /// Decelerating freely from the release velocity.
    case flight
    /// Easing from `decelFrom` to `decelTo` over the motion's duration (bounce back, paging snap).
    case settle
}

/// What a lift sets going: the delegate's velocity and target, and the motion.
struct ScrollRelease {
    /// Content velocity (pt/ms) `scrollViewWillEndDragging(withVelocity:…)` reports: zero after a rest.
    var velocity: Point
    /// `targetContentOffset` as UIKit reports it: for a flight `offset + (v − v_stop)/−ln r`, which the recordings
    /// show about half a point per pt/ms beyond where the flight lands.
    var target: Point
    /// Where the motion ends.
    var landing: Point
    var motion: ScrollMotion
    /// How long the motion runs (a flight: until its slowest axis stops or reaches an edge).
    var duration: Duration
    /// Retention per ms: the deceleration rate of a flight, the easing of a settle.
    var rate: Double
}

extension Simulation {
    /// The motion a release with content velocity `v` starts.
    func release(_ sv: ViewID, contentVelocity v: Point) -> ScrollRelease {
        let offset = scrolls[sv].offset
        var target = offset
        var outOfRange = false
        for axis in Axis.allCases {
            let range = offsetRange(sv, axis)
            if offset[axis] < range.min { target[axis] = range.min; outOfRange = true }
            if offset[axis] > range.max { target[axis] = range.max; outOfRange = true }
        }
        if outOfRange {
            return ScrollRelease(velocity: v, target: target, landing: target, motion: .settle, duration: params.bounceBackDuration, rate: 0.99)
        }
        if views[sv].isPagingEnabled {
            for axis in Axis.allCases where canScroll(sv, axis) {
                let page = views[sv].frame.size[axis]
                guard page > 0 else { continue }
                let range = offsetRange(sv, axis)
                // Project 100 ms of motion, then snap to the nearest page [INF].
                let index = ((offset[axis] + v[axis] * 100) / page).rounded()
                target[axis] = min(max(index * page, range.min), range.max)
            }
            return ScrollRelease(velocity: v, target: target, landing: target, motion: .settle, duration: params.bounceBackDuration, rate: 0.99)
        }
        let r = views[sv].fastDeceleration ? params.decelerationRateFast : params.decelerationRate
        let stop = params.decelerationMinimumVelocity
        var landing = offset
        var longest = 0.0
        for axis in Axis.allCases where canScroll(sv, axis) && abs(v[axis]) > stop {
            let range = offsetRange(sv, axis)
            let slower = v[axis] - (v[axis] > 0 ? stop : -stop)
            target[axis] = min(max(offset[axis] + slower / -log(r), range.min), range.max)
            let free = offset[axis] + slower * r / (1 - r)
            landing[axis] = min(max(free, range.min), range.max)
            var duration = log(stop / abs(v[axis])) / log(r)
            if landing[axis] != free {
                // Reaches the edge first: r^t = 1 − (edge − offset)(1 − r)/(v·r).
                duration = log(1 - (landing[axis] - offset[axis]) * (1 - r) / (v[axis] * r)) / log(r)
            }
            longest = max(longest, duration)
        }
        return ScrollRelease(velocity: v, target: target, landing: landing, motion: .flight, duration: .ms(longest), rate: r)
    }

    /// The moving offset at `time` (exponential ease toward the landing, or the flight's curve).
    @inline(__always) func motionOffset(_ sv: ViewID, at time: VirtualTime) -> Point {
        let s = scrolls[sv]
        guard time < s.decelEnd else { return s.decelTo }
        let elapsed = max((time - s.decelStart).milliseconds, 0)
        switch s.decelMotion {
        case .settle:
            let total = (s.decelEnd - s.decelStart).milliseconds
            guard total > 0 else { return s.decelTo }
            let fraction = (1 - pow(s.decelRate, elapsed)) / (1 - pow(s.decelRate, total))
            return s.decelFrom + (s.decelTo - s.decelFrom) * fraction
        case .flight:
            let r = s.decelRate
            var p = s.decelFrom
            for axis in Axis.allCases where s.decelVelocity[axis] != 0 {
                let travelled = p[axis] + s.decelVelocity[axis] * r * (1 - pow(r, elapsed)) / (1 - r)
                let to = s.decelTo[axis]
                // The axis has stopped (its speed fell to the minimum, or it reached an edge) once past its landing.
                p[axis] = s.decelVelocity[axis] > 0 ? min(travelled, to) : max(travelled, to)
            }
            return p
        }
    }

    // MARK: - Frames (traced runs only)

    /// A traced run shows a moving scroll view at every display frame (`displayRefreshRate`, from `framePhase`)
    /// before `time`, as `contentOffset` lines: events at a frame's time come first. Untraced runs skip this, so
    /// summaries never depend on it.
    mutating func emitFrames(before time: VirtualTime) {
        guard Recorder.isRecording else { return }
        defer { framesShownUntil = time }
        guard armedViewTimers > 0, !scrollTimerViews.isEmpty, params.displayRefreshRate > 0 else { return }
        let period = 1_000_000 / params.displayRefreshRate
        let phase = Double(params.framePhase.microseconds)
        // The first frame at or after `framesShownUntil`.
        var k = ((Double(framesShownUntil.microseconds) - phase) / period).rounded(.up)
        while true {
            let frame = VirtualTime(microseconds: Int64((phase + k * period).rounded()))
            guard frame < time else { return }
            k += 1
            guard frame >= framesShownUntil else { continue }
            for sv in scrollTimerViews where scrolls[sv].isDecelerating && frame > scrolls[sv].decelStart {
                let offset = motionOffset(sv, at: frame)
                guard offset != scrolls[sv].shownOffset else { continue }
                scrolls[sv].shownOffset = offset
                recorder.record(TraceEvent(time: frame, kind: .frame(view: sv, offset: offset)))
            }
        }
    }
}
