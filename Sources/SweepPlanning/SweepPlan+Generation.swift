import TouchEngine
import TouchScenarios

extension SweepPlan {
    /// Tree `i` as generated, before any axis is applied (gestures are aimed on this tree, so their targets do
    /// not depend on the configuration).
    public func baseTree(_ i: Int) -> GeneratedTree {
        if i < screenCount { return screenTrees[i] }
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
        gestureEntries(for: tree, treeIndex: treeIndex).map(\.gesture)
    }

    /// Every gesture of tree `treeIndex` (`tree` is `baseTree(treeIndex)`): on a generated tree each family ×
    /// placement aimed at a seeded element; on a screen every family × placement aimed at every element it
    /// can aim at (elements in document order). Those with nothing to aim at, or no room, are left out.
    public func gestureEntries(for tree: GeneratedTree, treeIndex: Int) -> [GestureEntry] {
        if treeIndex < screenCount && treeIndex < screenGestures.count { return screenGestures[treeIndex] }
        if tree.template == .screen { return screenEntries(for: tree, treeIndex: treeIndex) }
        var result: [GestureEntry] = []
        result.reserveCapacity(config.gestures.families.count * config.gestures.placements)
        for family in config.gestures.families {
            // What the family can aim at does not depend on the placement: found once.
            let candidates = GestureGenerator.candidates(family, on: tree)
            for placement in 0 ..< config.gestures.placements {
                let seed = gestureSeed(treeIndex: treeIndex, family: family, placement: placement)
                if let g = GestureGenerator.generate(
                    family, on: tree, placement: placement, seed: seed, options: config.gestures.options, candidates: candidates)
                {
                    result.append((family, placement, g))
                }
            }
        }
        return result
    }

    /// `tree` (a screen) under each distinct combination of the values the configurations give the `scrollViews.…`
    /// axes, where that lets one of its scroll views scroll along an axis it cannot on the screen as imported
    /// (`scrollViews.alwaysBounceVertical: [true]` on a list whose rows fit): the drags that test such a scroll view
    /// are aimed on these trees, so they exist (and run in every configuration; where the configuration leaves the
    /// view nothing to scroll, the run counts in no class, `NotCounted.cannotScroll`).
    func scrollVariants(of tree: GeneratedTree, projections: (axes: [Int], values: [[Int]])) -> [GeneratedTree] {
        let axes = projections.axes
        var variants: [GeneratedTree] = []
        let base = tree.elements.map(\.kind)
        for projection in projections.values {
            var variant = tree
            for (k, v) in zip(axes, projection) { axisDefinitions[k]?.apply(config.axes[k].values[v], to: &variant) }
            var gained = false
            for i in variant.elements.indices {
                guard case .scrollView(let before) = base[i] else { continue }
                let after = TreeGenerator.scrollableAxes(of: variant.elements[i].view, in: variant.scene)
                variant.elements[i].kind = .scrollView(axes: after)
                if after.contains(where: { !before.contains($0) }) { gained = true }
            }
            if gained { variants.append(variant) }
        }
        return variants
    }

    /// The `scrollViews.…` axes (their indices) and each distinct combination of value indices the configurations
    /// give them, in plan order: the same for every screen.
    func scrollAxisProjections() -> (axes: [Int], values: [[Int]]) {
        let axes = config.axes.indices.filter { config.axes[$0].name.hasPrefix("scrollViews.") }
        guard !axes.isEmpty else { return (axes, []) }
        var seen: Set<[Int]> = []
        var values: [[Int]] = []
        for indices in valueIndices {
            let projection = axes.map { indices[$0] }
            if seen.insert(projection).inserted { values.append(projection) }
        }
        return (axes, values)
    }

    func screenEntries(for tree: GeneratedTree, treeIndex: Int, variants: [GeneratedTree] = []) -> [GestureEntry] {
        var result: [GestureEntry] = []
        let placements = config.gestures.placements
        for element in tree.elements.indices {
            for family in config.gestures.families {
                for placement in 0 ..< placements {
                    let slot = element * placements + placement
                    let seed = gestureSeed(treeIndex: treeIndex, family: family, placement: slot)
                    // On the screen as imported, else on the first variant where the family finds room.
                    var gesture = GestureGenerator.generate(family, on: tree, element: element, seed: seed, options: config.gestures.options)
                    for variant in variants where gesture == nil {
                        gesture = GestureGenerator.generate(family, on: variant, element: element, seed: seed, options: config.gestures.options)
                    }
                    if let g = gesture { result.append((family, slot, g)) }
                }
            }
        }
        return result
    }
}
