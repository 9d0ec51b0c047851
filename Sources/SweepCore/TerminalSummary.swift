import SweepPlanning
import SweepReporting

/// The short ranked summary `sweep run` prints: the configurations with the highest dead-button and
/// swallowed-scroll rates, the axes whose values move those rates most, and what remains where every documented
/// seed fix is applied (``ResidualReport``).
public enum TerminalSummary {
    /// The line that says which interval the tables give.
    public static let intervalNote = "Intervals: 95% over trees (runs of one tree count as correlated; docs/reports.md, \"Intervals\")\n"

    /// The summary, laid out by `layout` (``TerminalLayout``: `.wide` unless the command fits it to a terminal).
    public static func render(plan: SweepPlan, tallies: SweepTallies, top: Int = 5, layout: TerminalLayout = .wide) -> String {
        var out = CategorySummary.terminal(tallies) + intervalNote
        if layout != .wide { out += FittedRanking.legend(plan) }
        let varied = FittedRanking.variedAxes(plan)
        // Each configuration's total tally and label, made once for both tables.
        let totals = tallies.configurations.map(\.total)
        let labels = plan.configurations.indices.map { c in
            layout == .wide ? plan.configurations[c].values.map(\.description).joined(separator: " ") : FittedRanking.label(plan, c, varied: varied)
        }
        for defect in [DefectClass.deadButton, .swallowedScroll] {
            let rows = plan.configurations.indices.map { c -> RankedSummary.Row in
                let t = totals[c]
                let n = t.attempts(defect), k = t.count(defect)
                let ci = t.interval95(defect)
                return RankedSummary.Row(
                    configID: plan.configurations[c].id,
                    label: labels[c],
                    rate: n > 0 ? Double(k) / Double(n) : .nan, low: ci?.low ?? 0, high: ci?.high ?? 0,
                    count: k, attempts: n)
            }
            let title = "Highest \(defect.name) rates"
            out +=
                (layout == .wide
                    ? RankedSummary.render(title: title, rows: rows, top: top)
                    : FittedRanking.render(title: title, plan: plan, rows: rows, top: top)) + "\n"
        }
        out += worstScreenElements(plan: plan, tallies: tallies, top: top)
        out += axesThatMatter(plan: plan, tallies: tallies)
        out += notCounted(tallies)
        out += ModelBands.terminal(plan, tallies)
        out += ResidualReport.terminal(plan, tallies)
        return layout.wrap(out)
    }

    /// The real screens' worst elements (by_screen.csv's rank 1 of each screen with a defect), worst first.
    static func worstScreenElements(plan: SweepPlan, tallies: SweepTallies, top: Int) -> String {
        let worst = ScreenReport.worstElements(plan, tallies)
        guard !worst.isEmpty else { return "" }
        var out = "Worst element of each screen (defects per run over every configuration; by_screen.csv)\n"
        for w in worst.prefix(top) {
            out += "  \(w.screen): \(w.element) (\(w.kind))  \(ReportNumber.fixed(w.rate, digits: 2)) defects per run, mostly \(w.defect)\n"
        }
        if worst.count > top { out += "  … \(worst.count - top) more screens in by_screen.csv\n" }
        return out + "\n"
    }

    /// A line naming the runs counted in no class, when there are any (docs/defects.md, "Runs not counted").
    static func notCounted(_ tallies: SweepTallies) -> String {
        let totals = NotCounted.allCases.map { reason in tallies.configurations.reduce(0) { $0 + $1.notCounted(reason) } }
        guard totals.contains(where: { $0 > 0 }) else { return "" }
        let why: [NotCounted: String] = [
            .textInput: "taps on text inputs, whose editing UIKit does not document",
            .systemGesture: "swipes the system took from the top edge",
            .cannotScroll: "drags on a view this configuration leaves nothing to scroll",
            .privateSwitch: "taps and drags on a UISwitch, which iOS 26 drives by private recognizers (§5.4)"
        ]
        return "Runs counted in no class (docs/defects.md): "
            + zip(NotCounted.allCases, totals).filter { $0.1 > 0 }.map { "\($0.0.name) \($0.1) (\(why[$0.0]!))" }.joined(separator: ", ")
            + "\n"
    }

    /// For each defect class that applied to any scenario: the axes with the largest main effects (effects.csv's
    /// `main` rows: highest − lowest pooled rate across the axis's levels), with their lowest and highest
    /// level, and the strongest interaction.
    static func axesThatMatter(plan: SweepPlan, tallies: SweepTallies, top: Int = 3) -> String {
        let table = EffectsReport.table(plan, tallies)
        guard table.axes.contains(where: \.isVaried) else { return "" }
        var out = "Axes that drive each defect (main effect = highest − lowest pooled rate across the axis's values, in percentage points; effects.csv)\n"
        for (o, defect) in table.outcomes.enumerated() where table.pooled(outcome: o).attempts > 0 {
            let ranked = FactorEffects.ranked(FactorEffects.mainEffects(table, outcome: o)).filter { ($0.effect ?? 0) > 0 }
            guard !ranked.isEmpty else {
                out += "\(defect): no axis changes the rate\n"
                continue
            }
            out += "\(defect):\n"
            let shown = ranked.prefix(top)
            let width = shown.map { table.axes[$0.axis].name.count }.max() ?? 0
            let effectWidth = shown.map { ReportNumber.points($0.effect).count }.max() ?? 0
            for main in shown {
                let axis = table.axes[main.axis]
                // Ranked effects are above 0, so at least two levels have a rate.
                let (low, high) = main.extremes!
                let effect = ReportNumber.points(main.effect)
                out +=
                    "  " + axis.name.padding(width) + "  " + String(repeating: " ", count: effectWidth - effect.count) + effect
                    + "  (\(axis.levels[low]) \(ReportNumber.percent(main.levels[low].rate))"
                    + " → \(axis.levels[high]) \(ReportNumber.percent(main.levels[high].rate)))\n"
            }
            if let i = FactorEffects.interactions(table, outcome: o).first, i.strength > 0 {
                out +=
                    "  strongest interaction: \(table.axes[i.axis].name) × \(table.axes[i.axis2].name) "
                    + ReportNumber.points(i.strength) + "\n"
            }
        }
        return out
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
