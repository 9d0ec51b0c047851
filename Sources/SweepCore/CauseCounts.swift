/// Per defect class, how many defective runs had each cause, and in which category (causes.csv): every defective run
/// adds one cause per class it showed, in the category ``DefectCategories`` gave it, so a configuration's counts of
/// class c add up to its count of c, and its counts of c in a category to that category's share.
///
/// Sparse: the (class, cause kind, category) keys that have a count, in that order, each with its count (≥ 1). A
/// configuration sees a few dozen of the thousands of possible keys, and a sweep keeps one of these per
/// configuration and merges one per work unit: a dense table (17 KB each) made every unit's result allocate, clear
/// and add the whole table. Merged by addition, so in any order.
public struct CauseCounts: Sendable, Equatable {
    private struct Entry: Sendable, Equatable {
        var key: Int32
        var count: Int
    }

    /// By key, each count ≥ 1: equal counts have equal entries.
    private var entries_: [Entry] = []
    static let kinds = CauseKind.allCases.count
    static let categories = DefectCategory.allCases.count

    public init() {}

    public var isEmpty: Bool { entries_.isEmpty }

    @inline(__always) private static func key(_ defect: DefectClass, _ kind: CauseKind, _ category: DefectCategory) -> Int32 {
        Int32((defect.rawValue * kinds + kind.rawValue) * categories + category.rawValue)
    }

    /// The first position whose key is not below `key`.
    @inline(__always) private func position(of key: Int32) -> Int {
        var lo = 0, hi = entries_.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if entries_[mid].key < key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Adds `count` (≥ 1) runs of class `defect` with cause `kind` in `category`.
    public mutating func add(_ defect: DefectClass, _ kind: CauseKind, _ category: DefectCategory = .hazard, count: Int = 1) {
        guard count != 0 else { return }
        precondition(count > 0, "a cause count is a number of runs")
        let k = Self.key(defect, kind, category)
        let i = position(of: k)
        if i < entries_.count && entries_[i].key == k { entries_[i].count += count } else { entries_.insert(Entry(key: k, count: count), at: i) }
    }

    public mutating func merge(_ other: CauseCounts) {
        guard !other.entries_.isEmpty else { return }
        if entries_.isEmpty { entries_ = other.entries_; return }
        // In place when every key of `other` is here already, as once a configuration has seen its causes.
        var i = 0
        var inPlace = true
        for e in other.entries_ {
            while i < entries_.count && entries_[i].key < e.key { i += 1 }
            guard i < entries_.count && entries_[i].key == e.key else { inPlace = false; break }
        }
        if inPlace {
            i = 0
            for e in other.entries_ {
                while entries_[i].key < e.key { i += 1 }
                entries_[i].count += e.count
            }
            return
        }
        var merged: [Entry] = []
        merged.reserveCapacity(entries_.count + other.entries_.count)
        var a = 0, b = 0
        while a < entries_.count || b < other.entries_.count {
            if b == other.entries_.count || (a < entries_.count && entries_[a].key < other.entries_[b].key) {
                merged.append(entries_[a]); a += 1
            } else if a == entries_.count || other.entries_[b].key < entries_[a].key {
                merged.append(other.entries_[b]); b += 1
            } else {
                merged.append(Entry(key: entries_[a].key, count: entries_[a].count + other.entries_[b].count)); a += 1; b += 1
            }
        }
        entries_ = merged
    }

    public func count(_ defect: DefectClass, _ kind: CauseKind, _ category: DefectCategory) -> Int {
        let k = Self.key(defect, kind, category)
        let i = position(of: k)
        return i < entries_.count && entries_[i].key == k ? entries_[i].count : 0
    }

    /// Runs of class `defect` with cause `kind`, in any category.
    public func count(_ defect: DefectClass, _ kind: CauseKind) -> Int {
        DefectCategory.allCases.reduce(0) { $0 + count(defect, kind, $1) }
    }

    /// The positions of class `defect`'s entries.
    private func range(of defect: DefectClass) -> Range<Int> {
        let first = Self.key(defect, CauseKind.allCases[0], DefectCategory.allCases[0])
        return position(of: first) ..< position(of: first + Int32(Self.kinds * Self.categories))
    }

    /// Runs of class `defect` with any cause.
    public func total(_ defect: DefectClass) -> Int {
        entries_[range(of: defect)].reduce(0) { $0 + $1.count }
    }

    /// Runs of class `defect` in `category`, with any cause.
    public func total(_ defect: DefectClass, _ category: DefectCategory) -> Int {
        let c = Int32(category.rawValue), n = Int32(Self.categories)
        return entries_[range(of: defect)].reduce(0) { $0 + ($1.key % n == c ? $1.count : 0) }
    }

    /// Runs of class `defect` in any category of `included`.
    public func total(_ defect: DefectClass, in included: CategorySet) -> Int {
        included.members.reduce(0) { $0 + total(defect, $1) }
    }

    /// The non-zero counts, by defect class, then cause kind, then category.
    public var entries: [(defect: DefectClass, kind: CauseKind, category: DefectCategory, count: Int)] {
        entries_.map { e in
            let key = Int(e.key)
            let category = key % Self.categories, kind = key / Self.categories % Self.kinds
            let defect = key / (Self.categories * Self.kinds)
            return (DefectClass.allCases[defect], CauseKind.allCases[kind], DefectCategory.allCases[category], e.count)
        }
    }
}
