import SweepCore
import TouchEngine

/// Structural reductions: subtrees, single views, recognizers, controllers.
extension ShrinkState {
    var scene: Scene { current.scene }

    /// A candidate with only the kept parts.
    func without(
        views removedViews: [ViewID] = [], recognizers removedRecognizers: [RecognizerID] = [],
        controllers removedControllers: [Int] = []
    ) -> ShrinkSubject {
        var keepView = [Bool](repeating: true, count: scene.views.count)
        var keepRecognizer = [Bool](repeating: true, count: scene.recognizers.count)
        var keepController = [Bool](repeating: true, count: scene.controllers.count)
        for v in removedViews { keepView[v] = false }
        for r in removedRecognizers { keepRecognizer[r] = false }
        for c in removedControllers { keepController[c] = false }
        let rebuild = scene.rebuilt(keepingViews: keepView, recognizers: keepRecognizer, controllers: keepController)
        return ShrinkSubject(rebuild, gesture: current.gesture)
    }

    /// The intent's views and every ancestor of them (the window included).
    var intentPath: [Bool] {
        var onPath = [Bool](repeating: false, count: scene.views.count)
        for v in current.protectedViews {
            var w: ViewID? = v
            while let x = w { onPath[x] = true; w = scene.views[x].parent }
        }
        return onPath
    }

    /// `root` and every view inside it, in id order.
    func subtree(_ root: ViewID) -> [ViewID] {
        var out: [ViewID] = []
        var stack = [root]
        while let v = stack.popLast() {
            out.append(v)
            stack.append(contentsOf: scene.children[v])
        }
        return out.sorted()
    }

    /// Subtrees off the intent's path, largest first (ties by view id); `maximal` keeps only those whose
    /// parent is on the path.
    func removableSubtrees(maximal: Bool) -> [[ViewID]] {
        let onPath = intentPath
        let roots = scene.views.indices.filter { v in
            guard !onPath[v], let parent = scene.views[v].parent else { return false }
            return !maximal || onPath[parent]
        }
        let trees = roots.map(subtree)
        return trees.enumerated().sorted { a, b in
            a.element.count != b.element.count ? a.element.count > b.element.count : a.offset < b.offset
        }.map(\.element)
    }

    mutating func removeSubtrees() -> Bool {
        var accepted = false
        // ddmin-style: halve the chunk size until single subtrees; a success restarts at the same size.
        var chunk = removableSubtrees(maximal: true).count
        while chunk >= 2 && !oracle.exhausted {
            let trees = removableSubtrees(maximal: true)
            var progressed = false
            var start = 0
            while start < trees.count {
                let part = trees[start ..< min(start + chunk, trees.count)]
                if part.count >= 2, attempt(without(views: part.flatMap { $0 })) {
                    accepted = true
                    progressed = true
                    break
                }
                start += chunk
            }
            if !progressed { chunk /= 2 }
        }
        // Then single subtrees, largest first; a removal changes the list, so start again.
        var failed: Set<String> = []
        while !oracle.exhausted {
            let trees = removableSubtrees(maximal: false).filter { !failed.contains(scene.views[$0.first!].name) }
            guard let tree = trees.first else { break }
            if attempt(without(views: tree)) { accepted = true } else { failed.insert(scene.views[tree.first!].name) }
        }
        return accepted
    }

    mutating func removeViews() -> Bool {
        var accepted = false
        var index = 1
        while index < scene.views.count && !oracle.exhausted {
            if current.protectedViews.contains(index) || !attempt(without(views: [index])) {
                index += 1
            } else {
                accepted = true
            }
        }
        return accepted
    }

    mutating func removeRecognizers() -> Bool {
        var accepted = false
        var index = 0
        while index < scene.recognizers.count && !oracle.exhausted {
            if scene.isInstalledByViews(index) || current.protectedRecognizers.contains(index)
                || !attempt(without(recognizers: [index]))
            {
                index += 1
            } else {
                accepted = true
            }
        }
        return accepted
    }

    mutating func removeControllers() -> Bool {
        var accepted = false
        var index = 0
        while index < scene.controllers.count && !oracle.exhausted {
            if attempt(without(controllers: [index])) { accepted = true } else { index += 1 }
        }
        return accepted
    }
}
