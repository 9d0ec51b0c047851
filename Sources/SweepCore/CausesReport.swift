import SweepPlanning
import SweepReporting

/// causes.csv (issue 13 §4): for every configuration and defect class, how many of its defective runs had each
/// cause (`CauseAnalysis`, over every run, not only the kept examples), with the rule that decides the cause in
/// its own column, so that grouping by defect and rule answers "why". Every defective run has exactly one row's
/// worth of count: a configuration's counts of a class add up to its `<class>_count` in summary.csv.
public enum CausesReport {
    public static let columns = ["config_id", "defect", "cause_kind", "rule", "category", "count"]

    /// Rows in plan order, then defect classes in `DefectClass` order, then cause kinds in `CauseKind` order, then
    /// categories (hazard, designed, what_if: `DefectCategory`, docs/defects.md); only non-zero counts.
    public static func csv(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        var table = CSVTable(columns: columns)
        for c in plan.configurations.indices {
            for entry in tallies.configurations[c].causes.entries {
                table.append([
                    plan.configurations[c].id, entry.defect.name, entry.kind.name, entry.kind.rule, entry.category.name,
                    ReportNumber.integer(entry.count)
                ])
            }
        }
        return table.render()
    }
}
