import SweepJournal
import TestSupport
import Testing

@Suite struct CRC32Tests {
    @Test func knownVectors() {
        #expect(CRC32.checksum([]) == 0)
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
        #expect(CRC32.checksum([0]) == 0xD202_EF8D)
    }

    /// zlib's CRC-32 agrees with the bit-by-bit definition at every length and alignment, and `update` chains.
    @Test func zlibMatchesTheBitwiseDefinition() {
        var rng = SplitMix64(seed: 7)
        for length in 0 ..< 200 {
            let bytes = (0 ..< length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
            let expected = bitwiseCRC32(bytes)
            #expect(CRC32.checksum(bytes) == expected)
            let cut = length == 0 ? 0 : Int(rng.next() % UInt64(length + 1))
            let chained = bytes.withUnsafeBytes { all in
                CRC32.update(
                    CRC32.update(0, with: UnsafeRawBufferPointer(rebasing: all[..<cut])),
                    with: UnsafeRawBufferPointer(rebasing: all[cut...]))
            }
            #expect(chained == expected)
            if length > 1 { // an unaligned start
                let tail = Array(bytes[1...])
                let unaligned = bytes.withUnsafeBytes { CRC32.checksum(UnsafeRawBufferPointer(rebasing: $0[1...])) }
                #expect(unaligned == bitwiseCRC32(tail))
            }
        }
    }

    private func bitwiseCRC32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0 ..< 8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}
