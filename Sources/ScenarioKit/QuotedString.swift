/// Double-quoted string literals for the JSON and YAML this project writes: `"`, `\`, newline, return and
/// tab escaped by name, other control characters (and DEL in YAML, which YAML does not allow raw) by code
/// (`\u001b` in JSON, `\x1b` in YAML), the rest as is.
public enum QuotedString {
    public static func json(_ s: String) -> String { quote(s, escapingDEL: false) { "\\u" + hex($0, digits: 4) } }

    public static func yaml(_ s: String) -> String { quote(s, escapingDEL: true) { "\\x" + hex($0, digits: 2) } }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }

    static func quote(_ s: String, escapingDEL: Bool, control: (UInt32) -> String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || (escapingDEL && scalar.value == 0x7F) { out += control(scalar.value) } else { out.unicodeScalars.append(scalar) }
            }
        }
        return out + "\""
    }
}
