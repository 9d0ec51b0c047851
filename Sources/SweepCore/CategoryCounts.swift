/// Per defect class, how many of its counted runs are UIKit's designed behaviour and how many what-ifs
/// (``DefectCategory``); the rest of the class's count are hazards. Kept beside each real screen element's tally
/// (``ElementTally``), so `sweep check --per-screen` counts hazards by default as the whole-sweep gate does.
public struct CategoryCounts: Sendable, Equatable {
    /// By `DefectClass.rawValue`.
    public private(set) var designed: [Int]
    public private(set) var whatIf: [Int]

    public init() {
        designed = Array(repeating: 0, count: DefectClass.allCases.count)
        whatIf = designed
    }

    /// Nothing but hazards (or no defect at all).
    public var isEmpty: Bool { !designed.contains { $0 != 0 } && !whatIf.contains { $0 != 0 } }

    /// Adds one run of `defect` in `category` (a hazard changes nothing here).
    public mutating func add(_ defect: DefectClass, _ category: DefectCategory) {
        switch category {
        case .hazard: break
        case .designed: designed[defect.rawValue] += 1
        case .whatIf: whatIf[defect.rawValue] += 1
        }
    }

    /// Sets one class and category's count (the result codec's reader).
    public mutating func set(_ defect: DefectClass, _ category: DefectCategory, to count: Int) {
        switch category {
        case .hazard: break
        case .designed: designed[defect.rawValue] = count
        case .whatIf: whatIf[defect.rawValue] = count
        }
    }

    public mutating func merge(_ other: CategoryCounts) {
        for i in designed.indices {
            designed[i] += other.designed[i]
            whatIf[i] += other.whatIf[i]
        }
    }

    /// The runs of `defect` in `category`, when the class counted `total` runs in all.
    public func count(_ defect: DefectClass, _ category: DefectCategory, total: Int) -> Int {
        switch category {
        case .hazard: return total - designed[defect.rawValue] - whatIf[defect.rawValue]
        case .designed: return designed[defect.rawValue]
        case .whatIf: return whatIf[defect.rawValue]
        }
    }
}
