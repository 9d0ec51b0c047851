import SweepPlanning
import TouchEngine
import TouchScenarios

/// The one table that decides what each counted defect rests on (``DefectCategory``; docs/defects.md, "What a
/// count rests on", lists the same rows). A defective run's class is, in this order:
/// 1. **designed** when its cause is UIKit's design (``isDesigned(_:cause:gesture:prepared:summary:)``);
/// 2. **what-if** when the run owes it to axis values declared what-ifs — by the axis catalog, by the tree's template or
///    by the config — that are in force and act on the run's tree: the same gesture, on the tree with each such value
///    replaced by the one shipped apps keep (`WhatIfValue.instead`), does not show the class; or the tree is a real
///    screen whose dump looks captured mid-transition (no user touches a screen in that state);
/// 3. **hazard** otherwise: a setting real apps ship, which the documented fixes change.
public struct DefectCategories: Sendable {
    /// A what-if value the plan runs.
    public struct Entry: Sendable {
        /// Index into the plan's axes.
        public let axis: Int
        /// The indices of the axis's values that are what-ifs.
        public let values: [Int]
        /// The classes a run may owe to them.
        let classes: DefectSet
        /// Only trees of this template (a template's declaration).
        public let template: TreeTemplate?
        public let declaration: WhatIfValue
        /// Who declares it: "the axis catalog", "the drawer template", "the config".
        public let source: String
    }

    public let entries: [Entry]
    /// The real screens (tree indices) whose dumps look captured mid-transition.
    let transientScreens: Set<Int>

    public init(plan: SweepPlan) {
        var entries: [Entry] = []
        let templates = Set(plan.config.trees.templates.filter { $0.weight > 0 }.map(\.template))
        func add(_ declaration: WhatIfValue, template: TreeTemplate?, source: String, values: [AxisValue]? = nil) {
            guard let k = plan.config.axes.firstIndex(where: { $0.name == declaration.axis }) else { return }
            let matching = plan.config.axes[k].values.indices.filter { i in
                let v = plan.config.axes[k].values[i]
                return values?.contains(v) ?? declaration.matches(v)
            }
            guard !matching.isEmpty else { return }
            let classes = declaration.classes.compactMap { name in DefectClass.allCases.first { $0.name == name } }
            // A name no class has (a typo) would otherwise widen the declaration to every class.
            precondition(classes.count == declaration.classes.count, "what-if \(declaration.axis) names an unknown class")
            entries.append(
                Entry(
                    axis: k, values: matching, classes: classes.isEmpty ? DefectSet(DefectClass.allCases) : DefectSet(classes),
                    template: template, declaration: declaration, source: source))
        }
        for declaration in AxisCatalog.whatIfs { add(declaration, template: nil, source: "the axis catalog") }
        for template in TreeTemplate.allCases where templates.contains(template) {
            for declaration in template.whatIfs { add(declaration, template: template, source: "the \(template.rawValue) template") }
        }
        for axis in plan.config.whatIf {
            // What shipped apps keep instead: the first of the axis's values the config does not declare.
            let instead = plan.config.axis(named: axis.name)?.values.first { !axis.values.contains($0) }
            add(
                WhatIfValue(axis: axis.name, match: .values(axis.values), instead: instead, reason: "declared by the config"),
                template: nil, source: "the config", values: axis.values)
        }
        self.entries = entries
        transientScreens = Set(plan.config.trees.screens.indices.filter { !plan.config.trees.screens[$0].report.transient.isEmpty })
    }

    /// The what-if values in force on one tree under one configuration.
    struct InForce {
        /// The classes a run may owe to them.
        var candidates = DefectSet()
        /// Of those, the classes owed without a comparison: on a transient screen, or to a value with nothing to
        /// compare with (`WhatIfValue.instead` is nil).
        var wholesale = DefectSet()
        /// Each value in force that has one, with the value shipped apps keep instead (plan axis index, value).
        var replacements: [(axis: Int, value: AxisValue)] = []
        var isEmpty: Bool { candidates.isEmpty }
    }

    /// The what-if values in force on tree `t` (base tree `base`) under configuration `c`: those of every entry whose
    /// value the configuration gives and whose axis acts on the tree; on a transient screen, every class wholesale.
    func inForce(_ plan: SweepPlan, configuration c: Int, tree t: Int, base: GeneratedTree) -> InForce {
        var result = InForce()
        if transientScreens.contains(t) {
            result.candidates = DefectSet(DefectClass.allCases)
            result.wholesale = result.candidates
            return result
        }
        for e in entries where e.values.contains(plan.valueIndex(axis: e.axis, configuration: c)) {
            if let template = e.template, template != base.template { continue }
            guard plan.mayChange(axis: e.axis, base) else { continue }
            for d in DefectClass.allCases where e.classes.contains(d) {
                result.candidates.insert(d)
                if e.declaration.instead == nil { result.wholesale.insert(d) }
            }
            if let instead = e.declaration.instead, !result.replacements.contains(where: { $0.axis == e.axis }) {
                result.replacements.append((e.axis, instead))
            }
        }
        return result
    }

    /// What each axis acting on the tree (`acting`) is in the counterfactual tree of configuration `c`: the
    /// configuration's value index, or -1 for an axis replaced by the value shipped apps keep (an axis has one; it is
    /// set after the others, so a replaced axis is told apart from one the configuration gives that value).
    /// Configurations with the same key have the same counterfactual tree.
    static func counterfactualKey(_ plan: SweepPlan, _ inForce: InForce, configuration c: Int, acting: ActingAxes) -> [Int] {
        acting.axes.map { k in inForce.replacements.contains { $0.axis == k } ? -1 : plan.valueIndex(axis: k, configuration: c) }
    }

    /// Tree `base` under configuration `c` with every what-if value in force replaced by the value shipped apps keep:
    /// the tree a run is compared with to tell whether it owes a defect to them.
    func counterfactualTree(_ plan: SweepPlan, configuration c: Int, base: GeneratedTree, _ inForce: InForce) -> GeneratedTree {
        var tree = plan.configured(base, configuration: c)
        for r in inForce.replacements {
            AxisCatalog.definition(named: plan.config.axes[r.axis].name)?.apply(r.value, to: &tree)
        }
        return tree
    }

    /// The classes of `defects` a run owes to the what-if values in force: the wholesale ones, and the candidates the
    /// same gesture does not show on the counterfactual tree (`counterfactual`, its defects; `nil` when it was not
    /// needed because no candidate but the wholesale ones showed).
    static func owed(_ defects: DefectSet, _ inForce: InForce, counterfactual: DefectSet?) -> DefectSet {
        var owed = DefectSet()
        for d in defects where inForce.candidates.contains(d) {
            if inForce.wholesale.contains(d) || !(counterfactual?.contains(d) ?? false) { owed.insert(d) }
        }
        return owed
    }

    /// The classes of `defects`, which the run of `gesture` on tree `t` under configuration `c` showed, that it owes to
    /// the what-if values in force (as ``owed(_:_:counterfactual:)`` decides it during a sweep): for one run, as
    /// tests need it.
    func owed(
        _ defects: DefectSet, _ plan: SweepPlan, configuration c: Int, tree t: Int, base: GeneratedTree, gesture: Gesture
    ) -> DefectSet {
        var scenes = CounterfactualScenes(base: base, plan: plan)
        return owed(defects, plan, configuration: c, tree: t, gesture: gesture, scenes: &scenes)
    }

    /// ``owed(_:_:configuration:tree:base:gesture:)`` for runs of one tree (`scenes`' base tree), each counterfactual tree
    /// prepared once for every run that needs it (examples.csv).
    func owed(
        _ defects: DefectSet, _ plan: SweepPlan, configuration c: Int, tree t: Int, gesture: Gesture, scenes: inout CounterfactualScenes
    ) -> DefectSet {
        let inForce = inForce(plan, configuration: c, tree: t, base: scenes.base)
        guard Self.needsCounterfactual(defects, inForce) else { return Self.owed(defects, inForce, counterfactual: nil) }
        return Self.owed(defects, inForce, counterfactual: scenes.defects(self, plan, configuration: c, inForce, gesture: gesture))
    }

    /// Whether a run with `defects` needs the counterfactual run to tell what it owes to the values in force.
    static func needsCounterfactual(_ defects: DefectSet, _ inForce: InForce) -> Bool {
        guard !inForce.replacements.isEmpty else { return false }
        for d in defects where inForce.candidates.contains(d) && !inForce.wholesale.contains(d) { return true }
        return false
    }

    /// The category of class `defect` of a run: ``DefectCategory/designed`` when `designed`, else what-if when
    /// `whatIf` (the classes the run owes to what-if values) holds the class, else a hazard.
    @inline(__always) static func category(_ defect: DefectClass, designed: Bool, whatIf: DefectSet) -> DefectCategory {
        designed ? .designed : (whatIf.contains(defect) ? .whatIf : .hazard)
    }

    /// Calls `body` with each defect class of `verdict` (in `DefectSet` order), its cause (``CauseKind/unknown``
    /// where `causes`, one per defect in the same order, has none) and its category: the one walk that both a
    /// configuration's causes (`ConfigurationTallies`) and a screen element's categories (`UnitRunner`) take.
    @inline(__always) static func forEachDefect(
        of verdict: ScenarioVerdict, causes: ArraySlice<RunCause>, whatIf: DefectSet,
        _ body: (DefectClass, CauseKind, DefectCategory) -> Void
    ) {
        var next = causes.startIndex
        for d in verdict.defects {
            let cause = next != causes.endIndex ? causes[next] : RunCause(kind: .unknown, designed: false)
            if next != causes.endIndex { next = causes.index(after: next) }
            body(d, cause.kind, category(d, designed: cause.designed, whatIf: whatIf))
        }
    }

    /// Whether `defect` with cause `cause` is UIKit doing what Apple designed it to do (docs/defects.md's rows D1–D4):
    /// - D1: the system's screen-edge gate delayed or took the touch (§8: `edge_gate_delay`, `taken_by_edge_gate`,
    ///   `edge_gate_won`);
    /// - D2: a cell highlighted late, or unseen, because its scroll view delays content touches 150 ms (S1;
    ///   UITableView's cells are built around it; value controls are in neither feedback class: their value is
    ///   their feedback, `Classifier.isValueControl`);
    /// - D3: a scroll view of the other orientation, nested in the intended one or holding it, took a drag that
    ///   leaned its way (S5, G7: the first pan to begin wins). Two nested scroll views that both scroll along the
    ///   intended axis are a layout Apple's HIG warns against: a hazard;
    /// - D4: the intended scroll view, at its edge, handed the drag to its parent (S11, iOS 17.4+).
    public static func isDesigned(
        _ defect: DefectClass, cause: CauseKind, gesture: Gesture, prepared: PreparedScene, summary: RunSummary
    ) -> Bool {
        let scene = prepared.scene
        switch cause {
        case .edgeGateDelay, .takenByEdgeGate, .edgeGateWon: return true
        case .contentTouchDelay:
            guard defect == .lateFeedback || defect == .invisibleFeedback else { return false }
            return designedDelayKinds.contains(scene.kind(of: gesture.target))
        case .otherScrollViewWon:
            guard defect == .swallowedScroll || defect == .wrongScroller, case let .scroll(intended, axis, _) = gesture.intent,
                let pan = scene.scrollRecognizers(of: intended)?.pan, scene.recognizers.indices.contains(summary.decidedBy[pan]),
                case let .scrollPan(winner) = scene.recognizers[summary.decidedBy[pan]].kind
            else { return false }
            let nested = scene.isView(winner, inside: intended) || scene.isView(intended, inside: winner)
            return nested && !prepared.canScroll(winner, along: axis)
        case .transferredToParent: return defect == .swallowedScroll || defect == .wrongScroller
        default: return false
        }
    }

    /// D2's targets: cells.
    static let designedDelayKinds: Set<ViewKind> = [.cell]
}

/// One base tree's counterfactual trees (``DefectCategories/counterfactualTree(_:configuration:base:_:)``), prepared once
/// per ``DefectCategories/counterfactualKey(_:_:configuration:acting:)``, and the engine that runs gestures on them.
struct CounterfactualScenes {
    let base: GeneratedTree
    private var engine = EngineRunner()
    /// The base tree's acting axes, found when first needed.
    private var acting: ActingAxes?
    private var scenes: [[Int]: PreparedScene] = [:]

    init(base: GeneratedTree, plan: SweepPlan, acting: ActingAxes? = nil) {
        self.base = base
        self.acting = acting
    }

    /// The defects of `gesture` on the counterfactual tree of configuration `c`, whose what-if values in force are `inForce`.
    mutating func defects(
        _ categories: DefectCategories, _ plan: SweepPlan, configuration c: Int, _ inForce: DefectCategories.InForce, gesture: Gesture
    ) -> DefectSet {
        let prepared = scene(categories, plan, configuration: c, inForce)
        return engine.withSummary(prepared, script: gesture.script) { summary in
            Classifier.classify(gesture: gesture, prepared: prepared, summary: summary).defects
        }
    }

    /// The prepared counterfactual tree of configuration `c`, whose what-if values in force are `inForce`.
    private mutating func scene(_ categories: DefectCategories, _ plan: SweepPlan, configuration c: Int, _ inForce: DefectCategories.InForce) -> PreparedScene {
        let acting = acting ?? ActingAxes(base: base, plan: plan)
        self.acting = acting
        let key = DefectCategories.counterfactualKey(plan, inForce, configuration: c, acting: acting)
        if let known = scenes[key] { return known }
        let prepared = PreparedScene(categories.counterfactualTree(plan, configuration: c, base: base, inForce).scene)
        scenes[key] = prepared
        return prepared
    }
}
