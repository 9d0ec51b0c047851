import SweepReporting

/// Escaping and number formatting for the page: every text that comes from a file goes through ``escape(_:)``.
enum HTMLText {
    /// `text` safe inside an element or a quoted attribute.
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// A rate as the CSV files write it (4 decimals), or an empty string.
    static func rate(_ v: Double?) -> String { ReportNumber.fixed(v, digits: 4) }

    /// An SVG coordinate: at most one decimal, no locale.
    static func coordinate(_ v: Double) -> String { ReportNumber.fixed(v, digits: 1) }

    /// `name="value"` pairs, escaped, in the given order.
    static func attributes(_ pairs: [(String, String)]) -> String {
        pairs.map { " \($0.0)=\"\(escape($0.1))\"" }.joined()
    }

    /// A fill colour for `t` in 0…1: from near-white to deep red.
    static func heatColour(_ t: Double) -> String {
        let x = min(max(t.isNaN ? 0 : t, 0), 1)
        func channel(_ from: Double, _ to: Double) -> Int { Int((from + (to - from) * x).rounded()) }
        let r = channel(247, 178), g = channel(247, 24), b = channel(247, 43)
        return "#" + [r, g, b].map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }

    /// Roughly how wide `text` is at 12 px (for laying out labels).
    static func width(_ text: String) -> Double { Double(text.count) * 7 + 8 }
}
