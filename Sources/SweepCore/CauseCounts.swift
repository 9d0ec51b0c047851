import SweepReporting

/// Per defect class, how many defective runs had each cause, and in which category (causes.csv): every defective run
/// adds one cause per class it showed, in the category ``DefectCategories`` gave it, so a configuration's counts of
/// class c add up to its count of c, and its counts of c in a category to that category's share.
///
/// Keyed by (class, cause kind, category) in that order, holding only the keys counted (`SortedCounts`): a
/// configuration sees a few dozen of the thousands of keys, and the sweep merges one of these per work unit. Merged
/// by addition, so in any order.
public struct CauseCounts: Sendable, Equatable {
    private var counts = SortedCounts()
    static let kinds = CauseKind.allCases.count
    static let categories = DefectCategory.allCases.count

    public init() {}

    public var isEmpty: Bool { counts.isEmpty }

    @inline(__always) private static func key(_ defect: DefectClass, _ kind: CauseKind, _ category: DefectCategory) -> Int32 {
        Int32((defect.rawValue * kinds + kind.rawValue) * categories + category.rawValue)
    }

    /// Adds `count` (≥ 0) runs of class `defect` with cause `kind` in `category`.
    public mutating func add(_ defect: DefectClass, _ kind: CauseKind, _ category: DefectCategory = .hazard, count: Int = 1) {
        precondition(count >= 0, "a cause count is a number of runs")
        counts.add(count, at: Self.key(defect, kind, category))
    }

    public mutating func merge(_ other: CauseCounts) { counts.merge(other.counts) }

    public func count(_ defect: DefectClass, _ kind: CauseKind, _ category: DefectCategory) -> Int {
        counts[Self.key(defect, kind, category)]
    }

    /// Runs of class `defect` with cause `kind`, in any category.
    public func count(_ defect: DefectClass, _ kind: CauseKind) -> Int {
        let first = Self.key(defect, kind, DefectCategory.allCases[0])
        return counts.entries(in: first ..< first + Int32(Self.categories)).reduce(0) { $0 + $1.count }
    }

    /// Class `defect`'s entries.
    private func entries(of defect: DefectClass) -> ArraySlice<SortedCounts.Entry> {
        let first = Self.key(defect, CauseKind.allCases[0], DefectCategory.allCases[0])
        return counts.entries(in: first ..< first + Int32(Self.kinds * Self.categories))
    }

    /// Runs of class `defect` with any cause.
    public func total(_ defect: DefectClass) -> Int {
        entries(of: defect).reduce(0) { $0 + $1.count }
    }

    /// Runs of class `defect` in `category`, with any cause.
    public func total(_ defect: DefectClass, _ category: DefectCategory) -> Int {
        let c = Int32(category.rawValue), n = Int32(Self.categories)
        return entries(of: defect).reduce(0) { $0 + ($1.key % n == c ? $1.count : 0) }
    }

    /// Runs of class `defect` in any category of `included`.
    public func total(_ defect: DefectClass, in included: CategorySet) -> Int {
        included.members.reduce(0) { $0 + total(defect, $1) }
    }

    /// The non-zero counts, by defect class, then cause kind, then category.
    public var entries: [(defect: DefectClass, kind: CauseKind, category: DefectCategory, count: Int)] {
        counts.entries.map { e in
            let key = Int(e.key)
            let category = key % Self.categories, kind = key / Self.categories % Self.kinds
            let defect = key / (Self.categories * Self.kinds)
            return (DefectClass.allCases[defect], CauseKind.allCases[kind], DefectCategory.allCases[category], e.count)
        }
    }
}
