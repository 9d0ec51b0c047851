import SweepPlanning
import TouchEngine
import TouchScenarios

/// What one work unit produced.
public struct UnitResult: Sendable {
    public var configuration: Int
    public var tallies = ConfigurationTallies()
    /// The unit's first examples of each defect class (at most `examplesPerClass` each).
    public var examples: [DefectExample] = []
    /// Tallies of the real screens' elements this unit aimed at (`SweepPlan.screenElementOffsets`), by
    /// ascending global element index, none empty.
    public var elements: [ElementTally] = []
    public init(configuration: Int) { self.configuration = configuration }
}

/// The scenarios aimed at one element of a real screen, in one configuration.
public struct ElementTally: Sendable, Equatable {
    /// Global element index: `SweepPlan.screenElementOffsets[screen] + element`.
    public var element: Int
    public var tally: Tally
    public init(element: Int, tally: Tally) { self.element = element; self.tally = tally }
}

/// Runs work units: for each tree of the unit, generate it and its gestures, apply the configuration,
/// prepare the scene once and run every gesture untraced, classifying each run. Pure: the same unit always
/// gives the same result. The in-process runner (`sweep run`) and the distributed workers both call it.
public struct UnitRunner: Sendable {
    public let plan: SweepPlan
    private var engine = EngineRunner()
    /// Base trees and their gestures, shared by every configuration (they do not depend on it).
    private var cache: [Int: BaseTree] = [:]
    private let cacheLimit: Int
    /// The configured states of the trees run last (`ConfiguredStates`): a tree block's trees, which every
    /// configuration runs in turn.
    private var configured: [Int: ConfiguredStates] = [:]
    /// At most this many trees in `configured`.
    static let configuredTreeLimit = 16
    /// Scratch space of ``runTree(_:into:)``, kept between trees: the tree's runs per family.
    private var treeRuns = TreeRuns()
    /// Whether a configuration that configures a tree as an earlier configuration did (`ActingAxes.key`) takes that
    /// configuration's runs instead of running the engine again (`ConfiguredRuns`). The results are the same either way
    /// (`SweepRunTests`); off only to measure or test the engine path.
    public let sharesRuns: Bool
    /// How many scenarios this runner took from an earlier configuration's runs instead of running them.
    public private(set) var sharedScenarios = 0
    /// The runs of each tree's gestures, by the values its acting axes take (`ActingAxes.key`): every configuration
    /// that gives them those values leaves the tree the same, so it has the same runs. Kept apart from the configured
    /// states (which hold prepared scenes, for 16 trees) so that a worker running a window's configurations in several
    /// batches still finds them.
    private var sharedRuns: [Int: [[Int]: ConfiguredRuns]] = [:]
    private var sharedRunCount = 0
    /// At most this many tree runs in `sharedRuns` (about a kilobyte each); above it, they start again.
    static let sharedRunLimit = 4096

    public init(plan: SweepPlan, cacheLimit: Int = 256, sharesRuns: Bool = true) {
        self.plan = plan
        self.cacheLimit = cacheLimit
        self.sharesRuns = sharesRuns
    }

    /// A base tree and its gestures, held by reference: a run reads the gestures, template and seed without
    /// copying (and releasing again) every table of the tree.
    final class BaseTree: Sendable {
        let tree: GeneratedTree
        /// The gestures as structs, which a run reads in place (a tuple entry is copied through its runtime metadata).
        let entries: [GestureEntry]
        /// The axes that may change the tree.
        let acting: ActingAxes
        init(tree: GeneratedTree, gestures: [(family: GestureFamily, placement: Int, gesture: Gesture)], plan: SweepPlan) {
            self.tree = tree
            entries = gestures.map { GestureEntry(family: $0.family, placement: $0.placement, gesture: $0.gesture) }
            acting = ActingAxes(base: tree, plan: plan)
        }
    }

    /// One gesture of a base tree.
    struct GestureEntry: Sendable {
        let family: GestureFamily
        let placement: Int
        let gesture: Gesture
    }

    /// Base tree `i`, generated once with its gestures.
    mutating func cachedBaseTree(_ i: Int) -> BaseTree {
        if let hit = cache[i] { return hit }
        let tree = plan.baseTree(i)
        let base = BaseTree(tree: tree, gestures: plan.gestureEntries(for: tree, treeIndex: i), plan: plan)
        if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[i] = base
        return base
    }

    /// The base tree `i` and its gestures (families in config order, then placements); those with nothing
    /// to aim at are skipped.
    public mutating func baseTree(_ i: Int) -> (tree: GeneratedTree, gestures: [(family: GestureFamily, placement: Int, gesture: Gesture)]) {
        let base = cachedBaseTree(i)
        return (base.tree, base.entries.map { ($0.family, $0.placement, $0.gesture) })
    }

    /// Tree `t` under configuration `c` (`plan.configured(baseTree(t).tree, configuration: c)`) and its prepared
    /// scene (equal to `PreparedScene` of its scene), made once for every configuration that leaves the tree
    /// the same (`ConfiguredStates`).
    public mutating func preparedTree(_ t: Int, configuration c: Int) -> (tree: GeneratedTree, prepared: PreparedScene) {
        let index = configuredIndex(t)
        return configured.values[index].prepared(plan, configuration: c)
    }

    /// The prepared scene of tree `t` under configuration `c` (``preparedTree(_:configuration:)``'s), without a copy
    /// of the configured tree.
    mutating func preparedScene(_ t: Int, configuration c: Int) -> PreparedScene {
        let index = configuredIndex(t)
        return configured.values[index].preparedScene(plan, configuration: c)
    }

    /// Where tree `t`'s configured states are in `configured`, made when missing. Found once and updated in place
    /// through the index (`configured[t]!` copied the states out and back).
    private mutating func configuredIndex(_ t: Int) -> [Int: ConfiguredStates].Index {
        if let index = configured.index(forKey: t) { return index }
        if configured.count >= Self.configuredTreeLimit { configured.removeAll(keepingCapacity: true) }
        let base = cachedBaseTree(t)
        configured[t] = ConfiguredStates(base: base.tree, acting: base.acting, plan: plan)
        return configured.index(forKey: t)!
    }

    /// Forgets the configured states of the trees run so far (`ConfiguredStates`): for a caller that is done with
    /// a block of trees and will not run them again, so that the next block reuses the memory while it is warm.
    public mutating func forgetConfiguredTrees() { configured.removeAll(keepingCapacity: true) }

    public mutating func run(_ unit: SweepPlan.WorkUnit) -> UnitResult {
        var accumulator = Accumulator(configuration: unit.configuration)
        for t in unit.trees { runTree(t, into: &accumulator) }
        return accumulator.finish()
    }

    /// Runs units that cover the same trees (one per configuration, as a coordinator's window hands them
    /// out) together, a block of `blockTrees` trees at a time across every unit, so a block's trees stay in
    /// the CPU cache while every configuration runs them, as `sweep run` does. Each unit still visits its
    /// trees in order, so every result is exactly what `run` gives it.
    public mutating func runTogether(_ units: [SweepPlan.WorkUnit], blockTrees: Int = 8) -> [UnitResult] {
        guard let trees = units.first?.trees else { return [] }
        precondition(units.allSatisfy { $0.trees == trees }, "runTogether needs units over the same trees")
        var accumulators = units.map { Accumulator(configuration: $0.configuration) }
        for blockStart in stride(from: trees.lowerBound, to: trees.upperBound, by: max(1, blockTrees)) {
            let block = blockStart ..< min(trees.upperBound, blockStart + max(1, blockTrees))
            for k in accumulators.indices {
                for t in block { runTree(t, into: &accumulators[k]) }
            }
        }
        return accumulators.map { $0.finish() }
    }

    /// What a unit has gathered so far: its tallies, the examples kept per defect class, its elements' tallies.
    struct Accumulator {
        var result: UnitResult
        /// Per defect class, the screen kinds (``DefectExample/screenKind``) of the examples kept, at most
        /// `examples` of them: one example per kind.
        var keptKinds = [[Int]](repeating: [], count: DefectClass.allCases.count)
        /// Element tallies of the unit's screens, by global element index.
        var elementTallies: [Int: Tally] = [:]

        init(configuration: Int) { result = UnitResult(configuration: configuration) }

        func finish() -> UnitResult {
            var done = result
            done.elements = elementTallies.keys.sorted().map { ElementTally(element: $0, tally: elementTallies[$0]!) }
            return done
        }
    }

    /// Runs every gesture of tree `t` under the accumulator's configuration, naming the cause of each defect
    /// (`CauseAnalysis`), then closes the tree into the per-tree sums of every cell it touched (the
    /// tree-clustered intervals). A configuration that gives the tree's acting axes the values an earlier
    /// configuration gave them (`ActingAxes`: it leaves the same views, recognizers and parameters) takes that
    /// configuration's runs, which are the same runs, instead of running the engine again (`sharesRuns`). A
    /// configuration changes no view's name, so an example names its target from the base tree.
    mutating func runTree(_ t: Int, into acc: inout Accumulator) {
        let configuration = acc.result.configuration
        let perClass = plan.config.examples
        let placements = plan.config.gestures.placements
        let base = cachedBaseTree(t)
        let gestures = base.entries
        // A configuration changes a tree's views and recognizers, never its template or seed.
        let (template, seed) = (base.tree.template, base.tree.seed)
        // Trees run in plan order, so the first example of a screen kind is its earliest
        // (SweepTallies.keepSmallest keeps the same ones whatever the units).
        let kind = DefectExample.screenKind(template: template, treeIndex: t)
        let templatePosition = template.position
        // This tree's runs per family, added to the total and the template's tally when the tree closes.
        treeRuns.removeAll()
        // A tree every axis may change is configured differently by every configuration: nothing to share.
        let shares = sharesRuns && base.acting.axes.count < plan.config.axes.count
        let key = shares ? base.acting.key(plan, configuration: configuration) : []
        let runs: ConfiguredRuns
        if shares, let known = sharedRuns[t]?[key] {
            runs = known
            sharedScenarios += gestures.count
        } else {
            runs = run(gestures, on: preparedScene(t, configuration: configuration))
            if shares {
                if sharedRunCount >= Self.sharedRunLimit { sharedRuns.removeAll(keepingCapacity: true); sharedRunCount = 0 }
                sharedRuns[t, default: [:]][key] = runs
                sharedRunCount += 1
            }
        }
        gestures.withUnsafeBufferPointer { entries in
            var causeStart = 0
            for index in entries.indices {
                let verdict = runs.verdicts[index]
                let family = entries[index].family, placement = entries[index].placement
                acc.result.tallies.add(
                    verdict, template: templatePosition, family: family.position,
                    causes: runs.causes[causeStart ..< runs.causeEnds[index]], tree: &treeRuns)
                causeStart = runs.causeEnds[index]
                if t < plan.screenCount {
                    acc.elementTallies[plan.screenElementOffsets[t] + placement / placements, default: Tally()].add(verdict)
                }
                for defect in verdict.defects
                where acc.keptKinds[defect.rawValue].count < perClass && !acc.keptKinds[defect.rawValue].contains(kind) {
                    acc.keptKinds[defect.rawValue].append(kind)
                    acc.result.examples.append(
                        DefectExample(
                            configuration: configuration, defect: defect, treeIndex: t, family: family,
                            placement: placement, gestureIndex: index, template: template, treeSeed: seed,
                            target: base.tree.scene.views[entries[index].gesture.target].name))
                }
            }
        }
        // Element tallies (by_screen.csv) give no interval: they keep no per-tree sums.
        acc.result.tallies.closeTree(template: templatePosition, runs: treeRuns)
    }

    /// Every gesture run on `prepared` and classified, the causes of its defects named. All the runs come first and
    /// the tallies after them (`runTree`): the engine's code stays in the instruction cache between runs instead of
    /// taking turns with the tallies'. By index, reading each entry in place (iterating copied every gesture, its
    /// script included; so did reading an entry's fields through the array, once per field).
    private mutating func run(_ gestures: [GestureEntry], on prepared: PreparedScene) -> ConfiguredRuns {
        var runs = ConfiguredRuns(capacity: gestures.count)
        gestures.withUnsafeBufferPointer { entries in
            for index in entries.indices {
                let gesture = entries[index].gesture
                let verdict = engine.withSummary(prepared, script: gesture.script) { summary in
                    let verdict = Classifier.classify(gesture: gesture, prepared: prepared, summary: summary)
                    for defect in verdict.defects {
                        runs.causes.append(CauseAnalysis.cause(of: defect, gesture: gesture, scene: prepared.scene, summary: summary))
                    }
                    return verdict
                }
                runs.verdicts.append(verdict)
                runs.causeEnds.append(runs.causes.count)
            }
        }
        return runs
    }

}

/// The runs of a tree's gestures under a configuration: each gesture's verdict, the causes of the defects in gesture
/// order, and where each gesture's causes end. A pure function of the configured tree's prepared scene (its parameters
/// included) and the gestures, which every configuration that leaves the tree the same shares.
struct ConfiguredRuns {
    var verdicts: [ScenarioVerdict] = []
    var causes: [CauseKind] = []
    var causeEnds: [Int] = []

    init(capacity: Int) {
        verdicts.reserveCapacity(capacity)
        causeEnds.reserveCapacity(capacity)
    }
}

/// The axes of a plan that may change a tree (`SweepPlan.mayChange`, read from its base tree's roles, which no axis
/// writes), in axis order, and the steps they are set in: one axis, or consecutive axes of one zip group together (a
/// zip group's axes take the same value index in every configuration, `Combinations`, so the first one's says all).
struct ActingAxes: Sendable {
    let axes: [Int]
    /// Ranges of `axes`.
    let steps: [Range<Int>]

    init(base: GeneratedTree, plan: SweepPlan) {
        axes = plan.config.axes.indices.filter { plan.mayChange(axis: $0, base) }
        // Each axis's zip group, if any.
        let group = plan.config.axes.map { axis in plan.config.zip.firstIndex { $0.contains(axis.name) } }
        var steps: [Range<Int>] = []
        for i in axes.indices {
            if let last = steps.last, let g = group[axes[i]], group[axes[last.lowerBound]] == g {
                steps[steps.count - 1] = last.lowerBound ..< i + 1
            } else {
                steps.append(i ..< i + 1)
            }
        }
        self.steps = steps
    }

    /// The value indices configuration `c` gives the acting axes (each step's first axis): configurations with equal
    /// keys set the tree's acting axes alike and leave every other axis without effect on it, so they configure
    /// the tree the same.
    func key(_ plan: SweepPlan, configuration c: Int) -> [Int] {
        steps.map { plan.valueIndex(axis: axes[$0.lowerBound], configuration: c) }
    }
}

/// Two results are equal when every tally and example is (the wire codec's round trip is exact).
extension UnitResult: Equatable {}

/// One tree's configurations, as states reached by setting the axes one at a time (a zip group's consecutive
/// axes together: `ActingAxes.steps`): a state is a configured tree, and setting axis `k` to its `v`th value in state `s`
/// either leaves the tree as it was (an axis whose role the tree lacks: nothing is written) and stays in `s`, or
/// gives a new state. Each step is taken once per
/// tree and remembered, so configurations that set the same values, or differ only in axes that change nothing
/// on this tree, end in the same state and share its tree and prepared scene.
///
/// Exact by construction: a step is a pure function of the state and the value, and a step stays in its
/// state only when the tree it gives is identical to the state's (the same storage: `unchanged`) or the axis
/// cannot change the tree (it lacks the axis's role: `SweepPlan.mayChange`), so two configurations that end in
/// the same state give equal trees.
struct ConfiguredStates {
    /// State 0 is the base tree.
    private var trees: [GeneratedTree]
    /// The prepared scene of each state, once made.
    private var prepared: [PreparedScene?]
    /// Where each step leads: `steps[state * stride + first[k] + v]` is the state that setting axis `k` to its
    /// `v`th value in `state` gives, or -1 while that step has not been taken.
    private var steps: [Int]
    /// Per axis, its first slot in a state's row of `steps`; a row has a slot per value of every axis.
    private let first: [Int]
    private let stride: Int
    /// The axes that may change the tree and the steps they are set in; the other axes leave every state as it is.
    /// Setting a zip group's axes in one step gives the tree that setting them one at a time gives, without making
    /// the half-set tree between them.
    private let acting: ActingAxes
    /// The views some acting axis may write (`SweepPlan.viewsItMayWrite`), ascending: every other view is the same in
    /// every state, so preparing a state next to another reads and compares these alone.
    private let mayDiffer: [ViewID]
    /// The prepared scene made last.
    private var last: PreparedScene?
    /// Above this many states the states start again from the base (bounded memory; still exact).
    static let stateLimit = 64

    /// `acting`: the base tree's (`ActingAxes(base:plan:)`, which its `UnitRunner.BaseTree` keeps).
    init(base: GeneratedTree, acting: ActingAxes, plan: SweepPlan) {
        var first: [Int] = [], stride = 0
        for axis in plan.config.axes {
            first.append(stride)
            stride += axis.values.count
        }
        self.first = first
        self.stride = stride
        self.acting = acting
        mayDiffer = Array(Set(acting.axes.flatMap { plan.viewsItMayWrite(axis: $0, base) })).sorted()
        trees = [base]
        trees.reserveCapacity(Self.stateLimit + 1)
        prepared = [nil]
        prepared.reserveCapacity(Self.stateLimit + 1)
        steps = Array(repeating: -1, count: stride)
        steps.reserveCapacity(stride * (Self.stateLimit + 1))
    }

    mutating func prepared(_ plan: SweepPlan, configuration c: Int) -> (tree: GeneratedTree, prepared: PreparedScene) {
        let state = state(plan, configuration: c)
        return (trees[state], scene(of: state))
    }

    /// The prepared scene of configuration `c` alone (no copy of its tree).
    mutating func preparedScene(_ plan: SweepPlan, configuration c: Int) -> PreparedScene {
        scene(of: state(plan, configuration: c))
    }

    /// Configuration `c`'s state, reached axis by axis from the base tree (new states made on the way).
    private mutating func state(_ plan: SweepPlan, configuration c: Int) -> Int {
        if trees.count > Self.stateLimit {
            trees.removeSubrange(1...)
            prepared.removeSubrange(1...)
            prepared[0] = nil
            steps.removeSubrange(stride...)
            for slot in steps.indices { steps[slot] = -1 }
            last = nil
        }
        var state = 0
        for run in acting.steps {
            // A step is keyed by its first axis's value (the others' follow it: `ActingAxes.steps`).
            let k = acting.axes[run.lowerBound]
            let slot = state * stride + first[k] + plan.valueIndex(axis: k, configuration: c)
            if steps[slot] < 0 { steps[slot] = step(plan, from: state, axes: run, configuration: c) }
            state = steps[slot]
        }
        return state
    }

    /// The state that setting the axes `acting.axes[run]` to configuration `c`'s values in `state` gives: `state`
    /// itself when they leave the tree as it was, else a new state.
    private mutating func step(_ plan: SweepPlan, from state: Int, axes run: Range<Int>, configuration c: Int) -> Int {
        var tree = trees[state]
        for i in run { plan.apply(axis: acting.axes[i], configuration: c, to: &tree) }
        if Self.unchanged(trees[state], tree) { return state }
        assert(tree.roles == trees[0].roles, "an axis wrote the roles that `acting` was read from")
        trees.append(tree)
        prepared.append(nil)
        steps.append(contentsOf: repeatElement(-1, count: stride))
        return trees.count - 1
    }

    /// The prepared scene of a state, made once.
    private mutating func scene(of state: Int) -> PreparedScene {
        if let scene = prepared[state] { return scene }
        // A scene whose tables came out the same storage as an earlier state's (an axis that only sets engine
        // parameters, after the others) shares them.
        let scene: PreparedScene
        if let shared = preparedWithSameTableStorage(as: trees[state].scene) {
            scene = PreparedScene(trees[state].scene, reusingTablesOf: shared)
        } else if let last {
            // Another configuration of the same tree: its recognizer tables and subview lists are likely the same.
            scene = PreparedScene(trees[state].scene, sharingEqualPartsOf: last, viewsThatMayDiffer: mayDiffer)
        } else {
            scene = PreparedScene(trees[state].scene)
        }
        prepared[state] = scene
        last = scene
        return scene
    }

    /// A prepared scene of a state whose tables come from the same storage as `scene`'s (`sameTableStorage`).
    private func preparedWithSameTableStorage(as scene: Scene) -> PreparedScene? {
        for case let other? in prepared where Self.sameTableStorage(other.scene, scene) { return other }
        return nil
    }

    /// Whether `b` is `a` untouched: every array the same storage, every other field equal. Never true of
    /// trees that differ; may be false of equal ones (a step that wrote back the value it found), which only
    /// costs a state.
    static func unchanged(_ a: GeneratedTree, _ b: GeneratedTree) -> Bool {
        a.template == b.template && a.seed == b.seed && a.roles == b.roles && same(a.elements, b.elements)
            && a.scene.name == b.scene.name && a.scene.parameters == b.scene.parameters
            && a.scene.firstResponder == b.scene.firstResponder && same(a.scene.script, b.scene.script)
            && same(a.scene.sheets, b.scene.sheets) && same(a.scene.panels, b.scene.panels)
            && sameTableStorage(a.scene, b.scene)
    }

    /// Whether the parts of two scenes that `PreparedScene`'s tables come from are the same storage.
    static func sameTableStorage(_ a: Scene, _ b: Scene) -> Bool {
        same(a.views, b.views) && same(a.children, b.children) && same(a.depth, b.depth)
            && same(a.controllers, b.controllers) && same(a.recognizers, b.recognizers)
            && a.firstResponder == b.firstResponder
    }

    /// The same storage (so equal), or both empty.
    static func same<T>(_ a: [T], _ b: [T]) -> Bool {
        a.count == b.count && (a.isEmpty || a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pa.baseAddress == $0.baseAddress } })
    }
}
