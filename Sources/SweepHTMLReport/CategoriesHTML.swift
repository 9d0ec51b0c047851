import SweepCore
import SweepPlanning

/// "What each count rests on": every counted class split into hazards, UIKit's designed behaviour and what-if
/// values (summary.csv's category columns, docs/defects.md), and the what-if values this sweep runs with who
/// declares each.
enum CategoriesHTML {
    static func render(_ data: ReportData) -> String {
        guard let totals = data.categoryTotals else { return "" }
        var html =
            "<section id=\"categories\">\n<h2>What each count rests on</h2>\n<p>Hazard: a setting apps ship, which a "
            + "documented fix changes. Designed: UIKit doing what Apple designed it to do. What-if: a value no shipped app "
            + "is known to keep. Rates out of the class's attempts over every configuration (summary.csv, causes.csv; "
            + "docs/defects.md).</p>\n<table>\n<tr><th>defect</th><th>count</th>"
            + DefectCategory.allCases.map { "<th>\(HTMLText.escape($0.label))</th>" }.joined() + "</tr>\n"
        var any = false
        for o in data.activeOutcomes where totals[o].reduce(0, +) > 0 {
            any = true
            let attempts = data.table.pooled(outcome: o).attempts
            html +=
                "<tr" + HTMLText.attributes([("data-defect", data.table.outcomes[o])]) + "><td>"
                + HTMLText.escape(data.table.outcomes[o]) + "</td><td>\(totals[o].reduce(0, +))</td>"
            for g in DefectCategory.allCases {
                let k = totals[o][g.rawValue]
                html += "<td>\(k) (\(HTMLText.percent(attempts > 0 ? Double(k) / Double(attempts) : nil)))</td>"
            }
            html += "</tr>\n"
        }
        if !any { html += "<tr><td colspan=\"5\">no defect counted</td></tr>\n" }
        html += "</table>\n"
        let entries = DefectCategories(plan: data.inputs.plan).entries
        if !entries.isEmpty {
            html += "<p>What-if values this sweep runs:</p>\n<ul class=\"what-ifs\">\n"
            for e in entries {
                let axis = data.inputs.plan.config.axes[e.axis]
                let values = e.values.map { axis.values[$0].description }.joined(separator: ", ")
                html +=
                    "<li><code>\(HTMLText.escape(axis.name)) = \(HTMLText.escape(values))</code> ("
                    + HTMLText.escape(e.source) + "): " + HTMLText.escape(e.declaration.reason) + "</li>\n"
            }
            html += "</ul>\n"
        }
        return html + "</section>\n"
    }
}
