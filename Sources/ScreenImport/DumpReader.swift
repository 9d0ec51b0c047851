/// One pass over a dump's lines for ``DumpParser/parse(_:file:)``: the lines (with a record found later on a line
/// inserted after it, under the same dump line number), where the pass is, the tree of records read so far and what
/// the dump marks beside them.
struct DumpReader {
    var lines: [Substring]
    /// 1-based dump line of each entry of `lines`.
    var numbers: [Int]
    /// The next entry of `lines` to read.
    var next = 0
    var tree = DumpTree()
    var marks = DumpParser.Marks()

    /// `text` as a dump with LF line breaks: a byte-order mark dropped, CRLF and CR read as LF, and a dump printed
    /// as one escaped string (Swift's `po` of an optional string) read with its `\n` as line breaks (a warning).
    init(_ text: String) {
        var text = text
        var unescaped = false
        // A dump saved on Windows (CRLF) or by a classic Mac editor (CR): Swift reads CRLF as one character, which a
        // split on LF does not see. A byte-order mark is not part of the first record.
        if text.unicodeScalars.first == "\u{FEFF}" { text.unicodeScalars.removeFirst() }
        if text.unicodeScalars.contains("\r") { text = text.replacing("\r\n", with: "\n").replacing("\r", with: "\n") }
        if !text.contains("\n   |"), text.contains("\\n   |") || text.contains("\\n  |") || text.contains("\\n\t|") {
            text = text.replacing("\\n", with: "\n").replacing("\\t", with: "\t")
            unescaped = true
        }
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        numbers = Array(1 ..< lines.count + 1)
        if unescaped { tree.warn(0, "the dump's line breaks are written as \\n (a debugger's string escape); read as line breaks") }
    }

    /// Reads every line: blank lines and sublayers are passed over, elision lines noted, other lines without a
    /// record warned about or skipped with what is nested under them, and each record read into the tree.
    mutating func readAll() {
        while next < lines.count {
            let number = numbers[next]
            let line = lines[next]
            next += 1
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            if let depth = Elision.depth(of: line) {
                tree.elide(number, depth: depth, text: line.drop(while: RecordStart.isIndent).trimmingWhitespace())
                continue
            }
            guard let start = RecordStart.find(in: line) else {
                readLineWithoutRecord(line, trimmed: trimmed, number: number)
                continue
            }
            readRecord(start, line: line, number: number)
        }
    }

    /// A line that holds no view record: a sublayer (silent), a `_printHierarchy` controller line (counted), a view
    /// line that cannot be read (skipped with the lines nested under it), or anything else (a warning).
    mutating func readLineWithoutRecord(_ line: Substring, trimmed: Substring, number: Int) {
        if DumpParser.isSublayerLine(trimmed) { return }
        if ControllerLine.matches(trimmed) {
            marks.controllerLines.append(number)
        } else if trimmed.contains("<"), let root = tree.rootDepth, RecordStart.indentDepth(line) > root {
            // A view line that cannot be read: the lines nested under it go with it.
            let text = line.drop(while: RecordStart.isIndent)
            tree.skip(number, depth: RecordStart.indentDepth(line), "not a view record (\(RecordScanner.excerpt(text))); skipped")
        } else {
            tree.warn(number, "not a view record (\(RecordScanner.excerpt(trimmed))); skipped")
        }
    }

    /// The record that starts on `line` (at `start`): its text, with what follows it on the line read as another
    /// record when it is one, then the record itself into the tree.
    mutating func readRecord(_ start: RecordStart, line: Substring, number: Int) {
        if start.controller != nil { marks.controllers.append((number, start.controller!)) }
        if start.markedInvisible { marks.invisible.append(number) }
        guard let (record, suffix) = recordText(start, line: line, number: number) else { return }
        if suffix.trimmingWhitespace() == "(layer)" { return }
        if !start.prefix.isEmpty {
            if DumpParser.Marks.isIvarList(start.prefix) {
                marks.ivars.append(number)
            } else {
                tree.warn(number, "text before the view record ('\(start.prefix)') ignored")
            }
        }
        if followingRecordIsAnnotated(start, record: record, suffix: suffix, number: number) { return }
        var warnings: [ImportWarning] = []
        guard let parsed = RecordScanner.parse(record, line: number, depth: start.depth, warnings: &warnings) else {
            tree.skip(number, depth: start.depth, "not a view record (\(RecordScanner.excerpt(Substring(record)))); skipped")
            return
        }
        tree.warnings += warnings
        tree.add(parsed)
    }

    /// The record's text and what follows its closing `>` on its last line. A record may continue on the next
    /// lines (line breaks inside quoted text); an elision line inside it is the author's cut, not part of the text.
    /// Nil when the record is cut short with no elision to say so: it is skipped with the lines nested under it.
    mutating func recordText(_ start: RecordStart, line: Substring, number: Int) -> (record: Substring, suffix: Substring)? {
        var body = String(line[start.recordStart...])
        var end = RecordScanner.recordEnd(body)
        // An elision line inside the record, or dots ending its first line (text that goes on when the record
        // closes later, a cut when it does not).
        var elision: (line: Int, text: Substring, before: String)?
        var trailingDots: (line: Int, text: Substring, before: String)?
        if end == nil, Elision.endsWithElision(body) { trailingDots = (number, body.hasSuffix("…") ? "…" : "...", body) }
        while end == nil, next < lines.count, RecordStart.find(in: lines[next]) == nil {
            if Elision.depth(of: lines[next]) != nil {
                if elision == nil { elision = (numbers[next], lines[next].drop(while: RecordStart.isIndent).trimmingWhitespace(), body) }
                next += 1
                continue
            }
            body += "\n" + lines[next]
            next += 1
            end = RecordScanner.recordEnd(body)
        }
        let className = RecordScanner.className(body) ?? "a view"
        if let end {
            if let elision {
                tree.warn(
                    elision.line, "an elision ('\(elision.text)') inside the record of \(className) stands for text that is not in the dump; read past")
            }
            return (body[..<end], body[end...].dropFirst())
        }
        if let elision = elision ?? trailingDots {
            // Cut by its author: what comes before the elision is read.
            tree.warn(
                elision.line,
                "an elision ('\(elision.text)') cuts the record of \(className) short: it stands for "
                    + "text that is not in the dump; the record is read up to it")
            return (Elision.readablePart(of: Substring(elision.before)), "")
        }
        let cut = next < lines.count ? "the next line starts another view" : "the dump ends"
        tree.skip(number, depth: start.depth, "the record of \(className) is cut short (\(cut) before its closing '>'); skipped")
        return nil
    }

    /// Another record later on the same line: a dump whose line breaks were lost (` | <…>` separators give its
    /// depth) is read as the next line; an annotation in front of the view (`<MyViewController: 0x…> <UIView: …>`,
    /// `<MyViewController: 0x…>, state: appeared, view: <UIView: …>`) is a controller mark, and then the view
    /// replaces this record (true).
    mutating func followingRecordIsAnnotated(_ start: RecordStart, record: Substring, suffix: Substring, number: Int) -> Bool {
        guard let following = RecordStart.find(in: suffix) else { return false }
        let hasFrame = RecordScanner.splitTopLevel(record.dropFirst(), ";").contains { $0.trimmingWhitespace().hasPrefix("frame") }
        let joined = following.prefix.isEmpty || RecordStart.isControllerJoiner(following.prefix)
        if !hasFrame && following.depth == 0 && joined {
            marks.controllers.append((number, RecordScanner.className(record) ?? "a record"))
            lines.insert(Substring(String(repeating: "|", count: start.depth)) + suffix[following.recordStart...], at: next)
            numbers.insert(number, at: next)
            return true
        }
        if following.prefix.isEmpty {
            lines.insert(suffix, at: next)
            numbers.insert(number, at: next)
        }
        return false
    }
}
