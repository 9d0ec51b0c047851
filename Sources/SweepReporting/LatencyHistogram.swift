/// A fixed-memory, mergeable histogram of durations in milliseconds.
///
/// Layout (the same for every histogram, so any two can be merged):
/// - A recorded value is first rounded to a whole number of microseconds (half away from zero);
///   negative values count as 0 µs.
/// - Bucket `k` for `k` in `0...limitMs` holds the values in `(k − 1, k]` ms, so bucket 0 holds exactly 0 ms
///   and its upper bound is `k` ms. Values above ``limitMs`` go to one overflow bucket, whose upper bound is
///   the largest value recorded there.
/// - Memory is `limitMs + 2` counters, whatever the number of values.
///
/// Merging adds counts and takes the larger overflow maximum; both are commutative and associative, so
/// merging shards in any order or grouping yields an equal (`==`) histogram and equal percentiles.
public struct LatencyHistogram: Sendable, Equatable {
    /// The largest bucket bound below the overflow bucket, in milliseconds.
    public static let limitMs = 2000

    private var buckets = [Int](repeating: 0, count: LatencyHistogram.limitMs + 2)  // last one: overflow
    /// The number of values recorded (including merged ones).
    public private(set) var count = 0
    /// The largest value in the overflow bucket, in microseconds; 0 while that bucket is empty.
    private var overflowMaxMicroseconds: Int64 = 0

    public init() {}

    /// Records one duration in milliseconds.
    /// - Precondition: `ms` is not NaN. +∞ goes to the overflow bucket.
    public mutating func record(ms: Double) {
        precondition(!ms.isNaN, "a latency cannot be NaN")
        let us = (ms * 1000).rounded(.toNearestOrAwayFromZero)
        record(microseconds: us >= Double(Int64.max) ? .max : Int64(max(us, 0)))
    }

    /// Records one duration given in whole microseconds (the engine's time unit); negative counts as 0.
    public mutating func record(microseconds: Int64) {
        let us = max(microseconds, 0)
        let limitUs = Int64(LatencyHistogram.limitMs) * 1000
        if us > limitUs {
            buckets[LatencyHistogram.limitMs + 1] += 1
            overflowMaxMicroseconds = max(overflowMaxMicroseconds, us)
        } else {
            buckets[Int((us + 999) / 1000)] += 1  // ceil(us / 1000)
        }
        count += 1
    }

    /// Adds every value recorded in `other` to this histogram.
    public mutating func merge(_ other: LatencyHistogram) {
        for i in buckets.indices { buckets[i] += other.buckets[i] }
        count += other.count
        overflowMaxMicroseconds = max(overflowMaxMicroseconds, other.overflowMaxMicroseconds)
    }

    /// The nearest-rank `p`-th percentile, reported as the upper bound of the bucket holding it.
    ///
    /// Contract: `nil` when the histogram is empty. Otherwise, with `n = count`, the rank is
    /// `r = max(1, ⌈p · n / 100⌉)` (so p = 0 gives the smallest value's bucket and p = 100 the largest);
    /// the result is the upper bound, in ms, of the bucket containing the r-th smallest value: a whole
    /// number `k` in `0...limitMs`, or the overflow bucket's largest value (`ms`, microsecond precision).
    /// The rank is exact for integral `p`.
    /// - Precondition: `0 <= p <= 100`.
    public func percentile(_ p: Double) -> Double? {
        precondition((0...100).contains(p), "a percentile must be in 0...100, got \(p)")
        guard count > 0 else { return nil }
        let rank = max(1, min(count, Int((p * Double(count) / 100).rounded(.up))))
        var seen = 0
        for k in 0...LatencyHistogram.limitMs {
            seen += buckets[k]
            if seen >= rank { return Double(k) }
        }
        return Double(overflowMaxMicroseconds) / 1000
    }
}
