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
/// class, the change in count. Sparse: a configuration whose counts no parameter moves holds nothing; one that has
/// some holds them in key order (a sweep merges one of these per work unit: in order, merging walks both once).
public struct ModelBandCounts: Sendable, Equatable {
    private struct Entry: Sendable, Equatable {
        var key: Int32
        var change: Int
    }

    /// By key; no zero changes, so equal counts have equal entries.
    private var changes: [Entry] = []

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

    /// The first position whose key is not below `key`.
    private func position(of key: Int32) -> Int {
        var lo = 0, hi = changes.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if changes[mid].key < key { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The change in `defect`'s count with `parameter` at `end`.
    public func change(_ parameter: InferredParameter, _ end: RangeEnd, _ defect: DefectClass) -> Int {
        let key = Int32(Self.key(parameter, end, defect))
        let i = position(of: key)
        return i < changes.count && changes[i].key == key ? changes[i].change : 0
    }

    /// Adds `change` to `defect`'s count with `parameter` at `end`.
    public mutating func add(_ parameter: InferredParameter, _ end: RangeEnd, _ defect: DefectClass, _ change: Int) {
        add(key: Int32(Self.key(parameter, end, defect)), change)
    }

    private mutating func add(key: Int32, _ change: Int) {
        guard change != 0 else { return }
        let i = position(of: key)
        guard i < changes.count && changes[i].key == key else {
            changes.insert(Entry(key: key, change: change), at: i)
            return
        }
        changes[i].change += change
        if changes[i].change == 0 { changes.remove(at: i) }
    }

    public mutating func merge(_ other: ModelBandCounts) {
        guard !other.changes.isEmpty else { return }
        if changes.isEmpty { changes = other.changes; return }
        var merged: [Entry] = []
        merged.reserveCapacity(changes.count + other.changes.count)
        var a = 0, b = 0
        while a < changes.count || b < other.changes.count {
            if b == other.changes.count || (a < changes.count && changes[a].key < other.changes[b].key) {
                merged.append(changes[a]); a += 1
            } else if a == changes.count || other.changes[b].key < changes[a].key {
                merged.append(other.changes[b]); b += 1
            } else {
                let sum = changes[a].change + other.changes[b].change
                if sum != 0 { merged.append(Entry(key: changes[a].key, change: sum)) }
                a += 1; b += 1
            }
        }
        changes = merged
    }

    /// The entries in key order (the wire codec's form).
    public var entries: [(key: Int, change: Int)] { changes.map { (Int($0.key), $0.change) } }

    /// Rebuilt from `entries`, or `nil` when a key is out of range, repeated, or holds a zero change.
    public init?(entries: [(key: Int, change: Int)]) {
        for (key, change) in entries {
            guard (0 ..< Self.keyCount).contains(key), change != 0, self.change(key: Int32(key)) == nil else { return nil }
            add(key: Int32(key), change)
        }
    }

    /// The change held at `key`, or nil when none is.
    private func change(key: Int32) -> Int? {
        let i = position(of: key)
        return i < changes.count && changes[i].key == key ? changes[i].change : nil
    }
}
