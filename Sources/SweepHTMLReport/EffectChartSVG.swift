import SweepReporting

/// One defect's rate at each value of one axis (effects.csv's `level` rows) as bars with 95% whiskers: the
/// y axis in percent with its ticks and title, the axis's values under the bars and the axis's name under them.
/// The bars carry their numbers as `data-` attributes. The margins are measured from the labels, so none is
/// cut off.
enum EffectChartSVG {
    static let plotHeight = 120.0

    static func render(_ rows: [ReportData.EffectRow], main: ReportData.EffectRow?, scaleMax: Double) -> String {
        guard let first = rows.first else { return "" }
        let ticks = Ticks.nice(upTo: scaleMax > 0 ? scaleMax : 1, count: 4)
        let scale = ticks.last ?? 1
        let tickLabels = ticks.map { ReportNumber.fixed($0 * 100, digits: Ticks.digits(ticks, times: 100)) + "%" }
        let yTitle = "\(first.defect) rate"
        // Left: the rotated y title (one line of 12 px) and the widest tick label.
        let left = 22 + (tickLabels.map(HTMLText.width).max() ?? 0)
        let barWidth = max(56, (rows.map { HTMLText.width($0.level) }.max() ?? 0) + 6)
        let top = 28.0
        let title = "\(first.axis): main effect \(HTMLText.points(main?.effect))"
        let plotRight = left + Double(rows.count) * barWidth
        let width = max(plotRight + 8, HTMLText.width(title) + 8, left + HTMLText.width(first.axis) + 8)
        let height = top + plotHeight + 54
        func y(_ v: Double) -> Double { top + plotHeight * (1 - min(v / scale, 1)) }
        var svg =
            "<svg class=\"effect\" width=\"\(HTMLText.coordinate(width))\" height=\"\(HTMLText.coordinate(height))\""
            + " viewBox=\"0 0 \(HTMLText.coordinate(width)) \(HTMLText.coordinate(height))\" role=\"img\""
            + HTMLText.attributes([("aria-label", "\(first.defect) rate by \(first.axis)")]) + ">\n"
        svg += "<text x=\"4\" y=\"14\" class=\"axis\">\(HTMLText.escape(title))</text>\n"
        let middle = HTMLText.coordinate(top + plotHeight / 2)
        svg +=
            "<text x=\"14\" y=\"\(middle)\" transform=\"rotate(-90 14 \(middle))\" text-anchor=\"middle\" class=\"small y-label\">"
            + "\(HTMLText.escape(yTitle))</text>\n"
        for (t, label) in zip(ticks, tickLabels) {
            svg +=
                "<line x1=\"\(HTMLText.coordinate(left - 3))\" y1=\"\(HTMLText.coordinate(y(t)))\" x2=\"\(HTMLText.coordinate(plotRight))\""
                + " y2=\"\(HTMLText.coordinate(y(t)))\" stroke=\"\(t == 0 ? "#888888" : "#eeeeee")\"/>\n"
            svg += "<text x=\"\(HTMLText.coordinate(left - 6))\" y=\"\(HTMLText.coordinate(y(t) + 4))\" text-anchor=\"end\" class=\"tick\">\(label)</text>\n"
        }
        for (i, row) in rows.enumerated() {
            let x = left + Double(i) * barWidth + 6
            let w = barWidth - 12
            let rate = row.rate ?? 0
            svg +=
                "<rect class=\"bar\" x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(y(rate)))\" width=\"\(HTMLText.coordinate(w))\""
                + " height=\"\(HTMLText.coordinate(y(0) - y(rate)))\" fill=\"#4575b4\""
                + HTMLText.attributes([
                    ("data-defect", row.defect), ("data-axis", row.axis), ("data-level", row.level),
                    ("data-count", String(row.count)), ("data-attempts", String(row.attempts)),
                    ("data-rate", HTMLText.rate(row.rate)), ("data-low", HTMLText.rate(row.low)),
                    ("data-high", HTMLText.rate(row.high))
                ])
                + "><title>\(HTMLText.escape("\(row.axis) = \(row.level): \(HTMLText.percent(row.rate)), 95% interval \(HTMLText.interval(row.low, row.high)) (\(row.count) / \(row.attempts))"))</title></rect>\n"
            if let low = row.low, let high = row.high {
                let cx = HTMLText.coordinate(x + w / 2)
                svg +=
                    "<line class=\"whisker\" x1=\"\(cx)\" y1=\"\(HTMLText.coordinate(y(low)))\" x2=\"\(cx)\" y2=\"\(HTMLText.coordinate(y(high)))\" stroke=\"#222222\"/>\n"
            }
            svg +=
                "<text x=\"\(HTMLText.coordinate(x + w / 2))\" y=\"\(HTMLText.coordinate(y(0) + 14))\" text-anchor=\"middle\">\(HTMLText.escape(row.level))</text>\n"
            svg +=
                "<text x=\"\(HTMLText.coordinate(x + w / 2))\" y=\"\(HTMLText.coordinate(y(0) + 28))\" text-anchor=\"middle\" class=\"small\">\(HTMLText.percent(row.rate))</text>\n"
        }
        svg +=
            "<text x=\"\(HTMLText.coordinate(left))\" y=\"\(HTMLText.coordinate(y(0) + 46))\" class=\"small x-label\">\(HTMLText.escape(first.axis))</text>\n"
        return svg + "</svg>"
    }
}

/// Axis ticks at round steps (1, 2 or 5 times a power of ten), distinct and increasing.
enum Ticks {
    /// Ticks from 0 to the first round step at or above `end`, about `count` intervals.
    static func nice(upTo end: Double, count: Int) -> [Double] {
        guard end > 0, end.isFinite else { return [0] }
        let step = niceStep(end / Double(max(count, 1)))
        let n = Int((end / step - 1e-9).rounded(.up))
        return (0 ... n).map { Double($0) * step }
    }

    /// The smallest of 1, 2, 5 × 10^k at or above `raw`.
    static func niceStep(_ raw: Double) -> Double {
        var power = 1.0
        while power > raw { power /= 10 }
        while power * 10 <= raw { power *= 10 }
        for m in [1.0, 2, 5, 10] where m * power >= raw * (1 - 1e-9) { return m * power }
        return 10 * power
    }

    /// Decimals that write every tick (times `times`) distinctly: none for whole steps, one for 0.5, two for 0.05.
    static func digits(_ ticks: [Double], times: Double = 1) -> Int {
        guard ticks.count > 1 else { return 0 }
        var step = (ticks[1] - ticks[0]) * times
        var digits = 0
        while digits < 6 && (step - step.rounded()).magnitude > 1e-6 {
            step *= 10
            digits += 1
        }
        return digits
    }
}
