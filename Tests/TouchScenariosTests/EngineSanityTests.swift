import Testing
import TouchEngine

@testable import TouchScenarios

/// Generated trees against the engine: with the well-known fixes applied (no content delay, a dismiss tap
/// that does not cancel, a pass-through overlay), a quick tap on the centre of a button fires it — the hit
/// test reaches the buttons the generator lists.
@Suite struct EngineSanityTests {
    static func fixed(_ template: TreeTemplate, _ seed: UInt64) throws -> GeneratedTree {
        var tree = TreeGenerator.generate(template, seed: seed, options: TreeOptions())
        for (name, value) in [
            ("scrollViews.delaysContentTouches", AxisValue.bool(false)), ("dismissTap.cancelsTouchesInView", .bool(false)),
            ("overlay.passThrough", .bool(true)), ("overlay.panMoved", .bool(true))
        ] {
            try #require(AxisCatalog.definition(named: name)).apply(value, to: &tree)
        }
        return tree
    }

    @Test(arguments: TreeTemplate.generated)
    func quickTapsOnButtonsFire(_ template: TreeTemplate) throws {
        var buttons = 0, fired = 0
        var misses: [String] = []
        for seed: UInt64 in 0 ..< 6 {
            let tree = try Self.fixed(template, seed)
            for e in tree.elements where e.kind == .control(.button) {
                var scene = tree.scene
                let centre = Point(e.visibleRect.midX, e.visibleRect.midY)
                scene.script = [ScriptEvent(time: .zero, action: .down(centre)), ScriptEvent(time: .ms(60), action: .up(centre))]
                buttons += 1
                if Engine.summary(scene).count(.touchUpInside, of: e.view) > 0 {
                    fired += 1
                } else {
                    misses.append("seed \(seed) \(scene.views[e.view].name) at \(centre)")
                }
            }
        }
        #expect(buttons > 0)
        #expect(Double(fired) >= 0.9 * Double(buttons), "\(template): \(fired)/\(buttons); missed \(misses)")
    }

    /// The drawer's overlay as shipped passes taps on its empty area through to the buttons below; the naive
    /// overlay (`overlay.passThrough: false`, B12) takes every one of them: the dead buttons a "what if" finds.
    /// (Map pins may overlap: a tap fires the button aimed at or one drawn in front of it.)
    @Test func theNaiveDrawerOverlayKillsTheButtonsBelowItAndTheShippedOneDoesNot() {
        var below = 0, firedShipped = 0, firedNaive = 0
        for seed: UInt64 in 0 ..< 6 {
            let tree = TreeGenerator.generate(.drawer, seed: seed, options: TreeOptions())
            var naive = tree
            AxisCatalog.definition(named: "overlay.passThrough")!.apply(.bool(false), to: &naive)
            AxisCatalog.definition(named: "overlay.panMoved")!.apply(.bool(false), to: &naive)
            let overlay = tree.roles.overlays[0]
            let buttons = tree.elements.filter { $0.kind == .control(.button) && !tree.scene.isView($0.view, inside: overlay) }
            func firesABelowButton(_ scene: Scene) -> Bool {
                let summary = Engine.summary(scene)
                return buttons.contains { summary.count(.touchUpInside, of: $0.view) > 0 }
            }
            for e in buttons {
                let centre = Point(e.visibleRect.midX, e.visibleRect.midY)
                let tap = [ScriptEvent(time: .zero, action: .down(centre)), ScriptEvent(time: .ms(60), action: .up(centre))]
                below += 1
                var shipped = tree.scene, broken = naive.scene
                shipped.script = tap
                broken.script = tap
                if firesABelowButton(shipped) { firedShipped += 1 }
                if firesABelowButton(broken) { firedNaive += 1 }
            }
        }
        #expect(below > 0 && firedNaive == 0)
        #expect(firedShipped == below)
    }
}
