/// Where a dump line's view record starts, and what stands in front of it.
///
/// In front of the record a line may carry, besides its indent:
/// - a debugger's or tool's wrapper: lldb's `(id) $1 = 0x7f8… `, Swift's `Optional(`, a Cycript backtick;
/// - a view-controller annotation, as iOS 5 and 6 print it for a controller's view
///   (`'MyViewController:0x8a3b2c0' 1 child[OtherController:0x8a3c010 ] <UIView: …>`, also with the record
///   inside the brackets), or as `_printHierarchy` / Chisel's `pvc` print it (`<MyViewController 0x…>, state:
///   appeared, view: <UIView: …>`);
/// - iOS 5 and 6's `XX (` mark of a view that does not show (`XX (<UIView: …>)`).
/// The view record is kept in every case, at the depth the line's indent gives.
struct RecordStart {
    /// The number of `|` (and `+`, `_printHierarchy`'s mark of a presented controller) in the indent.
    var depth: Int
    /// Wrapper text before the record that is neither indent nor an annotation (empty normally).
    var prefix: Substring
    /// The view controller an annotation names, if any.
    var controller: String?
    /// The line carries the `XX (` mark.
    var markedInvisible = false
    /// The index of the record's `<`.
    var recordStart: Substring.Index

    /// The record start of `line`, or nil when the line does not start a view record (a continuation of quoted
    /// text, an elision, anything else). The record is the first `<Class: 0x…` whose prefix reads as above.
    static func find(in line: Substring) -> RecordStart? {
        let i = line.firstIndex { !isIndent($0) } ?? line.endIndex
        let depth = indentDepth(line)
        var search = i
        while let open = line[search...].firstIndex(of: "<") {
            if RecordScanner.className(line[open...]) != nil {
                guard var start = readPrefix(line[i ..< open]) else { return nil }
                start.depth = depth
                start.recordStart = open
                return start
            }
            search = line.index(after: open)
        }
        return nil
    }

    static func isIndent(_ c: Character) -> Bool { c == " " || c == "\t" || c == "|" || c == "+" }

    /// The number of `|` and `+` in the indent of `line`.
    static func indentDepth(_ line: Substring) -> Int {
        line.prefix(while: isIndent).filter { $0 == "|" || $0 == "+" }.count
    }

    /// Splits the text before a record into wrapper, annotation and mark; nil when it is none of them.
    static func readPrefix(_ text: Substring) -> RecordStart? {
        var rest = text.trimmingWhitespace()
        var start = RecordStart(depth: 0, prefix: "", recordStart: text.startIndex)
        if rest.hasSuffix("XX (") {
            start.markedInvisible = true
            rest = rest.dropLast(4).trimmingWhitespace()
        }
        if let (name, before) = quotedController(rest) ?? printedController(rest) {
            start.controller = name
            rest = before.trimmingWhitespace()
        }
        // A wrapper is short and holds no record text.
        guard rest.count <= 40, !rest.contains(where: { $0 == ";" || $0 == "'" || $0 == "<" || $0 == ">" }) else { return nil }
        start.prefix = rest
        return start
    }

    /// iOS 5/6: `… 'Name:0xADDR'`, optionally followed by ` N child[…]` / ` N children[…]` (the bracket may stay
    /// open when the record is inside it). Returns the controller's name and the text before the quote.
    static func quotedController(_ text: Substring) -> (String, Substring)? {
        guard let quote = text.firstIndex(of: "'") else { return nil }
        let afterQuote = text[text.index(after: quote)...]
        guard let close = afterQuote.firstIndex(of: "'") else { return nil }
        let quoted = afterQuote[..<close]
        guard let colon = quoted.lastIndex(of: ":") else { return nil }
        let name = quoted[..<colon]
        let address = quoted[quoted.index(after: colon)...]
        guard isClassName(name), isAddress(address) else { return nil }
        var tail = afterQuote[afterQuote.index(after: close)...].trimmingWhitespace()
        if !tail.isEmpty {
            // ` 1 child[A:0x… ]`, ` 2 children[A:0x… B:0x… ]`, or the open `[` of a record inside brackets.
            let count = tail.prefix { $0.isNumber }
            guard !count.isEmpty else { return nil }
            tail = tail.dropFirst(count.count).trimmingWhitespace()
            if tail.hasPrefix("children") {
                tail = tail.dropFirst(8)
            } else if tail.hasPrefix("child") {
                tail = tail.dropFirst(5)
            } else {
                return nil
            }
            guard tail.first == "[" else { return nil }
            let inside = tail.dropFirst()
            guard !inside.contains(where: { $0 == "<" || $0 == "'" || $0 == ";" }) else { return nil }
            if let end = inside.firstIndex(of: "]"), inside.index(after: end) != inside.endIndex { return nil }
        }
        return (String(name), text[..<quote])
    }

    /// `_printHierarchy` / Chisel `pvc`: `<Name 0xADDR>, state: appeared, view:` (the view record follows).
    static func printedController(_ text: Substring) -> (String, Substring)? {
        guard text.hasSuffix("view:"), let open = text.firstIndex(of: "<"), let close = text.firstIndex(of: ">"), open < close else {
            return nil
        }
        let inner = text[text.index(after: open) ..< close].split(separator: " ")
        guard inner.count == 2, isClassName(inner[0]), isAddress(inner[1]) else { return nil }
        let joiner = text[text.index(after: close)...]
        guard isControllerJoiner(joiner) else { return nil }
        return (String(inner[0]), text[..<open])
    }

    /// What `_printHierarchy` prints between a controller and its view: `, state: appeared, view:` (or a
    /// bare `, view:`).
    static func isControllerJoiner(_ text: Substring) -> Bool {
        let t = text.trimmingWhitespace()
        guard t.hasPrefix(","), t.hasSuffix("view:") else { return false }
        let middle = t.dropFirst().dropLast(5).trimmingWhitespace()
        if middle.isEmpty { return true }
        guard middle.hasPrefix("state:"), middle.hasSuffix(",") else { return false }
        return !middle.contains(where: { $0 == "<" || $0 == ">" || $0 == ";" })
    }

    static func isClassName(_ s: Substring) -> Bool {
        !s.isEmpty && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "$" }
    }

    static func isAddress(_ s: Substring) -> Bool {
        s.hasPrefix("0x") && s.count > 2 && s.dropFirst(2).allSatisfy(\.isHexDigit)
    }
}

/// `_printHierarchy` lines whose view is no record (`<MyViewController 0x…>, state: appeared, view: <UIView
/// 0x…>`): the controller tree, not views.
enum ControllerLine {
    static func matches(_ trimmed: Substring) -> Bool {
        var s = trimmed
        while let f = s.first, f == "|" || f == "+" || f == " " || f == "\t" { s = s.dropFirst() }
        guard let viewStart = s.range(of: "view: <") else { return false }
        return RecordStart.printedController(s[..<viewStart.upperBound].dropLast().trimmingWhitespace()) != nil
    }
}
