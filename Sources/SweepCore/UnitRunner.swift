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
    private var cache: [Int: (tree: GeneratedTree, gestures: [(family: GestureFamily, placement: Int, gesture: Gesture)])] = [:]
    private let cacheLimit: Int

    public init(plan: SweepPlan, cacheLimit: Int = 256) {
        self.plan = plan
        self.cacheLimit = cacheLimit
    }

    /// The base tree `i` and its gestures (families in config order, then placements); those with nothing
    /// to aim at are skipped.
    public mutating func baseTree(_ i: Int) -> (tree: GeneratedTree, gestures: [(family: GestureFamily, placement: Int, gesture: Gesture)]) {
        if let hit = cache[i] { return hit }
        let tree = plan.baseTree(i)
        let gestures = plan.gestureEntries(for: tree, treeIndex: i)
        if cache.count >= cacheLimit { cache.removeAll(keepingCapacity: true) }
        cache[i] = (tree, gestures)
        return (tree, gestures)
    }

    public mutating func run(_ unit: SweepPlan.WorkUnit) -> UnitResult {
        var result = UnitResult(configuration: unit.configuration)
        let perClass = plan.config.examples
        var kept = [Int](repeating: 0, count: DefectClass.allCases.count)
        // Element tallies of the unit's screens, by global element index.
        var elementTallies: [Int: Tally] = [:]
        let placements = plan.config.gestures.placements
        for t in unit.trees {
            let base = baseTree(t)
            let tree = plan.configured(base.tree, configuration: unit.configuration)
            let prepared = PreparedScene(tree.scene)
            for (index, entry) in base.gestures.enumerated() {
                let verdict = engine.withSummary(prepared, script: entry.gesture.script) { summary in
                    Classifier.classify(gesture: entry.gesture, prepared: prepared, summary: summary)
                }
                result.tallies.add(verdict, template: tree.template, family: entry.family)
                if t < plan.screenCount {
                    elementTallies[plan.screenElementOffsets[t] + entry.placement / placements, default: Tally()].add(verdict)
                }
                for defect in verdict.defects where kept[defect.rawValue] < perClass {
                    kept[defect.rawValue] += 1
                    result.examples.append(DefectExample(
                        configuration: unit.configuration, defect: defect, treeIndex: t, family: entry.family,
                        placement: entry.placement, gestureIndex: index, template: tree.template, treeSeed: tree.seed,
                        target: tree.scene.views[entry.gesture.target].name))
                }
            }
        }
        result.elements = elementTallies.keys.sorted().map { ElementTally(element: $0, tally: elementTallies[$0]!) }
        return result
    }
}

/// Two results are equal when every tally and example is (the wire codec's round trip is exact).
extension UnitResult: Equatable {}
