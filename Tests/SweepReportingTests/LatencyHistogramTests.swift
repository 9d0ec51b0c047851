import SweepReporting
import TestSupport
import Testing

@Suite struct LatencyHistogramTests {
    @Test func emptyHasNoPercentiles() {
        let h = LatencyHistogram()
        #expect(h.count == 0 && h.percentile(50) == nil)
    }

    @Test func nearestRankOnBucketUpperBounds() {
        var h = LatencyHistogram()
        for ms in [0.0, 0.4, 1.0, 1.2, 16.6667, 99.9994, 100.0004, 150, 150, 2000] { h.record(ms: ms) }
        // Bucket upper bounds, sorted: 0, 1, 1, 2, 17, 100, 100, 150, 150, 2000.
        #expect(h.count == 10)
        #expect(h.percentile(0) == 0) // rank 1
        #expect(h.percentile(10) == 0) // rank 1
        #expect(h.percentile(20) == 1) // rank 2: 0.4 ms → (0, 1]
        #expect(h.percentile(30) == 1) // rank 3: exactly 1 ms
        #expect(h.percentile(40) == 2) // rank 4: 1.2 ms
        #expect(h.percentile(50) == 17) // rank 5
        #expect(h.percentile(60) == 100) // rank 6: 99.9994 ms rounds to 99999 µs
        #expect(h.percentile(70) == 100) // rank 7: 100.0004 ms rounds to 100000 µs
        #expect(h.percentile(80) == 150)
        #expect(h.percentile(95) == 2000) // rank 10 = ⌈9.5⌉
        #expect(h.percentile(100) == 2000)
    }

    /// The buckets do not depend on the order the values come in.
    @Test func repeatedAndInterleavedValuesGiveTheSameBucketsInAnyOrder() {
        let values: [Double] = [150, 150, 0, 150, 2500, 0, 33.2, 150, 33.4, 2500, 1, 0]
        var forward = LatencyHistogram(), backward = LatencyHistogram(), sorted = LatencyHistogram()
        for ms in values { forward.record(ms: ms) }
        for ms in values.reversed() { backward.record(ms: ms) }
        for ms in values.sorted() { sorted.record(ms: ms) }
        #expect(forward == backward && forward == sorted)
        #expect(forward.nonEmptyBuckets.map(\.bucket) == [0, 1, 34, 150, 2001])
        #expect(forward.nonEmptyBuckets.map(\.count) == [3, 1, 2, 4, 2])
    }

    @Test func rankUsesCeilingWithoutFloatingDrift() {
        var h = LatencyHistogram()
        for ms in 1 ... 20 { h.record(ms: Double(ms)) }
        #expect(h.percentile(95) == 19) // 95 × 20 / 100 is exactly 19
        #expect(h.percentile(50) == 10)
        #expect(h.percentile(51) == 11)
    }

    @Test func overflowReportsTheLargestValueSeen() {
        var h = LatencyHistogram()
        h.record(ms: 10)
        h.record(ms: 2000.0004) // rounds to 2000 ms exactly: last regular bucket
        h.record(ms: 2500.25)
        h.record(ms: 3100.5)
        #expect(h.percentile(50) == 2000)
        #expect(h.percentile(75) == 3100.5)
        #expect(h.percentile(100) == 3100.5)
    }

    @Test func negativeAndMicrosecondInputs() {
        var h = LatencyHistogram()
        h.record(ms: -3)
        h.record(microseconds: -1)
        h.record(microseconds: 1)
        h.record(microseconds: 150_000)
        #expect(h.percentile(50) == 0 && h.percentile(75) == 1 && h.percentile(100) == 150)
    }

    @Test func mergingInAnyOrderGivesTheSameHistogram() {
        var rng = SplitMix64(seed: 42)
        let samples = (0 ..< 5000).map { _ in Double(rng.next() % 2_600_000) / 1000 } // 0–2600 ms, µs precision
        var whole = LatencyHistogram()
        for s in samples { whole.record(ms: s) }

        let shardCount = 7
        var shards = [LatencyHistogram](repeating: LatencyHistogram(), count: shardCount)
        for (i, s) in samples.enumerated() { shards[(i * 31 + i / 5) % shardCount].record(ms: s) }

        var forward = LatencyHistogram()
        for shard in shards { forward.merge(shard) }
        var backward = LatencyHistogram()
        for shard in shards.reversed() { backward.merge(shard) }
        var tree = LatencyHistogram() // ((0+1)+(2+3)) + ((4+5)+6)
        var left = shards[0]; left.merge(shards[1])
        var mid = shards[2]; mid.merge(shards[3]); left.merge(mid)
        var right = shards[4]; right.merge(shards[5]); right.merge(shards[6])
        tree.merge(right); tree.merge(left)

        #expect(forward == whole && backward == whole && tree == whole)
        #expect(whole.count == 5000)
        for p in [0.0, 1, 50, 90, 95, 99, 99.9, 100] {
            #expect(forward.percentile(p) == whole.percentile(p) && tree.percentile(p) == whole.percentile(p))
        }
    }
}
