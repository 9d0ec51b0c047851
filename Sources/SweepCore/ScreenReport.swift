import SweepPlanning
import SweepReporting
import TouchEngine
import TouchScenarios

/// by_screen.csv: for every real screen of a sweep (`trees.screens`), its elements worst first, with their
/// class names and window frames, and for each element the configurations under which it failed.
///
/// The numbers come from `SweepTallies.elements`, which the work units fill (`UnitResult.elements`), so
/// `sweep run` and `sweep submit` write the same bytes and the coordinator runs nothing itself. A scenario can
/// show more than one defect (a drag both swallowed and a ghost tap), so rates are defects per run.
public enum ScreenReport {
    static let columns = ["screen", "rank", "element", "class", "kind", "frame", "runs", "runs_not_counted", "defects",
                          "defects_per_run",
                          "worst_config", "worst_config_defects_per_run", "worst_config_values"]
        + DefectClass.allCases.map(\.name) + ["failing_configs"]

    /// One element over every configuration.
    struct ElementSummary {
        var element: Int
        var runs = 0
        /// Runs counted in no class (a tap on a text input, a swipe the system took): not in the rates.
        var notCounted = 0
        var defects = 0
        var counts = [Int](repeating: 0, count: DefectClass.allCases.count)
        /// The configuration with the most defects per run (the first of equals), and that rate.
        var worst = 0
        var worstRate = 0.0
        /// Configurations with at least one defect, in plan order.
        var failing: [Int] = []

        /// `tallies[c]` is the element's tally in configuration `c`.
        init(element: Int, tallies: [Tally]) {
            self.element = element
            for (c, tally) in tallies.enumerated() {
                let n = tally.counts.reduce(0, +)
                runs += tally.runs
                notCounted += tally.notCounted.reduce(0, +)
                defects += n
                for (i, k) in tally.counts.enumerated() { counts[i] += k }
                guard n > 0 else { continue }
                failing.append(c)
                let rate = Double(n) / Double(tally.runs - tally.notCounted.reduce(0, +))
                if rate > worstRate { worstRate = rate; worst = c }
            }
        }

        /// Defects per counted run.
        var rate: Double { runs > notCounted ? Double(defects) / Double(runs - notCounted) : 0 }
    }

    public static func csv(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        var table = CSVTable(columns: columns)
        for t in 0 ..< plan.screenCount {
            let tree = plan.screenTrees[t]
            var rows = tree.elements.indices.map { e in
                ElementSummary(element: e, tallies: plan.configurations.indices.map {
                    tallies.elements[$0][plan.screenElementOffsets[t] + e]
                })
            }
            // Worst first; equals in document order.
            rows.sort { $0.rate != $1.rate ? $0.rate > $1.rate : $0.element < $1.element }
            for (rank, r) in rows.enumerated() {
                let element = tree.elements[r.element]
                let view = tree.scene.views[element.view]
                let frame = element.visibleRect
                let failed = r.defects > 0
                table.append([plan.config.trees.screens[t].name, String(rank + 1), view.name,
                              view.className ?? view.kind.uikitClass, kindName(element.kind),
                              [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height]
                                .map { ReportNumber.fixed($0, digits: 1) }.joined(separator: " "),
                              ReportNumber.integer(r.runs), ReportNumber.integer(r.notCounted), ReportNumber.integer(r.defects),
                              ReportNumber.fixed(r.runs > r.notCounted ? r.rate : nil, digits: 4),
                              failed ? plan.configurations[r.worst].id : "",
                              failed ? ReportNumber.fixed(r.worstRate, digits: 4) : "",
                              failed ? plan.configurations[r.worst].values.map(\.description).joined(separator: " ") : ""]
                             + r.counts.map(ReportNumber.integer)
                             + [r.failing.map { plan.configurations[$0].id }.joined(separator: " ")])
            }
        }
        return table.render()
    }

    /// `button`, `cell`, `scrollView(y)` (with the axes it scrolls, if any).
    static func kindName(_ kind: ElementKind) -> String {
        switch kind {
        case .control(let k): return k.rawValue
        case .cell: return "cell"
        case .scrollView(let axes):
            return axes.isEmpty ? "scrollView" : "scrollView(" + axes.map { $0 == .horizontal ? "x" : "y" }.joined() + ")"
        case .empty: return "content"
        }
    }
}
