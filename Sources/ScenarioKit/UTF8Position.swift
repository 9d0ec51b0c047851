/// Where a file's bytes stop being UTF-8: the first byte that does not start or continue a valid character,
/// with its 1-based line and column (columns count characters, as the YAML parser's marks do).
public struct UTF8Position: Hashable, Sendable {
    public var line: Int
    public var column: Int
    public var byte: UInt8

    /// `0xFF`.
    public var byteText: String {
        let hex = String(byte, radix: 16, uppercase: true)
        return "0x" + (hex.count == 1 ? "0" + hex : hex)
    }

    /// The first bad byte of `bytes`, or nil when they are all UTF-8.
    public static func firstInvalid<C: Collection>(in bytes: C) -> UTF8Position? where C.Element == UInt8 {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var line = 1, column = 1
        var offset = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                if encoded.count == 1 && encoded.first == UInt8(ascii: "\n") { line += 1; column = 1 } else { column += 1 }
                offset = bytes.index(offset, offsetBy: encoded.count)
            case .emptyInput:
                return nil
            case .error:
                return UTF8Position(line: line, column: column, byte: bytes[offset])
            }
        }
    }
}
