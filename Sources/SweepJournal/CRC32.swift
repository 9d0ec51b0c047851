/// CRC-32 as IEEE 802.3, zlib and PNG define it: reflected polynomial 0xEDB88320, initial value and final
/// XOR 0xFFFFFFFF. `checksum("123456789")` is 0xCBF43926.
///
/// Table-driven, eight bytes per step ("slicing-by-8": eight 256-entry tables, the first being the classic
/// byte-at-a-time table), with the classic one-table loop for the last bytes.
public enum CRC32 {
    /// Eight tables of 256 entries, back to back. `tables[0..<256]` is the classic table.
    static let tables: [UInt32] = {
        var t = [UInt32](repeating: 0, count: 8 * 256)
        for i in 0 ..< 256 {
            var c = UInt32(i)
            for _ in 0 ..< 8 { c = (c & 1) != 0 ? (c >> 1) ^ 0xEDB8_8320 : c >> 1 }
            t[i] = c
        }
        for k in 1 ..< 8 {
            for i in 0 ..< 256 {
                let previous = t[(k - 1) * 256 + i]
                t[k * 256 + i] = (previous >> 8) ^ t[Int(previous & 0xFF)]
            }
        }
        return t
    }()

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: UnsafeRawBufferPointer) -> UInt32 { update(0, with: bytes) }

    /// The CRC-32 of `bytes`.
    public static func checksum(_ bytes: [UInt8]) -> UInt32 {
        bytes.withUnsafeBytes { update(0, with: $0) }
    }

    /// The CRC-32 of `previous`'s bytes followed by `bytes`, where `previous` is the CRC-32 of the former
    /// (0 for none): `update(checksum(a), with: b) == checksum(a + b)`.
    public static func update(_ previous: UInt32, with bytes: UnsafeRawBufferPointer) -> UInt32 {
        var crc = ~previous
        guard var p = bytes.baseAddress, bytes.count > 0 else { return previous }
        var n = bytes.count
        tables.withUnsafeBufferPointer { t in
            while n >= 8 {
                let lo =
                    (UInt32(p.load(fromByteOffset: 0, as: UInt8.self))
                        | UInt32(p.load(fromByteOffset: 1, as: UInt8.self)) << 8
                        | UInt32(p.load(fromByteOffset: 2, as: UInt8.self)) << 16
                        | UInt32(p.load(fromByteOffset: 3, as: UInt8.self)) << 24) ^ crc
                let hi =
                    UInt32(p.load(fromByteOffset: 4, as: UInt8.self))
                    | UInt32(p.load(fromByteOffset: 5, as: UInt8.self)) << 8
                    | UInt32(p.load(fromByteOffset: 6, as: UInt8.self)) << 16
                    | UInt32(p.load(fromByteOffset: 7, as: UInt8.self)) << 24
                crc =
                    t[7 * 256 + Int(lo & 0xFF)] ^ t[6 * 256 + Int((lo >> 8) & 0xFF)]
                    ^ t[5 * 256 + Int((lo >> 16) & 0xFF)] ^ t[4 * 256 + Int(lo >> 24)]
                    ^ t[3 * 256 + Int(hi & 0xFF)] ^ t[2 * 256 + Int((hi >> 8) & 0xFF)]
                    ^ t[1 * 256 + Int((hi >> 16) & 0xFF)] ^ t[Int(hi >> 24)]
                p += 8
                n -= 8
            }
            while n > 0 {
                crc = t[Int((crc ^ UInt32(p.load(as: UInt8.self))) & 0xFF)] ^ (crc >> 8)
                p += 1
                n -= 1
            }
        }
        return ~crc
    }
}
