import SweepReporting
import TestSupport
import Testing

/// `SortedCounts` against a dictionary of every key it was given: the same non-zero counts in key order, whatever the
/// adds (changes that cancel included) and however they are split into parts and merged.
@Suite struct SortedCountsTests {
    static func reference(_ adds: ArraySlice<(key: Int32, n: Int)>) -> [(key: Int32, count: Int)] {
        var sums: [Int32: Int] = [:]
        for a in adds { sums[a.key, default: 0] += a.n }
        return sums.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    static func counts(_ adds: ArraySlice<(key: Int32, n: Int)>) -> SortedCounts {
        var c = SortedCounts()
        for a in adds { c.add(a.n, at: a.key) }
        return c
    }

    @Test(arguments: zip([UInt64(11), 12, 13], [3, 40, 2000]))
    func addsAndMergesKeepTheNonZeroCountsInKeyOrder(seed: UInt64, keys: Int) {
        var rng = SplitMix64(seed: seed)
        let pool = (0 ..< keys).map { _ in Int32(rng.int(0 ... 9999)) }
        let adds = (0 ..< 800).map { _ in (key: pool[rng.int(0 ... keys - 1)], n: rng.int(-2 ... 3)) }
        let expected = Self.reference(adds[...])
        let whole = Self.counts(adds[...])
        #expect(whole.entries.map(\.key) == expected.map(\.key) && whole.entries.map(\.count) == expected.map(\.count))
        for (key, count) in expected.prefix(20) { #expect(whole[key] == count) }
        #expect(whole[10_000] == 0)
        let slice = whole.entries(in: 2000 ..< 6000)
        #expect(slice.map(\.key) == expected.map(\.key).filter { (2000 ..< 6000).contains($0) })
        // Split into parts and merged in both orders, and merged into a copy of itself and back out.
        var cuts = [0]
        while cuts.last! < adds.count { cuts.append(min(adds.count, cuts.last! + rng.int(1 ... 120))) }
        let parts = zip(cuts, cuts.dropFirst()).map { Self.counts(adds[$0 ..< $1]) }
        var forward = SortedCounts(), backward = SortedCounts()
        for p in parts { forward.merge(p) }
        for p in parts.reversed() { backward.merge(p) }
        #expect(forward == whole && backward == whole)
        var negated = SortedCounts()
        for e in whole.entries { negated.add(-e.count, at: e.key) }
        var cancelled = whole
        cancelled.merge(negated)
        #expect(cancelled.isEmpty && cancelled == SortedCounts())
        #expect(SortedCounts(ordered: whole.entries) == whole)
    }
}
