import SweepPlanning
import SweepReporting
import TouchEngine
import TouchScenarios

/// by_screen.csv: for every real screen of a sweep (`trees.screens`), its elements worst first, with their
/// class names and window frames, and for each element the configurations under which it failed.
///
/// The numbers come from `SweepTallies.elements`, which the work units fill (`UnitResult.elements`), so
/// `sweep run` and `sweep submit` write the same bytes and the coordinator runs nothing itself.
public enum ScreenReport {
    public static func csv(_ plan: SweepPlan, _ all: SweepTallies) -> String {
        var table = CSVTable(columns: ["screen", "rank", "element", "class", "kind", "frame", "runs", "defects",
                                       "defect_rate", "worst_config", "worst_config_rate", "worst_config_values"]
                             + DefectClass.allCases.map { $0.name } + ["failing_configs"])
        for t in 0 ..< plan.screenCount {
            let base = plan.screenTrees[t]
            // tallies[element][configuration]
            let tallies = base.elements.indices.map { e in
                plan.configurations.indices.map { c in all.elements[c][plan.screenElementOffsets[t] + e] }
            }
            struct Row { var element: Int; var runs: Int; var defects: Int; var counts: [Int]; var worst: Int; var worstRate: Double; var failing: [Int] }
            var rows: [Row] = []
            for e in base.elements.indices {
                var runs = 0, defects = 0, worst = 0, worstRate = -1.0
                var counts = [Int](repeating: 0, count: DefectClass.allCases.count)
                var failing: [Int] = []
                for c in plan.configurations.indices {
                    let tally = tallies[e][c]
                    let n = DefectClass.allCases.reduce(0) { $0 + tally.count($1) }
                    runs += tally.runs
                    defects += n
                    for d in DefectClass.allCases { counts[d.rawValue] += tally.count(d) }
                    let rate = tally.runs > 0 ? Double(n) / Double(tally.runs) : 0
                    if n > 0 { failing.append(c) }
                    if rate > worstRate { worstRate = rate; worst = c }
                }
                rows.append(Row(element: e, runs: runs, defects: defects, counts: counts, worst: worst, worstRate: max(0, worstRate), failing: failing))
            }
            func rate(_ r: Row) -> Double { r.runs > 0 ? Double(r.defects) / Double(r.runs) : 0 }
            rows.sort { a, b in rate(a) != rate(b) ? rate(a) > rate(b) : a.element < b.element }
            for (rank, r) in rows.enumerated() {
                let element = base.elements[r.element]
                let view = base.scene.views[element.view]
                let frame = element.visibleRect
                let worstValues = plan.configurations[r.worst].values.map(\.description).joined(separator: " ")
                table.append([plan.config.trees.screens[t].name, String(rank + 1), view.name, view.className ?? view.kind.uikitClass,
                              kindName(element.kind),
                              [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map { ReportNumber.fixed($0, digits: 1) }
                                .joined(separator: " "),
                              ReportNumber.integer(r.runs), ReportNumber.integer(r.defects),
                              ReportNumber.fixed(r.runs > 0 ? rate(r) : nil, digits: 4),
                              r.defects > 0 ? plan.configurations[r.worst].id : "",
                              r.defects > 0 ? ReportNumber.fixed(r.worstRate, digits: 4) : "",
                              r.defects > 0 ? worstValues : ""]
                             + r.counts.map(ReportNumber.integer)
                             + [r.failing.map { plan.configurations[$0].id }.joined(separator: " ")])
            }
        }
        return table.render()
    }

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
