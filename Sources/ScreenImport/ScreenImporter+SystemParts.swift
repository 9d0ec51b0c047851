import TouchEngine
import TouchScenarios

/// The system's parts a dump shows (issue 32; docs/real-screens.md, "Navigation controllers and sheets"): a
/// `UINavigationController`'s container with its back swipes, and a presented page sheet with its dismiss pan, so a
/// sweep over the screen meets them as the app's users do.
extension ScreenImporter {
    /// Installs, in the scenario loader's order, a navigation controller on each `UILayoutContainerView` (or subclass)
    /// whose direct subviews include a `UINavigationTransitionView` (a tab bar controller's container holds a
    /// `UITransitionView` instead), and a sheet on each full-width `UIDropShadowView` whose top is below the window's,
    /// in a container at the window's origin (a page sheet, M1). What a dump cannot say — the stack's exact depth, the
    /// sheet's detents, modality and delegate — is taken as stated in a note.
    static func installSystemParts(_ scene: inout Scene, records: [DumpRecord], ids: [ViewID], report: inout ImportReport) {
        func isClass(_ r: DumpRecord, _ name: String) -> Bool { r.className == name || r.baseClass == name }
        func children(_ i: Int) -> [Int] { records.indices.filter { records[$0].parent == i } }
        func subtree(_ i: Int) -> [Int] {
            var result: [Int] = [], stack = children(i)
            while let j = stack.popLast() {
                result.append(j)
                stack += children(j)
            }
            return result
        }
        /// Neither it nor an ancestor is hidden or transparent.
        func visible(_ j: Int) -> Bool {
            var k: Int? = j
            while let c = k {
                if records[c].isHidden || records[c].alpha < 0.01 { return false }
                k = records[c].parent
            }
            return true
        }
        for i in records.indices where i > 0 && isClass(records[i], "UILayoutContainerView") {
            let kids = children(i)
            guard kids.contains(where: { isClass(records[$0], "UINavigationTransitionView") }) else { continue }
            var spec = NavigationSpec(view: ids[i])
            let bar = kids.first { isClass(records[$0], "UINavigationBar") && !records[$0].isHidden }
            spec.bar = bar.map { ids[$0] }
            // A back button in the bar means a controller below the top one: the stack can pop.
            let back =
                bar.map { b in
                    subtree(b).contains { j in
                        let name = records[j].className
                        return
                            (name == "_UINavigationBarBackIndicatorView" || name == "UINavigationItemButtonView"
                            || name.contains("BackButton")) && visible(j)
                    }
                } ?? false
            spec.depth = back ? 2 : 1
            _ = scene.installNavigation(spec)
            report.notes.append(
                "\(scene.views[ids[i]].name): a navigation controller (its back swipes installed, N1); "
                    + (back
                        ? "its bar shows a back button, so the stack is taken as 2 deep (it can pop)"
                        : "no back button shows, so it is taken as the root (the back swipe refuses to pop, N4)"))
        }
        let window = scene.windowSize
        for i in records.indices where i > 0 && isClass(records[i], "UIDropShadowView") {
            let v = ids[i]
            let frame = TreeGenerator.windowFrame(of: v, in: scene)
            let container = scene.views[v].parent.map { TreeGenerator.windowFrame(of: $0, in: scene).origin } ?? .zero
            guard frame.minY > 0, frame.minX == 0, frame.size.width == window.width, container == .zero else { continue }
            var spec = SheetSpec(view: v)
            let top = frame.minY
            if top <= scene.parameters.sheetLargeDetentTop {
                // Higher than the 390×844 large detent: this screen's large detent (a smaller phone's status bar).
                scene.parameters.sheetLargeDetentTop = top
                spec.detents = [.large]
            } else if top == scene.parameters.sheetMediumDetentTop {
                spec.detents = [.medium]
            } else {
                spec.detents = [.custom(identifier: "shown", height: window.height - top)]
            }
            _ = scene.addSheet(spec)
            report.notes.append(
                "\(scene.views[v].name): a page sheet at window y \(fmt(top)) (its dismiss pan installed, M1); a dump shows "
                    + "neither its other detents nor isModalInPresentation nor its delegate: one detent where it rests, "
                    + "dismissable, no delegate")
        }
    }
}
