import TouchEngine

/// Splits a string step into words and a `(x,y)` location, tracking character offsets for error columns.
struct StepScanner {
    private let chars: [Character]
    private(set) var offset = 0

    init(text: String) { chars = Array(text) }

    var peek: Character? {
        var i = offset
        while i < chars.count, chars[i].isWhitespace { i += 1 }
        return i < chars.count ? chars[i] : nil
    }

    /// The next whitespace-separated word, without consuming it.
    var peekWord: String? {
        var copy = self
        return copy.word()?.0
    }

    mutating func skipSpaces() { while offset < chars.count, chars[offset].isWhitespace { offset += 1 } }

    /// The next whitespace-separated word and its offset.
    mutating func word() -> (String, Int)? {
        skipSpaces()
        guard offset < chars.count else { return nil }
        let start = offset
        while offset < chars.count, !chars[offset].isWhitespace { offset += 1 }
        return (String(chars[start ..< offset]), start)
    }

    /// The character at the cursor, without skipping spaces.
    var peekImmediate: Character? { offset < chars.count ? chars[offset] : nil }

    /// Consumes `c` if it is the character at the cursor.
    mutating func take(_ c: Character) -> Bool {
        guard offset < chars.count, chars[offset] == c else { return false }
        offset += 1
        return true
    }

    /// A run of digits at the cursor, as an integer (nil, cursor unmoved, when there is none).
    mutating func integer() -> Int? {
        let start = offset
        while offset < chars.count, chars[offset].isASCII, chars[offset].isNumber { offset += 1 }
        guard offset > start, offset - start <= 9, let n = Int(String(chars[start ..< offset])) else { offset = start; return nil }
        return n
    }

    /// `(x,y)` with optional spaces inside.
    mutating func point() -> Point? {
        skipSpaces()
        guard offset < chars.count, chars[offset] == "(",
            let close = chars[offset...].firstIndex(of: ")")
        else { return nil }
        let inner = String(chars[(offset + 1) ..< close])
        let parts = inner.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
            let x = YAMLNodeReader.parseNumber(Self.trimmed(parts[0])),
            let y = YAMLNodeReader.parseNumber(Self.trimmed(parts[1]))
        else { return nil }
        offset = close + 1
        return Point(x, y)
    }

    private static func trimmed(_ text: Substring) -> Substring {
        var text = text
        while text.first?.isWhitespace == true { text.removeFirst() }
        while text.last?.isWhitespace == true { text.removeLast() }
        return text
    }
}
