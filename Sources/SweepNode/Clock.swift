import Synchronization

/// Milliseconds for the node loops (the state machines take time as input): the real monotonic clock in
/// production, a virtual one in tests and benchmarks, so a loop is driven through minutes of protocol time at once.
public protocol NodeClock: Sendable {
    var nowMs: Int64 { get }
}

/// Milliseconds on a monotonic clock since the clock was made.
public struct MonotonicClock: NodeClock {
    private let start = ContinuousClock.now
    public init() {}
    public var nowMs: Int64 {
        let d = ContinuousClock.now - start
        return d.components.seconds * 1000 + d.components.attoseconds / 1_000_000_000_000_000
    }
}

/// Milliseconds that pass only when the caller says so (`advance(by:)`): tests of the node loops in virtual time.
public final class VirtualClock: NodeClock {
    private let now: Mutex<Int64>
    public init(startMs: Int64 = 0) { now = Mutex(startMs) }
    public var nowMs: Int64 { now.withLock { $0 } }
    /// Moves the clock on by `ms` milliseconds.
    public func advance(by ms: Int64) { now.withLock { $0 += max(0, ms) } }
}
