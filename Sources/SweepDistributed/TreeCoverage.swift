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
    public func overlaps(_ r: Range<Int>) -> Bool {
        guard !r.isEmpty else { return false }
        // The first range ending after r's start is the only candidate: the ranges are sorted and disjoint.
        var low = 0, high = ranges.count
        while low < high {
            let mid = (low + high) / 2
            if ranges[mid].upperBound <= r.lowerBound { low = mid + 1 } else { high = mid }
        }
        return low < ranges.count && ranges[low].lowerBound < r.upperBound
    }

    /// Adds `r`, merging it with the ranges it overlaps or touches. In place: the common case (a unit right
    /// after the last covered tree) extends one range without allocating.
    public mutating func insert(_ r: Range<Int>) {
        guard !r.isEmpty else { return }
        // The first range that ends at or after r's start: it and the ones after it that start at or before
        // r's end are absorbed.
        var first = 0, high = ranges.count
        while first < high {
            let mid = (first + high) / 2
            if ranges[mid].upperBound < r.lowerBound { first = mid + 1 } else { high = mid }
        }
        var lower = r.lowerBound, upper = r.upperBound
        var end = first
        while end < ranges.count && ranges[end].lowerBound <= upper {
            lower = min(lower, ranges[end].lowerBound)
            upper = max(upper, ranges[end].upperBound)
            end += 1
        }
        if end == first + 1 {
            ranges[first] = lower ..< upper
        } else {
            ranges.replaceSubrange(first ..< end, with: CollectionOfOne(lower ..< upper))
        }
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
