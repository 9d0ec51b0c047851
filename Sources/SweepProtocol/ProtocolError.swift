/// Why a frame or a result payload was rejected. Every case names the field being read (`header.version`,
/// `hello.slots`, `payload.byTemplate[2].runs`, …) and, where it applies, the byte offset within that frame
/// or payload. ``description`` is one sentence, suitable for one coordinator log line.
///
/// Field names: `header.*` is frame 0, `<message>.*` is frame 1 (the body, e.g. `assign.unit.trees`), and
/// `payload.*` is a `UnitResult` payload (frame 2 of a result). Offsets count from the start of that frame.
public enum ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A multipart message with no frames at all.
    case noFrames
    /// A message of type `message` with the wrong number of frames.
    case frameCount(message: String, found: Int, expected: Int)
    /// Frame 0 does not start with "SWP".
    case badMagic(found: [UInt8])
    /// The header's protocol version is not ``ProtocolVersion/current``.
    case version(found: UInt16, expected: UInt16)
    /// The header's message type is not one of ``MessageType``.
    case unknownType(UInt8)
    /// A read of `needed` bytes at `offset` found only `available`.
    case truncated(field: String, offset: Int, needed: Int, available: Int)
    /// `count` bytes are left over at `offset` after the last field of `part`.
    case trailingBytes(part: String, offset: Int, count: Int)
    /// A number (a count, a size, an index, a duration) outside what the field allows: negative or absurd.
    case outOfRange(field: String, offset: Int, value: Int64, allowed: ClosedRange<Int64>)
    /// A string or byte array whose length prefix is above the field's limit.
    case tooLong(field: String, offset: Int, length: Int, limit: Int)
    /// A string whose bytes are not valid UTF-8.
    case invalidUTF8(field: String, offset: Int)
    /// A unit's tree range `lower..<upper` that is empty (`upper == lower`) or negative (`upper < lower`).
    case badRange(field: String, offset: Int, lower: Int64, upper: Int64)
    /// An enumeration (unit status, defect class, tree template, gesture family) with an unknown value.
    case unknownValue(field: String, offset: Int, value: UInt64)
    /// Bytes that no encoder writes: an overlong varint, reserved flag bits, an out-of-order bucket.
    case malformed(field: String, offset: Int, reason: String)
    /// The result payload's format byte is not ``ResultCodec/formatVersion``.
    case resultFormat(found: UInt8, expected: UInt8)
    /// The payload was written for other numbers of defect classes, templates or families than this build's.
    case sizeMismatch(field: String, offset: Int, found: Int, expected: Int)
    /// Values that are each valid but contradict each other (a tally's total, a unit's configuration).
    case inconsistent(field: String, offset: Int, reason: String)

    public var description: String {
        switch self {
        case .noFrames:
            return "Empty message: no frames (expected a header frame and a body frame)."
        case let .frameCount(message, found, expected):
            return "Wrong frame count: a \(message) message has \(expected) frames, found \(found)."
        case let .badMagic(found):
            return "Bad magic \(Self.hex(found)) in the header frame (expected 53 57 50, \"SWP\"): not a sweep protocol message."
        case let .version(found, expected):
            return "Unsupported protocol version \(found): this build speaks SWP/\(expected) only."
        case let .unknownType(type):
            return "Unknown message type \(type) in the header frame."
        case let .truncated(field, offset, needed, available):
            return "Truncated at byte \(offset) reading \(field): needed \(needed) bytes, \(available) left."
        case let .trailingBytes(part, offset, count):
            return "Trailing bytes: \(count) unread at byte \(offset) after the end of \(part)."
        case let .outOfRange(field, offset, value, allowed):
            return "Value out of range at byte \(offset): \(field) is \(value), allowed \(allowed.lowerBound)...\(allowed.upperBound)."
        case let .tooLong(field, offset, length, limit):
            return "Length out of range at byte \(offset): \(field) declares \(length) bytes, limit \(limit)."
        case let .invalidUTF8(field, offset):
            return "Invalid UTF-8 at byte \(offset) in \(field)."
        case let .badRange(field, offset, lower, upper):
            return "Bad tree range at byte \(offset) in \(field): \(lower)..<\(upper) is \(upper == lower ? "empty" : "negative")."
        case let .unknownValue(field, offset, value):
            return "Unknown value at byte \(offset): \(field) is \(value)."
        case let .malformed(field, offset, reason):
            return "Malformed data at byte \(offset) in \(field): \(reason)."
        case let .resultFormat(found, expected):
            return "Unsupported result payload format \(found): this build reads format \(expected) only."
        case let .sizeMismatch(field, offset, found, expected):
            return "Size mismatch at byte \(offset): \(field) is \(found), this build has \(expected) (a different engine build?)."
        case let .inconsistent(field, offset, reason):
            return "Inconsistent data at byte \(offset) in \(field): \(reason)."
        }
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { b -> String in
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }.joined(separator: " ")
    }
}
