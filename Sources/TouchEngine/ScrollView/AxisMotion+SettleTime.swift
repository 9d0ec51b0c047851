// When a bounce's spring settles: a bisection whose answer is defined bit for bit, computed with most of its
// evaluations decided in advance.

extension AxisMotion {
    /// When a critically damped spring from `(y0, v0)` last falls to `threshold` (ms): the bisection after its peak
    /// that defines it. The step out from the peak by `1/ω` until the spring is at or below the threshold, then 60
    /// halvings of that interval, keeping the upper end.
    ///
    /// The answer is the bisection's, bit for bit: each halving goes the way `critical(mid) > threshold` says.
    /// Most of those comparisons are certain before they are made. ``SettleBand`` finds the root by Newton's method
    /// and a band around it outside which the comparison cannot go the other way whatever the rounding of
    /// `critical`; a midpoint outside the band takes the side it lies on, and only midpoints inside it evaluate the
    /// exponential (about 13 of the 60, after about 4 Newton steps). A midpoint equal to an end of the interval takes that end's
    /// side, which the bisection established already. Where the band cannot be proved (the spring moving inward, a
    /// threshold the peak barely passes), every midpoint is evaluated, as before.
    static func settleTime(y0: Double, v0: Double, omega: Double, threshold: Double) -> Double {
        var lo = v0 > 0 ? v0 / (omega * (v0 + omega * y0)) : 0
        guard critical(y0: y0, v0: v0, omega: omega, at: lo) > threshold else { return lo }
        var hi = lo + 1 / omega
        while critical(y0: y0, v0: v0, omega: omega, at: hi) > threshold { hi += 1 / omega }
        let band = SettleBand(y0: y0, v0: v0, omega: omega, threshold: threshold, rightOfRoot: hi)
        for _ in 0 ..< 60 {
            let mid = (lo + hi) / 2
            let above: Bool
            if mid == lo {
                above = true
            } else if mid == hi {
                above = false
            } else if let band, mid <= band.low {
                above = true
            } else if let band, mid >= band.high {
                above = false
            } else {
                above = critical(y0: y0, v0: v0, omega: omega, at: mid) > threshold
            }
            if above { lo = mid } else { hi = mid }
        }
        return hi
    }
}

/// Where a critically damped spring `(y0 + (v0 + ω·y0)·s)·e^(−ω·s)` falls to a threshold past its peak, and a band
/// around that time outside which `critical(s) > threshold`, evaluated in floating point, has a certain answer.
///
/// In logarithms the spring is `g(s) = ln(a + b·s) − ω·s − ln(threshold)` with `a = y0`, `b = v0 + ω·y0`: concave
/// everywhere and decreasing past the peak. Newton's method from a point right of the root stays right of it and
/// converges. With `σ = −g′(root)`:
/// - right of the root by `d`, concavity gives `g ≤ −σ·d`;
/// - left of `low` (and past the peak), `g ≥ g(low) ≥ −g′(low)·(root − low)`, and `low` is placed where the slope
///   is still at least `σ/2`.
///
/// `critical` is computed with a relative error below `(8 + ω·s)` units of the last place: a few roundings of
/// positive terms, and the exponential's argument. The band's half-width is 256 times that error over `σ`, plus
/// twice the root's own uncertainty, so outside the band `|g|` exceeds the rounding more than a hundred times.
struct SettleBand {
    let low: Double
    let high: Double

    init?(y0: Double, v0: Double, omega: Double, threshold: Double, rightOfRoot start: Double) {
        let a = y0
        let b = v0 + omega * y0
        guard a >= 0, b > 0, v0 > 0, omega > 0, threshold > 0, start.isFinite, a + b * start > 0 else { return nil }
        let lnThreshold = log(threshold)
        let unit = 2.220446049250313e-16
        var s = start
        var lastStep = Double.infinity
        for _ in 0 ..< 40 {
            let slope = b / (a + b * s) - omega
            guard slope < 0 else { return nil }
            let next = s - (log(a + b * s) - omega * s - lnThreshold) / slope
            guard next.isFinite, a + b * next > 0 else { return nil }
            lastStep = abs(next - s)
            s = next
            if lastStep <= 1e-13 * s { break }
        }
        guard lastStep <= 1e-13 * s else { return nil }
        let sigma = omega - b / (a + b * s)
        guard sigma > 0 else { return nil }
        // The error of g as computed, which bounds how far the root Newton settled on can be from the true one.
        let gError = 4 * unit * (abs(log(a + b * s)) + omega * s + abs(lnThreshold))
        let rootError = gError / sigma + lastStep
        let criticalError = (16 + 2 * omega * s) * unit
        let halfWidth = 256 * criticalError / sigma + 2 * rootError
        let low = s - halfWidth
        guard a + b * low > 0, omega - b / (a + b * low) >= sigma / 2 else { return nil }
        self.low = low
        self.high = s + halfWidth
    }
}
