/// A moment of virtual time, in integer microseconds since the start of a scenario.
///
/// The engine never reads a clock: every time comes from the touch script or from a timer the engine
/// scheduled itself. Integer microseconds make ordering exact (no floating-point ties) while still
/// expressing 60 Hz or 120 Hz sample times to within a microsecond.
///
/// Arithmetic never traps: converting milliseconds saturates (NaN reads as 0, a value beyond ±`Duration.limit`
/// as that limit) and `+`/`-` saturate at `Int64`'s bounds, so a deadline computed from any parameter is
/// at worst `never`. The loaders keep inputs far inside these bounds (docs/scenario-format.md, "Ranges").
public struct VirtualTime: Hashable, Comparable, Sendable {
    /// Microseconds since the scenario started.
    public var microseconds: Int64
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }
    /// A time given in milliseconds, rounded to the nearest microsecond (saturating, see the type's note).
    @inlinable public static func ms(_ value: Double) -> VirtualTime {
        VirtualTime(microseconds: Duration.saturatingMicroseconds(milliseconds: value))
    }
    public static let zero = VirtualTime(microseconds: 0)
    /// A time later than any script can reach; used for "no deadline".
    public static let never = VirtualTime(microseconds: .max)

    @inlinable public var milliseconds: Double { Double(microseconds) / 1000 }
    @inlinable public static func < (a: VirtualTime, b: VirtualTime) -> Bool { a.microseconds < b.microseconds }
    @inlinable public static func + (a: VirtualTime, d: Duration) -> VirtualTime {
        VirtualTime(microseconds: Duration.saturatingSum(a.microseconds, d.microseconds))
    }
    @inlinable public static func - (a: VirtualTime, b: VirtualTime) -> Duration {
        Duration(microseconds: Duration.saturatingSum(a.microseconds, b.microseconds == .min ? .max : -b.microseconds))
    }
}

/// A span of virtual time, in integer microseconds. (Not `Swift.Duration`: the engine stays clock-free.)
public struct Duration: Hashable, Comparable, Sendable {
    public var microseconds: Int64
    @inlinable public init(microseconds: Int64) { self.microseconds = microseconds }
    /// A span given in milliseconds, rounded to the nearest microsecond (saturating, see `VirtualTime`).
    @inlinable public static func ms(_ value: Double) -> Duration {
        Duration(microseconds: saturatingMicroseconds(milliseconds: value))
    }
    @inlinable public var milliseconds: Double { Double(microseconds) / 1000 }
    @inlinable public var seconds: Double { Double(microseconds) / 1_000_000 }
    @inlinable public static func < (a: Duration, b: Duration) -> Bool { a.microseconds < b.microseconds }
    public static let zero = Duration(microseconds: 0)

    /// The largest magnitude, in microseconds, a time or span converted from milliseconds takes: 2^62 µs
    /// (about 146,000 years), so that the sum of two such values still fits in `Int64`.
    public static let limit: Int64 = 1 << 62

    /// `milliseconds × 1000` rounded, clamped to `±limit`; NaN gives 0.
    @inlinable public static func saturatingMicroseconds(milliseconds value: Double) -> Int64 {
        let us = (value * 1000).rounded()
        guard !us.isNaN else { return 0 }
        if us >= Double(limit) { return limit }
        if us <= -Double(limit) { return -limit }
        return Int64(us)
    }

    /// `a + b`, or `Int64.max` / `Int64.min` where the sum would overflow.
    @inlinable public static func saturatingSum(_ a: Int64, _ b: Int64) -> Int64 {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? (b > 0 ? .max : .min) : sum
    }
}
