import TouchScenarios

/// Generated parts of docs/sweep-config.md (a test checks the file holds them; TOUCHSWEEP_RECORD=1 rewrites them and fails).
public enum SweepDocs {
    public static let path = "docs/sweep-config.md"
    public static let axisTableBegin = "<!-- axis-table:begin (generated from AxisCatalog; do not edit by hand) -->"
    public static let axisTableEnd = "<!-- axis-table:end -->"

    /// A markdown table of every axis: name, values (and forms), summary, and the seed fix it applies
    /// (`AxisCatalog.seedFixes`: the fixing values and their source).
    public static var axisTable: String {
        var lines = ["| axis | values | summary | seed fix |", "|---|---|---|---|"]
        for axis in AxisCatalog.all {
            var values = axis.allowedValues
            switch axis.type {
            case .number: values += "; a list or `{from, to, step}`"
            case .bool: values += "; a list or `bool`"
            default: values += "; a list"
            }
            lines.append("| `\(axis.name)` | \(escape(values)) | \(escape(axis.summary)) | \(escape(fixText(axis))) |")
        }
        return lines.joined(separator: "\n")
    }

    /// `text` with the region between the axis-table markers replaced by `axisTable` (nil without markers).
    public static func replacingAxisTable(in text: String) -> String? {
        guard let begin = text.range(of: axisTableBegin), let end = text.range(of: axisTableEnd),
            begin.upperBound <= end.lowerBound
        else { return nil }
        return String(text[..<begin.upperBound]) + "\n" + axisTable + "\n" + String(text[end.lowerBound...])
    }

    /// "`false`: seed 004: …", "`a` or `b`: …", or empty for an axis without a seed fix.
    static func fixText(_ axis: AxisDefinition) -> String {
        guard let fix = axis.fix else { return "" }
        return fix.values.map { "`\($0)`" }.joined(separator: " or ") + " — " + fix.source
    }

    static func escape(_ s: String) -> String { s.replacingOccurrences(of: "|", with: "\\|") }
}
