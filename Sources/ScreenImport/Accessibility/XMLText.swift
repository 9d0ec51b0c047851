/// A small, strict reader for the XML WebDriverAgent and Appium write as page source: an optional XML declaration,
/// comments, elements with attributes (the five entity escapes and numeric character references), whitespace and
/// text between elements. A DOCTYPE, CDATA section or processing instruction is refused: page source has none.
///
/// Written here rather than taken from Foundation: `XMLParser` lives in FoundationXML, which links libxml2 into the
/// `sweep` binary, and the runtime image installs only libzmq (deploy/docker/Dockerfile; docs/real-screens.md,
/// "Accessibility trees"). Elements are kept flat, in document order, with parent links; nesting beyond
/// `maximumDepth` is refused before it is built.
struct XMLText: ByteCursor {
    struct Element {
        var name: String
        var attributes: [(name: String, value: String)]
        /// 1-based line and column of the `<` that opens the element.
        var line: Int
        var column: Int
        var parent: Int?
        var depth: Int

        subscript(attribute: String) -> String? { attributes.first { $0.name == attribute }?.value }
    }

    typealias SyntaxError = TextSyntaxError

    let bytes: [UInt8]
    var index = 0
    var line = 1
    var column = 1
    private var elements: [Element] = []
    private var open: [Int] = []
    private let maximumDepth: Int

    private init(_ text: String, maximumDepth: Int) {
        bytes = Array(text.utf8)
        self.maximumDepth = maximumDepth
    }

    /// The elements of `text` in document order (the root first).
    static func parse(_ text: String, maximumDepth: Int) throws(SyntaxError) -> [Element] {
        var reader = XMLText(text, maximumDepth: maximumDepth)
        reader.skipByteOrderMark()
        try reader.document()
        return reader.elements
    }

    private var path: String { open.map { "/" + elements[$0].name }.joined() }

    private func error(_ message: String) -> SyntaxError { SyntaxError(line: line, column: column, path: path, message: message) }

    private func starts(with text: String) -> Bool {
        let utf8 = Array(text.utf8)
        return index + utf8.count <= bytes.count && Array(bytes[index ..< index + utf8.count]) == utf8
    }

    private static func isNameByte(_ b: UInt8) -> Bool {
        (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b == 0x2D || b == 0x2E
            || b == 0x3A || b >= 0x80
    }

    private mutating func document() throws(SyntaxError) {
        var sawRoot = false
        if starts(with: "<?xml") {
            guard let end = find("?>") else { throw error("the XML declaration is not closed with '?>'") }
            advance(end - index + 2)
        }
        while let b = current {
            if b != UInt8(ascii: "<") {
                if open.isEmpty && !Self.isSpace(b) { throw error("text outside the root element") }
                if b == UInt8(ascii: "&") { _ = try reference() } else { advance() }
                continue
            }
            if starts(with: "<!--") {
                guard let end = find("-->") else { throw error("a comment is not closed with '-->'") }
                advance(end - index + 3)
            } else if starts(with: "</") {
                try closeTag()
            } else if starts(with: "<!") || starts(with: "<?") {
                throw error("a DOCTYPE, CDATA section or processing instruction, which page source does not hold")
            } else {
                if open.isEmpty && sawRoot { throw error("a second root element") }
                sawRoot = true
                try openTag()
            }
        }
        if let last = open.last {
            throw error("the file ends inside <\(elements[last].name)> (opened at line \(elements[last].line)), which is never closed")
        }
        if !sawRoot { throw error("no element") }
    }

    private func find(_ text: String) -> Int? {
        let utf8 = Array(text.utf8)
        var i = index
        while i + utf8.count <= bytes.count {
            if bytes[i] == utf8[0] && Array(bytes[i ..< i + utf8.count]) == utf8 { return i }
            i += 1
        }
        return nil
    }

    private mutating func name(_ what: String) throws(SyntaxError) -> String {
        let start = index
        while let b = current, Self.isNameByte(b) { advance() }
        guard index > start else { throw error("expected \(what)") }
        return String(decoding: bytes[start ..< index], as: UTF8.self)
    }

    private mutating func openTag() throws(SyntaxError) {
        let startLine = line, startColumn = column
        advance() // <
        let tag = try name("an element name after '<'")
        var attributes: [(name: String, value: String)] = []
        while true {
            let hadSpace = current.map(Self.isSpace) ?? false
            skipSpace()
            guard let b = current else { throw error("the file ends inside the tag <\(tag)>") }
            if b == UInt8(ascii: ">") || starts(with: "/>") { break }
            guard hadSpace else { throw error("expected a space, '>' or '/>' in the tag <\(tag)>") }
            let attribute = try name("an attribute name in the tag <\(tag)>")
            skipSpace()
            guard current == UInt8(ascii: "=") else { throw error("expected '=' after the attribute \(attribute) of <\(tag)>") }
            advance()
            skipSpace()
            guard let quote = current, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
                throw error("expected a quoted value for the attribute \(attribute) of <\(tag)>")
            }
            advance()
            var value = String.UnicodeScalarView()
            var run = index
            while true {
                guard let c = current else { throw error("the file ends inside the value of the attribute \(attribute) of <\(tag)>") }
                if c == quote || c == UInt8(ascii: "&") || c == UInt8(ascii: "<") {
                    value.append(contentsOf: String(decoding: bytes[run ..< index], as: UTF8.self).unicodeScalars)
                    if c == quote { break }
                    if c == UInt8(ascii: "<") { throw error("a '<' inside the value of the attribute \(attribute) of <\(tag)>") }
                    value.append(try reference())
                    run = index
                } else {
                    advance()
                }
            }
            advance() // the closing quote
            if attributes.contains(where: { $0.name == attribute }) { throw error("the attribute \(attribute) appears twice in <\(tag)>") }
            attributes.append((attribute, String(value)))
        }
        guard open.count < maximumDepth else { throw error("<\(tag)> is nested deeper than \(maximumDepth) elements") }
        elements.append(Element(name: tag, attributes: attributes, line: startLine, column: startColumn, parent: open.last, depth: open.count))
        if current == UInt8(ascii: "/") {
            advance(2)
        } else {
            advance()
            open.append(elements.count - 1)
        }
    }

    private mutating func closeTag() throws(SyntaxError) {
        advance(2)
        let tag = try name("an element name after '</'")
        skipSpace()
        guard current == UInt8(ascii: ">") else { throw error("expected '>' to end </\(tag)") }
        guard let last = open.last else { throw error("</\(tag)> closes no open element") }
        guard elements[last].name == tag else {
            throw error("</\(tag)> does not close <\(elements[last].name)> (opened at line \(elements[last].line))")
        }
        advance()
        open.removeLast()
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#NN;` `&#xHH;`.
    private mutating func reference() throws(SyntaxError) -> Unicode.Scalar {
        // Errors name the position of the `&`.
        var at = error("")
        func fail(_ message: String) -> SyntaxError {
            at.message = message
            return at
        }
        // The body starts after the `&`. (Taken before stepping over it: a release build of Swift 6.3.1 read `index` as
        // it was before the step, so the body began at the `&` and every entity was unknown; debug builds did not.)
        let start = index + 1
        advance() // &
        while let b = current, b != UInt8(ascii: ";"), index - start < 12 { advance() }
        guard current == UInt8(ascii: ";") else { throw fail("an '&' that starts no entity reference (write &amp;)") }
        let body = String(decoding: bytes[start ..< index], as: UTF8.self)
        advance()
        switch body {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        var code: UInt32?
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            code = UInt32(body.dropFirst(2), radix: 16)
        } else if body.hasPrefix("#") {
            code = UInt32(body.dropFirst(), radix: 10)
        }
        guard let code, let scalar = Unicode.Scalar(code), code != 0 else { throw fail("an unknown entity reference &\(body);") }
        return scalar
    }
}
