import SweepReporting

/// One defect's rate at each value of one axis (effects.csv's `level` rows) as bars with 95% whiskers; the
/// bars carry their numbers as `data-` attributes.
enum EffectChartSVG {
    static let barWidth = 56.0, plotHeight = 120.0

    static func render(_ rows: [ReportData.EffectRow], main: ReportData.EffectRow?, scaleMax: Double) -> String {
        guard let first = rows.first else { return "" }
        let top = 28.0, left = 40.0
        let title = "\(first.axis): main effect \(main.map { HTMLText.rate($0.effect) } ?? "")"
        // Wide enough for the bars and for the title above them.
        let width = max(left + Double(rows.count) * barWidth + 8, HTMLText.width(title) + 8)
        let height = top + plotHeight + 34
        let scale = scaleMax > 0 ? scaleMax : 1
        func y(_ v: Double) -> Double { top + plotHeight * (1 - min(v / scale, 1)) }
        var svg = "<svg class=\"effect\" width=\"\(HTMLText.coordinate(width))\" height=\"\(HTMLText.coordinate(height))\""
            + " viewBox=\"0 0 \(HTMLText.coordinate(width)) \(HTMLText.coordinate(height))\" role=\"img\""
            + HTMLText.attributes([("aria-label", "\(first.defect) rate by \(first.axis)")]) + ">\n"
        svg += "<text x=\"4\" y=\"14\" class=\"axis\">\(HTMLText.escape(title))</text>\n"
        svg += "<line x1=\"\(HTMLText.coordinate(left - 4))\" y1=\"\(HTMLText.coordinate(y(0)))\" x2=\"\(HTMLText.coordinate(width - 4))\" y2=\"\(HTMLText.coordinate(y(0)))\" stroke=\"#888888\"/>\n"
        svg += "<text x=\"\(HTMLText.coordinate(left - 6))\" y=\"\(HTMLText.coordinate(y(scale) + 4))\" text-anchor=\"end\">\(HTMLText.rate(scale))</text>\n"
        svg += "<text x=\"\(HTMLText.coordinate(left - 6))\" y=\"\(HTMLText.coordinate(y(0) + 4))\" text-anchor=\"end\">0</text>\n"
        for (i, row) in rows.enumerated() {
            let x = left + Double(i) * barWidth + 6
            let w = barWidth - 12
            let rate = row.rate ?? 0
            svg += "<rect class=\"bar\" x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(y(rate)))\" width=\"\(HTMLText.coordinate(w))\""
                + " height=\"\(HTMLText.coordinate(y(0) - y(rate)))\" fill=\"#4575b4\""
                + HTMLText.attributes([("data-defect", row.defect), ("data-axis", row.axis), ("data-level", row.level),
                                       ("data-count", String(row.count)), ("data-attempts", String(row.attempts)),
                                       ("data-rate", HTMLText.rate(row.rate)), ("data-low", HTMLText.rate(row.low)),
                                       ("data-high", HTMLText.rate(row.high))])
                + "><title>\(HTMLText.escape("\(row.axis)=\(row.level): \(row.count) / \(row.attempts)"))</title></rect>\n"
            if let low = row.low, let high = row.high {
                let cx = HTMLText.coordinate(x + w / 2)
                svg += "<line class=\"whisker\" x1=\"\(cx)\" y1=\"\(HTMLText.coordinate(y(low)))\" x2=\"\(cx)\" y2=\"\(HTMLText.coordinate(y(high)))\" stroke=\"#222222\"/>\n"
            }
            svg += "<text x=\"\(HTMLText.coordinate(x + w / 2))\" y=\"\(HTMLText.coordinate(y(0) + 14))\" text-anchor=\"middle\">\(HTMLText.escape(row.level))</text>\n"
            svg += "<text x=\"\(HTMLText.coordinate(x + w / 2))\" y=\"\(HTMLText.coordinate(y(0) + 28))\" text-anchor=\"middle\" class=\"small\">\(row.rate == nil ? "–" : HTMLText.rate(row.rate))</text>\n"
        }
        return svg + "</svg>"
    }
}
