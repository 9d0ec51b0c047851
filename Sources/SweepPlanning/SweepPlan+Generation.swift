import TouchEngine
import TouchScenarios

extension SweepPlan {
    /// Tree `i` as generated, before any axis is applied (gestures are aimed on this tree, so their targets do
    /// not depend on the configuration).
    public func baseTree(_ i: Int) -> GeneratedTree {
        let spec = treeSpec(i)
        return TreeGenerator.generate(spec.template, seed: spec.seed, options: config.trees.options)
    }

    /// Tree `i` with every axis value of configuration `c` applied, in axis order.
    public func tree(_ i: Int, configuration c: Int) -> GeneratedTree {
        configured(baseTree(i), configuration: c)
    }

    /// The gestures of tree `treeIndex`: for each family (in `GestureFamily.allCases` order) each placement, with
    /// the seed `gestureSeed(treeIndex:family:placement:)`. Generate them on `baseTree(treeIndex)`. A family with
    /// nothing to aim at on this tree (no cell for `dragFromCell`, …) gives no gesture, so a tree may have fewer
    /// than `gesturesPerTree`.
    public func gestures(for tree: GeneratedTree, treeIndex: Int) -> [Gesture] {
        var result: [Gesture] = []
        result.reserveCapacity(gesturesPerTree)
        for family in config.gestures.families {
            for placement in 0 ..< config.gestures.placements {
                let seed = gestureSeed(treeIndex: treeIndex, family: family, placement: placement)
                if let gesture = GestureGenerator.generate(family, on: tree, placement: placement, seed: seed,
                                                           options: config.gestures.options) {
                    result.append(gesture)
                }
            }
        }
        return result
    }
}
