/// Counts by a small integer key, holding only the keys whose count is not zero, in key order: a latency histogram's
/// buckets, a configuration's causes, its model bands' changes. A sweep keeps one per configuration and report cell
/// and merges one per work unit, and most of the keys that could exist never do: a dense table would be allocated,
/// cleared and added whole every time.
///
/// Equal counts have equal entries (no zeros are kept), so `==` compares what was counted. Merging adds, so it is
/// commutative and associative: any order and grouping of merges gives the same counts.
public struct SortedCounts: Sendable, Equatable {
    public struct Entry: Sendable, Equatable {
        public var key: Int32
        public var count: Int

        @inlinable public init(key: Int32, count: Int) {
            self.key = key
            self.count = count
        }
    }

    /// By key, no zero counts. (Internal, and used from inlinable code: the sweep adds and merges across modules.)
    @usableFromInline var storage: [Entry] = []

    /// By key, no zero counts.
    public var entries: [Entry] { storage }

    public init() {}

    /// From entries already in strictly increasing key order with no zero count (the caller checked them).
    public init(ordered entries: [Entry]) {
        precondition(zip(entries, entries.dropFirst()).allSatisfy { $0.key < $1.key }, "entries out of key order")
        precondition(entries.allSatisfy { $0.count != 0 }, "a zero count is not kept")
        storage = entries
    }

    @inlinable public var isEmpty: Bool { storage.isEmpty }

    /// The first position whose key is not below `key` (where `key` is, or would go).
    @inlinable public func position(of key: Int32) -> Int {
        var low = 0, high = storage.count
        while low < high {
            let mid = (low + high) / 2
            if storage[mid].key < key { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// The count at `key`; 0 when it has none.
    @inlinable public subscript(key: Int32) -> Int {
        let i = position(of: key)
        return i < storage.count && storage[i].key == key ? storage[i].count : 0
    }

    /// The entries whose keys lie in `keys`.
    @inlinable public func entries(in keys: Range<Int32>) -> ArraySlice<Entry> {
        storage[position(of: keys.lowerBound) ..< position(of: keys.upperBound)]
    }

    /// Adds `n` at `key`; a count that comes to zero is dropped.
    @inlinable public mutating func add(_ n: Int, at key: Int32) {
        guard n != 0 else { return }
        let i = position(of: key)
        guard i < storage.count && storage[i].key == key else {
            storage.insert(Entry(key: key, count: n), at: i)
            return
        }
        storage[i].count += n
        if storage[i].count == 0 { storage.remove(at: i) }
    }

    /// Adds every count of `other`: in place when each of its keys is here already (as once a configuration has
    /// seen its causes), otherwise in one walk over both.
    @inlinable public mutating func merge(_ other: SortedCounts) {
        guard !other.storage.isEmpty else { return }
        if storage.isEmpty { storage = other.storage; return }
        var i = 0
        var inPlace = true
        for e in other.storage {
            while i < storage.count && storage[i].key < e.key { i += 1 }
            guard i < storage.count && storage[i].key == e.key, storage[i].count + e.count != 0 else { inPlace = false; break }
        }
        if inPlace {
            i = 0
            for e in other.storage {
                while storage[i].key < e.key { i += 1 }
                storage[i].count += e.count
            }
            return
        }
        var merged: [Entry] = []
        merged.reserveCapacity(storage.count + other.storage.count)
        var a = 0, b = 0
        while a < storage.count || b < other.storage.count {
            if b == other.storage.count || (a < storage.count && storage[a].key < other.storage[b].key) {
                merged.append(storage[a])
                a += 1
            } else if a == storage.count || other.storage[b].key < storage[a].key {
                merged.append(other.storage[b])
                b += 1
            } else {
                let sum = storage[a].count + other.storage[b].count
                if sum != 0 { merged.append(Entry(key: storage[a].key, count: sum)) }
                a += 1
                b += 1
            }
        }
        storage = merged
    }
}
