internal import CZlib

/// CRC-32 as IEEE 802.3, zlib and PNG define it: reflected polynomial 0xEDB88320, initial value and final
/// XOR 0xFFFFFFFF. `checksum("123456789")` is 0xCBF43926.
///
/// zlib's `crc32_z` computes it (zlib1g-dev is one of Swift's own Linux prerequisites, and zlib1g is in every
/// Debian system): a maintained, vectorised implementation rather than a table loop of our own.
public enum CRC32 {
    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 { update(0, with: bytes) }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(0, with: $0) }
    }

    /// The CRC-32 of `previous`'s bytes followed by `bytes`, where `previous` is the CRC-32 of the former
    /// (0 for none): `update(checksum(a), with: b) == checksum(a + b)`.
    public static func update(_ previous: UInt32, with bytes: UnsafeRawBufferPointer) -> UInt32 {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return previous }
        let crc = crc32_z(UInt(previous), base.assumingMemoryBound(to: UInt8.self), bytes.count)
        return UInt32(truncatingIfNeeded: crc)
    }
}
