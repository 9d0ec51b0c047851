/// `...`, `.......` and `…`: an author's mark that part of a dump was left out — views between records, or
/// text inside a record.
enum Elision {
    /// The depth (number of `|`) of a line that is only an elision (`   |    | ...`), nil for any other line.
    static func depth(of line: Substring) -> Int? {
        var depth = 0, dots = 0, ellipsis = false
        for c in line {
            switch c {
            case "|": depth += 1
            case " ", "\t": continue
            case ".": dots += 1
            case "…": ellipsis = true
            default: return nil
            }
        }
        return dots >= 3 || ellipsis ? depth : nil
    }

    /// Whether `text` ends with an elision.
    static func endsWithElision<S: StringProtocol>(_ text: S) -> Bool {
        let t = Substring(text).trimmingWhitespace()
        return t.hasSuffix("...") || t.hasSuffix("…")
    }

    /// The readable part of a record cut by an elision: the text before it, without the elision itself and
    /// without the last attribute when that one is unfinished (an open quote or bracket). The result is a record
    /// without its closing `>`, as `RecordScanner.parse` takes it.
    static func readablePart(of body: Substring) -> Substring {
        var text = body.trimmingWhitespace()
        if text.hasSuffix("…") {
            text = text.dropLast()
        } else {
            while text.hasSuffix(".") { text = text.dropLast() }
        }
        text = text.trimmingWhitespace()
        let open = text.hasPrefix("<<") ? 2 : 1
        var parts = RecordScanner.splitTopLevel(text.dropFirst(open), ";")
        if parts.count > 1, let last = parts.last, !RecordScanner.isBalanced(last) { parts.removeLast() }
        return Substring("<" + parts.joined(separator: ";"))
    }
}
