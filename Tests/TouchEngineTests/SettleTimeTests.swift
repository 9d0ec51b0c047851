import Foundation
import Testing

@testable import TouchEngine

/// A bounce's settle time is defined by a bisection (docs/ARCHITECTURE.md, "Scroll physics"); the engine decides
/// most of its halvings in advance (`SettleBand`). These tests hold it to the plain bisection bit for bit.
@Suite struct SettleTimeTests {
    /// The definition: 60 halvings, every midpoint evaluated.
    static func bisection(y0: Double, v0: Double, omega: Double, threshold: Double) -> Double {
        var lo = v0 > 0 ? v0 / (omega * (v0 + omega * y0)) : 0
        guard AxisMotion.critical(y0: y0, v0: v0, omega: omega, at: lo) > threshold else { return lo }
        var hi = lo + 1 / omega
        while AxisMotion.critical(y0: y0, v0: v0, omega: omega, at: hi) > threshold { hi += 1 / omega }
        for _ in 0 ..< 60 {
            let mid = (lo + hi) / 2
            if AxisMotion.critical(y0: y0, v0: v0, omega: omega, at: mid) > threshold { lo = mid } else { hi = mid }
        }
        return hi
    }

    /// Springs from the engine's range and well beyond it: ω from 0.002 to 0.05 per ms (the default is 0.011),
    /// speeds from 0.0001 to 50 pt/ms either way, overscrolls from 0 to 400 pt, thresholds from 0.05 to 3 pt; the
    /// values are nudged off round numbers.
    static let springs: [(y0: Double, v0: Double, omega: Double, threshold: Double)] = {
        var result: [(Double, Double, Double, Double)] = []
        var k = 0
        for omega in [0.002, 0.005, 0.011, 0.02, 0.05] {
            for i in 0 ..< 32 {
                let speed = 1e-4 * Foundation.pow(5e5, Double(i) / 31)
                for v0 in [speed, -speed] {
                    for y0 in [0, 0.1, 1, 5, 20, 100, 400.0] {
                        for threshold in [0.05, 0.4, 1, 3.0] {
                            k += 1
                            let nudge = 1 + Double(k % 97) * 0.0137
                            result.append((y0 * nudge, v0 * nudge, omega * (2 - nudge / 2), threshold * nudge))
                        }
                    }
                }
            }
        }
        return result
    }()

    @Test func everySpringSettlesWhenTheBisectionSays() {
        var mismatches: [String] = []
        for s in Self.springs {
            let expected = Self.bisection(y0: s.y0, v0: s.v0, omega: s.omega, threshold: s.threshold)
            let got = AxisMotion.settleTime(y0: s.y0, v0: s.v0, omega: s.omega, threshold: s.threshold)
            if got.bitPattern != expected.bitPattern { mismatches.append("\(s): \(got) ≠ \(expected)") }
        }
        #expect(Self.springs.count == 8960)
        #expect(mismatches.isEmpty, "\(mismatches.prefix(5))")
    }

    /// The band exists for the springs the engine makes (moving outward, a threshold well below the peak), so the
    /// equality above is about the shortcut and not only the fallback.
    @Test func theBandDecidesMostSpringsOfTheEngine() {
        var banded = 0
        var settling = 0
        for s in Self.springs where s.v0 > 0 {
            let peak = s.v0 / (s.omega * (s.v0 + s.omega * s.y0))
            guard AxisMotion.critical(y0: s.y0, v0: s.v0, omega: s.omega, at: peak) > 2 * s.threshold else { continue }
            settling += 1
            var hi = peak + 1 / s.omega
            while AxisMotion.critical(y0: s.y0, v0: s.v0, omega: s.omega, at: hi) > s.threshold { hi += 1 / s.omega }
            if let band = SettleBand(y0: s.y0, v0: s.v0, omega: s.omega, threshold: s.threshold, rightOfRoot: hi) {
                banded += 1
                #expect(band.low < band.high)
                #expect(band.high - band.low < 1e-6 * hi)
            }
        }
        #expect(settling > 1000)
        #expect(banded == settling)
    }

    /// A flick into the bottom edge of a bouncing list: the settle time the flight's end is built on.
    @Test func aFlightIntoAnEdgeEndsAtTheBisectionsTime() {
        let impactSpeed = 2.75
        let omega = Parameters().edgeBounceRate / 1000
        let threshold = Parameters().bounceStopDistance
        #expect(
            AxisMotion.settleTime(y0: 0, v0: impactSpeed, omega: omega, threshold: threshold).bitPattern
                == Self.bisection(y0: 0, v0: impactSpeed, omega: omega, threshold: threshold).bitPattern)
    }
}
