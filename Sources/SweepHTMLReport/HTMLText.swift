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

    /// A rate as the CSV files write it (4 decimals), or an empty string: for `data-` attributes only, which
    /// tests and scripts read; a person reads ``percent(_:)``.
    static func rate(_ v: Double?) -> String { ReportNumber.fixed(v, digits: 4) }

    /// A rate as a person reads it on the page: a percentage with one decimal (`0.1523` → `15.2%`), or `–`.
    static func percent(_ v: Double?) -> String { ReportNumber.percent(v) }

    /// A 95% interval as percentages: `7.5–39.8%`.
    static func interval(_ low: Double?, _ high: Double?) -> String { ReportNumber.percentInterval(low, high) }

    /// A difference of two rates in percentage points (`0.1096` → `11.0 points`).
    static func points(_ v: Double?) -> String { ReportNumber.points(v) }

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

    /// Roughly how wide `text` is at 12 px, bold included, with a margin (for laying out labels; the Chromium
    /// test checks that no label leaves its chart at 1024 and 1440 px).
    static func width(_ text: String) -> Double { Double(text.count) * 7.5 + 8 }

    /// How a defect class is said in a sentence: `dead_button` → `dead buttons`.
    static func defectWords(_ defect: String) -> String {
        switch defect {
        case "dead_button": return "dead buttons"
        case "swallowed_scroll": return "swallowed scrolls"
        case "ghost_tap": return "ghost taps"
        case "wrong_scroller": return "wrong scrollers"
        case "late_feedback": return "late feedback"
        case "late_action": return "late actions"
        case "invisible_feedback": return "invisible feedback"
        case "swallowed_zoom": return "swallowed zooms"
        case "swallowed_back": return "swallowed back swipes"
        case "accidental_back": return "accidental backs"
        case "accidental_dismiss": return "accidental dismissals"
        case "stuck_sheet": return "stuck sheets"
        case "double_motion": return "double motion"
        default: return String(defect.map { $0 == "_" ? " " : $0 })
        }
    }
}
