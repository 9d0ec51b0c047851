extension Array {
    /// Empties the array and keeps its storage for the next run. An empty array is left alone:
    /// `removeAll(keepingCapacity:)` calls through the array's generic replace even then, which the per-run reset
    /// and every step would pay for nothing (most of these lists are empty most of the time).
    @inline(__always) mutating func removeAllKeepingStorage() {
        if !isEmpty { removeAll(keepingCapacity: true) }
    }
}
