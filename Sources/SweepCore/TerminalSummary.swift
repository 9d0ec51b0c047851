import SweepPlanning
import SweepReporting

/// The short ranked summary `sweep run` prints: the configurations with the highest dead-button and
/// swallowed-scroll rates, and the axes whose values move those rates most.
public enum TerminalSummary {
    public static func render(plan: SweepPlan, tallies: SweepTallies, top: Int = 5) -> String {
        var out = ""
        for defect in [DefectClass.deadButton, .swallowedScroll] {
            let rows = plan.configurations.indices.map { c -> RankedSummary.Row in
                let t = tallies.configurations[c].total
                let n = t.attempts(defect), k = t.count(defect)
                let ci = WilsonInterval.interval95(successes: k, trials: n)
                return RankedSummary.Row(configID: plan.configurations[c].id,
                                         label: plan.configurations[c].values.map(\.description).joined(separator: " "),
                                         rate: n > 0 ? Double(k) / Double(n) : .nan, low: ci?.low ?? 0, high: ci?.high ?? 0,
                                         count: k, attempts: n)
            }
            out += RankedSummary.render(title: "Highest \(defect.name) rates", rows: rows, top: top) + "\n"
        }
        out += axesThatMatter(plan: plan, tallies: tallies)
        return out
    }

    /// For each axis: pool the scenarios of every configuration by the axis's value and report the spread
    /// (highest − lowest pooled rate) for dead buttons and swallowed scrolls; axes by largest spread first.
    static func axesThatMatter(plan: SweepPlan, tallies: SweepTallies) -> String {
        struct Effect { var axis: String; var dead: Double; var swallowed: Double }
        var effects: [Effect] = []
        for axis in plan.config.axes where axis.values.count > 1 {
            func spread(_ defect: DefectClass) -> Double {
                var rates: [Double] = []
                for value in axis.values {
                    var n = 0, k = 0
                    for c in plan.configurations.indices where plan.configurations[c][axis.name] == value {
                        n += tallies.configurations[c].total.attempts(defect)
                        k += tallies.configurations[c].total.count(defect)
                    }
                    if n > 0 { rates.append(Double(k) / Double(n)) }
                }
                guard let lo = rates.min(), let hi = rates.max() else { return 0 }
                return hi - lo
            }
            effects.append(Effect(axis: axis.name, dead: spread(.deadButton), swallowed: spread(.swallowedScroll)))
        }
        guard !effects.isEmpty else { return "" }
        let ranked = effects.enumerated().sorted { a, b in
            let x = max(a.element.dead, a.element.swallowed), y = max(b.element.dead, b.element.swallowed)
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
        let width = max(4, ranked.map(\.axis.count).max() ?? 4)
        var out = "Axes that matter most (spread of pooled rates between the axis's values)\n"
        out += "axis".padding(width) + "  dead_button  swallowed_scroll\n"
        for e in ranked {
            out += e.axis.padding(width) + "  " + ReportNumber.fixed(e.dead, digits: 4).padding(11) + "  "
                + ReportNumber.fixed(e.swallowed, digits: 4) + "\n"
        }
        return out
    }
}

extension String {
    func padding(_ width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }
}
