/// Where a simulation sends its trace events. Tracing is a compile-time choice: the simulation is generic
/// over its recorder, and with `NoTrace` (whose `isRecording` is a constant `false`) every event
/// construction is dead code that the optimizer removes.
public protocol TraceRecorder {
    /// Constant per type: whether `record` does anything.
    static var isRecording: Bool { get }
    mutating func record(_ event: TraceEvent)
}

/// Keeps every event, in order.
public struct TraceBuffer: TraceRecorder, Sendable {
    public static var isRecording: Bool { true }
    public var events: [TraceEvent] = []
    public init() {}
    @inlinable public mutating func record(_ event: TraceEvent) { events.append(event) }
}

/// Discards everything; the untraced fast path.
public struct NoTrace: TraceRecorder, Sendable {
    public static var isRecording: Bool { false }
    public init() {}
    @inlinable public mutating func record(_ event: TraceEvent) {}
}
