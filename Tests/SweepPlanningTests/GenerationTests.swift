import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepPlanning

@Suite struct GenerationTests {
    static let config = """
        name: g
        seed: 3
        axes:
          scrollViews.delaysContentTouches: [true, false]
          contentTouchDelay: [150, 40]
          dismissTap.cancelsTouchesInView: [true, false]
        zip: [[scrollViews.delaysContentTouches, contentTouchDelay]]
        trees: {perConfiguration: 6, templates: [feed, form, drawer]}
        gestures: {families: [quickTap, slowDrag, dragFromCell], placements: 2}
        """

    @Test func baseTreesComeFromTheirSpecAndRepeat() throws {
        let p = try plan(Self.config)
        for i in 0 ..< p.treeCount {
            let spec = p.treeSpec(i)
            let tree = p.baseTree(i)
            #expect(tree.template == spec.template && tree.seed == spec.seed)
            #expect(tree == TreeGenerator.generate(spec.template, seed: spec.seed, options: p.config.trees.options))
            #expect(tree == p.baseTree(i))
        }
    }

    @Test func aConfigurationSetsEveryAxisOnTheTree() throws {
        let p = try plan(Self.config)
        #expect(p.configurations.count == 4)
        let c = try #require(p.configurations.firstIndex { $0["contentTouchDelay"] == .number(40) && $0["dismissTap.cancelsTouchesInView"] == .bool(false) })
        for i in 0 ..< p.treeCount {
            let tree = p.tree(i, configuration: c)
            #expect(tree.scene.parameters.contentTouchDelay == .ms(40))
            for sv in tree.roles.scrollViews { #expect(tree.scene.views[sv].scroll?.delaysContentTouches == false) }
            if let tap = tree.roles.dismissTap { #expect(tree.scene.recognizers[tap].cancelsTouchesInView == false) }
            // Everything else is the base tree's.
            var base = p.baseTree(i)
            #expect(tree.elements == base.elements && tree.roles == base.roles)
            p.apply(configuration: c, to: &base)
            #expect(base == tree)
        }
    }

    @Test func gesturesAreDeterministicAimAtTheTreeAndNeverExceedTheSlots() throws {
        let p = try plan(Self.config)
        var total = 0
        for i in 0 ..< p.treeCount {
            let tree = p.baseTree(i)
            let gestures = p.gestures(for: tree, treeIndex: i)
            #expect(gestures == p.gestures(for: p.baseTree(i), treeIndex: i))
            #expect(gestures.count <= p.gesturesPerTree)
            #expect(gestures.allSatisfy { g in tree.elements.contains { $0.view == g.target } })
            #expect(gestures.allSatisfy { p.config.gestures.families.contains($0.family) })
            total += gestures.count
        }
        #expect(total > 0)
    }

    @Test func theQuickstartTreesCoverEveryTemplateItNames() throws {
        let p = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path))
        let counts = Dictionary(uniqueKeysWithValues: p.templateCounts().map { ($0.template, $0.count) })
        for template in [TreeTemplate.feed, .form, .drawer, .pager, .carousel] { #expect(counts[template, default: 0] >= 2, "\(template)") }
        #expect(counts[.settings, default: 0] >= 1)
        #expect((8 ... 16).contains(p.configurations.count) && p.treeCount == 12)
        #expect(p.config.gestures.families == GestureFamily.defaults)
        for i in 0 ..< p.treeCount { #expect(!p.gestures(for: p.baseTree(i), treeIndex: i).isEmpty) }
    }
}
