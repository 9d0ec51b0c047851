/// Per defect class, how many defective runs had each cause (causes.csv): every defective run adds one cause
/// per class it showed, so a configuration's counts of class c add up to its count of c.
///
/// Dense (classes × cause kinds), allocated on the first cause; merged by addition, so in any order.
public struct CauseCounts: Sendable, Equatable {
    private var counts: [Int] = []
    static let kinds = CauseKind.allCases.count

    public init() {}

    public var isEmpty: Bool { counts.isEmpty }

    public mutating func add(_ defect: DefectClass, _ kind: CauseKind, count: Int = 1) {
        guard count != 0 else { return }
        if counts.isEmpty { counts = Array(repeating: 0, count: DefectClass.allCases.count * Self.kinds) }
        counts[defect.rawValue * Self.kinds + kind.rawValue] += count
    }

    public mutating func merge(_ other: CauseCounts) {
        guard !other.counts.isEmpty else { return }
        if counts.isEmpty { counts = other.counts; return }
        for i in counts.indices { counts[i] += other.counts[i] }
    }

    public func count(_ defect: DefectClass, _ kind: CauseKind) -> Int {
        counts.isEmpty ? 0 : counts[defect.rawValue * Self.kinds + kind.rawValue]
    }

    /// Runs of class `defect` with any cause.
    public func total(_ defect: DefectClass) -> Int {
        guard !counts.isEmpty else { return 0 }
        let start = defect.rawValue * Self.kinds
        return counts[start ..< start + Self.kinds].reduce(0, +)
    }

    /// The non-zero counts, by defect class then cause kind.
    public var entries: [(defect: DefectClass, kind: CauseKind, count: Int)] {
        guard !counts.isEmpty else { return [] }
        var result: [(defect: DefectClass, kind: CauseKind, count: Int)] = []
        for d in DefectClass.allCases {
            for k in CauseKind.allCases where counts[d.rawValue * Self.kinds + k.rawValue] > 0 {
                result.append((d, k, counts[d.rawValue * Self.kinds + k.rawValue]))
            }
        }
        return result
    }
}
