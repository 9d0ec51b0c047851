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
    /// Of the tally's defect counts, those that are designed behaviour or what-ifs (the rest are hazards).
    public var categories: CategoryCounts
    public init(element: Int, tally: Tally, categories: CategoryCounts = CategoryCounts()) {
        self.element = element; self.tally = tally; self.categories = categories
    }
}

/// Runs work units: for each tree of the unit, generate it and its gestures, apply the configuration,
/// prepare the scene once and run every gesture untraced, classifying each run. Pure: the same unit always
/// gives the same result. The in-process runner (`sweep run`) and the distributed workers both call it.
public struct UnitRunner: Sendable {
    public let plan: SweepPlan
    /// The plan's what-if values, for the categories of its defects.
    let categories: DefectCategories
    var engine = EngineRunner()
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
    /// The runs on each tree's counterfactual trees (`DefectCategories.counterfactualTree`), by the value index each
    /// acting axis has there: configurations that give the same counterfactual tree share them. At most
    /// `sharedRunLimit` trees' worth; above it they start again.
    private var counterfactuals: [Int: [[Int]: CounterfactualRuns]] = [:]
    private var counterfactualCount = 0
    /// At most this many tree runs in `sharedRuns` (about a kilobyte each); above it, they start again.
    static let sharedRunLimit = 4096

    /// The inferred parameters whose range ends the runs that read them are run again at (`ModelBands.considered`);
    /// none when the runner was made without model bands.
    let banded: InferredParameterSet

    /// `modelBands`: whether to run again the runs that read an inferred parameter at its range's ends (off only to
    /// measure what the bands cost: `make bench`); `movePath`: the engine's ``MovePath`` (`.general` only to test and
    /// measure the specialised path).
    public init(
        plan: SweepPlan, cacheLimit: Int = 256, sharesRuns: Bool = true, modelBands: Bool = true,
        movePath: MovePath = .specialised
    ) {
        self.plan = plan
        engine = EngineRunner(movePath: movePath)
        categories = DefectCategories(plan: plan)
        banded = modelBands ? ModelBands.considered(plan) : []
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
        /// Element tallies of the unit's screens, by global element index, and their defects' categories (only
        /// where one is not a hazard).
        var elementTallies: [Int: Tally] = [:]
        var elementCategories: [Int: CategoryCounts] = [:]

        init(configuration: Int) { result = UnitResult(configuration: configuration) }

        func finish() -> UnitResult {
            var done = result
            done.elements = elementTallies.keys.sorted().map {
                ElementTally(element: $0, tally: elementTallies[$0]!, categories: elementCategories[$0] ?? CategoryCounts())
            }
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
        let inForce = categories.inForce(plan, configuration: configuration, tree: t, base: base.tree)
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
        // The classes each run owes to what-if values in force (none when there are none).
        let owed = inForce.isEmpty ? [] : owedToWhatIf(gestures, runs, inForce, configuration: configuration, tree: t, base: base)
        gestures.withUnsafeBufferPointer { entries in
            var causeStart = 0
            for index in entries.indices {
                let verdict = runs.verdicts[index]
                let whatIf = owed.isEmpty ? DefectSet() : owed[index]
                let family = entries[index].family, placement = entries[index].placement
                let causes = runs.causes[causeStart ..< runs.causeEnds[index]]
                acc.result.tallies.add(
                    verdict, template: templatePosition, family: family.position, causes: causes, whatIf: whatIf, tree: &treeRuns)
                causeStart = runs.causeEnds[index]
                if t < plan.screenCount {
                    let element = plan.screenElementOffsets[t] + placement / placements
                    acc.elementTallies[element, default: Tally()].add(verdict)
                    // The same category per defect as the configuration's causes (ConfigurationTallies.add).
                    DefectCategories.forEachDefect(of: verdict, causes: causes, whatIf: whatIf) { d, _, category in
                        if category != .hazard { acc.elementCategories[element, default: CategoryCounts()].add(d, category) }
                    }
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
        acc.result.tallies.addModelBands(runs.modelBands)
        // Element tallies (by_screen.csv) give no interval: they keep no per-tree sums.
        acc.result.tallies.closeTree(template: templatePosition, runs: treeRuns)
    }

    /// Per gesture, the classes its run owes to the what-if values in force (`DefectCategories.owed`): a run that
    /// shows a class they may cause is run again on the counterfactual tree, made once per tree and configuration.
    private mutating func owedToWhatIf(
        _ gestures: [GestureEntry], _ runs: ConfiguredRuns, _ inForce: DefectCategories.InForce, configuration c: Int,
        tree t: Int, base: BaseTree
    ) -> [DefectSet] {
        // Configurations whose counterfactual trees are the same tree (the same value, or the same replacement, on
        // every axis that acts on it) share its runs.
        let key = DefectCategories.counterfactualKey(plan, inForce, configuration: c, acting: base.acting)
        var owed: [DefectSet] = []
        owed.reserveCapacity(gestures.count)
        for index in gestures.indices {
            let defects = runs.verdicts[index].defects
            guard DefectCategories.needsCounterfactual(defects, inForce) else {
                owed.append(DefectCategories.owed(defects, inForce, counterfactual: nil))
                continue
            }
            owed.append(DefectCategories.owed(defects, inForce, counterfactual: counterfactualDefects(t, key, index, gestures, c, base, inForce)))
        }
        return owed
    }

    /// The defects of gesture `index` of tree `t` on the counterfactual tree with key `key`, run once per key.
    private mutating func counterfactualDefects(
        _ t: Int, _ key: [Int], _ index: Int, _ gestures: [GestureEntry], _ c: Int, _ base: BaseTree,
        _ inForce: DefectCategories.InForce
    ) -> DefectSet {
        if let known = counterfactuals[t]?[key]?.defects[index] { return known }
        if counterfactuals[t]?[key] == nil {
            if counterfactualCount >= Self.sharedRunLimit { counterfactuals.removeAll(keepingCapacity: true); counterfactualCount = 0 }
            let scene = PreparedScene(categories.counterfactualTree(plan, configuration: c, base: base.tree, inForce).scene)
            counterfactuals[t, default: [:]][key] = CounterfactualRuns(
                scene: scene, defects: Array(repeating: nil, count: gestures.count))
            counterfactualCount += 1
        }
        let prepared = counterfactuals[t]![key]!.scene, gesture = gestures[index].gesture
        let defects = engine.withSummary(prepared, script: gesture.script) { summary in
            Classifier.classify(gesture: gesture, prepared: prepared, summary: summary).defects
        }
        counterfactuals[t]![key]!.defects[index] = defects
        return defects
    }

    /// A counterfactual tree's prepared scene and the defects of the gestures run on it so far.
    struct CounterfactualRuns {
        let scene: PreparedScene
        var defects: [DefectSet?]
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
                        let kind = CauseAnalysis.cause(of: defect, gesture: gesture, scene: prepared.scene, summary: summary)
                        let designed = DefectCategories.isDesigned(
                            defect, cause: kind, gesture: gesture, prepared: prepared, summary: summary)
                        runs.causes.append(RunCause(kind: kind, designed: designed))
                    }
                    return verdict
                }
                runs.verdicts.append(verdict)
                runs.causeEnds.append(runs.causes.count)
                runs.reads.append(engine.lastInferredReads)
            }
        }
        runs.modelBands = modelBandChanges(gestures, runs, on: prepared)
        return runs
    }

}

/// The cause of one defect of a run, and whether it is UIKit's design (`DefectCategories.isDesigned`): the parts of
/// its category that do not depend on the configuration's what-if values.
struct RunCause {
    let kind: CauseKind
    let designed: Bool
}

/// The runs of a tree's gestures under a configuration: each gesture's verdict, the causes of the defects in gesture
/// order, and where each gesture's causes end. A pure function of the configured tree's prepared scene (its parameters
/// included) and the gestures, which every configuration that leaves the tree the same shares.
struct ConfiguredRuns {
    var verdicts: [ScenarioVerdict] = []
    var causes: [RunCause] = []
    var causeEnds: [Int] = []
    /// The inferred parameters each gesture's verdict read (`RunSummary.inferredReads`).
    var reads: [InferredParameterSet] = []
    /// How the runs' counts move at the inferred parameters' range ends (`UnitRunner.modelBandChanges`).
    var modelBands = ModelBandCounts()

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
