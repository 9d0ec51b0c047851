/// The short ranked table printed on the terminal after a sweep, e.g.
///
/// ```
/// dead button: highest rates
/// rank  config  label                     rate  95% CI (trees)    count / attempts
///    1  c0003   delay=300 cancel=never  0.4120  [0.3819, 0.4428]    412 / 1000
///    2  c0001   delay=150 cancel=never  0.0500  [0.0215, 0.1118]      5 / 100
/// ```
public enum RankedSummary {
    /// One configuration's figures for one defect class.
    public struct Row: Sendable, Equatable {
        public var configID: String
        public var label: String
        public var rate: Double
        public var low: Double
        public var high: Double
        public var count: Int
        public var attempts: Int

        public init(configID: String, label: String, rate: Double, low: Double, high: Double, count: Int, attempts: Int) {
            self.configID = configID
            self.label = label
            self.rate = rate
            self.low = low
            self.high = high
            self.count = count
            self.attempts = attempts
        }
    }

    /// The rows to show: those with `attempts > 0` and a non-NaN rate, by rate descending, ties kept in
    /// their input (configuration) order, at most `top` of them.
    /// - Precondition: `top >= 0`.
    public static func ranked(_ rows: [Row], top: Int) -> [Row] {
        precondition(top >= 0, "top must not be negative")
        let eligible = rows.enumerated().filter { $0.element.attempts > 0 && !$0.element.rate.isNaN }
        let sorted = eligible.sorted { a, b in
            a.element.rate != b.element.rate ? a.element.rate > b.element.rate : a.offset < b.offset
        }
        return sorted.prefix(top).map(\.element)
    }

    /// The aligned text: `title` on its own line, a header line, then one line per ranked row (or
    /// `  (no configuration had attempts)`), every line ending in LF with no trailing spaces.
    ///
    /// Columns are separated by two spaces (one around the `/`); rank, rate and counts are right-aligned,
    /// config, label and interval left-aligned; widths are counted in Characters (wide East Asian glyphs
    /// are not accounted for). Rates are percentages with one decimal (``ReportNumber/percent(_:)``). Control characters in ids and labels
    /// (tabs, newlines) are shown as spaces so that each row stays on one line.
    /// `compact`: narrower for a terminal: a shorter header (`#`, `95% CI`) and the counts as one column, `count/of`
    /// (`28/110`), so a table of five varied axes fits 80 columns.
    public static func render(title: String, rows: [Row], top: Int, compact: Bool = false) -> String {
        let shown = ranked(rows, top: top)
        var lines = [oneLine(title)]
        guard !shown.isEmpty else { return (lines + ["  (no configuration had attempts)"]).joined(separator: "\n") + "\n" }
        let header =
            compact
            ? ["#", "config", "label", "rate", "95% CI", "count", "/", "of"]
            : ["rank", "config", "label", "rate", "95% CI (trees)", "count", "/", "attempts"]
        let cells = shown.enumerated().map { i, row in
            [
                String(i + 1), oneLine(row.configID), oneLine(row.label), ReportNumber.percent(row.rate),
                ReportNumber.percentInterval(row.low, row.high),
                ReportNumber.integer(row.count), "/", ReportNumber.integer(row.attempts)
            ]
        }
        let leftAligned: Set<Int> = [1, 2, 4, 7]
        let widths = header.indices.map { c in ([header] + cells).map { $0[c].count }.max() ?? 0 }
        // Compact: count, "/" and attempts as one right-aligned column.
        let countsWidth = ([header] + cells).map { $0[5].count + $0[6].count + $0[7].count }.max() ?? 0
        for record in [header] + cells {
            let padded = record.enumerated().map { c, text in
                let fill = String(repeating: " ", count: widths[c] - text.count)
                return leftAligned.contains(c) ? text + fill : fill + text
            }
            var line = padded[0 ..< 6].joined(separator: "  ") + " " + padded[6] + " " + padded[7]
            if compact {
                let counts = record[5] + record[6] + record[7]
                line = padded[0 ..< 5].joined(separator: "  ") + "  " + String(repeating: " ", count: countsWidth - counts.count) + counts
            }
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(line)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func oneLine(_ text: String) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map {
                    $0.properties.generalCategory == .control ? " " : $0
                }))
    }
}
