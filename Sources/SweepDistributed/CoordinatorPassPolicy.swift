/// How a coordinator's driver takes its turns, the one policy of the real loop (`CoordinatorLoop`) and of its model
/// (``ClusterSimulation``): each pass reads at most ``messagesPerPass`` messages, so ticks keep happening under load;
/// sends what the outbox holds every ``flushEvery`` messages, so workers start on it while the rest is read, and at
/// the end of the pass; and ticks (leases, liveness) every ``tickMs``.
public struct CoordinatorPassPolicy: Sendable, Equatable {
    public var messagesPerPass = 4096
    /// Small enough that workers are not left waiting for a whole pass, large enough that each batch carries many
    /// units.
    public var flushEvery = 64
    /// A fifth of a heartbeat, between 10 and 100 ms: a silent worker's units move on within a fifth of an interval
    /// of its liveness running out.
    public var tickMs: Int64

    public init(heartbeatMs: Int) { tickMs = Int64(min(100, max(10, heartbeatMs / 5))) }

    /// Whether the outbox goes out after the `handled`-th message of a pass.
    public func flushes(afterHandling handled: Int) -> Bool { handled % flushEvery == 0 }
}
