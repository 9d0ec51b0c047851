import SweepReporting

/// One defect's rate over two axes as an inline SVG grid: rows are the first axis's values, columns the
/// second's; each cell is the rate pooled over the configurations with both values (Σcount / Σattempts),
/// written in it as a percentage, and carries its numbers as `data-` attributes. Every heatmap of the page
/// shares one colour scale, ``HeatScale``, from 0 to 100%; the legend marks this defect's highest
/// configuration rate on it.
enum HeatmapSVG {
    static let cellWidth = 72.0, cellHeight = 30.0

    /// `table` is the report's (summary.csv) or the live view's (the results so far). `notRun`: the rows (configurations)
    /// with no run merged yet, in the live view; a cell made only of them is drawn dashed and says "not run", apart from
    /// a cell that ran without an attempt (grey, "–") and from 0% (white).
    static func render(_ table: FactorTable, outcome: Int, _ a: Int, _ b: Int, defectMax: Double, notRun: Set<Int>? = nil) -> String {
        let defect = table.outcomes[outcome]
        let axisA = table.axes[a], axisB = table.axes[b]
        let grid = FactorEffects.cells(table, outcome: outcome, a, b, moments: false)
        let left = max(HTMLText.width(axisA.name + " ↓"), axisA.levels.map(HTMLText.width).max() ?? 0) + 8
        let top = 48.0
        let legendWidth = HeatScale.legendWidth
        // Wide enough for the grid, for the second axis's name above it and for the colour scale below it.
        let width =
            left
            + max(
                Double(axisB.levels.count) * cellWidth, HTMLText.width(axisB.name + " →"),
                legendWidth + 16, HTMLText.width(HeatScale.caption(defectMax))) + 8
        let gridBottom = top + Double(axisA.levels.count) * cellHeight
        // With `notRun`: the cells at least one of whose configurations has run, found in one pass over the rows.
        var ran: Set<[Int]> = []
        if let notRun { for (r, row) in table.rows.enumerated() where !notRun.contains(r) { ran.insert([row.levels[a], row.levels[b]]) } }
        let height = gridBottom + 62
        var svg =
            "<svg class=\"heatmap\" width=\"\(HTMLText.coordinate(width))\" height=\"\(HTMLText.coordinate(height))\""
            + " viewBox=\"0 0 \(HTMLText.coordinate(width)) \(HTMLText.coordinate(height))\" role=\"img\""
            + HTMLText.attributes([("aria-label", "\(defect) rate by \(axisA.name) and \(axisB.name)")]) + ">\n"
        svg += "<text x=\"\(HTMLText.coordinate(left))\" y=\"14\" class=\"axis x-label\">\(HTMLText.escape(axisB.name)) →</text>\n"
        svg += "<text x=\"4\" y=\"\(HTMLText.coordinate(top - 6))\" class=\"axis y-label\">\(HTMLText.escape(axisA.name)) ↓</text>\n"
        for (j, level) in axisB.levels.enumerated() {
            let x = left + (Double(j) + 0.5) * cellWidth
            svg += "<text x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(top - 6))\" text-anchor=\"middle\">\(HTMLText.escape(level))</text>\n"
        }
        for (i, level) in axisA.levels.enumerated() {
            let y = top + Double(i) * cellHeight
            svg += "<text x=\"4\" y=\"\(HTMLText.coordinate(y + cellHeight / 2 + 4))\">\(HTMLText.escape(level))</text>\n"
            for (j, level2) in axisB.levels.enumerated() {
                let cell = grid[i][j]
                let x = left + Double(j) * cellWidth
                if notRun != nil, !ran.contains([i, j]) {
                    svg += notRunCell(x: x, y: y, defect: defect, axes: (axisA.name, level, axisB.name, level2))
                    continue
                }
                let fill = cell.rate.map(HeatScale.colour) ?? "#e0e0e0"
                svg +=
                    "<rect class=\"cell\" x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(y))\" width=\"\(HTMLText.coordinate(cellWidth - 2))\""
                    + " height=\"\(HTMLText.coordinate(cellHeight - 2))\" fill=\"\(fill)\""
                    + HTMLText.attributes([
                        ("data-defect", defect), ("data-axis", axisA.name), ("data-level", level),
                        ("data-axis2", axisB.name), ("data-level2", level2),
                        ("data-count", String(cell.count)), ("data-attempts", String(cell.attempts)),
                        ("data-rate", HTMLText.rate(cell.rate))
                    ])
                    + "><title>\(HTMLText.escape("\(axisA.name) = \(level), \(axisB.name) = \(level2): \(HTMLText.percent(cell.rate)) (\(cell.count) / \(cell.attempts))"))</title></rect>\n"
                let ink = (cell.rate.map(HeatScale.position) ?? 0) > 0.6 ? "#ffffff" : "#222222"
                svg +=
                    "<text x=\"\(HTMLText.coordinate(x + cellWidth / 2 - 1))\" y=\"\(HTMLText.coordinate(y + cellHeight / 2 + 3))\""
                    + " text-anchor=\"middle\" fill=\"\(ink)\">\(HTMLText.percent(cell.rate))</text>\n"
            }
        }
        return svg + HeatScale.legend(x: left, y: gridBottom + 10, defect: defect, defectMax: defectMax) + "</svg>"
    }

    /// A cell none of whose configurations has run yet (live view): dashed outline, no colour, "not run".
    static func notRunCell(x: Double, y: Double, defect: String, axes: (String, String, String, String)) -> String {
        "<rect class=\"cell not-run\" x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(y))\" width=\"\(HTMLText.coordinate(cellWidth - 2))\""
            + " height=\"\(HTMLText.coordinate(cellHeight - 2))\" fill=\"#fafafa\" stroke=\"#9e9e9e\" stroke-dasharray=\"4 3\""
            + HTMLText.attributes([
                ("data-defect", defect), ("data-axis", axes.0), ("data-level", axes.1), ("data-axis2", axes.2), ("data-level2", axes.3),
                ("data-state", "not-run")
            ])
            + "><title>\(HTMLText.escape("\(axes.0) = \(axes.1), \(axes.2) = \(axes.3): not run yet"))</title></rect>\n"
            + "<text x=\"\(HTMLText.coordinate(x + cellWidth / 2 - 1))\" y=\"\(HTMLText.coordinate(y + cellHeight / 2 + 3))\""
            + " text-anchor=\"middle\" fill=\"#757575\">not run</text>\n"
    }
}

/// The one colour scale of every heatmap: 0 to 100%, white to deep red, through the square root of the rate so
/// that the few percent most defects have stay visible (3% is a pale pink, 38% a strong red, 100% the deepest).
enum HeatScale {
    /// The rates the legend labels.
    static let ticks = [0.0, 0.05, 0.25, 0.5, 1.0]
    static let legendWidth = 220.0

    /// Where `rate` falls on the scale, 0…1.
    static func position(_ rate: Double) -> Double { min(max(rate.isNaN ? 0 : rate, 0), 1).squareRoot() }

    static func colour(_ rate: Double) -> String { HTMLText.heatColour(position(rate)) }

    /// The line under the gradient.
    static func caption(_ defectMax: Double) -> String { "rate, one scale for all; ▲ highest configuration \(HTMLText.percent(defectMax))" }

    /// The gradient (20 steps), its tick labels, and a mark at the defect's highest configuration rate.
    static func legend(x: Double, y: Double, defect: String, defectMax: Double) -> String {
        let steps = 20
        let step = legendWidth / Double(steps)
        var svg = "<g class=\"legend\">\n"
        for k in 0 ..< steps {
            svg +=
                "<rect x=\"\(HTMLText.coordinate(x + Double(k) * step))\" y=\"\(HTMLText.coordinate(y))\" width=\"\(HTMLText.coordinate(step + 0.5))\""
                + " height=\"10\" fill=\"\(HTMLText.heatColour((Double(k) + 0.5) / Double(steps)))\"/>\n"
        }
        svg +=
            "<rect x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(y))\" width=\"\(HTMLText.coordinate(legendWidth))\" height=\"10\" fill=\"none\" stroke=\"#cccccc\"/>\n"
        for t in ticks {
            let tx = x + legendWidth * position(t)
            let anchor = t == 0 ? "start" : t == 1 ? "end" : "middle"
            svg +=
                "<text x=\"\(HTMLText.coordinate(tx))\" y=\"\(HTMLText.coordinate(y + 27))\" text-anchor=\"\(anchor)\" class=\"small\">"
                + "\(HTMLText.percent(t))</text>\n"
        }
        let mx = x + legendWidth * position(defectMax)
        svg +=
            "<path class=\"defect-max\" d=\"M\(HTMLText.coordinate(mx)) \(HTMLText.coordinate(y + 10))l-4 6h8z\" fill=\"#222222\""
            + HTMLText.attributes([("data-rate", HTMLText.rate(defectMax))]) + "><title>"
            + HTMLText.escape("highest configuration rate of \(defect): \(HTMLText.percent(defectMax))") + "</title></path>\n"
        svg +=
            "<text x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(y + 44))\" class=\"small\">"
            + HTMLText.escape(caption(defectMax)) + "</text>\n"
        return svg + "</g>\n"
    }
}
