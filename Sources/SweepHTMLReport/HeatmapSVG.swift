import SweepReporting

/// One defect's rate over two axes as an inline SVG grid: rows are the first axis's values, columns the
/// second's; each cell is the rate pooled over the configurations with both values (Σcount / Σattempts) and
/// carries its numbers as `data-` attributes. Colours run from white (0) to red (`scaleMax`).
enum HeatmapSVG {
    static let cellWidth = 72.0, cellHeight = 30.0

    static func render(_ data: ReportData, outcome: Int, _ a: Int, _ b: Int, scaleMax: Double) -> String {
        let table = data.table
        let defect = table.outcomes[outcome]
        let axisA = table.axes[a], axisB = table.axes[b]
        let grid = FactorEffects.cells(table, outcome: outcome, a, b)
        let left = max(HTMLText.width(axisA.name), axisA.levels.map(HTMLText.width).max() ?? 0) + 8
        let top = 48.0
        // Wide enough for the grid, for the second axis's name above it and for the colour scale below it.
        let width = left + max(Double(axisB.levels.count) * cellWidth, HTMLText.width(axisB.name + " →"), 240) + 8
        let gridBottom = top + Double(axisA.levels.count) * cellHeight
        let height = gridBottom + 30
        var svg = "<svg class=\"heatmap\" width=\"\(HTMLText.coordinate(width))\" height=\"\(HTMLText.coordinate(height))\""
            + " viewBox=\"0 0 \(HTMLText.coordinate(width)) \(HTMLText.coordinate(height))\" role=\"img\""
            + HTMLText.attributes([("aria-label", "\(defect) rate by \(axisA.name) and \(axisB.name)")]) + ">\n"
        svg += "<text x=\"\(HTMLText.coordinate(left))\" y=\"14\" class=\"axis\">\(HTMLText.escape(axisB.name)) →</text>\n"
        svg += "<text x=\"4\" y=\"\(HTMLText.coordinate(top - 6))\" class=\"axis\">\(HTMLText.escape(axisA.name)) ↓</text>\n"
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
                let t = cell.rate.map { scaleMax > 0 ? $0 / scaleMax : 0 } ?? .nan
                let fill = cell.rate == nil ? "#e0e0e0" : HTMLText.heatColour(t)
                svg += "<rect class=\"cell\" x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(y))\" width=\"\(HTMLText.coordinate(cellWidth - 2))\""
                    + " height=\"\(HTMLText.coordinate(cellHeight - 2))\" fill=\"\(fill)\""
                    + HTMLText.attributes([("data-defect", defect), ("data-axis", axisA.name), ("data-level", level),
                                           ("data-axis2", axisB.name), ("data-level2", level2),
                                           ("data-count", String(cell.count)), ("data-attempts", String(cell.attempts)),
                                           ("data-rate", HTMLText.rate(cell.rate))])
                    + "><title>\(HTMLText.escape("\(axisA.name)=\(level), \(axisB.name)=\(level2): \(cell.count) / \(cell.attempts)"))</title></rect>\n"
                let label = cell.rate == nil ? "–" : HTMLText.rate(cell.rate)
                let ink = t > 0.6 ? "#ffffff" : "#222222"
                svg += "<text x=\"\(HTMLText.coordinate(x + cellWidth / 2 - 1))\" y=\"\(HTMLText.coordinate(y + cellHeight / 2 + 3))\""
                    + " text-anchor=\"middle\" fill=\"\(ink)\">\(label)</text>\n"
            }
        }
        // The colour scale: five swatches from 0 to the defect's highest configuration rate.
        for k in 0 ... 4 {
            let x = left + Double(k) * 28
            svg += "<rect class=\"legend\" x=\"\(HTMLText.coordinate(x))\" y=\"\(HTMLText.coordinate(gridBottom + 8))\" width=\"26\" height=\"12\""
                + " fill=\"\(HTMLText.heatColour(Double(k) / 4))\" stroke=\"#cccccc\"/>\n"
        }
        svg += "<text x=\"\(HTMLText.coordinate(left + 146))\" y=\"\(HTMLText.coordinate(gridBottom + 18))\" class=\"small\">0 … \(HTMLText.rate(scaleMax))</text>\n"
        return svg + "</svg>"
    }
}
