import SweepPlanning
import SweepReporting

/// "Residual after the fix" (issue 13 §5, docs/reports.md): the defects that remain in the configurations that
/// apply every documented seed fix the config names (`EveryFixConfigurations`), by class and cause kind with the
/// rule that decides it, so a user sees what the fixes do not fix and why. residuals.csv, a block of the
/// terminal summary and a section of report.html.
public enum ResidualReport {
    public static let columns = ["defect", "cause_kind", "rule", "count", "attempts", "rate", "configurations", "example_id"]

    /// One class × cause kind that remains.
    public struct Row: Equatable, Sendable {
        public var defect: DefectClass
        public var kind: CauseKind
        /// Defective runs with this cause, over the every-fix configurations.
        public var count: Int
        /// Runs the class applied to, over the every-fix configurations (the same on every row of the class).
        public var attempts: Int
        /// How many of the every-fix configurations have at least one such run.
        public var configurations: Int
        /// The first such run in plan order (configuration, tree, gesture), for `sweep trace --replay`.
        public var exampleID: String
    }

    /// Rows in `DefectClass` order, then `CauseKind` order; only counts above 0.
    public static func rows(_ plan: SweepPlan, _ tallies: SweepTallies, fixed: EveryFixConfigurations) -> [Row] {
        var rows: [Row] = []
        for d in DefectClass.allCases {
            let attempts = fixed.configurations.reduce(0) { $0 + tallies.configurations[$1].attempts(d) }
            for k in CauseKind.allCases {
                let counts = fixed.configurations.map { tallies.configurations[$0].causes.count(d, k) }
                let count = counts.reduce(0, +)
                guard count > 0 else { continue }
                rows.append(
                    Row(
                        defect: d, kind: k, count: count, attempts: attempts,
                        configurations: counts.filter { $0 > 0 }.count, exampleID: ""))
            }
        }
        fillExamples(&rows, plan: plan, configurations: fixed.configurations)
        return rows
    }

    /// Each row's first run in plan order: the every-fix configurations' scenarios run again until every row has
    /// one (the tallies keep counts, not runs; the kept examples are a few per configuration, not per cause).
    static func fillExamples(_ rows: inout [Row], plan: SweepPlan, configurations: [Int]) {
        var missing = rows.count
        guard missing > 0 else { return }
        PlanRuns.forEach(plan: plan, configurations: configurations) { run in
            for (defect, kind, _) in run.causes {
                if let i = rows.firstIndex(where: { $0.defect == defect && $0.kind == kind }), rows[i].exampleID.isEmpty {
                    rows[i].exampleID = run.exampleID(plan)
                    missing -= 1
                }
            }
            return missing > 0
        }
    }

    public static func csv(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        csv(rows(plan, tallies, fixed: plan.everyFix))
    }

    static func csv(_ rows: [Row]) -> String {
        var table = CSVTable(columns: columns)
        for r in rows {
            table.append([
                r.defect.name, r.kind.name, r.kind.rule, ReportNumber.integer(r.count), ReportNumber.integer(r.attempts),
                ReportNumber.fixed(r.attempts > 0 ? Double(r.count) / Double(r.attempts) : nil, digits: 4),
                ReportNumber.integer(r.configurations), r.exampleID
            ])
        }
        return table.render()
    }

    /// The terminal's block: which configurations apply every fix, then per class that applied to them its
    /// count and, indented, its causes with an example id.
    public static func terminal(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        let fixed = plan.everyFix
        var out = "Residual after the fix (what the documented seed fixes leave; docs/reports.md, \"Residual after the fix\")\n"
        if let reason = noConfigurationReason(fixed) { return out + "  " + reason + "\n" }
        let ids = fixed.configurations.map { plan.configurations[$0].id }
        out +=
            (ids.count == 1 ? "  1 configuration applies" : "  \(ids.count) configurations apply") + " every fix ("
            + EveryFixConfigurations.fixValues(plan: plan).joined(separator: ", ") + "): "
            + (ids.count <= 6 ? ids.joined(separator: " ") : ids.prefix(5).joined(separator: " ") + " … " + ids.last!) + "\n"
        let rows = rows(plan, tallies, fixed: fixed)
        let width = DefectClass.allCases.map(\.name.count).max() ?? 0
        for d in DefectClass.allCases {
            let attempts = fixed.configurations.reduce(0) { $0 + tallies.configurations[$1].attempts(d) }
            guard attempts > 0 else { continue }
            let mine = rows.filter { $0.defect == d }
            let count = mine.reduce(0) { $0 + $1.count }
            out +=
                "  " + d.name.padding(width) + "  \(count) / \(attempts)"
                + (count > 0 ? "  (" + ReportNumber.percent(Double(count) / Double(attempts)) + ")" : "") + "\n"
            for r in mine {
                let screen = plan.screenName(ofExample: r.exampleID).map { " (screen \($0))" } ?? ""
                out += "    \(r.kind.name) (\(r.kind.rule))  \(r.count)  e.g. \(r.exampleID)\(screen)\n"
            }
        }
        return out
    }

    /// Why no configuration applies every fix, or nil when some do.
    public static func noConfigurationReason(_ fixed: EveryFixConfigurations) -> String? {
        if fixed.axes.isEmpty { return "The config names no axis with a seed fix (docs/sweep-config.md's axis table lists them)." }
        if !fixed.unfixable.isEmpty {
            return "No configuration applies every fix: " + fixed.unfixable.joined(separator: ", ")
                + " never take\(fixed.unfixable.count == 1 ? "s" : "") a fixing value."
        }
        if fixed.configurations.isEmpty { return "No configuration applies every fix: the exclude rules drop every combination that does." }
        return nil
    }
}
