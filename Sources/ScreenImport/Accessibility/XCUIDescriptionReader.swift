import TouchEngine

/// Reads `XCUIApplication.debugDescription` text ("Element subtree:") into an accessibility tree (docs/real-screens.md,
/// "Accessibility trees"):
/// - element lines `<indent>[→]<Type>[ (Main)], [0x<address>, ]{{x, y}, {w, h}}[, key: 'value' …][, Flag …]`, or
///   `Application, [0x…, ]pid: N, label: '…'` for the application (no frame). With or without addresses; Xcode 26's
///   `, hitPoint: {x, y}` is read past.
/// - Indentation alone decides nesting (two spaces a level in the classic layout, one in Xcode 26's): an element's
///   parent is the nearest element line above it indented less; the `→` in front of the queried element counts as one
///   column, and a constant extra indent (a dump pasted into a comment) changes nothing.
/// - Lines before the first element line (`Attributes: …`, `Element subtree:`, `t = … Requesting snapshot`, lldb
///   prompts) are read past; the tree ends at `Path to element:`.
/// - A line inside the tree that is not an element is skipped with a warning, unless it continues a quoted label
///   that a raw line break split.
/// - The escaped one-line form (`po app.debugDescription` in lldb: a Swift string literal with `\n` and `\'`) is
///   unescaped first, with a warning; its lines are then counted as the unescaped text's.
enum XCUIDescriptionReader {
    static func read(_ text: String, file: String) throws(DumpRefusal) -> AccessibilityTree {
        var tree = AccessibilityTree(format: .xcuiDebugDescription)
        var text = text
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        if text.unicodeScalars.contains("\r") { text = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n") }
        if let unescaped = unescapedLiteral(text) {
            text = unescaped
            tree.warnings.append(
                ImportWarning(
                    line: 0,
                    "the tree is a string literal on one line (lldb's po of debugDescription): its \\n and \\' escapes are read "
                        + "as line breaks and quotes, and line numbers count the unescaped lines"))
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // Indent column of each element's line, for nesting.
        var indents: [Int] = []
        var openQuote = false
        for (offset, line) in lines.enumerated() {
            let number = offset + 1
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if tree.elements.isEmpty {
                // Before the tree: headers, log lines, prompts. The `Attributes:` line describes the root again.
                guard !trimmed.hasPrefix("Attributes:"), let element = parseElement(trimmed, line: number) else { continue }
                if element.type == "Application" {
                    tree.applicationName = element.label
                }
                tree.elements.append(element)
                indents.append(indent(of: line))
                continue
            }
            if trimmed.hasPrefix("Path to element:") || trimmed.hasPrefix("Query chain:") { break }
            if trimmed.isEmpty { continue }
            if openQuote {
                // A label that a raw line break split: the line belongs to the element above.
                openQuote = !closesQuote(trimmed)
                continue
            }
            guard var element = parseElement(trimmed, line: number) else {
                tree.warnings.append(ImportWarning(line: number, "not an element line (\(excerpt(trimmed))); skipped"))
                continue
            }
            let column = indent(of: line)
            guard let parent = indents.indices.last(where: { indents[$0] < column }) else {
                tree.warnings.append(
                    ImportWarning(line: number, "an element indented no deeper than the tree's first line (\(excerpt(trimmed))); skipped"))
                continue
            }
            element.parent = parent
            openQuote = opensQuote(trimmed)
            tree.elements.append(element)
            indents.append(column)
        }
        guard !tree.elements.isEmpty else {
            throw DumpRefusal(
                file: file,
                message: "not an XCUITest debugDescription: no line holds an element such as "
                    + "'Button, 0x600001, {{20.0, 59.0}, {55.0, 40.0}}, label: 'Menu''")
        }
        return tree
    }

    /// Whether `text` (the start of a file) looks like XCUITest's element text.
    static func looksLikeDescription(_ text: String) -> Bool {
        if text.contains("Element subtree:") || text.contains("→Application") { return true }
        for line in text.split(separator: "\n").prefix(40) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" || $0 == "\"" }
            if trimmed.hasPrefix("Application, "), trimmed.contains("pid: ") { return true }
            if trimmed.hasPrefix("Window (Main), ") || (trimmed.hasPrefix("Window, ") && trimmed.contains("{{")) { return true }
        }
        return false
    }

    /// Columns before the element's type; the `→` mark counts as one.
    static func indent(of line: Substring) -> Int {
        var n = 0
        for c in line {
            if c == " " || c == "→" {
                n += 1
            } else if c == "\t" {
                n += 4
            } else {
                break
            }
        }
        return n
    }

    /// One element line (its indent already dropped), or nil when the line is not one.
    static func parseElement(_ text: Substring, line: Int) -> AccessibilityElement? {
        var rest = text.drop { $0 == "→" || $0 == " " }
        let type = rest.prefix { $0.isLetter && $0.isASCII }
        guard !type.isEmpty, type.first?.isUppercase == true else { return nil }
        rest = rest.dropFirst(type.count)
        var element = AccessibilityElement(type: String(type), line: line, column: 1, parent: nil)
        if rest.hasPrefix(" (Main)") {
            element.isMain = true
            rest = rest.dropFirst(" (Main)".count)
        }
        guard rest.hasPrefix(", ") else { return nil }
        rest = rest.dropFirst(2)
        if rest.hasPrefix("0x") {
            let address = rest.prefix { $0 != "," }
            rest = rest.dropFirst(address.count)
            guard rest.hasPrefix(", ") else { return nil }
            rest = rest.dropFirst(2)
        }
        if rest.hasPrefix("pid: ") {
            guard type == "Application" else { return nil }
            rest = rest.drop { $0 != "," }
        } else {
            guard let (frame, after) = parseFrame(rest) else { return nil }
            element.frame = frame
            rest = after
        }
        readAttributes(rest, into: &element)
        return element
    }

    /// `{{x, y}, {w, h}}` at the start of `text`, and what follows it.
    static func parseFrame(_ text: Substring) -> (Rect, Substring)? {
        guard text.hasPrefix("{{"), let close = text.firstRange(of: "}}") else { return nil }
        let inner = text[text.index(text.startIndex, offsetBy: 2) ..< close.lowerBound]
        let numbers = inner.split(whereSeparator: { $0 == "," || $0 == "{" || $0 == "}" || $0 == " " }).map { Double($0) }
        guard numbers.count == 4, let x = numbers[0], let y = numbers[1], let w = numbers[2], let h = numbers[3] else { return nil }
        return (Rect(x, y, w, h), text[close.upperBound...])
    }

    /// `, identifier: '…'`, `, label: '…'`, `, placeholderValue: '…'`, `, value: …` and the flags (`Disabled`,
    /// `Selected`, …). Quoted text is not escaped: a quote ends it only where `, ` or the line's end follows.
    static func readAttributes(_ text: Substring, into element: inout AccessibilityElement) {
        var rest = text
        while rest.hasPrefix(", ") {
            rest = rest.dropFirst(2)
            if let colon = rest.firstRange(of: ": ") {
                let key = rest[..<colon.lowerBound]
                if !key.isEmpty && key.allSatisfy({ $0.isLetter }) {
                    var value = rest[colon.upperBound...]
                    let text: Substring
                    if value.hasPrefix("'") {
                        value = value.dropFirst()
                        let end = value.ranges(of: "', ").first?.lowerBound ?? (value.hasSuffix("'") ? value.index(before: value.endIndex) : value.endIndex)
                        text = value[..<end]
                        rest = value[end...].dropFirst()
                    } else {
                        let end = value.firstRange(of: ", ")?.lowerBound ?? value.endIndex
                        text = value[..<end]
                        rest = value[end...]
                    }
                    switch key {
                    case "label": element.label = String(text)
                    case "identifier": element.identifier = String(text)
                    case "value": element.value = String(text)
                    case "placeholderValue": element.placeholder = String(text)
                    default: break
                    }
                    continue
                }
            }
            let flag = rest.prefix { $0 != "," }
            if flag == "Disabled" { element.isEnabled = false }
            rest = rest.dropFirst(flag.count)
        }
    }

    /// A quoted value that the line opens and does not close (`label: 'first line` …).
    static func opensQuote(_ line: Substring) -> Bool {
        guard let start = line.ranges(of: ": '").last else { return false }
        let tail = line[start.upperBound...]
        return !tail.contains("'")
    }

    /// A continuation line that ends the quoted value: `…'` or `…', Selected`.
    static func closesQuote(_ line: Substring) -> Bool { line.hasSuffix("'") || line.contains("', ") }

    /// The body of a Swift string literal holding the tree on one line, unescaped; nil when the text is not one.
    static func unescapedLiteral(_ text: String) -> String? {
        guard text.contains("\\n"), !text.split(separator: "\n").contains(where: { $0.contains("{{") && !$0.contains("\\n") }),
            let body = text.firstRange(of: "\\n")
        else { return nil }
        // From the literal's opening quote (the last `"` before the first escape) to its closing one.
        let start = text[..<body.lowerBound].lastIndex(of: "\"").map { text.index(after: $0) } ?? text.startIndex
        let end = text[start...].lastIndex(of: "\"") ?? text.endIndex
        var result = ""
        var chars = text[start ..< end].makeIterator()
        while let c = chars.next() {
            guard c == "\\", let e = chars.next() else {
                result.append(c)
                continue
            }
            switch e {
            case "n": result.append("\n")
            case "t": result.append("\t")
            case "r": break
            case "u":
                var hex = ""
                while let h = chars.next(), h != "}" { if h != "{" { hex.append(h) } }
                if let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) { result.unicodeScalars.append(scalar) }
            default: result.append(e)
            }
        }
        return result
    }

    static func excerpt(_ text: Substring) -> String {
        text.count > 40 ? "'\(text.prefix(40))…'" : "'\(text)'"
    }
}
