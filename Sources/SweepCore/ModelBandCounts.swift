import SweepReporting
import TouchEngine

/// One end of an inferred parameter's range (`InferredParameter.range`).
public enum RangeEnd: Int, CaseIterable, Sendable {
    case low, high

    /// The value at this end of `parameter`'s range.
    public func value(of parameter: InferredParameter) -> Double {
        self == .low ? parameter.range.lowerBound : parameter.range.upperBound
    }
}

/// How each class's count moves when one inferred parameter sits at one end of its range and every other value stays
/// (the runs whose verdict read the parameter, `RunSummary.inferredReads`, run again there): per parameter, end and
/// class, the change in count. Sparse (`SortedCounts`): a configuration whose counts no parameter moves holds nothing.
public struct ModelBandCounts: Sendable, Equatable {
    /// Change in count by `key(parameter, end, defect)`; no zero entries.
    private var changes = SortedCounts()

    public init() {}

    /// The key of one parameter, end and class.
    public static func key(_ parameter: InferredParameter, _ end: RangeEnd, _ defect: DefectClass) -> Int {
        (parameter.rawValue * RangeEnd.allCases.count + end.rawValue) * DefectClass.allCases.count + defect.rawValue
    }

    /// The number of inferred parameters a key counts with (the wire codec's header).
    public static var parameterCount: Int { InferredParameter.allCases.count }

    /// The number of keys (every parameter, end and class).
    public static var keyCount: Int { InferredParameter.allCases.count * RangeEnd.allCases.count * DefectClass.allCases.count }

    public var isEmpty: Bool { changes.isEmpty }

    /// The change in `defect`'s count with `parameter` at `end`.
    public func change(_ parameter: InferredParameter, _ end: RangeEnd, _ defect: DefectClass) -> Int {
        changes[Int32(Self.key(parameter, end, defect))]
    }

    /// Adds `change` to `defect`'s count with `parameter` at `end`.
    public mutating func add(_ parameter: InferredParameter, _ end: RangeEnd, _ defect: DefectClass, _ change: Int) {
        changes.add(change, at: Int32(Self.key(parameter, end, defect)))
    }

    public mutating func merge(_ other: ModelBandCounts) { changes.merge(other.changes) }

    /// The entries in key order (the wire codec's form).
    public var entries: [(key: Int, change: Int)] { changes.entries.map { (Int($0.key), $0.count) } }

    /// Rebuilt from `entries`, or `nil` when a key is out of range, repeated, or holds a zero change.
    public init?(entries: [(key: Int, change: Int)]) {
        for (key, change) in entries {
            guard (0 ..< Self.keyCount).contains(key), change != 0, changes[Int32(key)] == 0 else { return nil }
            changes.add(change, at: Int32(key))
        }
    }
}
