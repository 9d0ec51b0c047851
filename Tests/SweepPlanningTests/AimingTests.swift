import SweepPlanning
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

/// The generator aims only where a finger can: never under the home indicator (the system's home gesture owns its
/// strip), never at a view that shows less than `TreeGenerator.minimumVisibleExtent` either way (issue 34 §3). Checked
/// on every tree of the shipped configs, generated and imported.
@Suite struct AimingTests {
    @Test(arguments: ["quickstart", "seeds-sweep", "photo-zoom", "system-gestures", "real-screens", "accessibility-screens"])
    func noTargetIsASliverAndNoFingerLandsUnderTheHomeIndicator(config: String) throws {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/\(config).yaml").path))
        var checked = 0
        for t in 0 ..< plan.treeCount {
            let tree = plan.baseTree(t)
            let window = tree.scene.windowSize
            let strip = window.height >= 812 ? window.height - 34 : .infinity
            for element in tree.elements {
                let r = element.visibleRect
                #expect(
                    r.size.width >= TreeGenerator.minimumVisibleExtent && r.size.height >= TreeGenerator.minimumVisibleExtent,
                    "\(config) tree \(t): \(tree.scene.views[element.view].name) shows \(r.size.width) × \(r.size.height) pt")
                #expect(r.maxY <= strip, "\(config) tree \(t): \(tree.scene.views[element.view].name) reaches under the home indicator")
            }
            for entry in plan.gestureEntries(for: tree, treeIndex: t) {
                for event in entry.gesture.script {
                    guard case .down(let p) = event.action else { continue }
                    #expect(p.y < strip, "\(config) tree \(t): \(entry.family) p\(entry.placement) lands at y \(p.y), under the home indicator")
                    checked += 1
                }
            }
        }
        #expect(checked > 0)
    }
}
