import Foundation
import TestSupport
import Testing

/// `sweep check OUT --baseline BASE`: a regression gate. The worse run is the quickstart on drawer screens (a
/// full-screen overlay pan over every feed) against the same configurations on plain feeds: real sweeps, not edited
/// CSVs.
@Suite(.serialized) struct CheckBaselineCLITests {
    let cli = SweepCLITests()
    let run = SweepRunCLITests()

    func sweep(_ dir: String, _ name: String, templates: String) throws -> String {
        let result = try cli.sweep(
            "run", "configs/quickstart.yaml", "--output", dir + "/" + name, "--quiet", "--set", "trees.templates={\(templates)}")
        #expect(result.status == 0, "\(result.transcript)")
        return dir + "/" + name
    }

    @Test func aWorseRunFailsWhereItsRateRoseBeyondBothRunsTreeIntervalsAndTheSameRunPasses() throws {
        let scratch = try run.temporaryDirectory("check-baseline")
        let dir = scratch.path
        let feeds = try sweep(dir, "feeds", templates: "feed: 1")
        let drawers = try sweep(dir, "drawers", templates: "drawer: 1")

        let worse = try cli.sweep("check", drawers, "--baseline", feeds, "--junit", dir + "/report.xml")
        #expect(worse.status == 1, "\(worse.transcript)")
        let lines = worse.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7, "\(worse.stdout)")
        #expect(lines.dropLast().allSatisfy { $0.contains(": swallowed_scroll rose beyond the trees' variation: ") })
        #expect(
            lines.first
                == "c001 (scrollViews.delaysContentTouches=true, scrollViews.touchesShouldCancel=default, "
                + "dismissTap.cancelsTouchesInView=true, overlay.passThrough=false, overlay.panMoved=false): swallowed_scroll rose "
                + "beyond the trees' variation: 0.00% [0.00%, 3.13%] → 14.38% [5.62%, 32.16%] (hazards 0/150 → 8/153)")
        #expect(lines.last == "sweep check: 6 of 112 rates rose beyond the trees' variation from \(feeds) (96 not compared); JUnit report \(dir)/report.xml")
        let junit = try String(contentsOfFile: dir + "/report.xml", encoding: .utf8)
        #expect(junit.contains("<testsuite name=\"baseline swallowed_scroll\""))
        #expect(junit.components(separatedBy: "<failure ").count - 1 == 6)

        // The same sweep against itself, and the better run against the worse one, rose nowhere.
        let same = try cli.sweep("check", drawers, "--baseline", drawers)
        #expect(same.status == 0 && same.stdout == "sweep check: 0 of 112 rates rose beyond the trees' variation from \(drawers) (96 not compared)\n")
        let better = try cli.sweep("check", feeds, "--baseline", drawers, "--max", "swallowed_scroll=1", "--quiet")
        #expect(better.status == 0 && better.stdout.isEmpty, "\(better.transcript)")
        // Designed and what-if counts join the counted rate only when asked.
        let everything = try cli.sweep("check", drawers, "--baseline", feeds, "--include", "designed,what-if")
        #expect(everything.status == 1 && everything.stdout.contains("(every category 16/150 → 57/153)"), "\(everything.stdout)")
    }

    /// Configurations are matched by their axis values; one the baseline lacks is new, never failed. With --max, only
    /// the classes given are compared.
    @Test func aConfigurationTheBaselineLacksIsNewNotFailedAndABadBaselineIsTwo() throws {
        let scratch = try run.temporaryDirectory("check-baseline-new")
        let dir = scratch.path
        let half = dir + "/half"
        let result = try cli.sweep(
            "run", "configs/quickstart.yaml", "--output", half, "--quiet", "--set", "trees.templates={feed: 1}",
            "--set", "axes.scrollViews.delaysContentTouches=true")
        #expect(result.status == 0, "\(result.transcript)")
        let drawers = try sweep(dir, "drawers", templates: "drawer: 1")
        let check = try cli.sweep("check", drawers, "--baseline", half, "--max", "dead_button=1")
        #expect(check.status == 0, "\(check.transcript)")
        #expect(
            check.stdout
                == "sweep check: 0 of 16 checks failed (16 configurations × 1 class); 0 of 8 rates rose beyond the trees' "
                + "variation from \(half) (8 new)\n")
        let bad = try cli.sweep("check", drawers, "--baseline", dir)
        #expect(
            bad.status == 2 && bad.stderr == "sweep check: --baseline \(dir) is not the output directory of a sweep (it has no summary.csv and plan.yaml).\n",
            "\(bad.transcript)")
    }
}
