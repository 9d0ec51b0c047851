import Foundation
import ScreenImport
import SweepPlanning
import TestSupport
import Testing
import Yams

/// `sweep import`'s scenario files for a few dumps of configs/screens and the hand-written
/// dumps of the other suites, byte for byte. Re-record with
/// `TOUCHSWEEP_RECORD=1 swift test --filter GoldenScenarioTests` (the run then fails, naming each file it
/// wrote), review the diff, and run again without the variable.
@Suite struct GoldenScenarioTests {
    static let goldens = [
        "04-storyboards-tutorial-players-table-lldb", "10-ios7-swipeable-cell-delete-nslog",
        "16-neteasemusic-phone-login-view-cycript", "22-wechat-iphone4-login-cycript-TRUNCATED"
    ]
    /// Hand-written dumps of shapes the shared ones lack: iOS 6 controller annotations, a scrolled table wrapper.
    static let handWritten = ["ios6-annotated-login-lldb", "ios8-scrolled-table-wrapper-lldb"]
    static func handWrittenText(_ name: String) -> String {
        name.hasPrefix("ios6") ? AnnotationTests.ios6Login : TableWrapperTests.scrolledTable
    }

    @Test(arguments: goldens)
    func importMatchesTheGolden(_ name: String) throws {
        try compare(try importShared(name + ".txt").scenarioYAML(source: name + ".txt"), golden: name)
    }

    @Test(arguments: handWritten)
    func handWrittenImportMatchesTheGolden(_ name: String) throws {
        let screen = try ScreenImporter.importDump(Self.handWrittenText(name), file: name + ".txt")
        try compare(screen.scenarioYAML(source: name + ".txt"), golden: name)
    }

    func compare(_ yaml: String, golden name: String) throws {
        Golden.expect(yaml, matches: Repository.url("Tests/ScreenImportTests/Goldens/" + name + ".yaml"))
    }

    @Test func aChangedDumpChangesTheConfigHashAndTheTextCarriesTheDumps() throws {
        let dir = screensDirectory
        let text = "name: two\ntrees: {screens: [\"\(dir)/10-*.txt\", \"\(dir)/22-*.txt\"]}\n"
        let config = try SweepConfigLoader.load(yaml: text, path: "two.yaml")
        let expanded = SweepConfigLoader.expandedText(text, config: config)
        // Loading the expanded text reads no file and gives the same plan.
        let again = try SweepConfigLoader.load(yaml: expanded, path: "elsewhere/two.yaml")
        #expect(SweepPlan(again).configHash == SweepPlan(config).configHash)
        #expect(again.trees.screens.map(\.name) == ["10-ios7-swipeable-cell-delete-nslog", "22-wechat-iphone4-login-cycript-TRUNCATED"])
        // One changed byte in a dump changes the hash.
        let edited = expanded.replacingOccurrences(of: "contentOffset: {82, 0}", with: "contentOffset: {80, 0}")
        #expect(edited != expanded)
        let changed = try SweepConfigLoader.load(yaml: edited, path: "two.yaml")
        #expect(SweepPlan(changed).configHash != SweepPlan(config).configHash)
    }

    @Test func planYAMLOfAScreensSweepIsItselfTheConfig() throws {
        let dir = screensDirectory
        let config = try SweepConfigLoader.load(yaml: "name: p\ntrees: {screens: [\"\(dir)/1*.txt\"]}\n", path: "p.yaml")
        let plan = SweepPlan(config)
        let node = try SweepConfigLoader.compose(yaml: plan.resolvedYAML(), path: "plan.yaml")
        let section = try #require(node.mapping?["config"])
        let reloaded = try SweepConfigLoader.load(node: section, path: "elsewhere/plan.yaml")
        #expect(reloaded == config)
        #expect(SweepPlan(reloaded).configHash == plan.configHash)
    }
}
