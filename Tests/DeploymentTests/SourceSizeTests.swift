import Foundation
import TestSupport
import Testing

/// The sources stay readable in pieces: no Swift file under Sources over 450 lines, and no function, initializer,
/// subscript or computed property over 80, but for those docs/ARCHITECTURE.md lists ("Sizes: files and functions": argued, or
/// not split yet), each of which must still be long (a split one leaves the list).
@Suite struct SourceSizeTests {
    static let maximumFileLines = 450
    static let maximumFunctionLines = 80

    /// `file: declaration` of the functions docs/ARCHITECTURE.md ("Sizes: files and functions") argues may be longer.
    static let argued: Set<String> = [
        "ScenarioKit/TraceJSON.swift: func event", "ScenarioKit/TraceJSON.swift: func outcomeJSON",
        "SweepPlanning/Schema/SweepSchema.swift: var document", "SweepPlanning/Schema/SweepSchema.swift: var trees",
        "TouchEngine/Trace/TraceText.swift: func describe"
    ]

    @Test("no Swift file under Sources is longer than 450 lines")
    func files() throws {
        let files = Self.swiftFiles()
        #expect(files.count > 300)
        for file in files {
            let lines = try Self.read(file).split(separator: "\n", omittingEmptySubsequences: false).count
            #expect(lines <= Self.maximumFileLines, "\(file) has \(lines) lines")
        }
    }

    @Test("no function under Sources is longer than 80 lines, but those ARCHITECTURE.md argues")
    func functions() throws {
        let architecture = try Self.read("../docs/ARCHITECTURE.md")
        var long: Set<String> = []
        for file in Self.swiftFiles() {
            for function in Self.functions(in: try Self.read(file)) where function.lines > Self.maximumFunctionLines {
                let key = "\(file): \(function.declaration)"
                long.insert(key)
                #expect(Self.argued.contains(key), "\(key) has \(function.lines) lines (line \(function.line))")
            }
        }
        for key in Self.argued {
            #expect(long.contains(key), "\(key) is no longer over \(Self.maximumFunctionLines) lines: take it off the list")
            #expect(architecture.contains("`\(key)`"), "docs/ARCHITECTURE.md does not argue for \(key)")
        }
    }

    @Test("the function reader on a sample")
    func reader() {
        let source = #"""
            struct S {
                func short() { let x = "{"; _ = x }
                mutating func long(
                    a: Int
                ) -> Int {
                    let text = """
                        }}}
                        """
                    // }
                    return a
                }
                var computed: Int {
                    1
                }
                init() {}
            }
            """#
        let found = Self.functions(in: source)
        #expect(found.map(\.declaration) == ["func short", "func long", "var computed", "init"])
        #expect(found.map(\.lines) == [1, 9, 3, 1])
        #expect(found.map(\.line) == [2, 3, 12, 15])
    }

    // MARK: - Reading

    struct Function {
        var declaration: String
        var line: Int
        var lines: Int
    }

    /// Paths under Sources, relative to it.
    static func swiftFiles() -> [String] {
        let root = Repository.path + "/Sources"
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [String] = []
        while let path = walker.nextObject() as? String {
            if path.hasSuffix(".swift") { files.append(path) }
        }
        return files.sorted()
    }

    static func read(_ relative: String) throws -> String {
        try String(contentsOfFile: Repository.path + "/Sources/" + relative, encoding: .utf8)
    }

    static let declaration = try! NSRegularExpression(
        pattern:
            #"^\s*(?:@[\w()]+\s+)*(?:(?:public|private|fileprivate|internal|package|static|class|final|override|mutating|nonmutating|nonisolated|convenience|required|consuming|borrowing)(?:\(set\))?\s+)*(func\s+[^\s(<]+|init[?!]?(?=\s*[(<])|subscript|deinit|var\s+\w+(?=[^=]*\{\s*$))"#
    )

    /// Each function, initializer, subscript, deinitializer or computed property with a body: its declaration (kind and
    /// name), first line (1-based) and length in lines, from the declaration to the body's closing brace. Braces in
    /// comments and string literals do not count.
    static func functions(in source: String) -> [Function] {
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let code = codeOnly(lines)
        var found: [Function] = []
        for (i, line) in lines.enumerated() {
            let range = NSRange(line.startIndex..., in: line)
            guard let match = declaration.firstMatch(in: line, range: range), let name = Range(match.range(at: 1), in: line) else { continue }
            var depth = 0, opened = false, end = i
            scan: for k in i ..< min(lines.count, i + 400) {
                for c in code[k] {
                    if c == "{" { depth += 1; opened = true } else if c == "}" { depth -= 1 }
                    if opened && depth == 0 { end = k; break scan }
                }
                // A protocol requirement or a declaration without a body.
                if !opened && k > i + 20 { break }
            }
            guard opened else { continue }
            let text = line[name].replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
            found.append(Function(declaration: text, line: i + 1, lines: end - i + 1))
        }
        return found
    }

    /// Each line without its comment and its string literals' contents (a multi-line literal's lines are empty).
    static func codeOnly(_ lines: [String]) -> [String] {
        var closing: String?
        return lines.map { line in
            if let delimiter = closing {
                if line.contains(delimiter) { closing = nil }
                return ""
            }
            var out = "", inString = false, previous: Character = " "
            let chars = Array(line)
            var i = 0
            while i < chars.count {
                let c = chars[i]
                if !inString && c == "/" && i + 1 < chars.count && chars[i + 1] == "/" { break }
                if c == "\"" && previous != "\\" {
                    if !inString && i + 2 < chars.count && chars[i + 1] == "\"" && chars[i + 2] == "\"" {
                        closing = i > 0 && chars[i - 1] == "#" ? "\"\"\"#" : "\"\"\""
                        break
                    }
                    inString.toggle()
                } else if !inString {
                    out.append(c)
                }
                previous = c
                i += 1
            }
            return out
        }
    }
}
