import SweepPlanning
import SweepReporting
import TouchEngine
import TouchScenarios

/// by_screen.csv: for every real screen of a sweep (`trees.screens`), its elements worst first, with their
/// class names and window frames (four columns), the worst configuration's axis values (one column per axis) and
/// counts per defect class; by_screen_config.csv, for each element, the configurations under which it failed.
///
/// The numbers come from `SweepTallies.elements`, which the work units fill (`UnitResult.elements`), so
/// `sweep run` and `sweep submit` write the same bytes and the coordinator runs nothing itself. A scenario can
/// show more than one defect (a drag both swallowed and a ghost tap), so rates are defects per run.
public enum ScreenReport {
    /// The columns before the worst configuration's axis values, and after them (docs/reports.md, "by_screen.csv").
    static let leadingColumns =
        [
            "screen", "rank", "element", "class", "kind", "frame_x", "frame_y", "frame_width", "frame_height",
            "runs"
        ] + NotCounted.allCases.map { "runs_not_counted_\($0.name)" }
        + ["defects", "defects_per_run", "worst_config", "worst_config_defects_per_run"]
    static let trailingColumns = DefectClass.allCases.map { "\($0.name)_count" } + ["failing_configurations"]

    /// by_screen.csv's header: the worst configuration's axis values are one column per axis, named as summary.csv
    /// names them.
    public static func columns(_ plan: SweepPlan) -> [String] { leadingColumns + Reports.axisColumns(plan) + trailingColumns }

    /// by_screen_config.csv's header: one row per element and configuration under which it failed.
    public static let configColumns =
        ["screen", "rank", "element", "config_id", "runs"] + NotCounted.allCases.map { "runs_not_counted_\($0.name)" }
        + ["defects", "defects_per_run"] + DefectClass.allCases.map { "\($0.name)_count" }

    /// One element over every configuration.
    struct ElementSummary {
        var element: Int
        var runs = 0
        /// Runs counted in no class (a tap on a text input, a swipe the system took), per `NotCounted` reason: not in
        /// the rates.
        var notCountedByReason = [Int](repeating: 0, count: NotCounted.allCases.count)
        var notCounted: Int { notCountedByReason.reduce(0, +) }
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
                for (i, k) in tally.notCounted.enumerated() { notCountedByReason[i] += k }
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

    /// One element of a screen: its summary over every configuration, and its tally per configuration.
    struct ElementRow {
        var screen: Int
        var rank: Int
        var summary: ElementSummary
        var tallies: [Tally]
    }

    /// Each screen's elements, worst first (equals in document order).
    static func elements(_ plan: SweepPlan, _ tallies: SweepTallies) -> [ElementRow] {
        var out: [ElementRow] = []
        for t in 0 ..< plan.screenCount {
            var rows: [ElementRow] = []
            for e in plan.screenTrees[t].elements.indices {
                let perConfiguration: [Tally] = plan.configurations.indices.map { tallies.elements[$0][plan.screenElementOffsets[t] + e] }
                rows.append(
                    ElementRow(
                        screen: t, rank: 0, summary: ElementSummary(element: e, tallies: perConfiguration),
                        tallies: perConfiguration))
            }
            rows.sort { $0.summary.rate != $1.summary.rate ? $0.summary.rate > $1.summary.rate : $0.summary.element < $1.summary.element }
            for i in rows.indices { rows[i].rank = i + 1 }
            out += rows
        }
        return out
    }

    /// The element column: the view's name, and, when another element of the screen is the same view (a navigation
    /// controller's back-swipe strip on a view that is itself a target), its kind after it, so that each row of a
    /// screen names one element.
    static func elementLabel(_ tree: GeneratedTree, _ e: Int) -> String {
        let element = tree.elements[e]
        let name = tree.scene.views[element.view].name
        let shared = tree.elements.indices.contains { $0 != e && tree.elements[$0].view == element.view }
        return shared ? "\(name) (\(kindName(element.kind)))" : name
    }

    /// The worst element of each screen that has a defect (rank 1 of by_screen.csv), worst first: for the terminal
    /// summary.
    public static func worstElements(_ plan: SweepPlan, _ tallies: SweepTallies) -> [(
        screen: String, element: String, kind: String, rate: Double, defect: String
    )] {
        var result: [(screen: String, element: String, kind: String, rate: Double, defect: String)] = []
        for row in elements(plan, tallies) where row.rank == 1 && row.summary.defects > 0 {
            let tree = plan.screenTrees[row.screen]
            let top = row.summary.counts.indices.max { row.summary.counts[$0] < row.summary.counts[$1] }!
            result.append(
                (
                    plan.screenNames[row.screen], elementLabel(tree, row.summary.element), kindName(tree.elements[row.summary.element].kind),
                    row.summary.rate, DefectClass.allCases[top].name
                ))
        }
        return result.sorted { $0.rate > $1.rate }
    }

    public static func csv(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        var table = CSVTable(columns: columns(plan))
        for row in elements(plan, tallies) {
            let t = row.screen, rank = row.rank, r = row.summary
            let tree = plan.screenTrees[t]
            let element = tree.elements[r.element]
            let view = tree.scene.views[element.view]
            let frame = element.visibleRect
            let failed = r.defects > 0
            var fields = [
                plan.screenNames[t], String(rank), elementLabel(tree, r.element), view.className ?? view.kind.uikitClass,
                kindName(element.kind)
            ]
            fields += [frame.origin.x, frame.origin.y, frame.size.width, frame.size.height].map { ReportNumber.fixed($0, digits: 1) }
            fields += [ReportNumber.integer(r.runs)] + r.notCountedByReason.map(ReportNumber.integer)
            fields += [
                ReportNumber.integer(r.defects), ReportNumber.fixed(r.runs > r.notCounted ? r.rate : nil, digits: 4),
                failed ? plan.configurations[r.worst].id : "", failed ? ReportNumber.fixed(r.worstRate, digits: 4) : ""
            ]
            fields += failed ? Reports.axisFields(plan, r.worst) : Reports.axisColumns(plan).map { _ in "" }
            fields += r.counts.map(ReportNumber.integer) + [ReportNumber.integer(r.failing.count)]
            table.append(fields)
        }
        return table.render()
    }

    /// by_screen_config.csv: for every element of by_screen.csv (in its order), one row per configuration under
    /// which it failed at least once (plan order), with that configuration's numbers for the element.
    public static func configCSV(_ plan: SweepPlan, _ tallies: SweepTallies) -> String {
        var table = CSVTable(columns: configColumns)
        for row in elements(plan, tallies) {
            let t = row.screen, rank = row.rank, r = row.summary, perConfiguration = row.tallies
            let label = elementLabel(plan.screenTrees[t], r.element)
            for c in r.failing {
                let tally = perConfiguration[c]
                let defects = tally.counts.reduce(0, +), notCounted = tally.notCounted.reduce(0, +)
                let perRun = tally.runs > notCounted ? Double(defects) / Double(tally.runs - notCounted) : nil
                var fields = [plan.screenNames[t], String(rank), label, plan.configurations[c].id, ReportNumber.integer(tally.runs)]
                fields += tally.notCounted.map(ReportNumber.integer)
                fields += [ReportNumber.integer(defects), ReportNumber.fixed(perRun, digits: 4)] + tally.counts.map(ReportNumber.integer)
                table.append(fields)
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
        case .navigation: return "navigation"
        case .sheet: return "sheet"
        case .panel: return "panel"
        case .canvas: return "canvas"
        }
    }
}
