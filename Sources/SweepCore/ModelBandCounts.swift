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
/// class, the change in count. Sparse: a configuration whose counts no parameter moves holds nothing.
public struct ModelBandCounts: Sendable, Equatable {
    /// Change in count by `key(parameter, end, defect)`; no zero entries.
    public private(set) var changes: [Int: Int] = [:]

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
        changes[Self.key(parameter, end, defect)] ?? 0
    }

    /// Adds `change` to `defect`'s count with `parameter` at `end`.
    public mutating func add(_ parameter: InferredParameter, _ end: RangeEnd, _ defect: DefectClass, _ change: Int) {
        add(key: Self.key(parameter, end, defect), change)
    }

    mutating func add(key: Int, _ change: Int) {
        guard change != 0 else { return }
        let sum = (changes[key] ?? 0) + change
        changes[key] = sum == 0 ? nil : sum
    }

    public mutating func merge(_ other: ModelBandCounts) {
        for (key, change) in other.changes { add(key: key, change) }
    }

    /// The entries in key order (the wire codec's form).
    public var entries: [(key: Int, change: Int)] { changes.keys.sorted().map { ($0, changes[$0]!) } }

    /// Rebuilt from `entries`, or `nil` when a key is out of range, repeated, or holds a zero change.
    public init?(entries: [(key: Int, change: Int)]) {
        for (key, change) in entries {
            guard (0 ..< Self.keyCount).contains(key), change != 0, changes[key] == nil else { return nil }
            changes[key] = change
        }
    }
}
