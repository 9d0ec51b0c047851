/// A run's mutable per-recognizer, per-slot or per-view state in one allocation, read and written in place.
///
/// An array written through `simulation.recognizers[id].state = …` checks that its buffer is unique (a runtime call)
/// on every write; a run writes its state a few hundred times, so the simulation keeps that state in tables instead.
/// A write through a table does not copy: a copy of a table shares the elements with the original until `makeUnique`
/// gives it its own. The simulation calls `makeUnique` on its tables when a run starts (one check per table per run,
/// instead of one per write), so a copied simulation (or `EngineRunner`) still runs as an independent value.
@usableFromInline struct RunTable<Element>: @unchecked Sendable {
    /// Owns the allocation: deinitializes and frees it when the last table that uses it goes.
    private final class Storage {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int
        var initialized = 0

        init(capacity: Int) {
            self.capacity = max(capacity, 1)
            base = .allocate(capacity: self.capacity)
        }

        deinit {
            base.deinitialize(count: initialized)
            base.deallocate()
        }
    }

    private var storage: Storage
    /// The first element (the storage's, held here so that an access reads no class field).
    @usableFromInline private(set) var base: UnsafeMutablePointer<Element>
    /// Number of elements.
    @usableFromInline private(set) var count: Int

    init(repeating value: Element, count: Int) {
        storage = Storage(capacity: count)
        base = storage.base
        self.count = 0
        refill(repeating: value, count: count)
    }

    init(_ elements: some Collection<Element>) {
        storage = Storage(capacity: elements.count)
        base = storage.base
        self.count = 0
        refill(elements)
    }

    /// The elements' indices, `0 ..< count`.
    var indices: Range<Int> { 0 ..< count }

    /// Element `i`, in place. An out-of-range index traps in debug builds (the test suite's, whose engine is compiled
    /// optimized: a `DEBUG` check, not an `assert`, which `-O` drops) and is not checked in release builds, as an unsafe
    /// buffer pointer's: the engine's indices come from its prepared scene's tables, and the check was 6% of a run's
    /// instructions (docs/ARCHITECTURE.md).
    @inlinable subscript(i: Int) -> Element {
        unsafeAddress {
            #if DEBUG
                precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "RunTable index out of range")
            #endif
            return UnsafePointer(base + i)
        }
        nonmutating unsafeMutableAddress {
            #if DEBUG
                precondition(UInt(bitPattern: i) < UInt(bitPattern: count), "RunTable index out of range")
            #endif
            return base + i
        }
    }

    /// The elements, read in place: a walk over all of them (the debug builds' invariant checks) reads a field of an
    /// element through this pointer (`elements[i].field`), without a table access or a copy of the element each time.
    /// In a debug build, compiled file by file even where optimized, a table access from another file is an
    /// unspecialized generic call: the invariant checks' walks through subscripts cost a debug sweep 6% more instructions.
    /// Valid while this table is neither changed nor gone.
    var elements: UnsafePointer<Element> { UnsafePointer(base) }

    /// Whether no other copy of this table shares its elements.
    mutating func isUnique() -> Bool { isKnownUniquelyReferenced(&storage) }

    /// Gives this table its own copy of the elements when it shares them with another copy of the table (inlined:
    /// the summary checks its 21 columns once per run, and almost never copies).
    @inline(__always) mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { copyElements() }
    }

    /// Replaces the shared elements with a copy of this table's own.
    @inline(never) private mutating func copyElements() {
        let copy = Storage(capacity: count)
        copy.base.initialize(from: base, count: count)
        copy.initialized = count
        storage = copy
        base = copy.base
    }

    /// The elements in `range`, copied into an array (the lists traced runs print).
    func elements(_ range: Range<Int>) -> [Element] {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "RunTable range out of bounds")
        return Array(UnsafeBufferPointer(start: base + range.lowerBound, count: range.count))
    }

    /// Makes the table `count` copies of `value`, reusing the allocation when it is large enough.
    mutating func refill(repeating value: Element, count: Int) {
        reserve(count)
        base.initialize(repeating: value, count: count)
        storage.initialized = count
        self.count = count
    }

    /// Makes the table `elements`, in order, reusing the allocation when it is large enough.
    mutating func refill(_ elements: some Collection<Element>) {
        let n = elements.count
        reserve(n)
        var i = 0
        for element in elements {
            (base + i).initialize(to: element)
            i += 1
        }
        precondition(i == n, "RunTable: the collection's count changed")
        storage.initialized = n
        self.count = n
    }

    /// Empties the table (deinitializing its elements) with room for `n`, in a new allocation when needed.
    private mutating func reserve(_ n: Int) {
        base.deinitialize(count: storage.initialized)
        storage.initialized = 0
        count = 0
        if storage.capacity < n {
            storage = Storage(capacity: n)
            base = storage.base
        }
    }
}
