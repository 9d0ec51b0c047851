/// Per defect class, how many defective runs had each cause, and in which category (causes.csv): every defective run
/// adds one cause per class it showed, in the category ``DefectCategories`` gave it, so a configuration's counts of
/// class c add up to its count of c, and its counts of c in a category to that category's share.
///
/// Dense (classes × cause kinds × categories), allocated on the first cause; merged by addition, so in any order.
public struct CauseCounts: Sendable, Equatable {
    private var counts: [Int] = []
    static let kinds = CauseKind.allCases.count
    static let categories = DefectCategory.allCases.count

    public init() {}

    public var isEmpty: Bool { counts.isEmpty }

    @inline(__always) private static func index(_ defect: DefectClass, _ kind: CauseKind, _ category: DefectCategory) -> Int {
        (defect.rawValue * kinds + kind.rawValue) * categories + category.rawValue
    }

    public mutating func add(_ defect: DefectClass, _ kind: CauseKind, _ category: DefectCategory = .hazard, count: Int = 1) {
        guard count != 0 else { return }
        if counts.isEmpty { counts = Array(repeating: 0, count: DefectClass.allCases.count * Self.kinds * Self.categories) }
        counts[Self.index(defect, kind, category)] += count
    }

    public mutating func merge(_ other: CauseCounts) {
        guard !other.counts.isEmpty else { return }
        if counts.isEmpty { counts = other.counts; return }
        for i in counts.indices { counts[i] += other.counts[i] }
    }

    public func count(_ defect: DefectClass, _ kind: CauseKind, _ category: DefectCategory) -> Int {
        counts.isEmpty ? 0 : counts[Self.index(defect, kind, category)]
    }

    /// Runs of class `defect` with cause `kind`, in any category.
    public func count(_ defect: DefectClass, _ kind: CauseKind) -> Int {
        DefectCategory.allCases.reduce(0) { $0 + count(defect, kind, $1) }
    }

    /// Runs of class `defect` with any cause.
    public func total(_ defect: DefectClass) -> Int {
        guard !counts.isEmpty else { return 0 }
        let start = Self.index(defect, CauseKind.allCases[0], .hazard), width = Self.kinds * Self.categories
        return counts[start ..< start + width].reduce(0, +)
    }

    /// Runs of class `defect` in `category`, with any cause.
    public func total(_ defect: DefectClass, _ category: DefectCategory) -> Int {
        guard !counts.isEmpty else { return 0 }
        return CauseKind.allCases.reduce(0) { $0 + counts[Self.index(defect, $1, category)] }
    }

    /// Runs of class `defect` in any category of `included`.
    public func total(_ defect: DefectClass, in included: CategorySet) -> Int {
        included.members.reduce(0) { $0 + total(defect, $1) }
    }

    /// The non-zero counts, by defect class, then cause kind, then category.
    public var entries: [(defect: DefectClass, kind: CauseKind, category: DefectCategory, count: Int)] {
        guard !counts.isEmpty else { return [] }
        var result: [(defect: DefectClass, kind: CauseKind, category: DefectCategory, count: Int)] = []
        for d in DefectClass.allCases {
            for k in CauseKind.allCases {
                for g in DefectCategory.allCases where counts[Self.index(d, k, g)] > 0 {
                    result.append((d, k, g, counts[Self.index(d, k, g)]))
                }
            }
        }
        return result
    }
}
