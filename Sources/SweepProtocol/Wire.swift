/// Appends wire values to a byte array: fixed-width integers big-endian, unsigned LEB128 varints, and
/// strings and byte arrays with a `u32` big-endian length prefix (strings as UTF-8). docs/protocol.md.
///
/// Writing never fails: values a reader would reject (a negative count, an empty range) are written as
/// they are, so a ``WireReader`` is the one place that validates.
public struct WireWriter: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 64) { bytes.reserveCapacity(capacity) }

    public var count: Int { bytes.count }

    public mutating func u8(_ v: UInt8) { bytes.append(v) }

    public mutating func u16(_ v: UInt16) {
        bytes.append(UInt8(truncatingIfNeeded: v >> 8))
        bytes.append(UInt8(truncatingIfNeeded: v))
    }

    public mutating func u32(_ v: UInt32) {
        bytes.append(UInt8(truncatingIfNeeded: v >> 24))
        bytes.append(UInt8(truncatingIfNeeded: v >> 16))
        bytes.append(UInt8(truncatingIfNeeded: v >> 8))
        bytes.append(UInt8(truncatingIfNeeded: v))
    }

    public mutating func u64(_ v: UInt64) {
        withUnsafeBytes(of: v.bigEndian) { bytes.append(contentsOf: $0) }
    }

    public mutating func i64(_ v: Int64) { u64(UInt64(bitPattern: v)) }

    /// An `Int` as `i64`.
    public mutating func int(_ v: Int) { i64(Int64(v)) }

    /// Unsigned LEB128: 7 bits per byte, low groups first, high bit set on every byte but the last; the
    /// shortest form (what ``WireReader/varint(_:)`` insists on). 1 byte below 128, at most 10.
    public mutating func varint(_ v: UInt64) {
        var v = v
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// An `Int` as a varint of its two's complement bit pattern: a negative value becomes a 10-byte varint
    /// above `Int64.max`, which every reader rejects.
    public mutating func varint(_ v: Int) { varint(UInt64(bitPattern: Int64(v))) }

    /// `u32` byte length, then the UTF-8 bytes.
    /// - Precondition: the string has fewer than 2³² UTF-8 bytes.
    public mutating func string(_ s: String) {
        let utf8 = s.utf8
        precondition(utf8.count <= Int(UInt32.max), "a wire string is limited to 2^32 - 1 bytes")
        u32(UInt32(utf8.count))
        bytes.append(contentsOf: utf8)
    }

    /// `u32` length, then the bytes.
    /// - Precondition: fewer than 2³² bytes.
    public mutating func byteArray(_ b: [UInt8]) {
        precondition(b.count <= Int(UInt32.max), "a wire byte array is limited to 2^32 - 1 bytes")
        u32(UInt32(b.count))
        bytes.append(contentsOf: b)
    }

    /// The bytes as they are, no length.
    public mutating func raw(_ b: [UInt8]) { bytes.append(contentsOf: b) }
}

/// Reads what a ``WireWriter`` wrote, with a bounds check on every read. Every method takes the name of the
/// field being read (evaluated only when it throws) and throws a ``ProtocolError`` naming that field and
/// the byte offset where the bad value starts.
public struct WireReader: Sendable {
    public let bytes: [UInt8]
    /// The next byte to read, from the start of `bytes`.
    public private(set) var offset = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    public var remaining: Int { bytes.count - offset }
    public var isAtEnd: Bool { offset == bytes.count }

    /// The offset of `n` readable bytes, which are then consumed.
    @inline(__always)
    mutating func take(_ n: Int, _ field: () -> String) throws(ProtocolError) -> Int {
        guard n <= remaining else {
            throw .truncated(field: field(), offset: offset, needed: n, available: remaining)
        }
        let start = offset
        offset += n
        return start
    }

    public mutating func u8(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt8 {
        bytes[try take(1, field)]
    }

    public mutating func u16(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt16 {
        let i = try take(2, field)
        return UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])
    }

    public mutating func u32(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt32 {
        let i = try take(4, field)
        return UInt32(bytes[i]) << 24 | UInt32(bytes[i + 1]) << 16 | UInt32(bytes[i + 2]) << 8 | UInt32(bytes[i + 3])
    }

    public mutating func u64(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt64 {
        let i = try take(8, field)
        var v: UInt64 = 0
        for k in i ..< i + 8 { v = v << 8 | UInt64(bytes[k]) }
        return v
    }

    public mutating func i64(_ field: @autoclosure () -> String) throws(ProtocolError) -> Int64 {
        Int64(bitPattern: try u64(field()))
    }

    /// An `i64` that must lie in `allowed` (throws ``ProtocolError/outOfRange(field:offset:value:allowed:)``).
    public mutating func int(_ field: @autoclosure () -> String, in allowed: ClosedRange<Int64>) throws(ProtocolError) -> Int {
        let start = offset
        let v = try i64(field())
        guard allowed.contains(v) else { throw .outOfRange(field: field(), offset: start, value: v, allowed: allowed) }
        return Int(v)
    }

    /// An unsigned LEB128 varint in its shortest form, at most `Int64.max`.
    public mutating func varint(_ field: @autoclosure () -> String) throws(ProtocolError) -> UInt64 {
        let start = offset
        var v: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let b = try u8(field())
            if shift == 63 && b > 0x00 {
                // The tenth byte holds bit 63 only, which no value up to Int64.max uses.
                throw .malformed(field: field(), offset: start, reason: "varint above 2^63 - 1")
            }
            v |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 {
                if b == 0 && shift > 0 {
                    throw .malformed(field: field(), offset: start, reason: "overlong varint")
                }
                return v
            }
            shift += 7
        }
    }

    /// A varint that must lie in `allowed`.
    public mutating func varint(_ field: @autoclosure () -> String, in allowed: ClosedRange<Int64>) throws(ProtocolError) -> Int {
        let start = offset
        let v = Int64(try varint(field())) // at most Int64.max
        guard allowed.contains(v) else { throw .outOfRange(field: field(), offset: start, value: v, allowed: allowed) }
        return Int(v)
    }

    /// A `u32` length no larger than `limit`, whose bytes are all present.
    mutating func length(_ field: () -> String, limit: Int) throws(ProtocolError) -> (start: Int, count: Int) {
        let start = offset
        let n = Int(try u32(field()))
        guard n <= limit else { throw .tooLong(field: field(), offset: start, length: n, limit: limit) }
        return (try take(n, field), n)
    }

    /// A `u32`-length-prefixed UTF-8 string of at most `maxBytes` bytes.
    public mutating func string(_ field: @autoclosure () -> String, maxBytes: Int) throws(ProtocolError) -> String {
        let (start, n) = try length(field, limit: maxBytes)
        let utf8 = bytes[start ..< start + n]
        // Decoding repairs invalid sequences with U+FFFD, so the bytes were valid exactly when they come back.
        let s = String(decoding: utf8, as: UTF8.self)
        guard s.utf8.elementsEqual(utf8) else { throw .invalidUTF8(field: field(), offset: start) }
        return s
    }

    /// A `u32`-length-prefixed byte array of at most `maxBytes` bytes.
    public mutating func byteArray(_ field: @autoclosure () -> String, maxBytes: Int) throws(ProtocolError) -> [UInt8] {
        let (start, n) = try length(field, limit: maxBytes)
        return Array(bytes[start ..< start + n])
    }

    /// Consumes the next two bytes when they are `a` and `b`; otherwise reads nothing and returns false.
    @inline(__always)
    public mutating func skip(ifNext a: UInt8, _ b: UInt8) -> Bool {
        guard remaining >= 2, bytes[offset] == a, bytes[offset + 1] == b else { return false }
        offset += 2
        return true
    }

    /// Moves back to an offset already read (to read a value again another way).
    public mutating func rewind(to offset: Int) {
        precondition(offset >= 0 && offset <= self.offset, "rewind only to an offset already read")
        self.offset = offset
    }

    /// Throws ``ProtocolError/trailingBytes(part:offset:count:)`` unless every byte was read.
    public func expectEnd(_ part: @autoclosure () -> String) throws(ProtocolError) {
        guard isAtEnd else { throw .trailingBytes(part: part(), offset: offset, count: remaining) }
    }
}
