import SweepPlanning
import TouchEngine
import TouchScenarios

/// Runs scenarios of a plan again exactly as the sweep ran them (untraced, classified, each defect with its cause
/// from `CauseAnalysis` and its category from `DefectCategories`), in plan order: for a report that needs a particular run the tallies do not keep (the
/// residual rows' examples), and for tests that look at runs one by one.
public enum PlanRuns {
    /// One scenario and what the sweep made of it.
    public struct Run {
        public var configuration: Int
        public var treeIndex: Int
        public var template: TreeTemplate
        public var family: GestureFamily
        public var placement: Int
        public var gesture: Gesture
        /// The configured tree's scene (the gesture's script is not in it).
        public var scene: Scene
        /// The view the gesture's first touch-down hit (nil: none, or the gesture never touched down).
        public var firstHit: ViewID?
        public var verdict: ScenarioVerdict
        /// One cause per class of `verdict.defects`, in `DefectSet` order, with its category.
        public var causes: [(defect: DefectClass, kind: CauseKind, category: DefectCategory)]

        /// The id `sweep trace --replay` takes: `<config id>-t<tree>-<family>-p<placement>`.
        public func exampleID(_ plan: SweepPlan) -> String {
            "\(plan.configurations[configuration].id)-t\(treeIndex)-\(family.rawValue)-p\(placement)"
        }

        /// The cause of `defect` in this run, if the run showed it.
        public func cause(of defect: DefectClass) -> CauseKind? { causes.first { $0.defect == defect }?.kind }
    }

    /// Visits every scenario of `configurations` (indices into the plan's), configuration by configuration in
    /// the order given, then trees and gestures in plan order, until `body` returns false.
    public static func forEach(plan: SweepPlan, configurations: [Int], _ body: (Run) -> Bool) {
        var runner = UnitRunner(plan: plan)
        var engine = EngineRunner()
        let categories = DefectCategories(plan: plan)
        for c in configurations {
            for t in 0 ..< plan.treeCount {
                let base = runner.baseTree(t)
                let tree = plan.configured(base.tree, configuration: c)
                let prepared = PreparedScene(tree.scene)
                for entry in base.gestures {
                    let (verdict, found, hit) = engine.withSummary(prepared, script: entry.gesture.script) { summary in
                        let verdict = Classifier.classify(gesture: entry.gesture, prepared: prepared, summary: summary)
                        return (
                            verdict,
                            verdict.defects.map { d in
                                let kind = CauseAnalysis.cause(of: d, gesture: entry.gesture, scene: prepared.scene, summary: summary)
                                let designed = DefectCategories.isDesigned(
                                    d, cause: kind, gesture: entry.gesture, prepared: prepared, summary: summary)
                                return (defect: d, kind: kind, designed: designed)
                            }, summary.firstHit ?? nil
                        )
                    }
                    let whatIf =
                        verdict.defects.isEmpty
                        ? DefectSet()
                        : categories.owed(verdict.defects, plan, configuration: c, tree: t, base: base.tree, gesture: entry.gesture)
                    let causes = found.map {
                        (defect: $0.defect, kind: $0.kind, category: DefectCategories.category($0.defect, designed: $0.designed, whatIf: whatIf))
                    }
                    let run = Run(
                        configuration: c, treeIndex: t, template: tree.template, family: entry.family,
                        placement: entry.placement, gesture: entry.gesture, scene: tree.scene, firstHit: hit,
                        verdict: verdict, causes: causes)
                    guard body(run) else { return }
                }
            }
        }
    }
}
