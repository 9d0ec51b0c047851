import TestSupport
import Testing

@testable import SweepCore

/// `CauseCounts` keeps only the (class, cause, category) keys it has seen. These tests hold it to a plain table of
/// every key: the same counts, totals and entries, whatever the adds and however they are split and merged.
@Suite struct CauseCountsTests {
    typealias Key = (defect: DefectClass, kind: CauseKind, category: DefectCategory)

    /// Every possible key, in (class, kind, category) order.
    static let keys: [Key] = DefectClass.allCases.flatMap { d in
        CauseKind.allCases.flatMap { k in DefectCategory.allCases.map { g in (d, k, g) } }
    }

    /// The reference: a count for every key.
    struct Table {
        var counts = [Int](repeating: 0, count: CauseCountsTests.keys.count)
        mutating func add(_ i: Int, _ n: Int) { counts[i] += n }
    }

    /// `adds` seeded adds over a few keys (as a configuration sees them) or over all of them.
    static func adds(seed: UInt64, count: Int, spread: Int) -> [(key: Int, count: Int)] {
        var g = SplitMix64(seed: seed)
        let pool = (0 ..< spread).map { _ in Int(g.next() % UInt64(keys.count)) }
        return (0 ..< count).map { _ in (pool[Int(g.next() % UInt64(pool.count))], 1 + Int(g.next() % 3)) }
    }

    static func counts(_ adds: ArraySlice<(key: Int, count: Int)>) -> CauseCounts {
        var c = CauseCounts()
        for a in adds { c.add(keys[a.key].defect, keys[a.key].kind, keys[a.key].category, count: a.count) }
        return c
    }

    static func expectSame(_ c: CauseCounts, _ t: Table, _ comment: Comment) {
        let entries = c.entries
        let expected = keys.indices.filter { t.counts[$0] > 0 }
        #expect(entries.count == expected.count, comment)
        for (e, i) in zip(entries, expected) {
            #expect(e.defect == keys[i].defect && e.kind == keys[i].kind && e.category == keys[i].category && e.count == t.counts[i], comment)
        }
        for d in DefectClass.allCases {
            let ofClass = keys.indices.filter { keys[$0].defect == d }
            #expect(c.total(d) == ofClass.reduce(0) { $0 + t.counts[$1] }, comment)
            for g in DefectCategory.allCases {
                #expect(c.total(d, g) == ofClass.filter { keys[$0].category == g }.reduce(0) { $0 + t.counts[$1] }, comment)
            }
            for k in CauseKind.allCases {
                #expect(c.count(d, k) == ofClass.filter { keys[$0].kind == k }.reduce(0) { $0 + t.counts[$1] }, comment)
            }
        }
        for i in expected { #expect(c.count(keys[i].defect, keys[i].kind, keys[i].category) == t.counts[i], comment) }
    }

    @Test(arguments: zip([UInt64(1), 2, 3, 4], [4, 30, 400, 5000]))
    func addsAndMergesCountAsATableOfEveryKey(seed: UInt64, spread: Int) {
        let adds = Self.adds(seed: seed, count: 600, spread: spread)
        var table = Table()
        for a in adds { table.add(a.key, a.count) }
        let whole = Self.counts(adds[...])
        Self.expectSame(whole, table, "seed \(seed), all added to one")
        // Split as work units split a configuration's runs, merged in order and in reverse: the same counts.
        var g = SplitMix64(seed: seed ^ 0x5eed)
        var cuts = [0]
        while cuts.last! < adds.count { cuts.append(min(adds.count, cuts.last! + 1 + Int(g.next() % 90))) }
        let parts = zip(cuts, cuts.dropFirst()).map { Self.counts(adds[$0 ..< $1]) }
        var forward = CauseCounts(), backward = CauseCounts()
        for p in parts { forward.merge(p) }
        for p in parts.reversed() { backward.merge(p) }
        #expect(forward == whole)
        #expect(backward == whole)
        Self.expectSame(backward, table, "seed \(seed), \(parts.count) parts merged backward")
    }

    @Test func nothingAddedIsEmptyAndMergesAsNothing() {
        var c = CauseCounts()
        #expect(c.isEmpty && c.entries.isEmpty && c.total(.deadButton) == 0)
        c.add(.deadButton, .unknown, .hazard, count: 0)
        #expect(c == CauseCounts())
        c.add(.swallowedScroll, CauseKind.allCases.last!, DefectCategory.allCases.last!)
        let before = c
        c.merge(CauseCounts())
        #expect(c == before && !c.isEmpty)
        var empty = CauseCounts()
        empty.merge(c)
        #expect(empty == c)
        #expect(c.total(.swallowedScroll) == 1 && c.total(.deadButton) == 0)
    }
}
