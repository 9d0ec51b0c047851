import Foundation
import Synchronization

/// Student's t distribution: the quantile a tree-clustered interval uses for its `trees − 1` degrees of freedom.
public enum StudentT {
    /// The two-sided 95% quantile t₀.₉₇₅ with `df` degrees of freedom: 12.706… for 1, 2.228… for 10, → 1.95996…
    /// (``WilsonInterval/z95``) as `df` grows; +∞ for `df < 1`.
    ///
    /// Below 1000 degrees of freedom, Newton's method on the exact distribution function for whole degrees of
    /// freedom (A&S 26.7.3 and 26.7.4: a finite sum of df/2 terms), started from the Cornish–Fisher expansion of
    /// Abramowitz & Stegun 26.7.5, to a relative 1e-13; from 1000 on the expansion itself (four terms; its error
    /// falls as df⁻⁵, about 10⁻¹⁵ there). Plain arithmetic and libm, so the same value on every run; remembered
    /// per df, since a report asks for the same few again and again.
    public static func quantile975(df: Int) -> Double {
        guard df >= 1 else { return .infinity }
        if let known = cache.withLock({ $0[df] }) { return known }
        let t = computeQuantile975(df: df)
        cache.withLock { $0[df] = t }
        return t
    }

    private static let cache = Mutex<[Int: Double]>([:])

    static func computeQuantile975(df: Int) -> Double {
        let start = cornishFisher975(df: Double(df))
        guard df < 1000 else { return start }
        var t = start
        for _ in 0 ..< 50 {
            let step = (centralProbability(t, df: df) - 0.95) / (2 * density(t, df: df))
            t -= step
            if abs(step) < 1e-13 * t { break }
        }
        return t
    }

    /// A&S 26.7.5 with x = Φ⁻¹(0.975).
    static func cornishFisher975(df v: Double) -> Double {
        let x = WilsonInterval.z95
        let x2 = x * x, x3 = x2 * x, x5 = x3 * x2, x7 = x5 * x2, x9 = x7 * x2
        let g1 = (x3 + x) / 4
        let g2 = (5 * x5 + 16 * x3 + 3 * x) / 96
        let g3 = (3 * x7 + 19 * x5 + 17 * x3 - 15 * x) / 384
        let g4 = (79 * x9 + 776 * x7 + 1482 * x5 - 1920 * x3 - 945 * x) / 92160
        return x + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v)
    }

    /// P(|T| ≤ t) for whole `df` (A&S 26.7.3, 26.7.4), with θ = atan(t/√df):
    /// odd df: (2/π)(θ + sinθ·cosθ·(1 + (2/3)cos²θ + … + (2·4⋯(df−3))/(3·5⋯(df−2))·cos^(df−3)θ)), just 2θ/π for 1;
    /// even df: sinθ·(1 + (1/2)cos²θ + … + (1·3⋯(df−3))/(2·4⋯(df−2))·cos^(df−2)θ).
    static func centralProbability(_ t: Double, df: Int) -> Double {
        let theta = atan(t / Double(df).squareRoot())
        let c = cos(theta), s = sin(theta), c2 = c * c
        if df % 2 == 1 {
            guard df > 1 else { return 2 * theta / Double.pi }
            var term = 1.0, sum = 1.0
            var k = 2
            while k <= df - 3 {
                term *= Double(k) / Double(k + 1) * c2
                sum += term
                k += 2
            }
            return 2 / Double.pi * (theta + s * c * sum)
        }
        var term = 1.0, sum = 1.0
        var k = 1
        while k <= df - 3 {
            term *= Double(k) / Double(k + 1) * c2
            sum += term
            k += 2
        }
        return s * sum
    }

    /// The density at `t`: Γ((df+1)/2) / (√(df·π)·Γ(df/2)) · (1 + t²/df)^(−(df+1)/2).
    static func density(_ t: Double, df: Int) -> Double {
        let v = Double(df)
        let logScale = lgamma((v + 1) / 2) - lgamma(v / 2) - 0.5 * log(v * Double.pi)
        return exp(logScale - (v + 1) / 2 * log1p(t * t / v))
    }
}
