/// One column of a `RunSummary`, an entry per view or per recognizer: read like an array, written by the engine in
/// place (a `RunTable`), without the check for a unique buffer that every write to an array makes (a run writes its
/// summary a hundred times). A copy of a summary or of a column shares the entries until the engine's next run, which
/// first gives the engine's summary columns of its own (`RunSummary.makeColumnsUnique`): a summary kept from a run
/// stays as that run left it.
public struct SummaryColumn<Element>: RandomAccessCollection, @unchecked Sendable {
    @usableFromInline var table: RunTable<Element>

    init(repeating value: Element, count: Int) { table = RunTable(repeating: value, count: count) }

    init(_ elements: some Collection<Element>) { table = RunTable(elements) }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { table.count }

    /// Entry `i`.
    @inlinable public internal(set) subscript(i: Int) -> Element {
        get { table[i] }
        nonmutating set { table[i] = newValue }
    }

    /// Gives this column its own entries when a copy shares them.
    @inline(__always) mutating func makeUnique() { table.makeUnique() }

    /// Makes the column `count` copies of `value`, reusing its allocation when it is large enough and its own.
    mutating func refill(repeating value: Element, count: Int) {
        if !table.isUnique() { table = RunTable(repeating: value, count: count) } else { table.refill(repeating: value, count: count) }
    }

    /// Makes the column `elements`, reusing its allocation when it is large enough and its own.
    mutating func refill(_ elements: some Collection<Element>) {
        if !table.isUnique() { table = RunTable(elements) } else { table.refill(elements) }
    }
}

extension SummaryColumn: Equatable where Element: Equatable {
    public static func == (a: SummaryColumn, b: SummaryColumn) -> Bool { a.elementsEqual(b) }
}

extension SummaryColumn: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for element in self { hasher.combine(element) }
    }
}

extension SummaryColumn: CustomStringConvertible, CustomReflectable {
    /// The entries, as an array prints them.
    public var description: String { Array(self).description }
    /// The entries, as an array's mirror shows them (test failures, `dump`).
    public var customMirror: Mirror { Mirror(self, unlabeledChildren: Array(self), displayStyle: .collection) }
}
