import Foundation

/// A JSON Schema (draft 2020-12) validator for the subset the sweep schema uses: `type`, `properties`, `required`,
/// `additionalProperties`, `minProperties`, `enum`, `const`, `items`, `minItems`, `uniqueItems`, `minimum`,
/// `maximum`, `exclusiveMinimum`, `minLength`, `pattern`, `oneOf`, `anyOf`, and `$ref` to `#/$defs/…` or
/// `#/definitions/…`. Annotations (`title`, `description`, `default`, `examples`, `$comment`, `$schema`, `$id`)
/// are ignored. Any other keyword makes `init` throw, so a schema cannot silently rely on something unchecked.
public struct JSONSchemaValidator: Sendable {
    public struct Violation: Sendable, CustomStringConvertible, Equatable {
        /// JSON pointer of the offending value (`""` for the document).
        public var path: String
        public var message: String
        public var description: String { (path.isEmpty ? "/" : path) + ": " + message }
    }

    public struct SchemaError: Error, CustomStringConvertible {
        public var description: String
    }

    public static let annotations: Set<String> = [
        "$schema", "$id", "$comment", "$defs", "definitions", "title",
        "description", "default", "examples"
    ]
    public static let assertions: Set<String> = [
        "type", "properties", "required", "additionalProperties",
        "minProperties", "enum", "const", "items", "minItems", "uniqueItems",
        "minimum", "maximum", "exclusiveMinimum", "minLength", "pattern",
        "oneOf", "anyOf", "$ref"
    ]

    public let schema: JSONValue

    public init(schema: JSONValue) throws(SchemaError) {
        self.schema = schema
        try check(schema, at: "#")
    }

    /// Every violation found (empty: the instance is valid).
    public func validate(_ instance: JSONValue) -> [Violation] {
        var violations: [Violation] = []
        validate(instance, against: schema, path: "", into: &violations)
        return violations
    }

    // MARK: Schema check

    private func check(_ node: JSONValue, at location: String) throws(SchemaError) {
        if case .bool = node { return }
        guard case .object(let members) = node else { throw SchemaError(description: "\(location) is not a schema") }
        for (key, value) in members {
            guard Self.annotations.contains(key) || Self.assertions.contains(key) else {
                throw SchemaError(description: "\(location) uses the unsupported keyword '\(key)'")
            }
            switch key {
            case "properties", "$defs", "definitions":
                guard case .object(let subs) = value else { throw SchemaError(description: "\(location)/\(key) is not an object") }
                for (name, sub) in subs { try check(sub, at: "\(location)/\(key)/\(name)") }
            case "additionalProperties", "items": try check(value, at: "\(location)/\(key)")
            case "oneOf", "anyOf":
                guard case .array(let subs) = value, !subs.isEmpty else {
                    throw SchemaError(description: "\(location)/\(key) is not a non-empty array")
                }
                for (i, sub) in subs.enumerated() { try check(sub, at: "\(location)/\(key)/\(i)") }
            case "$ref":
                guard case .string(let ref) = value, resolve(ref) != nil else {
                    throw SchemaError(description: "\(location)/$ref does not point into this schema")
                }
            case "pattern":
                guard case .string(let p) = value, (try? NSRegularExpression(pattern: p)) != nil else {
                    throw SchemaError(description: "\(location)/pattern is not a regular expression")
                }
            default: break
            }
        }
    }

    private func resolve(_ ref: String) -> JSONValue? {
        guard ref.hasPrefix("#/") else { return nil }
        var node = schema
        for raw in ref.dropFirst(2).split(separator: "/", omittingEmptySubsequences: false) {
            let key = raw.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            guard let next = node[key] else { return nil }
            node = next
        }
        return node
    }

    // MARK: Validation

    private func validate(_ value: JSONValue, against schema: JSONValue, path: String, into out: inout [Violation]) {
        if case .bool(let allowed) = schema {
            if !allowed { out.append(Violation(path: path, message: "is not allowed here")) }
            return
        }
        guard case .object(let keywords) = schema else { return }
        func fail(_ message: String) { out.append(Violation(path: path, message: message)) }
        for (key, arg) in keywords {
            switch key {
            case "$ref":
                if case .string(let ref) = arg, let target = resolve(ref) { validate(value, against: target, path: path, into: &out) }
            case "type":
                let allowed: [String]
                switch arg {
                case .string(let t): allowed = [t]
                case .array(let ts):
                    allowed = ts.compactMap {
                        if case .string(let t) = $0 { return t }; return nil
                    }
                default: allowed = []
                }
                let actual = value.typeName
                if !(allowed.contains(actual) || (actual == "integer" && allowed.contains("number"))) {
                    fail("expected \(allowed.joined(separator: " or ")), got \(actual)")
                }
            case "enum":
                if case .array(let options) = arg, !options.contains(where: { $0.equals(value) }) {
                    fail("\(value) is not one of \(arg)")
                }
            case "const":
                if !arg.equals(value) { fail("expected \(arg), got \(value)") }
            case "minimum", "maximum", "exclusiveMinimum":
                guard case .number(let bound) = arg, case .number(let n) = value else { continue }
                let ok = key == "minimum" ? n >= bound : key == "maximum" ? n <= bound : n > bound
                if !ok { fail("\(DecimalText.text(n)) breaks \(key) \(DecimalText.text(bound))") }
            case "minLength":
                if case .number(let bound) = arg, case .string(let s) = value, Decimal(s.unicodeScalars.count) < bound {
                    fail("is shorter than \(DecimalText.text(bound)) characters")
                }
            case "pattern":
                if case .string(let p) = arg, case .string(let s) = value, let regex = try? NSRegularExpression(pattern: p),
                    regex.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) == nil
                {
                    fail("'\(s)' does not match \(p)")
                }
            case "items":
                if case .array(let items) = value {
                    for (i, item) in items.enumerated() { validate(item, against: arg, path: path + "/\(i)", into: &out) }
                }
            case "minItems":
                if case .number(let bound) = arg, case .array(let items) = value, Decimal(items.count) < bound {
                    fail("has fewer than \(DecimalText.text(bound)) items")
                }
            case "uniqueItems":
                if case .bool(true) = arg, case .array(let items) = value {
                    for i in items.indices where items[..<i].contains(where: { $0.equals(items[i]) }) {
                        fail("item \(i) repeats an earlier item")
                    }
                }
            case "properties":
                if case .object(let props) = arg, case .object(let members) = value {
                    for (name, sub) in props {
                        if let member = members.first(where: { $0.key == name }) {
                            validate(member.value, against: sub, path: path + "/" + pointerEscape(name), into: &out)
                        }
                    }
                }
            case "additionalProperties":
                if case .object(let members) = value {
                    let declared: [String]
                    if case .object(let props)? = schema["properties"] { declared = props.map(\.key) } else { declared = [] }
                    for member in members where !declared.contains(member.key) {
                        if case .bool(false) = arg {
                            fail("has the unknown property '\(member.key)'")
                        } else {
                            validate(member.value, against: arg, path: path + "/" + pointerEscape(member.key), into: &out)
                        }
                    }
                }
            case "required":
                if case .array(let names) = arg, case .object(let members) = value {
                    for case .string(let name) in names where !members.contains(where: { $0.key == name }) {
                        fail("is missing the required property '\(name)'")
                    }
                }
            case "minProperties":
                if case .number(let bound) = arg, case .object(let members) = value, Decimal(members.count) < bound {
                    fail("has fewer than \(DecimalText.text(bound)) properties")
                }
            case "oneOf", "anyOf":
                guard case .array(let subs) = arg else { continue }
                var passing = 0
                var firstFailures: [Violation] = []
                for sub in subs {
                    var local: [Violation] = []
                    validate(value, against: sub, path: path, into: &local)
                    if local.isEmpty {
                        passing += 1
                    } else if firstFailures.isEmpty || local.count < firstFailures.count {
                        firstFailures = local
                    }
                }
                if key == "oneOf" && passing != 1 || key == "anyOf" && passing == 0 {
                    let detail = passing == 0 ? firstFailures.map(\.description).joined(separator: "; ") : "\(passing) match"
                    fail("matches \(passing == 0 ? "none" : "more than one") of the \(key) alternatives (\(detail))")
                }
            default: break
            }
        }
    }

    private func pointerEscape(_ name: String) -> String {
        name.replacingOccurrences(of: "~", with: "~0").replacingOccurrences(of: "/", with: "~1")
    }
}
