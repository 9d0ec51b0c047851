/// A small, fast, seedable random number generator (SplitMix64). The same seed gives the same sequence on
/// every machine, which is what makes generated trees and gestures reproducible.
public struct SplitMix64: RandomNumberGenerator, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator for a sub-stream: `(seed, a, b, …)` always gives the same, independent stream.
    /// Inlinable: a caller's keys are mixed where it lists them, without building the array of keys (every
    /// gesture of a sweep seeds two streams).
    @inlinable public init(seed: UInt64, _ keys: UInt64...) {
        var s = seed
        for k in keys { s = SplitMix64.mix(s ^ SplitMix64.mix(k &+ 0x9E37_79B9_7F4A_7C15)) }
        self.init(seed: s)
    }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return SplitMix64.mix(state)
    }

    @usableFromInline static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform integer in `range` (deterministic: no rejection sampling that depends on the platform).
    public mutating func int(_ range: ClosedRange<Int>) -> Int {
        let span = UInt64(range.upperBound - range.lowerBound) + 1
        return range.lowerBound + Int(next() % span)
    }

    /// A uniform double in `[range.lowerBound, range.upperBound)`.
    public mutating func double(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + Double(next() >> 11) * 0x1p-53 * (range.upperBound - range.lowerBound)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double(next() >> 11) * 0x1p-53 < p }

    /// One element of a non-empty array.
    public mutating func pick<T>(_ items: [T]) -> T { items[int(0 ... items.count - 1)] }

    /// An index chosen with the given non-negative weights (at least one positive).
    public mutating func weighted(_ weights: [Double]) -> Int {
        let total = weights.reduce(0, +)
        var x = double(0 ... total)
        for (i, w) in weights.enumerated() {
            if x < w { return i }
            x -= w
        }
        return weights.lastIndex { $0 > 0 } ?? 0
    }
}
