/// A fixed-memory, mergeable histogram of durations in milliseconds.
///
/// Layout (the same for every histogram, so any two can be merged):
/// - A recorded value is first rounded to a whole number of microseconds (half away from zero);
///   negative values count as 0 µs.
/// - Bucket `k` for `k` in `0...limitMs` holds the values in `(k − 1, k]` ms, so bucket 0 holds exactly 0 ms
///   and its upper bound is `k` ms. Values above ``limitMs`` go to one overflow bucket, whose upper bound is
///   the largest value recorded there.
/// - Only buckets that hold values are stored (sorted pairs of bucket and count), so memory grows with the
///   number of distinct buckets used (at most `limitMs + 2`), never with the number of values: a sweep with
///   thousands of configurations keeps one small histogram per report cell.
///
/// Merging adds counts and takes the larger overflow maximum; both are commutative and associative, so
/// merging shards in any order or grouping yields an equal (`==`) histogram and equal percentiles.
public struct LatencyHistogram: Sendable, Equatable {
    /// The largest bucket bound below the overflow bucket, in milliseconds.
    public static let limitMs = 2000

    /// Non-empty buckets in increasing bucket order, by bucket index; index `limitMs + 1` is overflow.
    private var buckets = SortedCounts()
    /// The number of values recorded (including merged ones).
    public private(set) var count = 0
    /// The largest value in the overflow bucket, in microseconds; 0 while that bucket is empty.
    public private(set) var overflowMaxMicroseconds: Int64 = 0

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
            buckets.add(1, at: Int32(LatencyHistogram.limitMs + 1))
            overflowMaxMicroseconds = max(overflowMaxMicroseconds, us)
        } else {
            buckets.add(1, at: Int32((us + 999) / 1000)) // ceil(us / 1000)
        }
        count += 1
    }

    /// Adds every value recorded in `other` to this histogram.
    public mutating func merge(_ other: LatencyHistogram) {
        buckets.merge(other.buckets)
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
        precondition((0 ... 100).contains(p), "a percentile must be in 0...100, got \(p)")
        guard count > 0 else { return nil }
        let rank = max(1, min(count, Int((p * Double(count) / 100).rounded(.up))))
        var seen = 0
        for entry in buckets.entries where Int(entry.key) <= LatencyHistogram.limitMs {
            seen += entry.count
            if seen >= rank { return Double(entry.key) }
        }
        return Double(overflowMaxMicroseconds) / 1000
    }
}

// MARK: - Rebuilding from parts (the wire codec in SweepProtocol)

extension LatencyHistogram {
    /// The non-empty buckets in increasing bucket order: (bucket index, count); index `limitMs + 1` is the
    /// overflow bucket. With ``overflowMaxMicroseconds`` this is the whole state of the histogram.
    public var nonEmptyBuckets: [(bucket: Int, count: Int)] {
        buckets.entries.map { (Int($0.key), $0.count) }
    }

    /// Rebuilds a histogram from ``nonEmptyBuckets`` and ``overflowMaxMicroseconds``, or `nil` when they
    /// break the layout's invariants: bucket indices strictly increasing in `0...limitMs + 1`, every count
    /// at least 1, the total count representable, and `overflowMaxMicroseconds` above `limitMs` ms exactly
    /// when the overflow bucket is non-empty (0 otherwise).
    public init?(nonEmptyBuckets: [(bucket: Int, count: Int)], overflowMaxMicroseconds: Int64) {
        var previous = -1
        var total = 0
        for pair in nonEmptyBuckets {
            guard pair.bucket > previous, pair.bucket <= LatencyHistogram.limitMs + 1, pair.count >= 1 else { return nil }
            let (sum, overflow) = total.addingReportingOverflow(pair.count)
            guard !overflow else { return nil }
            total = sum
            previous = pair.bucket
        }
        let hasOverflow = previous == LatencyHistogram.limitMs + 1
        if hasOverflow {
            guard overflowMaxMicroseconds > Int64(LatencyHistogram.limitMs) * 1000 else { return nil }
        } else {
            guard overflowMaxMicroseconds == 0 else { return nil }
        }
        self.init()
        buckets = SortedCounts(ordered: nonEmptyBuckets.map { SortedCounts.Entry(key: Int32($0.bucket), count: $0.count) })
        count = total
        self.overflowMaxMicroseconds = overflowMaxMicroseconds
    }
}
