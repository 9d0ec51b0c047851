/// The trees of one configuration that are finished (committed or quarantined), as sorted disjoint ranges.
/// Work is carved from what is not covered, so a resumed sweep can use other unit sizes than the run it
/// continues.
public struct TreeCoverage: Hashable, Sendable {
    public private(set) var ranges: [Range<Int>] = []
    public init() {}

    public var count: Int { ranges.reduce(0) { $0 + $1.count } }

    public func contains(_ tree: Int) -> Bool { ranges.contains { $0.contains(tree) } }

    /// Whether every tree of `r` is covered.
    public func covers(_ r: Range<Int>) -> Bool {
        var next = r.lowerBound
        for range in ranges where range.upperBound > next {
            if range.lowerBound > next { return false }
            next = range.upperBound
            if next >= r.upperBound { return true }
        }
        return next >= r.upperBound
    }

    /// Whether any tree of `r` is covered.
    public func overlaps(_ r: Range<Int>) -> Bool { ranges.contains { $0.overlaps(r) } }

    public mutating func insert(_ r: Range<Int>) {
        guard !r.isEmpty else { return }
        var merged = r
        var kept: [Range<Int>] = []
        for range in ranges {
            if range.upperBound < merged.lowerBound || range.lowerBound > merged.upperBound {
                kept.append(range)
            } else {
                merged = min(range.lowerBound, merged.lowerBound) ..< max(range.upperBound, merged.upperBound)
            }
        }
        kept.append(merged)
        kept.sort { $0.lowerBound < $1.lowerBound }
        ranges = kept
    }

    /// The first uncovered tree at or after `start` below `limit`, and how many uncovered trees follow it
    /// contiguously (at most `maxCount`).
    public func nextGap(from start: Int, limit: Int, maxCount: Int) -> Range<Int>? {
        var first = start
        for range in ranges where range.upperBound > first {
            if range.lowerBound <= first { first = range.upperBound } else { break }
        }
        guard first < limit else { return nil }
        var end = min(limit, first + maxCount)
        for range in ranges where range.lowerBound > first && range.lowerBound < end { end = range.lowerBound }
        return first ..< end
    }
}
