/// A fixed, dependency-free compute kernel measured in the same run as the engine, so that engine figures can be
/// compared across machines and across noisy runs as ratios (issue 18 §1): fill 4,096 integers from a xorshift64
/// generator with a fixed seed, sort them, and fold them into a checksum. Its instruction count never changes.
enum ReferenceWorkload {
    /// One kernel: the checksum of the sorted block (kept so the work cannot be removed).
    static func kernel(_ buffer: inout [UInt64]) -> UInt64 {
        var x: UInt64 = 0x9E37_79B9_7F4A_7C15
        for i in buffer.indices {
            x ^= x << 13; x ^= x >> 7; x ^= x << 17
            buffer[i] = x
        }
        buffer.sort()
        var sum: UInt64 = 0
        for (i, v) in buffer.enumerated() { sum &+= v &* UInt64(i | 1) }
        return sum
    }

    /// Kernels per second over at least `seconds`.
    static func rate(seconds: Double) -> Double {
        var buffer = [UInt64](repeating: 0, count: 4096)
        let clock = ContinuousClock()
        let start = clock.now
        var kernels = 0
        var sink: UInt64 = 0
        var elapsed = 0.0
        while elapsed < seconds {
            for _ in 0 ..< 16 { sink &+= kernel(&buffer) }
            kernels += 16
            let d = clock.now - start
            elapsed = Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
        }
        if sink == 42 { print("") }
        return Double(kernels) / elapsed
    }
}
