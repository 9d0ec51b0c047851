/// A tiny deterministic JSON writer: keys in the order given, numbers formatted like the text trace.
struct JSONWriter {
    private(set) var text = ""

    static func number(_ v: Double) -> String {
        let rounded = (v * 1000).rounded() / 1000
        if rounded == rounded.rounded() && abs(rounded) < 1e15 { return String(Int(rounded)) }
        var s = String(rounded)
        if s.contains("e") { return s }
        while s.hasSuffix("0") { s.removeLast() }
        return s
    }
}

/// A JSON value with ordered object keys.
indirect enum JSON {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    func render(indent: Int = 0, pretty: Bool = true) -> String {
        let pad = pretty ? String(repeating: "  ", count: indent + 1) : ""
        let close = pretty ? String(repeating: "  ", count: indent) : ""
        let nl = pretty ? "\n" : ""
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let v): return JSONWriter.number(v)
        case .string(let s): return QuotedString.json(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            if items.allSatisfy({ if case .number = $0 { return true } else { return false } }) {
                return "[" + items.map { $0.render() }.joined(separator: ",") + "]"
            }
            return "[" + nl + items.map { pad + $0.render(indent: indent + 1, pretty: pretty) }.joined(separator: "," + nl)
                + nl + close + "]"
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            return "{" + nl
                + pairs.map { pad + QuotedString.json($0.0) + ": " + $0.1.render(indent: indent + 1, pretty: pretty) }
                .joined(separator: "," + nl) + nl + close + "}"
        }
    }
}
