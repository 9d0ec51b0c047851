import Foundation
import SweepPlanning
import TouchEngine
import TouchScenarios

/// What a counted defect rests on (docs/defects.md, "What a count rests on"), decided for every defective run and
/// class from its cause, its target and the axis values in force, by ``DefectCategories``:
/// - ``hazard``: a setting real apps ship, which a documented fix changes (the seed articles' fixes, the system
///   gestures' fixes) — what the headline and `sweep check` count by default;
/// - ``designed``: UIKit doing what Apple designed it to do (a cell's highlight after the 150 ms content delay, a
///   nested scroll view taking a drag that leans its way, the system's screen-edge gate);
/// - ``whatIf``: the run owes the defect to an axis value no shipped app is known to keep (the naive drawer
///   overlay, a pinch hysteresis no UIKit has, a screen captured mid-transition).
///
/// New categories go at the end (the wire carries raw values).
public enum DefectCategory: Int, CaseIterable, Sendable, Comparable {
    case hazard
    case designed
    case whatIf

    /// The CSV form: `hazard`, `designed`, `what_if`.
    public var name: String {
        switch self {
        case .hazard: return "hazard"
        case .designed: return "designed"
        case .whatIf: return "what_if"
        }
    }

    /// The form `--include` takes and people read: `hazard`, `designed`, `what-if`.
    public var label: String { self == .whatIf ? "what-if" : name }

    /// The category `--include` names `text` (`designed`, `what-if`, or the CSV forms), if any.
    public init?(label text: String) {
        guard let c = Self.allCases.first(where: { $0.label == text || $0.name == text }) else { return nil }
        self = c
    }

    public static func < (a: DefectCategory, b: DefectCategory) -> Bool { a.rawValue < b.rawValue }
}

/// A set of categories: what a headline or a gate counts (``hazardOnly`` by default).
public struct CategorySet: Hashable, Sendable {
    public private(set) var bits: UInt8 = 0
    public init(_ categories: [DefectCategory]) { for c in categories { bits |= 1 << UInt8(c.rawValue) } }
    public func contains(_ c: DefectCategory) -> Bool { bits & (1 << UInt8(c.rawValue)) != 0 }
    public var members: [DefectCategory] { DefectCategory.allCases.filter(contains) }
    /// Hazards alone: the default of the headline and of `sweep check`.
    public static let hazardOnly = CategorySet([.hazard])
    public static let all = CategorySet(DefectCategory.allCases)
    /// Every category counted: the rates are the classes' whole rates.
    public var isAll: Bool { self == .all }

    /// Parses `--include designed,what-if` (hazards are always counted); `nil` with the word at fault.
    public static func including(_ text: String) -> Result<CategorySet, IncludeError> {
        var set = CategorySet.hazardOnly
        for word in text.split(separator: ",", omittingEmptySubsequences: false).map({ $0.trimmingCharacters(in: .whitespaces) }) {
            guard let c = DefectCategory(label: word) else { return .failure(IncludeError(word: word)) }
            set.bits |= 1 << UInt8(c.rawValue)
        }
        return .success(set)
    }

    /// A word `--include` does not know.
    public struct IncludeError: Error, Sendable {
        public let word: String
        public var message: String {
            "'--include' expects a comma-separated list of designed, what-if (hazards are always counted), got '\(word)'"
        }
    }

    /// "hazards", "hazards, designed", "every category".
    public var description: String {
        isAll ? "every category" : members.map { $0 == .hazard ? "hazards" : $0.label }.joined(separator: " and ")
    }
}
