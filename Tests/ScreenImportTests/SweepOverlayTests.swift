import Foundation
import ScreenImport
import SweepCore
import SweepPlanning
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

/// `trees.screens: [{dump, map, recognizers}]`: the overlays of `sweep import` reach sweeps, travel in the config
/// text with the dump, and count in the config hash.
@Suite(.serialized) struct SweepOverlayTests {
    static let dump = """
        <UIWindow: 0x7f9e1c00; frame = (0 0; 320 568); gestureRecognizers = <NSArray: 0x6000011c>; layer = <UIWindowLayer: 0x6000012d>>
           | <UITableView: 0x7fa08000; frame = (0 0; 320 568); clipsToBounds = YES; gestureRecognizers = <NSArray: 0x6000013e>; layer = <CALayer: 0x6000014f>; contentOffset: {0, 0}; contentSize: {320, 900}>
           |    | <MyApp.FeedItem: 0x7f9e2d10; frame = (0 0; 320 120); gestureRecognizers = <NSArray: 0x60000160>; layer = <CALayer: 0x60000171>>
           |    |    | <MyApp.LikeButton: 0x7f9e3e20; frame = (260 40; 44 44); opaque = NO; layer = <CALayer: 0x60000182>>
           |    | <MyApp.FeedItem: 0x7f9e4f30; frame = (0 120; 320 120); gestureRecognizers = <NSArray: 0x60000193>; layer = <CALayer: 0x600001a4>>
        """
    static let map = "classes:\n  MyApp.FeedItem: cell\n"
    static let recognizers = "recognizers:\n  - class: MyApp.FeedItem\n    id: hold\n    kind: longPress\n    minimumPressDuration: 400\n"

    /// A fresh directory holding feed.txt, feed.map.yaml and feed.recognizers.yaml.
    func files(_ name: String) throws -> TemporaryDirectory {
        let dir = try TemporaryDirectory("sweep-overlay-\(name)")
        try dir.write(Self.dump, to: "feed.txt")
        try dir.write(Self.map, to: "feed.map.yaml")
        try dir.write(Self.recognizers, to: "feed.recognizers.yaml")
        return dir
    }

    func config(_ dir: String, overlays: Bool = true, recognizers: Bool = true) -> String {
        let screen =
            !overlays
            ? "\"\(dir)/feed.txt\""
            : "{dump: \"\(dir)/feed.txt\", map: \"\(dir)/feed.map.yaml\""
                + (recognizers ? ", recognizers: \"\(dir)/feed.recognizers.yaml\"}" : "}")
        return "name: overlay\naxes: {scrollViews.delaysContentTouches: [true]}\ntrees:\n  screens: [\(screen)]\n"
    }

    func tallies(_ plan: SweepPlan) -> SweepTallies {
        var runner = UnitRunner(plan: plan)
        var tallies = SweepTallies(plan: plan)
        for unit in plan.units(treesPerUnit: 1) { tallies.merge(runner.run(unit)) }
        return tallies
    }

    @Test func theOverlaysShapeTheSweepsScreenAndChangeItsResults() throws {
        let scratch = try files("shape")
        let dir = scratch.path
        let plan = SweepPlan(try SweepConfigLoader.load(yaml: config(dir), path: "overlay.yaml"))
        let scene = plan.screenTrees[0].scene
        #expect(scene.recognizer(named: "MyApp.FeedItem_L3.hold") != nil)
        #expect(scene.recognizer(named: "MyApp.FeedItem_L5.hold") != nil)
        #expect(scene.views.filter { $0.className == "MyApp.FeedItem" }.allSatisfy { $0.kind == .cell })
        #expect(plan.config.trees.screens[0].map?.file == dir + "/feed.map.yaml")

        // Without the map the items are plain views, no cells to aim at.
        let bare = SweepPlan(try SweepConfigLoader.load(yaml: config(dir, overlays: false), path: "overlay.yaml"))
        #expect(bare.screenTrees[0].elements.count < plan.screenTrees[0].elements.count)
        // Without the recognizers a long press on an item selects it; with them, the items' own long press takes it.
        let mapOnly = SweepPlan(try SweepConfigLoader.load(yaml: config(dir, recognizers: false), path: "overlay.yaml"))
        #expect(mapOnly.screenTrees[0].scene.recognizer(named: "MyApp.FeedItem_L3.hold") == nil)
        #expect(mapOnly.screenTrees[0].elements.count == plan.screenTrees[0].elements.count)
        let with = tallies(plan).configurations[0].family(.longPress)
        let without = tallies(mapOnly).configurations[0].family(.longPress)
        #expect(with.runs == without.runs && with.counts != without.counts, "\(with.counts) vs \(without.counts)")
    }

    @Test func aChangedOverlayChangesTheConfigHashAndTheTextCarriesTheOverlays() throws {
        let scratch = try files("hash")
        let dir = scratch.path
        let text = config(dir)
        let loaded = try SweepConfigLoader.load(yaml: text, path: "overlay.yaml")
        let expanded = SweepConfigLoader.expandedText(text, config: loaded)
        #expect(expanded.contains("    recognizers:\n      file: \"\(dir)/feed.recognizers.yaml\"\n"))
        let hash = SweepPlan(loaded).configHash
        #expect(SweepPlan(try SweepConfigLoader.load(yaml: expanded, path: "elsewhere/o.yaml")).configHash == hash)
        for (old, new) in [("minimumPressDuration: 400", "minimumPressDuration: 500"), ("MyApp.FeedItem: cell", "MyApp.FeedItem: view")] {
            let edited = expanded.replacingOccurrences(of: old, with: new)
            #expect(edited != expanded)
            #expect(SweepPlan(try SweepConfigLoader.load(yaml: edited, path: "overlay.yaml")).configHash != hash, "\(old)")
        }
        // The same dump without overlays is another config.
        #expect(SweepPlan(try SweepConfigLoader.load(yaml: config(dir, overlays: false), path: "o.yaml")).configHash != hash)
    }

    @Test func planYAMLWithOverlaysIsItselfTheConfig() throws {
        let scratch = try files("plan")
        let dir = scratch.path
        let config = try SweepConfigLoader.load(yaml: config(dir), path: "overlay.yaml")
        let plan = SweepPlan(config)
        let text = plan.resolvedYAML()
        #expect(text.contains("  - {dump: \(dir)/feed.txt, map: \(dir)/feed.map.yaml, recognizers: \(dir)/feed.recognizers.yaml}\n"))
        let section = try #require(try SweepConfigLoader.compose(yaml: text, path: "plan.yaml").mapping?["config"])
        try FileManager.default.removeItem(atPath: dir)
        let reloaded = try SweepConfigLoader.load(node: section, path: "elsewhere/plan.yaml")
        #expect(reloaded == config)
        #expect(SweepPlan(reloaded).configHash == plan.configHash)
    }

    @Test func aMissingOverlayIsOneSentenceAtTheConfigsLineAndColumn() throws {
        let scratch = try files("missing")
        let dir = scratch.path
        try FileManager.default.removeItem(atPath: dir + "/feed.recognizers.yaml")
        let message = errorText { _ = try SweepConfigLoader.load(yaml: config(dir), path: "t.yaml") }
        let column = "  screens: [{dump: \"\(dir)/feed.txt\", map: \"\(dir)/feed.map.yaml\", recognizers: ".count + 1
        #expect(
            message == "t.yaml:4:\(column): cannot read the recognizers file \(dir)/feed.recognizers.yaml of this screen "
                + "(looked for \(dir)/feed.recognizers.yaml)")
    }

    @Test func aBadOverlayNamesItsOwnLineAndColumn() throws {
        let scratch = try files("bad")
        let dir = scratch.path
        try "recognizers:\n  - class: MyApp.FeedItem\n    kind: tap\n    taps: 0\n"
            .write(toFile: dir + "/feed.recognizers.yaml", atomically: true, encoding: .utf8)
        let message = errorText { _ = try SweepConfigLoader.load(yaml: config(dir), path: "t.yaml") }
        #expect(message?.hasPrefix("\(dir)/feed.recognizers.yaml:4:11: ") == true, "\(message ?? "no error")")
    }

    @Test func aReplayNeedsNoFiles() throws {
        let scratch = try files("replay")
        let dir = scratch.path
        let text = config(dir)
        let loaded = try SweepConfigLoader.load(yaml: text, path: "overlay.yaml")
        let expanded = SweepConfigLoader.expandedText(text, config: loaded)
        try FileManager.default.removeItem(atPath: dir)
        let again = try SweepConfigLoader.load(yaml: expanded, path: "elsewhere/config.yaml")
        #expect(again == loaded)
        let plan = SweepPlan(again)
        var trees: [Int: GeneratedTree] = [:]
        let slot = try #require(plan.screenGestures[0].first { $0.family == .longPress }).placement
        let replay = try #require(
            Replay.scenario(
                plan: plan, configuration: 0, treeIndex: 0, family: .longPress, placement: slot,
                baseTrees: &trees))
        #expect(replay.scene.recognizer(named: "MyApp.FeedItem_L3.hold") != nil)
        #expect(!Engine.trace(replay.scene).isEmpty)
    }
}
