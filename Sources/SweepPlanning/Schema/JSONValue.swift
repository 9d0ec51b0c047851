import Foundation
import ScenarioKit
import Yams

/// A JSON document with exact numbers and object members in their written order; what the schema validator
/// works on. Configs written in YAML are converted with `init(yaml:)` using the loader's scalar rules.
public indirect enum JSONValue: Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([(key: String, value: JSONValue)])

    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// JSON equality: numbers by value, objects whatever the member order.
    public func equals(_ other: JSONValue) -> Bool {
        switch (self, other) {
        case (.null, .null): return true
        case let (.bool(a), .bool(b)): return a == b
        case let (.number(a), .number(b)): return a == b
        case let (.string(a), .string(b)): return a == b
        case let (.array(a), .array(b)): return a.count == b.count && zip(a, b).allSatisfy { $0.equals($1) }
        case let (.object(a), .object(b)):
            return a.count == b.count && a.allSatisfy { m in b.contains { $0.key == m.key && $0.value.equals(m.value) } }
        default: return false
        }
    }

    /// The JSON type name (`integer` for integral numbers).
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "boolean"
        case .number(let d): return DecimalText.isInteger(d) ? "integer" : "number"
        case .string: return "string"
        case .array: return "array"
        case .object: return "object"
        }
    }

    /// Compact JSON text.
    public var description: String { JSONText.render(self, pretty: false) }

    // MARK: From YAML

    public struct ConversionError: Error, CustomStringConvertible {
        public var description: String
    }

    /// Converts a composed YAML document with the sweep loader's scalar rules (`YAMLScalar`).
    public init(yaml node: Node) throws(ConversionError) {
        switch node {
        case .scalar:
            switch YAMLScalar(node)! {
            case .null: self = .null
            case .bool(let b): self = .bool(b)
            case .number(let d, _): self = .number(d)
            case .string(let s): self = .string(s)
            }
        case .sequence(let sequence):
            var items: [JSONValue] = []
            for element in sequence { items.append(try JSONValue(yaml: element)) }
            self = .array(items)
        case .mapping(let mapping):
            var members: [(key: String, value: JSONValue)] = []
            for (key, value) in mapping {
                guard let name = key.scalar?.string else {
                    throw ConversionError(description: "a map key that is not a scalar at line \(key.mark?.line ?? 0)")
                }
                members.append((name, try JSONValue(yaml: value)))
            }
            self = .object(members)
        case .alias:
            throw ConversionError(description: "an alias at line \(node.mark?.line ?? 0)")
        }
    }

    /// Parses JSON text (numbers kept exact).
    public init(json text: String) throws(ConversionError) {
        var parser = JSONText.Parser(Array(text.unicodeScalars))
        self = try parser.document()
    }
}

/// JSON reading and writing.
public enum JSONText {
    /// `pretty`: two-space indentation, short arrays of scalars on one line (at most `width` columns), a newline
    /// at the end.
    public static func render(_ value: JSONValue, pretty: Bool, width: Int = 100) -> String {
        var out = ""
        write(value, pretty: pretty, indent: 0, width: width, into: &out)
        return pretty ? out + "\n" : out
    }

    static func write(_ value: JSONValue, pretty: Bool, indent: Int, width: Int, into out: inout String) {
        let pad = String(repeating: "  ", count: indent + 1), closePad = String(repeating: "  ", count: indent)
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += DecimalText.text(d)
        case .string(let s): out += QuotedString.json(s)
        case .array(let items):
            let inline = "[" + items.map { render($0, pretty: false) }.joined(separator: pretty ? ", " : ",") + "]"
            let scalars = items.allSatisfy {
                if case .array = $0 { return false }; if case .object = $0 { return false }; return true
            }
            if !pretty || items.isEmpty || (scalars && closePad.count + inline.count + 40 <= width) {
                out += inline
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                write(item, pretty: true, indent: indent + 1, width: width, into: &out)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            if !pretty {
                out += "{" + members.map { QuotedString.json($0.key) + ":" + render($0.value, pretty: false) }.joined(separator: ",") + "}"
                return
            }
            out += "{\n"
            for (i, member) in members.enumerated() {
                out += pad + QuotedString.json(member.key) + ": "
                write(member.value, pretty: true, indent: indent + 1, width: width, into: &out)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += closePad + "}"
        }
    }

    struct Parser {
        let text: [Unicode.Scalar]
        var i = 0
        init(_ text: [Unicode.Scalar]) { self.text = text }

        func fail(_ what: String) -> JSONValue.ConversionError {
            JSONValue.ConversionError(description: "invalid JSON at character \(i): \(what)")
        }

        mutating func document() throws(JSONValue.ConversionError) -> JSONValue {
            let value = try self.value()
            skipSpace()
            guard i == text.count else { throw fail("text after the document") }
            return value
        }

        mutating func skipSpace() {
            while i < text.count, [" ", "\n", "\r", "\t"].contains(text[i]) { i += 1 }
        }

        mutating func literal(_ word: String) -> Bool {
            let scalars = Array(word.unicodeScalars)
            guard i + scalars.count <= text.count, Array(text[i ..< i + scalars.count]) == scalars else { return false }
            i += scalars.count
            return true
        }

        mutating func value() throws(JSONValue.ConversionError) -> JSONValue {
            skipSpace()
            guard i < text.count else { throw fail("unexpected end") }
            switch text[i] {
            case "{":
                i += 1
                var members: [(key: String, value: JSONValue)] = []
                skipSpace()
                if i < text.count, text[i] == "}" { i += 1; return .object(members) }
                while true {
                    skipSpace()
                    guard i < text.count, text[i] == "\"" else { throw fail("expected a member name") }
                    let key = try string()
                    skipSpace()
                    guard i < text.count, text[i] == ":" else { throw fail("expected ':'") }
                    i += 1
                    members.append((key, try value()))
                    skipSpace()
                    guard i < text.count else { throw fail("unexpected end") }
                    if text[i] == "," { i += 1; continue }
                    if text[i] == "}" { i += 1; return .object(members) }
                    throw fail("expected ',' or '}'")
                }
            case "[":
                i += 1
                var items: [JSONValue] = []
                skipSpace()
                if i < text.count, text[i] == "]" { i += 1; return .array(items) }
                while true {
                    items.append(try value())
                    skipSpace()
                    guard i < text.count else { throw fail("unexpected end") }
                    if text[i] == "," { i += 1; continue }
                    if text[i] == "]" { i += 1; return .array(items) }
                    throw fail("expected ',' or ']'")
                }
            case "\"": return .string(try string())
            default:
                if literal("true") { return .bool(true) }
                if literal("false") { return .bool(false) }
                if literal("null") { return .null }
                let start = i
                while i < text.count, "0123456789+-.eE".unicodeScalars.contains(text[i]) { i += 1 }
                var s = ""
                s.unicodeScalars.append(contentsOf: text[start ..< i])
                guard let d = DecimalText.parse(s) else { throw fail("expected a value") }
                return .number(d)
            }
        }

        mutating func string() throws(JSONValue.ConversionError) -> String {
            i += 1
            var out = String.UnicodeScalarView()
            while i < text.count {
                let c = text[i]
                i += 1
                if c == "\"" { return String(out) }
                guard c == "\\" else { out.append(c); continue }
                guard i < text.count else { break }
                let e = text[i]
                i += 1
                switch e {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "/": out.append("/")
                case "b": out.append("\u{8}")
                case "f": out.append("\u{C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    var code = try hex4()
                    if (0xD800 ..< 0xDC00).contains(code), literal("\\u") {
                        let low = try hex4()
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let scalar = Unicode.Scalar(code) else { throw fail("bad \\u escape") }
                    out.append(scalar)
                default: throw fail("bad escape")
                }
            }
            throw fail("unterminated string")
        }

        mutating func hex4() throws(JSONValue.ConversionError) -> UInt32 {
            guard i + 4 <= text.count else { throw fail("bad \\u escape") }
            var s = ""
            s.unicodeScalars.append(contentsOf: text[i ..< i + 4])
            guard let v = UInt32(s, radix: 16) else { throw fail("bad \\u escape") }
            i += 4
            return v
        }
    }
}

extension JSONValue {
    /// A YAML document (e.g. a sweep config) as JSON, with the loader's scalar rules; YAML errors are reported
    /// as the loader reports them.
    public static func fromYAML(_ text: String, path: String) throws(ScenarioError) -> JSONValue {
        let node = try SweepConfigLoader.compose(yaml: text, path: path)
        do {
            return try JSONValue(yaml: node)
        } catch {
            throw ScenarioError(file: path, line: 0, column: 0, message: "cannot convert to JSON: \(error.description)")
        }
    }
}
