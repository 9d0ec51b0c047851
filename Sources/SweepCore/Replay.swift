import SweepPlanning
import TouchEngine
import TouchScenarios

/// Rebuilds any scenario of a plan exactly: (configuration, tree, gesture family, placement) → the
/// configured tree with the gesture's script, the scene `sweep trace --replay` prints.
public enum Replay {
    public struct Scenario: Sendable {
        public var scene: Scene
        public var gesture: Gesture
        public var tree: GeneratedTree
    }

    /// The parts of an example id `<config id>-t<tree>-<family>-p<placement>`.
    public struct ExampleID: Equatable, Sendable {
        public var configurationID: String
        public var treeIndex: Int
        public var family: GestureFamily
        public var placement: Int

        public init?(_ text: String) {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 4, let p = parts.last, p.hasPrefix("p"), let placement = Int(p.dropFirst()),
                let family = GestureFamily(rawValue: parts[parts.count - 2]),
                let t = parts.dropLast(2).last, t.hasPrefix("t"), let tree = Int(t.dropFirst())
            else { return nil }
            configurationID = parts.dropLast(3).joined(separator: "-")
            treeIndex = tree
            self.family = family
            self.placement = placement
        }
    }

    /// The scenario, or nil when the plan has no such configuration, tree or gesture.
    public static func scenario(
        plan: SweepPlan, configuration c: Int, treeIndex t: Int, family: GestureFamily,
        placement: Int, baseTrees: inout [Int: GeneratedTree]
    ) -> Scenario? {
        guard plan.configurations.indices.contains(c), (0 ..< plan.treeCount).contains(t) else { return nil }
        let base: GeneratedTree
        if let cached = baseTrees[t] {
            base = cached
        } else {
            base = plan.baseTree(t)
            baseTrees[t] = base
        }
        guard let gesture = gesture(plan: plan, treeIndex: t, family: family, placement: placement, base: base) else { return nil }
        let tree = plan.configured(base, configuration: c)
        var scene = tree.scene
        scene.script = gesture.script
        let configuration = plan.configurations[c]
        let what = t < plan.screenCount ? "screen \(plan.config.trees.screens[t].name)" : "\(tree.template.rawValue) tree \(t)"
        scene.name =
            "\(configuration.id)-t\(t)-\(family.rawValue)-p\(placement): \(what), "
            + "\(family.rawValue) on \(scene.views[gesture.target].name); "
            + configuration.values.map(\.description).joined(separator: ", ")
        return Scenario(scene: scene, gesture: gesture, tree: tree)
    }

    /// The gesture of (tree `t`, `family`, `placement`) on the tree's base tree `base`, as ``scenario(plan:configuration:treeIndex:family:placement:baseTrees:)``
    /// gives it, or nil when the plan has no such family or placement or the tree no such gesture.
    static func gesture(plan: SweepPlan, treeIndex t: Int, family: GestureFamily, placement: Int, base: GeneratedTree) -> Gesture? {
        guard plan.config.gestures.families.contains(family),
            t < plan.screenCount || (0 ..< plan.config.gestures.placements).contains(placement)
        else { return nil }
        if t < plan.screenCount {
            return plan.screenGestures[t].first(where: { $0.family == family && $0.placement == placement })?.gesture
        }
        let seed = plan.gestureSeed(treeIndex: t, family: family, placement: placement)
        return GestureGenerator.generate(family, on: base, placement: placement, seed: seed, options: plan.config.gestures.options)
    }

    public static func scenario(
        plan: SweepPlan, configuration c: Int, treeIndex t: Int, family: GestureFamily,
        placement: Int
    ) -> Scenario? {
        var cache: [Int: GeneratedTree] = [:]
        return scenario(plan: plan, configuration: c, treeIndex: t, family: family, placement: placement, baseTrees: &cache)
    }

    public static func scenario(plan: SweepPlan, exampleID: String) -> Scenario? {
        guard let id = ExampleID(exampleID),
            let c = plan.configurations.firstIndex(where: { $0.id == id.configurationID })
        else { return nil }
        return scenario(plan: plan, configuration: c, treeIndex: id.treeIndex, family: id.family, placement: id.placement)
    }
}
