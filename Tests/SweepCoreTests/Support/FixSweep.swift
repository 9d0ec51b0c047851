import SweepPlanning
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// A small sweep over some templates, every run kept with its defects' causes (`PlanRuns`, the sweep's own
/// classification), so a test can count a defect from one cause on one kind of screen under some axis values.
struct FixSweep {
    struct Record {
        var configuration: Int
        var template: TreeTemplate
        var exampleID: String
        var family: GestureFamily
        /// The kind and name of the view the first touch-down hit.
        var hitKind: ViewKind?
        var hitName: String
        var causes: [(defect: DefectClass, kind: CauseKind)]
    }

    let plan: SweepPlan
    let records: [Record]

    /// `axes` and `zip` are YAML lines (indented by the caller's choice, two spaces here).
    init(axes: [String], zip: [String] = [], templates: [TreeTemplate], trees: Int, seed: Int = 13) throws {
        let yaml =
            (["name: fix-sweep", "seed: \(seed)", "axes:"] + axes.map { "  " + $0 }
            + (zip.isEmpty ? [] : ["zip:"] + zip.map { "  - " + $0 })
            + [
                "trees:", "  perConfiguration: \(trees)",
                "  templates: {" + templates.map { "\($0.rawValue): 1" }.joined(separator: ", ") + "}",
                "gestures:", "  placements: 2"
            ]).joined(separator: "\n")
        let plan = SweepPlan(try SweepConfigLoader.load(yaml: yaml, path: "fix-sweep.yaml"))
        var records: [Record] = []
        PlanRuns.forEach(plan: plan, configurations: Array(plan.configurations.indices)) { run in
            records.append(
                Record(
                    configuration: run.configuration, template: run.template, exampleID: run.exampleID(plan),
                    family: run.family, hitKind: run.firstHit.map { run.scene.views[$0].kind },
                    hitName: run.firstHit.map { run.scene.views[$0].name } ?? "-", causes: run.causes.map { ($0.defect, $0.kind) }))
            return true
        }
        self.plan = plan
        self.records = records
    }

    /// A seed fix's values as a YAML list, from the one place they are written (`AxisCatalog.seedFixes`).
    static func fixValues(_ axis: String) -> [AxisValue] { AxisCatalog.seedFix(forAxis: axis)?.values ?? [] }

    /// Whether configuration `c` has every value of `values` (axis → one of the listed values).
    func matches(_ c: Int, _ values: [String: [AxisValue]]) -> Bool {
        values.allSatisfy { axis, allowed in plan.configurations[c][axis].map(allowed.contains) ?? false }
    }

    /// The runs showing `defect` (from `cause`, when given) on `template` (every template when nil) in the
    /// configurations with `values`.
    func runs(
        _ defect: DefectClass, _ cause: CauseKind? = nil, on template: TreeTemplate? = nil,
        where values: [String: [AxisValue]]
    ) -> [Record] {
        records.filter { r in
            (template == nil || r.template == template) && matches(r.configuration, values)
                && r.causes.contains { $0.defect == defect && (cause == nil || $0.kind == cause) }
        }
    }

    func count(
        _ defect: DefectClass, _ cause: CauseKind? = nil, on template: TreeTemplate? = nil,
        where values: [String: [AxisValue]]
    ) -> Int {
        runs(defect, cause, on: template, where: values).count
    }

    /// How many configurations have `values` (a guard that a condition selects something).
    func configurationCount(where values: [String: [AxisValue]]) -> Int {
        plan.configurations.indices.filter { matches($0, values) }.count
    }
}
