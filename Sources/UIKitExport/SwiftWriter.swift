/// Accumulates Swift source text line by line with four-space indentation.
struct SwiftWriter {
    private(set) var text = ""
    private var depth = 0

    /// One line at the current indentation (an empty string writes an empty line).
    mutating func line(_ content: String = "") {
        if content.isEmpty { text += "\n"; return }
        text += String(repeating: "    ", count: depth) + content + "\n"
    }

    /// Several lines, each at the current indentation.
    mutating func lines(_ contents: [String]) { for content in contents { line(content) } }

    /// `opener {`, the body one level deeper, then `}` (or `closer`).
    mutating func block(_ opener: String, closer: String = "}", _ body: (inout SwiftWriter) -> Void) {
        line(opener + " {")
        depth += 1
        body(&self)
        depth -= 1
        line(closer)
    }

    /// `opener` as it is (a line that opens a closure, `… { [weak self] in`), the body one level deeper, then `}`.
    mutating func closure(_ opener: String, _ body: (inout SwiftWriter) -> Void) {
        line(opener)
        depth += 1
        body(&self)
        depth -= 1
        line("}")
    }

    /// Comment lines (`// …`); each text is wrapped at `width` characters.
    mutating func comment(_ content: String, width: Int = 112) {
        for piece in wrap(content, width: width) { line(piece.isEmpty ? "//" : "// " + piece) }
    }

    /// A `///` documentation comment.
    mutating func doc(_ content: String, width: Int = 112) {
        for piece in wrap(content, width: width) { line("/// " + piece) }
    }
}

/// Splits `text` into lines of at most `width` characters at spaces (a longer word stays whole); existing
/// line breaks are kept, a line that fits is kept as it is, and an indented line's continuations are indented
/// three more spaces.
func wrap(_ text: String, width: Int) -> [String] {
    var result: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if paragraph.count <= width { result.append(String(paragraph)); continue }
        let indent = String(paragraph.prefix { $0 == " " })
        let hanging = indent.isEmpty ? "" : indent + "   "
        var current = indent
        for word in paragraph.split(separator: " ", omittingEmptySubsequences: true) {
            if current == indent || current == hanging {
                current += word
            } else if current.count + 1 + word.count <= width {
                current += " " + word
            } else {
                result.append(current)
                current = hanging + word
            }
        }
        result.append(current)
    }
    return result
}
