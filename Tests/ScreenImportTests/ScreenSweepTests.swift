import ScenarioKit
import ScreenImport
import SweepCore
import SweepPlanning
import Testing
import TouchEngine
import TouchScenarios

/// A sweep over real screens never drops one silently (issue 33 §2): each screen's import warnings, a screen with
/// no gesture and a screen left out as transient are named; its examples and by_screen rows name their screens;
/// and the drags that test a scroll view follow the axes that let it scroll.
@Suite struct ScreenSweepTests {
    /// A config over `dumps` (file → text), carried in `embedded:` so that nothing is read from disk.
    static func config(_ dumps: [(String, String)], axes: String = "", extra: String = "") throws -> SweepConfig {
        var yaml = "name: screens\nseed: 3\n" + (axes.isEmpty ? "" : "axes:\n" + axes)
        yaml += "trees:\n  screens: [" + dumps.map { "\"\($0.0)\"" }.joined(separator: ", ") + "]\n" + extra
        yaml += "gestures: {placements: 1}\nembedded:\n"
        for (file, text) in dumps { yaml += "  - file: \"\(file)\"\n    text: \(QuotedString.yaml(text))\n" }
        return try SweepConfigLoader.load(yaml: yaml, path: "screens.yaml")
    }

    static let button = """
        <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>
           | <UIButton: 0x3; frame = (100 100; 190 50); opaque = NO; layer = <CALayer: 0x4>>
        """
    static let labelOnly = """
        <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>
           | <UILabel: 0x3; frame = (100 100; 190 50); userInteractionEnabled = NO; layer = <_UILabelLayer: 0x4>>
           | <UIView: 0x5; frame = (0 0; 10 10); frobnicate = 3; layer = <CALayer: 0x6>>
        """
    static let swiped = """
        <UITableViewCell: 0x1; frame = (0 0; 375 44); layer = <CALayer: 0x2>>
           | <UITableViewCellDeleteConfirmationView: 0x3; frame = (293 0; 82 44); layer = <CALayer: 0x4>>
        """
    /// Three items in a tall collection view: nothing to scroll unless it bounces (a collection view does not by
    /// default).
    static let shortList = """
        <UIWindow: 0x1; frame = (0 0; 390 844); layer = <UIWindowLayer: 0x2>>
           | <UICollectionView: 0x3; frame = (0 0; 390 844); clipsToBounds = YES; layer = <CALayer: 0x4>; contentOffset: {0, 0}; contentSize: {390, 132}; adjustedContentInset: {0, 0, 0, 0}>
           |    | <UICollectionViewCell: 0x5; frame = (0 0; 390 44); layer = <CALayer: 0x6>>
           |    | <UICollectionViewCell: 0x7; frame = (0 44; 390 44); layer = <CALayer: 0x8>>
           |    | <UICollectionViewCell: 0x9; frame = (0 88; 390 44); layer = <CALayer: 0xa>>
        """

    @Test func planNamesEachScreensWarningsAndAScreenWithNoGestureAndWhy() throws {
        let plan = SweepPlan(try Self.config([("button.txt", Self.button), ("label.txt", Self.labelOnly)]))
        let lines = ScreenDiagnostics.lines(plan)
        #expect(
            lines == [
                "screen label.txt: 1 import warning: line 3: unknown attribute 'frobnicate' of UIView ignored",
                "screen label.txt yields no gesture: it has no control, cell or scroll view a finger can reach (none, or all "
                    + "hidden, disabled, covered or outside the window); it is swept for nothing"
            ])
    }

    @Test func excludeTransientLeavesOutTheDumpCaughtMidSwipeAndSaysSo() throws {
        let kept = try Self.config([("button.txt", Self.button), ("swiped.txt", Self.swiped)])
        #expect(kept.trees.screens.count == 2)
        let config = try Self.config([("button.txt", Self.button), ("swiped.txt", Self.swiped)], extra: "  excludeTransient: true\n")
        #expect(config.trees.screens.map(\.file) == ["button.txt"])
        let lines = ScreenDiagnostics.lines(SweepPlan(config))
        #expect(lines.last?.hasPrefix("screen swiped.txt left out (trees.excludeTransient): it looks transient: line 2: ") == true)
        #expect(SweepPlan(config).configHash != SweepPlan(kept).configHash)
        #expect(throws: ScenarioError.self) {
            try Self.config([("swiped.txt", Self.swiped)], extra: "  excludeTransient: true\n")
        }
    }

    /// Without an axis the short list has nothing to scroll and gets no drag; with
    /// `scrollViews.alwaysBounceVertical: [false, true]` its drags are generated, count where it bounces, and count
    /// in no class (`cannot_scroll`) where it does not.
    @Test func theDragsThatTestAScrollViewFollowTheAxesThatLetItScroll() throws {
        let still = SweepPlan(try Self.config([("list.txt", Self.shortList)]))
        #expect(!still.screenGestures[0].contains { $0.family == .fastSwipe })
        let plan = SweepPlan(try Self.config([("list.txt", Self.shortList)], axes: "  scrollViews.alwaysBounceVertical: [false, true]\n"))
        #expect(plan.screenGestures[0].contains { $0.family == .fastSwipe })
        let tallies = ParallelSweep.run(plan, threads: 2)
        let off = tallies.configurations[0].total, on = tallies.configurations[1].total
        #expect(off.notCounted(.cannotScroll) > 0 && off.attempts(.swallowedScroll) == 0)
        #expect(on.notCounted(.cannotScroll) == 0 && on.attempts(.swallowedScroll) > 0)
        // Where it bounces, the content follows the finger through the rubber band: a drag on empty space is no
        // swallowed scroll.
        #expect(on.count(.swallowedScroll) < on.attempts(.swallowedScroll), "\(on.count(.swallowedScroll)) / \(on.attempts(.swallowedScroll))")
    }

    /// Two dumps with one file name in two directories stay two screens in the reports; every example names its
    /// screen; by_screen.csv has one row per screen and element.
    @Test func reportsNameTheirScreensAndByScreenRowsAreUnique() throws {
        let plan = SweepPlan(try Self.config([("a/list.txt", Self.shortList), ("b/list.txt", Self.button)], axes: "  scrollViews.bounces: [true]\n"))
        #expect(plan.screenNames == ["a/list.txt", "b/list.txt"])
        // The residual lines of the terminal and report.html name the screen of their example id.
        #expect(plan.screenName(ofExample: "c001-t1-quickTap-p0") == "b/list.txt")
        #expect(plan.screenName(ofExample: "c001-t2-quickTap-p0") == nil && plan.screenName(ofExample: "nonsense") == nil)
        let tallies = ParallelSweep.run(plan, threads: 2)
        let rows = ScreenReport.csv(plan, tallies).split(separator: "\r\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let keys = rows.map { "\($0[0])|\($0[2])" }
        #expect(Set(keys).count == keys.count && keys.count == plan.screenElementCount)
        let examples = Reports.examples(plan, tallies, outputDirectory: "out").split(separator: "\r\n")
        #expect(examples.first?.split(separator: ",")[5] == "screen")
        for line in examples.dropFirst() { #expect(line.split(separator: ",")[5].hasSuffix("list.txt"), "\(line)") }
    }
}
