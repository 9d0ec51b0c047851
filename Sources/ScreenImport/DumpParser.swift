/// Reads the text of `-[UIView recursiveDescription]` (lldb `po`, Cycript, Frida, NSLog) into records.
///
/// Pure: text in, records and warnings out. The rules, in the order they apply (docs/real-screens.md):
/// - A line is `<indent><record>[<suffix>]`. The indent is any mix of spaces, tabs and `|`; the number of `|`
///   is the nesting depth (`   |    | `, `  | `, TAB + `| ` and `||` all count the same way). Depths are taken
///   relative to the first record, so a root line that already carries `| ` is fine.
/// - Text in front of the first `<` that is not indent (lldb's `(id) $1 = 0x… `, a Cycript backtick) is dropped
///   with a warning; text after the closing `>` (`- (null)`, `layout=0x…`, a closing backtick) is ignored.
/// - A record is `<Class: 0xADDRESS; key = value; …; key: value>`, with nested `<…>`, `(…)`, `{…}` and quoted
///   `'…'` text (which may contain `;`, `>`, `'` and line breaks). `<<_UITextContainerView: …> minSize = …>`
///   is the inner record. `<… > (layer)` lines are sublayers, not views, and are skipped silently.
/// - A record not closed at the end of its line continues on the next line (a `text = '…'` with line breaks)
///   unless that line starts a new record: then it was cut short, and it is skipped with a warning — with the
///   views nested under it, which have lost their superview.
/// - `...` lines (elisions), other lines that hold no record, unknown attributes, unreadable values, a view
///   indented more than one level below the previous one (attached to the deepest open view) and a second
///   top-level view (skipped with its subviews) give warnings with the line number.
/// - A text with no view record at all is refused (`DumpRefusal`).
public enum DumpParser {
    public struct Result: Sendable {
        /// Records in document order (a superview before its subviews); `parent` links them.
        public var records: [DumpRecord]
        public var warnings: [ImportWarning]
    }

    public static func parse(_ text: String, file: String) throws(DumpRefusal) -> Result {
        var text = text
        var unescaped = false
        // Swift's `po` of an optional string prints the dump on one line with `\n` escapes.
        if !text.contains("\n   |"), text.contains("\\n   |") || text.contains("\\n  |") || text.contains("\\n\t|") {
            text = text.replacing("\\n", with: "\n").replacing("\\t", with: "\t")
            unescaped = true
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            line.hasSuffix("\r") ? line.dropLast() : line
        }
        if lines.last?.isEmpty == true { lines.removeLast() }
        // 1-based dump line of each entry of `lines` (records found later on a line are inserted after it).
        var numbers = Array(1 ..< lines.count + 1)
        var state = TreeState()
        if unescaped { state.warn(0, "the dump's line breaks are written as \\n (a debugger's string escape); read as line breaks") }
        var i = 0
        while i < lines.count {
            let number = numbers[i]
            let line = lines[i]
            i += 1
            let trimmed = line.trimmingWhitespace()
            if trimmed.isEmpty { continue }
            guard let start = RecordScanner.recordStart(line) else {
                if trimmed.allSatisfy({ $0 == "." || $0 == "…" || $0 == "|" || $0 == " " || $0 == "\t" }) {
                    state.warn(number, "an elision ('\(trimmed)') stands for views that are not in the dump; skipped")
                } else {
                    state.warn(number, "not a view record (\(RecordScanner.excerpt(trimmed))); skipped")
                }
                continue
            }
            // The record may continue on the next lines (line breaks inside quoted text).
            var body = String(line[start.recordStart...])
            var end = RecordScanner.recordEnd(body)
            while end == nil, i < lines.count, RecordScanner.recordStart(lines[i]) == nil {
                body += "\n" + lines[i]
                i += 1
                end = RecordScanner.recordEnd(body)
            }
            guard let end else {
                let cut = i < lines.count ? "the next line starts another view" : "the dump ends"
                state.skip(number, depth: start.depth, "the record of \(RecordScanner.className(body) ?? "a view") is cut short "
                    + "(\(cut) before its closing '>'); skipped")
                continue
            }
            let record = body[..<end]
            let suffix = body[end...].dropFirst()
            if suffix.trimmingWhitespace() == "(layer)" { continue }
            if !start.prefix.isEmpty {
                state.warn(number, "text before the view record ('\(start.prefix)') ignored")
            }
            // Another record later on the same line: a dump whose line breaks were lost (` | <…>` separators
            // give its depth), or an annotation in front of the view (`<MyViewController: 0x…> <UIView: …>`).
            if let next = RecordScanner.recordStart(suffix), next.prefix.isEmpty {
                let hasFrame = RecordScanner.splitTopLevel(record.dropFirst(), ";").contains {
                    $0.trimmingWhitespace().hasPrefix("frame")
                }
                if !hasFrame && next.depth == 0 {
                    state.warn(number, "\(RecordScanner.className(record) ?? "a record") without a frame before the view record "
                        + "read as an annotation; skipped")
                    lines.insert(Substring(String(repeating: "|", count: start.depth)) + suffix[next.recordStart...], at: i)
                    numbers.insert(number, at: i)
                    continue
                }
                lines.insert(suffix, at: i)
                numbers.insert(number, at: i)
            }
            var warnings: [ImportWarning] = []
            guard let parsed = RecordScanner.parse(record, line: number, depth: start.depth, warnings: &warnings) else {
                state.skip(number, depth: start.depth, "not a view record (\(RecordScanner.excerpt(Substring(record)))); skipped")
                continue
            }
            state.warnings += warnings
            state.add(parsed)
        }
        guard !state.records.isEmpty else {
            throw DumpRefusal(file: file, message: "not a recursiveDescription dump: no line holds a view record such as "
                + "'<UIView: 0x7f8e1c40; frame = (0 0; 390 844); …>'")
        }
        return Result(records: state.records, warnings: state.warnings)
    }

    /// Builds the tree from depths as records arrive.
    struct TreeState {
        var records: [DumpRecord] = []
        var warnings: [ImportWarning] = []
        /// Depth of the first record as printed: depths are relative to it.
        var rootDepth: Int?
        /// Open views: record indices from the root to the last view.
        var open: [Int] = []
        /// While set, records deeper than this (printed depth) are the subviews of a skipped view.
        var skipping: (depth: Int, line: Int, count: Int)?

        mutating func warn(_ line: Int, _ message: String) { warnings.append(ImportWarning(line: line, message)) }

        mutating func endSkip(at depth: Int) {
            guard let s = skipping, depth <= s.depth else { return }
            if s.count > 0 {
                warn(s.line, "\(s.count) subview\(s.count == 1 ? "" : "s") of the view skipped at this line skipped with it")
            }
            skipping = nil
        }

        /// Skips the record at `line` and, later, its subviews.
        mutating func skip(_ line: Int, depth: Int, _ message: String) {
            endSkip(at: depth)
            warn(line, message)
            if skipping == nil { skipping = (depth, line, 0) }
        }

        mutating func add(_ record: DumpRecord) {
            endSkip(at: record.depth)
            if let s = skipping, record.depth > s.depth {
                skipping!.count += 1
                return
            }
            var record = record
            guard let rootDepth else {
                rootDepth = record.depth
                record.depth = 0
                records.append(record)
                open = [0]
                return
            }
            let depth = record.depth - rootDepth
            guard depth >= 1 else {
                skip(record.line, depth: record.depth, depth == 0
                    ? "a second top-level view (\(record.className)); a dump has one root; skipped"
                    : "\(record.className) is indented less than the dump's root; skipped")
                return
            }
            if depth > open.count {
                warn(record.line, "\(record.className) is indented \(depth - open.count + 1) levels below the view before it; "
                    + "attached to that view")
            }
            open.removeLast(max(0, open.count - depth))
            record.depth = open.count
            record.parent = open.last
            records.append(record)
            open.append(records.count - 1)
        }
    }
}

extension Substring {
    func trimmingWhitespace() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return s
    }
}
