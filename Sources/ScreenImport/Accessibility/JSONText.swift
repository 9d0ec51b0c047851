/// A small, strict JSON reader (RFC 8259) that keeps each value's line and column, so that a tree read from idb's or
/// Maestro's JSON can name the line of every element and a malformed file the line, column and JSON path at fault.
///
/// Written here rather than taken from Foundation: `JSONSerialization` gives neither positions nor paths, and the
/// module stays free of Foundation (docs/real-screens.md, "Accessibility trees"). Iterative where nesting can be deep:
/// nesting beyond `maximumDepth` is refused before it can exhaust the stack.
struct JSONText: ByteCursor {
    /// One value and where it starts (1-based line and column; columns count characters, not bytes).
    struct Node {
        var value: Value
        var line: Int
        var column: Int
    }

    indirect enum Value {
        case object([(key: String, value: Node)])
        case array([Node])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null

        subscript(key: String) -> Node? {
            guard case .object(let members) = self else { return nil }
            return members.first { $0.key == key }?.value
        }

        var string: String? { if case .string(let s) = self { return s } else { return nil } }
        var number: Double? { if case .number(let n) = self { return n } else { return nil } }
        var array: [Node]? { if case .array(let a) = self { return a } else { return nil } }
        var isObject: Bool { if case .object = self { return true } else { return false } }
    }

    typealias SyntaxError = TextSyntaxError

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1
    let maximumDepth: Int

    private init(_ text: String, maximumDepth: Int) {
        bytes = Array(text.utf8)
        self.maximumDepth = maximumDepth
    }

    /// Parses the whole text as one JSON value (whitespace around it allowed).
    static func parse(_ text: String, maximumDepth: Int) throws(SyntaxError) -> Node {
        var reader = JSONText(text, maximumDepth: maximumDepth)
        reader.skipByteOrderMark()
        var path: [String] = ["$"]
        let node = try reader.value(path: &path)
        reader.skipSpace()
        if reader.index < reader.bytes.count { throw reader.error("text after the end of the JSON value", path: ["$"]) }
        return node
    }

    private func error(_ message: String, path: [String]) -> SyntaxError {
        SyntaxError(line: line, column: column, path: path.joined(), message: message)
    }

    /// A value and everything nested in it. Containers are read with an explicit stack.
    private mutating func value(path: inout [String]) throws(SyntaxError) -> Node {
        var stack: [OpenContainer] = []
        while true {
            skipSpace()
            // Read one value: a scalar, or the start of a container.
            let startLine = line, startColumn = column
            var finished: Node?
            guard let b = current else { throw error("the text ends where a value should start", path: path) }
            switch b {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < maximumDepth else {
                    throw error("the JSON nests deeper than \(maximumDepth) levels", path: path)
                }
                advance()
                skipSpace()
                if b == UInt8(ascii: "{") {
                    if current == UInt8(ascii: "}") {
                        advance()
                        finished = Node(value: .object([]), line: startLine, column: startColumn)
                    } else {
                        let key = try memberKey(path: path)
                        stack.append(.object(line: startLine, column: startColumn, members: [], key: key))
                        path.append(Self.pathComponent(key))
                        continue
                    }
                } else {
                    if current == UInt8(ascii: "]") {
                        advance()
                        finished = Node(value: .array([]), line: startLine, column: startColumn)
                    } else {
                        stack.append(.array(line: startLine, column: startColumn, items: []))
                        path.append("[0]")
                        continue
                    }
                }
            default:
                finished = Node(value: try scalar(b, path: path), line: startLine, column: startColumn)
            }
            // Attach the finished value to the containers it closes.
            while let done = finished {
                guard let top = stack.popLast() else { return done }
                path.removeLast()
                finished = try attach(done, to: top, stack: &stack, path: &path)
            }
        }
    }

    /// A container still open while its contents are read.
    private enum OpenContainer {
        case object(line: Int, column: Int, members: [(key: String, value: Node)], key: String?)
        case array(line: Int, column: Int, items: [Node])
    }

    /// A string, `true`, `false`, `null` or a number, starting with `b`.
    private mutating func scalar(_ b: UInt8, path: [String]) throws(SyntaxError) -> Value {
        switch b {
        case UInt8(ascii: "\""): return .string(try string(path: path))
        case UInt8(ascii: "t"): try literal("true", path: path); return .bool(true)
        case UInt8(ascii: "f"): try literal("false", path: path); return .bool(false)
        case UInt8(ascii: "n"): try literal("null", path: path); return .null
        default: return .number(try number(path: path))
        }
    }

    /// Adds `done` to the container `top` (just taken off `stack`): after a comma the container goes back on the
    /// stack with the next member's key or item's index in `path` (nil: read the next value); at its closing
    /// bracket it is finished, and returned to be attached in turn.
    private mutating func attach(
        _ done: Node, to top: OpenContainer, stack: inout [OpenContainer], path: inout [String]
    ) throws(SyntaxError) -> Node? {
        skipSpace()
        switch top {
        case .object(let l, let c, var members, let key):
            members.append((key ?? "", done))
            if current == UInt8(ascii: ",") {
                advance()
                skipSpace()
                let next = try memberKey(path: path)
                stack.append(.object(line: l, column: c, members: members, key: next))
                path.append(Self.pathComponent(next))
                return nil
            } else if current == UInt8(ascii: "}") {
                advance()
                return Node(value: .object(members), line: l, column: c)
            } else {
                throw error("expected ',' or '}' after a member of the object", path: path)
            }
        case .array(let l, let c, var items):
            items.append(done)
            if current == UInt8(ascii: ",") {
                advance()
                stack.append(.array(line: l, column: c, items: items))
                path.append("[\(items.count)]")
                return nil
            } else if current == UInt8(ascii: "]") {
                advance()
                return Node(value: .array(items), line: l, column: c)
            } else {
                throw error("expected ',' or ']' after an item of the array", path: path)
            }
        }
    }

    /// `.key` for plain keys, `["odd key"]` for others.
    static func pathComponent(_ key: String) -> String {
        let plain =
            !key.isEmpty
            && key.unicodeScalars.allSatisfy { ($0 >= "a" && $0 <= "z") || ($0 >= "A" && $0 <= "Z") || ($0 >= "0" && $0 <= "9") || $0 == "_" }
        return plain ? "." + key : "[\"" + key.replacing("\"", with: "\\\"") + "\"]"
    }

    /// `"key" :` of an object member.
    private mutating func memberKey(path: [String]) throws(SyntaxError) -> String {
        guard current == UInt8(ascii: "\"") else { throw error("expected a quoted member name", path: path) }
        let key = try string(path: path)
        skipSpace()
        guard current == UInt8(ascii: ":") else { throw error("expected ':' after the member name \"\(key)\"", path: path) }
        advance()
        return key
    }

    private mutating func literal(_ word: String, path: [String]) throws(SyntaxError) {
        for expected in word.utf8 {
            guard current == expected else { throw error("not a JSON value (expected \(word))", path: path) }
            advance()
        }
    }

    private mutating func number(path: [String]) throws(SyntaxError) -> Double {
        let start = index
        func digits() -> Int {
            var n = 0
            while let b = current, b >= 0x30 && b <= 0x39 {
                advance()
                n += 1
            }
            return n
        }
        if current == UInt8(ascii: "-") { advance() }
        guard let first = current, first >= 0x30 && first <= 0x39 else { throw error("not a JSON value", path: path) }
        if first == 0x30 { advance() } else { _ = digits() }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits() > 0 else { throw error("expected a digit after the decimal point", path: path) }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits() > 0 else { throw error("expected a digit in the exponent", path: path) }
        }
        let text = String(decoding: bytes[start ..< index], as: UTF8.self)
        guard let value = Double(text) else { throw error("the number \(text) cannot be read", path: path) }
        return value
    }

    private mutating func string(path: [String]) throws(SyntaxError) -> String {
        advance() // the opening quote
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ reader: JSONText) {
            if run < reader.index { scalars.append(contentsOf: String(decoding: reader.bytes[run ..< reader.index], as: UTF8.self).unicodeScalars) }
        }
        while true {
            guard let b = current else { throw error("the text ends inside a string", path: path) }
            if b == UInt8(ascii: "\"") {
                flush(self)
                advance()
                return String(scalars)
            }
            if b < 0x20 { throw error("a control character (a raw line break or tab) inside a string", path: path) }
            if b != UInt8(ascii: "\\") {
                advance()
                continue
            }
            flush(self)
            advance()
            guard let e = current else { throw error("the text ends inside a string", path: path) }
            advance()
            switch e {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{8}")
            case UInt8(ascii: "f"): scalars.append("\u{C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4(path: path)
                if code >= 0xD800 && code < 0xDC00 {
                    // A surrogate pair: `\uD83D\uDCA1`.
                    guard current == UInt8(ascii: "\\") else { throw error("a lone surrogate \\u escape in a string", path: path) }
                    advance()
                    guard current == UInt8(ascii: "u") else { throw error("a lone surrogate \\u escape in a string", path: path) }
                    advance()
                    let low = try hex4(path: path)
                    guard low >= 0xDC00 && low < 0xE000 else { throw error("a lone surrogate \\u escape in a string", path: path) }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("a lone surrogate \\u escape in a string", path: path) }
                scalars.append(scalar)
            default:
                throw error("an unknown escape '\\\(Character(Unicode.Scalar(e)))' in a string", path: path)
            }
            run = index
        }
    }

    private mutating func hex4(path: [String]) throws(SyntaxError) -> UInt32 {
        var code: UInt32 = 0
        for _ in 0 ..< 4 {
            guard let b = current, let digit = Self.hexValue(b) else { throw error("expected four hexadecimal digits after \\u", path: path) }
            code = code * 16 + digit
            advance()
        }
        return code
    }

    static func hexValue(_ b: UInt8) -> UInt32? {
        switch b {
        case 0x30 ... 0x39: return UInt32(b - 0x30)
        case 0x41 ... 0x46: return UInt32(b - 0x41 + 10)
        case 0x61 ... 0x66: return UInt32(b - 0x61 + 10)
        default: return nil
        }
    }
}
