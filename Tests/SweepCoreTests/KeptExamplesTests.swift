import TestSupport
import Testing
import TouchScenarios

@testable import SweepCore

/// Which examples a sweep keeps per configuration × defect class: the earliest on each kind of screen, and
/// of those the `examples` earliest — the same whatever order units finish in.
@Suite struct KeptExamplesTests {
    static func example(tree: Int, gesture: Int = 0, template: TreeTemplate) -> DefectExample {
        DefectExample(
            configuration: 0, defect: .deadButton, treeIndex: tree, family: .quickTap, placement: 0,
            gestureIndex: gesture, template: template, treeSeed: 1, target: "X")
    }

    /// The drawer's overlay kills taps on trees 0–3; a form's tap-to-dismiss recognizer on tree 4.
    static let arriving: [DefectExample] = [
        example(tree: 0, template: .drawer), example(tree: 1, template: .drawer), example(tree: 2, gesture: 3, template: .drawer),
        example(tree: 3, template: .drawer), example(tree: 4, template: .form), example(tree: 5, template: .form),
        example(tree: 6, template: .feed), example(tree: 7, template: .pager), example(tree: 8, template: .settings)
    ]

    static func kept(_ examples: [DefectExample], limit: Int) -> [DefectExample] {
        var list: [DefectExample] = []
        for e in examples { SweepTallies.keepSmallest(e, in: &list, limit: limit) }
        return list
    }

    @Test func theFirstExampleOfEachKindOfScreenIsKeptSoAFormIsNotHiddenByADrawer() {
        #expect(Self.kept(Self.arriving, limit: 3).map(\.treeIndex) == [0, 4, 6])
        #expect(Self.kept(Self.arriving, limit: 10).map(\.treeIndex) == [0, 4, 6, 7, 8])
    }

    @Test func theKeptExamplesDoNotDependOnArrivalOrder() {
        var rng = SplitMix64(seed: 42)
        for _ in 0 ..< 200 {
            let shuffled = Self.arriving.shuffled(using: &rng)
            for limit in 1 ... 6 { #expect(Self.kept(shuffled, limit: limit) == Self.kept(Self.arriving, limit: limit)) }
        }
    }

    @Test func importedScreensAreEachTheirOwnKind() {
        let screens = [
            Self.example(tree: 0, template: .screen), Self.example(tree: 0, gesture: 2, template: .screen),
            Self.example(tree: 1, template: .screen)
        ]
        #expect(Self.kept(screens, limit: 5).map(\.treeIndex) == [0, 1])
    }
}
