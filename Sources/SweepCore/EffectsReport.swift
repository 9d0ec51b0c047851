import SweepPlanning
import SweepReporting

/// effects.csv (issue 7 §3): for each defect class, the pooled rate at every level of every varied axis, each
/// axis's main effect, and the strongest two-way interactions (definitions in `FactorEffects`, docs/reports.md).
public enum EffectsReport {
    /// Interactions listed per defect class: the strongest ones with a strength above 0.
    public static let interactionsPerDefect = 3

    public static let columns = [
        "defect", "kind", "axis", "level", "axis2", "level2", "configurations", "trees", "attempts",
        "count", "rate", "tree_ci95_low", "tree_ci95_high", "effect"
    ]

    /// The plan's configurations as a factor table: axis levels as the reports write them, one outcome per
    /// defect class (in `DefectClass` order), counts and per-tree sums from each configuration's total tally.
    public static func table(_ plan: SweepPlan, _ tallies: SweepTallies) -> FactorTable {
        var table = FactorTable(
            axes: plan.config.axes.map { FactorTable.Axis(name: $0.name, levels: $0.values.map(\.description)) },
            outcomes: DefectClass.allCases.map(\.name))
        for c in plan.configurations.indices {
            let levels = plan.config.axes.map { axis in plan.configurations[c][axis.name].flatMap { axis.values.firstIndex(of: $0) } ?? 0 }
            let total = tallies.configurations[c].total
            table.append(
                FactorTable.Row(
                    levels: levels, attempts: DefectClass.allCases.map { total.attempts($0) },
                    counts: DefectClass.allCases.map { total.count($0) },
                    trees: DefectClass.allCases.map { total.moments($0) }))
        }
        return table
    }

    /// Rows per defect class (in `DefectClass` order): for each varied axis in config order its `level` rows
    /// (levels in config order) then its `main` row; then up to ``interactionsPerDefect`` `interaction` rows,
    /// strongest first.
    public static func csv(_ table: FactorTable) -> String {
        var csv = CSVTable(columns: columns)
        for (o, defect) in table.outcomes.enumerated() {
            let overall = table.pooled(outcome: o)
            for main in FactorEffects.mainEffects(table, outcome: o) {
                let axis = table.axes[main.axis]
                for (l, pooled) in main.levels.enumerated() {
                    csv.append([defect, "level", axis.name, axis.levels[l], "", ""] + numbers(pooled) + [""])
                }
                csv.append([defect, "main", axis.name, "", "", ""] + numbers(overall) + [ReportNumber.fixed(main.effect, digits: 4)])
            }
            for i in FactorEffects.interactions(table, outcome: o).filter({ $0.strength > 0 }).prefix(interactionsPerDefect) {
                csv.append(
                    [
                        defect, "interaction", table.axes[i.axis].name, table.axes[i.axis].levels[i.level],
                        table.axes[i.axis2].name, table.axes[i.axis2].levels[i.level2]
                    ]
                        + numbers(i.cell) + [ReportNumber.fixed(i.strength, digits: 4)])
            }
        }
        return csv.render()
    }

    public static func csv(_ plan: SweepPlan, _ tallies: SweepTallies) -> String { csv(table(plan, tallies)) }

    /// configurations, trees, attempts, count, rate, tree_ci95_low, tree_ci95_high.
    static func numbers(_ p: PooledRate) -> [String] {
        let ci = p.interval95
        return [
            ReportNumber.integer(p.configurations), ReportNumber.integer(p.trees), ReportNumber.integer(p.attempts),
            ReportNumber.integer(p.count), ReportNumber.fixed(p.rate, digits: 4),
            ReportNumber.fixed(ci?.low, digits: 4), ReportNumber.fixed(ci?.high, digits: 4)
        ]
    }
}
