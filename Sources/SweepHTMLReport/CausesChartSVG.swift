import SweepReporting

/// One defect's cause kinds (causes.csv added up over every configuration) as horizontal bars: one bar per
/// cause kind and rule, most frequent first, its length the share of the defect's runs it caused (x axis 0 to
/// 100%), its count and share written after it. Bars carry `data-defect`, `data-cause`, `data-rule`,
/// `data-count` and `data-total`.
enum CausesChartSVG {
    static let plotWidth = 320.0, barHeight = 20.0

    static func render(defect: String, causes: [ReportData.Cause]) -> String {
        let sorted = causes.enumerated().sorted { x, y in
            x.element.count != y.element.count ? x.element.count > y.element.count : x.offset < y.offset
        }.map(\.element)
        let total = sorted.reduce(0) { $0 + $1.count }
        guard total > 0 else { return "" }
        let labels = sorted.map { "\($0.causeKind) (\($0.rule))" }
        let left = max(labels.map(HTMLText.width).max() ?? 0, HTMLText.width("cause (rule)")) + 8
        let top = 40.0
        let valueWidth = HTMLText.width("100.0% (\(total))")
        let title = "\(defect): \(total) runs by cause"
        let xTitle = "share of the \(HTMLText.defectWords(defect)) of every configuration"
        let width = max(left + plotWidth + valueWidth + 8, HTMLText.width(title) + 8, left + HTMLText.width(xTitle) + 8)
        let plotBottom = top + Double(sorted.count) * barHeight
        let height = plotBottom + 40
        func x(_ share: Double) -> Double { left + plotWidth * share }
        var svg =
            "<svg class=\"causes\" width=\"\(HTMLText.coordinate(width))\" height=\"\(HTMLText.coordinate(height))\""
            + " viewBox=\"0 0 \(HTMLText.coordinate(width)) \(HTMLText.coordinate(height))\" role=\"img\""
            + HTMLText.attributes([("aria-label", "\(defect) runs by cause kind")]) + ">\n"
        svg += "<text x=\"4\" y=\"14\" class=\"axis\">\(HTMLText.escape(title))</text>\n"
        svg += "<text x=\"4\" y=\"\(HTMLText.coordinate(top - 8))\" class=\"small y-label\">cause (rule)</text>\n"
        for t in [0.0, 0.25, 0.5, 0.75, 1.0] {
            svg +=
                "<line x1=\"\(HTMLText.coordinate(x(t)))\" y1=\"\(HTMLText.coordinate(top - 2))\" x2=\"\(HTMLText.coordinate(x(t)))\""
                + " y2=\"\(HTMLText.coordinate(plotBottom + 3))\" stroke=\"\(t == 0 ? "#888888" : "#eeeeee")\"/>\n"
            svg +=
                "<text x=\"\(HTMLText.coordinate(x(t)))\" y=\"\(HTMLText.coordinate(plotBottom + 15))\" text-anchor=\"middle\" class=\"small tick\">"
                + "\(ReportNumber.fixed(t * 100, digits: 0))%</text>\n"
        }
        for (i, (cause, label)) in zip(sorted, labels).enumerated() {
            let y = top + Double(i) * barHeight
            let share = Double(cause.count) / Double(total)
            svg += "<text x=\"4\" y=\"\(HTMLText.coordinate(y + barHeight / 2 + 4))\">\(HTMLText.escape(label))</text>\n"
            svg +=
                "<rect class=\"cause-bar\" x=\"\(HTMLText.coordinate(left))\" y=\"\(HTMLText.coordinate(y + 3))\""
                + " width=\"\(HTMLText.coordinate(max(plotWidth * share, 1)))\" height=\"\(HTMLText.coordinate(barHeight - 6))\" fill=\"#d6604d\""
                + HTMLText.attributes([
                    ("data-defect", defect), ("data-cause", cause.causeKind), ("data-rule", cause.rule),
                    ("data-count", String(cause.count)), ("data-total", String(total))
                ])
                + "><title>\(HTMLText.escape("\(label): \(cause.count) of \(total) \(HTMLText.defectWords(defect))"))</title></rect>\n"
            svg +=
                "<text x=\"\(HTMLText.coordinate(x(share) + 4))\" y=\"\(HTMLText.coordinate(y + barHeight / 2 + 4))\" class=\"small\">"
                + "\(HTMLText.percent(share)) (\(cause.count))</text>\n"
        }
        svg +=
            "<text x=\"\(HTMLText.coordinate(left))\" y=\"\(HTMLText.coordinate(plotBottom + 32))\" class=\"small x-label\">\(HTMLText.escape(xTitle))</text>\n"
        return svg + "</svg>"
    }
}
