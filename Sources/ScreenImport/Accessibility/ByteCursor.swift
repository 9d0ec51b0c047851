/// A strict reader's place in its UTF-8 text (`JSONText`, `XMLText`): the byte it is at, and that byte's line and
/// column (columns count characters, not bytes), for errors that name where they are.
protocol ByteCursor {
    var bytes: [UInt8] { get }
    var index: Int { get set }
    var line: Int { get set }
    var column: Int { get set }
}

extension ByteCursor {
    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Moves past `n` bytes (at most to the end), keeping line and column.
    mutating func advance(_ n: Int = 1) {
        for _ in 0 ..< n {
            guard index < bytes.count else { return }
            let b = bytes[index]
            index += 1
            if b == 0x0A {
                line += 1
                column = 1
            } else if b & 0xC0 != 0x80 {
                column += 1
            }
        }
    }

    static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    mutating func skipSpace() { while let b = current, Self.isSpace(b) { advance() } }

    /// Steps over a leading UTF-8 byte-order mark.
    mutating func skipByteOrderMark() { if index == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 } }
}

/// A strict reader's syntax error: where (line and column), the path of what was being read (a JSON path such as
/// `$[3].children[0]`, or the open XML elements such as `/AppiumAUT/XCUIElementTypeApplication`), and what.
struct TextSyntaxError: Error {
    var line: Int
    var column: Int
    var path: String
    var message: String
}
