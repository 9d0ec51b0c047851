/// A moment of virtual time, in integer microseconds since the start of a scenario.
///
/// The engine never reads a clock: every time comes from the touch script or from a timer the engine
/// scheduled itself. Integer microseconds make ordering exact (no floating-point ties) while still
/// expressing 60 Hz or 120 Hz sample times to within a microsecond.
public struct VirtualTime: Hashable, Comparable, Sendable {
    /// Microseconds since the scenario started.
    public var microseconds: Int64
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }
    /// A time given in milliseconds, rounded to the nearest microsecond.
    @inlinable public static func ms(_ value: Double) -> VirtualTime {
        VirtualTime(microseconds: Int64((value * 1000).rounded()))
    }
    public static let zero = VirtualTime(microseconds: 0)
    /// A time later than any script can reach; used for "no deadline".
    public static let never = VirtualTime(microseconds: .max)

    @inlinable public var milliseconds: Double { Double(microseconds) / 1000 }
    @inlinable public static func < (a: VirtualTime, b: VirtualTime) -> Bool { a.microseconds < b.microseconds }
    @inlinable public static func + (a: VirtualTime, d: Duration) -> VirtualTime {
        VirtualTime(microseconds: a.microseconds &+ d.microseconds)
    }
    @inlinable public static func - (a: VirtualTime, b: VirtualTime) -> Duration {
        Duration(microseconds: a.microseconds - b.microseconds)
    }
}

/// A span of virtual time, in integer microseconds. (Not `Swift.Duration`: the engine stays clock-free.)
public struct Duration: Hashable, Comparable, Sendable {
    public var microseconds: Int64
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }
    @inlinable public static func ms(_ value: Double) -> Duration {
        Duration(microseconds: Int64((value * 1000).rounded()))
    }
    @inlinable public var milliseconds: Double { Double(microseconds) / 1000 }
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }
    @inlinable public static func < (a: Duration, b: Duration) -> Bool { a.microseconds < b.microseconds }
    public static let zero = Duration(microseconds: 0)
}
