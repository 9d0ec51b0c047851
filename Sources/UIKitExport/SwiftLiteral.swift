import TouchEngine

/// Swift literals for the generated file: numbers, strings, geometry. Numbers follow the trace's rules
/// (rounded to 0.001, whole numbers without a decimal point, never `-0`), so the file is the same bytes on
/// every platform.
enum SwiftLiteral {
    /// `150`, `16.667`, `-2`.
    static func number(_ value: Double, decimals: Int = 3) -> String {
        var scale = 1.0
        for _ in 0 ..< decimals { scale *= 10 }
        let rounded = (value * scale).rounded() / scale
        if rounded == 0 { return "0" }
        let negative = rounded < 0
        let magnitude = abs(rounded)
        let whole = magnitude.rounded(.down)
        var fraction = Int64(((magnitude - whole) * scale).rounded())
        var wholeDigits = Int64(whole)
        if Double(fraction) >= scale { wholeDigits += 1; fraction = 0 }
        var text = String(wholeDigits)
        if fraction > 0 {
            var digits = String(fraction)
            while digits.count < decimals { digits = "0" + digits }
            while digits.hasSuffix("0") { digits.removeLast() }
            text += "." + digits
        }
        return (negative ? "-" : "") + text
    }

    /// Milliseconds of virtual time as a number (`16.667`).
    static func ms(_ time: VirtualTime) -> String { number(time.milliseconds) }

    /// `20_000_000`: an integer literal with its digits grouped by three.
    static func grouped(_ value: Int64) -> String {
        let digits = Array(String(abs(value)))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out += "_" }
            out.append(digit)
        }
        return (value < 0 ? "-" : "") + out
    }

    /// A duration in seconds for a `TimeInterval` property (`0.5`).
    static func seconds(_ duration: Duration) -> String { number(duration.seconds, decimals: 6) }

    /// A double-quoted Swift string literal.
    static func string(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    static func rect(_ r: Rect) -> String {
        "CGRect(x: \(number(r.minX)), y: \(number(r.minY)), width: \(number(r.size.width)), height: \(number(r.size.height)))"
    }

    static func point(_ p: Point) -> String { "CGPoint(x: \(number(p.x)), y: \(number(p.y)))" }

    static func size(_ s: Size) -> String { "CGSize(width: \(number(s.width)), height: \(number(s.height)))" }

    static func insets(_ e: EdgeInsets) -> String {
        "UIEdgeInsets(top: \(number(e.top)), left: \(number(e.left)), bottom: \(number(e.bottom)), right: \(number(e.right)))"
    }

    /// `(70, 122)` for comments.
    static func pair(_ p: Point) -> String { "(\(number(p.x)), \(number(p.y)))" }

    /// `[x, y, w, h]` as the scenario writes a frame.
    static func frame(_ r: Rect) -> String {
        "[\(number(r.minX)), \(number(r.minY)), \(number(r.size.width)), \(number(r.size.height))]"
    }

    /// `["A", "B"]`.
    static func stringArray(_ values: [String]) -> String { "[" + values.map(string).joined(separator: ", ") + "]" }
}
