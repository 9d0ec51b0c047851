/// One axis of a released scroll view's motion (docs/ARCHITECTURE.md, "Scroll physics"), as closed forms of the
/// time `t` in ms since the motion started. Values only: no I/O, no clock.
public struct AxisMotion: Equatable {
    enum Kind: UInt8 {
        /// The axis does not move.
        case still
        /// A free flight: `from + v·r·(1 − r^t)/(1 − r)` until its speed falls to the stopping speed.
        case flight
        /// A flight that reaches `edge` at `impactTime` with speed `impactSpeed` (pt/ms) and bounces off it.
        case flightIntoEdge
        /// Released past `edge` at rest: the overscroll the finger made (before the rubber band) decays by
        /// `e^(−springBackRate·t)`; the content shows it through the rubber band.
        case springBack
        /// Released past `edge` while moving: a critically damped spring on the shown overscroll `y0` with
        /// velocity `v0` (pt/ms, outward positive).
        case bounce
    }

    var kind = Kind.still
    var from = 0.0
    /// Flight: the release velocity (pt/ms, signed). Bounce: the shown velocity, outward positive.
    var velocity = 0.0
    /// Flight: the per-ms deceleration rate. Spring back: λ per ms.
    var rate = 0.0
    /// Bounces (and a flight's bounce off an edge): the spring's ω per ms.
    var omega = 0.0
    /// Where the axis comes to rest.
    var landing = 0.0
    /// The edge a bounce or spring back returns to.
    var edge = 0.0
    /// +1 when the overscroll is past the maximum edge, −1 past the minimum.
    var side = 1.0
    /// Flight into an edge: when it reaches the edge, and at what speed (pt/ms, ≥ 0).
    var impactTime = 0.0
    var impactSpeed = 0.0
    /// Spring back: the overscroll before the rubber band, and the rubber band's dimension and stiffness.
    var raw = 0.0
    var dimension = 0.0
    var stiffness = 0.0
    /// When the axis stops (ms since the motion started).
    var end = 0.0

    /// The axis's offset `t` ms after the motion started.
    func offset(at t: Double) -> Double {
        guard t < end else { return landing }
        let t = max(t, 0)
        switch kind {
        case .still:
            return from
        case .flight:
            return from + velocity * rate * (1 - pow(rate, t)) / (1 - rate)
        case .flightIntoEdge:
            if t < impactTime { return from + velocity * rate * (1 - pow(rate, t)) / (1 - rate) }
            return edge + side * Self.critical(y0: 0, v0: impactSpeed, omega: omega, at: t - impactTime)
        case .springBack:
            return edge + side * Self.rubberBand(raw * exponential(-self.rate * t), dimension, stiffness)
        case .bounce:
            return edge + side * max(Self.critical(y0: from, v0: velocity, omega: omega, at: t), 0)
        }
    }

    /// The farthest the axis gets past its edge before `t` (a bounce's peak), or nil when it does not overshoot.
    func peak(before t: Double) -> Double? {
        switch kind {
        case .flightIntoEdge:
            let at = impactTime + 1 / omega
            return at < t ? edge + side * Self.critical(y0: 0, v0: impactSpeed, omega: omega, at: 1 / omega) : nil
        case .bounce:
            guard velocity > 0 else { return nil }
            let at = velocity / (omega * (velocity + omega * from))
            return at < t ? edge + side * Self.critical(y0: from, v0: velocity, omega: omega, at: at) : nil
        default:
            return nil
        }
    }

    /// `(y0 + (v0 + ω·y0)·s)·e^(−ω·s)`: a critically damped spring's displacement.
    @inline(__always) static func critical(y0: Double, v0: Double, omega: Double, at s: Double) -> Double {
        (y0 + (v0 + omega * y0) * s) * exponential(-omega * s)
    }

    /// S8's rubber band: `(1 − 1/(x·c/d + 1))·d`.
    @inline(__always) public static func rubberBand(_ x: Double, _ d: Double, _ c: Double) -> Double {
        guard d > 0, c > 0 else { return 0 }
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// The overscroll before the rubber band that shows as `y`: the inverse of `rubberBand`.
    @inline(__always) static func unbanded(_ y: Double, _ d: Double, _ c: Double) -> Double {
        guard d > 0, c > 0, y < d else { return y }
        return d * (1 / (1 - y / d) - 1) / c
    }
}
