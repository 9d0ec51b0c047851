/// Reads the text of `-[UIView recursiveDescription]` (lldb `po`, Cycript, Frida, NSLog) into records.
///
/// Pure: text in, records, warnings and notes out. The rules, in the order they apply (docs/real-screens.md):
/// - A line is `<indent>[<annotation>]<record>[<suffix>]`. The indent is any mix of spaces, tabs and `|`; the
///   number of `|` is the nesting depth (`   |    | `, `  | `, TAB + `| ` and `||` all count the same way).
///   Depths are taken relative to the first record, so a root line that already carries `| ` is fine.
/// - Indentation alone decides a view's superview: the nearest line above it that is indented less
///   (`DumpTree`). A skipped line takes the lines nested under it along; its siblings stay siblings.
/// - In front of the record: a debugger's wrapper (lldb's `(id) $1 = 0x… `, a Cycript backtick) is dropped with a
///   warning; a view-controller annotation (`'MyViewController:0x…' 1 child[…]`, `<MyViewController 0x…>, state:
///   appeared, view:`, `<MyViewController: 0x…>`) and iOS 5/6's `XX (` mark are read past with one note per
///   file (`RecordStart`). Text after the closing `>` (`- (null)`, `layout=0x…`, a backtick) is ignored.
/// - A record is `<Class: 0xADDRESS; key = value; …; key: value>`, with nested `<…>`, `(…)`, `{…}` and quoted
///   `'…'` text (which may contain `;`, `>`, `'` and line breaks). `<<_UITextContainerView: …> minSize = …>`
///   is the inner record. `<… > (layer)` lines are sublayers, not views, and are skipped silently.
/// - A record not closed at the end of its line continues on the next lines (a `text = '…'` with line breaks)
///   until a line starts a new record: then it was cut short, and it is skipped with a warning — with the
///   views nested under it, which have lost their superview. An elision (`...`, `…`) inside or at the end of
///   an open record is the author's cut: the record is read up to it (or past it, when it closes later).
/// - Elision lines, other lines that hold no record, unknown attributes, unreadable values, a view indented
///   more than one level below its superview and a second top-level view give warnings with the line number.
/// - A text with no view record at all is refused (`DumpRefusal`).
public enum DumpParser {
    public struct Result: Sendable {
        /// Records in document order (a superview before its subviews); `parent` links them.
        public var records: [DumpRecord]
        public var warnings: [ImportWarning]
        /// Statements about the whole dump that are no problem (annotations and marks read past).
        public var notes: [String] = []
        public init(records: [DumpRecord], warnings: [ImportWarning], notes: [String] = []) {
            self.records = records; self.warnings = warnings; self.notes = notes
        }
    }

    public static func parse(_ text: String, file: String) throws(DumpRefusal) -> Result {
        var reader = DumpReader(text)
        reader.readAll()
        var tree = reader.tree
        let marks = reader.marks
        tree.finish()
        guard !tree.records.isEmpty else {
            throw DumpRefusal(
                file: file,
                message: "not a recursiveDescription dump: no line holds a view record such as "
                    + "'<UIView: 0x7f8e1c40; frame = (0 0; 390 844); …>'")
        }
        var warnings = tree.warnings
        if let first = marks.controllerLines.first {
            warnings.append(
                ImportWarning(
                    line: first,
                    "view-controller lines without a view record (_printHierarchy or "
                        + "Chisel's pvc output): \(marks.controllerLines.count) from this line on; skipped"))
        }
        return Result(records: tree.records, warnings: warnings, notes: marks.notes)
    }

    /// A sublayer's line that names no view (`<CALayer; position = CGPoint (…); …> (layer)`, as
    /// swift-snapshot-testing prints it without addresses): not a view, skipped silently.
    static func isSublayerLine(_ trimmed: Substring) -> Bool {
        let text = trimmed.drop(while: RecordStart.isIndent)
        return text.first == "<" && text.hasSuffix("> (layer)")
    }

    /// What the dump marks beside its views, reported once per file.
    struct Marks {
        /// Lines with a view-controller annotation in front of the view record, and the controller.
        var controllers: [(line: Int, name: String)] = []
        /// Lines with the `XX (` mark.
        var invisible: [Int] = []
        /// `_printHierarchy` lines without a view record.
        var controllerLines: [Int] = []
        /// Lines whose record follows the names of the instance variables that hold the view (`_titleView
        /// <UILabel: …>`, `_myButton, _button <UIButton: …>`), as HOURecursiveDescription prints them.
        var ivars: [Int] = []

        /// `_name` or `_a, _b`: instance-variable names (a leading underscore, then letters, digits, `_`).
        static func isIvarList(_ text: Substring) -> Bool {
            let names = text.split(separator: ",").map { $0.trimmingWhitespace() }
            return !names.isEmpty
                && names.allSatisfy { name in
                    name.count > 1 && name.first == "_" && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
                }
        }

        var notes: [String] {
            var notes: [String] = []
            if let first = controllers.first {
                notes.append(
                    "a view controller is named in front of \(plural(controllers.count, "view record")) (\(first.name) "
                        + "at line \(first.line)\(controllers.count > 1 ? ", …" : "")): read past; the views are kept with their subviews")
            }
            if let first = invisible.first {
                notes.append(
                    "\(plural(invisible.count, "view")) marked 'XX (…)' (from line \(first)), iOS 5 and 6's mark of a view "
                        + "that does not show: imported as their records say (their alpha, hidden and superviews decide the hit test)")
            }
            if let first = ivars.first {
                notes.append(
                    "\(plural(ivars.count, "view record")) follow the names of the instance variables that hold them "
                        + "(from line \(first), as HOURecursiveDescription prints them): read past")
            }
            return notes
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
