/// Milliseconds on a monotonic clock, for the node drivers only (the state machines take time as input).
struct MonotonicClock: Sendable {
    private let start = ContinuousClock.now
    var nowMs: Int64 {
        let d = ContinuousClock.now - start
        return d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    }
}
