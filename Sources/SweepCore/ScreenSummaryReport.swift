import SweepPlanning
import SweepReporting

/// by_screen_summary.csv (issue 35): summary.csv's counts per real screen × configuration, for `sweep check
/// --per-screen`: a screen's runs are those aimed at its elements (`SweepTallies.elements`, as by_screen.csv), and
/// each class's count is split into its categories (`SweepTallies.elementCategories`), so a gate counts hazards by
/// default as the whole-sweep one does. Rows: screens in `trees.screens` order, then configurations in plan order.
public enum ScreenSummaryReport {
    public static let fileName = "by_screen_summary.csv"

    /// The metric columns after `screen`, `config_id` and the axes.
    static var metricColumns: [String] {
        ["runs"] + NotCounted.allCases.map { "runs_not_counted_\($0.name)" }
            + DefectClass.allCases.flatMap { d in ["\(d.name)_attempts", "\(d.name)_count", "\(d.name)_rate"] }
            + DefectClass.allCases.flatMap { d in DefectCategory.allCases.map { "\(d.name)_\($0.name)_count" } }
    }

    public static func columns(_ plan: SweepPlan) -> [String] { ["screen", "config_id"] + Reports.axisColumns(plan) + metricColumns }

    public static func csv(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        var table = CSVTable(columns: columns(plan))
        for t in 0 ..< plan.screenCount {
            let elements = plan.screenTrees[t].elements.indices.map { plan.screenElementOffsets[t] + $0 }
            for c in plan.configurations.indices {
                var tally = Tally()
                var categories = CategoryCounts()
                for e in elements {
                    tally.merge(tallies.elements[c][e])
                    if let counted = tallies.elementCategories[c][e] { categories.merge(counted) }
                }
                var fields = [plan.screenNames[t], plan.configurations[c].id] + Reports.axisFields(plan, c)
                fields += [ReportNumber.integer(tally.runs)] + tally.notCounted.map(ReportNumber.integer)
                for d in DefectClass.allCases {
                    let n = tally.attempts(d), k = tally.count(d)
                    fields += [ReportNumber.integer(n), ReportNumber.integer(k), ReportNumber.fixed(n > 0 ? Double(k) / Double(n) : nil, digits: 4)]
                }
                for d in DefectClass.allCases {
                    fields += DefectCategory.allCases.map { ReportNumber.integer(categories.count(d, $0, total: tally.count(d))) }
                }
                table.append(fields)
            }
        }
        return table.render()
    }
}
