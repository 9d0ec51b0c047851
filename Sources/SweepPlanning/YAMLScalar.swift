import Foundation
import Yams

/// How a YAML scalar reads in a sweep config. The loader and the YAML → JSON conversion used to check configs
/// against the JSON Schema share these rules, so that both see the same types:
/// - plain `~`, `null`, `Null`, `NULL` or nothing: null;
/// - plain `true`/`True`/`TRUE`/`false`/`False`/`FALSE`: a boolean;
/// - a plain finite decimal number (`16`, `-3.5`, `1e3`, `.5`; no hex, no `inf`/`nan`, no `_`): a number, kept exact;
/// - anything else, and every quoted or block scalar: a string.
public enum YAMLScalar: Hashable, Sendable {
    case null
    case bool(Bool)
    /// An exact decimal with the text it was written as.
    case number(Decimal, text: String)
    case string(String)

    /// The value of a scalar node, or nil for a list, a map or an alias.
    public init?(_ node: Node) {
        guard case .scalar(let scalar) = node else { return nil }
        self = YAMLScalar(text: scalar.string, plain: scalar.style == .plain || scalar.style == .any)
    }

    public init(text: String, plain: Bool) {
        guard plain else { self = .string(text); return }
        switch text {
        case "", "~", "null", "Null", "NULL": self = .null
        case "true", "True", "TRUE": self = .bool(true)
        case "false", "False", "FALSE": self = .bool(false)
        default:
            if let d = DecimalText.parse(text) { self = .number(d, text: text) } else { self = .string(text) }
        }
    }
}

/// Exact decimal numbers for config values: ranges step without floating-point drift, integers stay exact up
/// to `UInt64.max`.
public enum DecimalText {
    /// A finite decimal number such as `16`, `-3.5`, `1e3`, `.5`; nil for anything else.
    public static func parse(_ text: String) -> Decimal? {
        guard !text.isEmpty, text.allSatisfy({ "0123456789+-.eE".contains($0) }),
            text.contains(where: { $0.isNumber }),
            let double = Double(text), double.isFinite, let value = Decimal(string: text)
        else { return nil }
        return value
    }

    /// The nearest `Double` (through the decimal text, so `0.3` gives the same double as the literal `0.3`).
    public static func double(_ value: Decimal) -> Double { Double(text(value)) ?? 0 }

    /// The decimal's text in plain notation (`0.3`, `1000`, `-2.5`).
    public static func text(_ value: Decimal) -> String {
        var v = value
        return NSDecimalString(&v, nil)
    }

    public static func isInteger(_ value: Decimal) -> Bool {
        var v = value, rounded = Decimal()
        NSDecimalRound(&rounded, &v, 0, .plain)
        return rounded == value
    }

    /// The values `from`, `from + step`, … up to and including `to` (when a step lands on it), computed as
    /// `from + k × step` in decimal arithmetic. Nil when there would be more than `limit` values.
    public static func steps(from: Decimal, to: Decimal, step: Decimal, limit: Int) -> [Decimal]? {
        guard step > 0 else { return nil }
        var values: [Decimal] = []
        var k = 0
        while true {
            let value = from + Decimal(k) * step
            if value > to { break }
            if values.count == limit { return nil }
            values.append(value)
            k += 1
        }
        return values
    }
}
