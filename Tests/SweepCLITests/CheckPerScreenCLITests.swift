import Foundation
import TestSupport
import Testing

/// `sweep check --per-screen` on the real screens of configs/real-screens.yaml: a case per screen × class, read from
/// by_screen_summary.csv, whose counts add up to summary.csv's.
@Suite(.serialized) struct CheckPerScreenCLITests {
    let cli = SweepCLITests()
    let run = SweepRunCLITests()

    /// `sweep run` of configs/real-screens.yaml into `scratch`; the reports' directory.
    func sweep(in scratch: TemporaryDirectory) throws -> String {
        let dir = scratch.path
        let result = try cli.sweep("run", "configs/real-screens.yaml", "--output", dir + "/out", "--quiet")
        #expect(result.status == 0, "\(result.transcript)")
        return dir + "/out"
    }

    static func rows(_ path: String) throws -> [[String: String]] {
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\r\n").map {
            $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        }
        return lines.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(lines[0], $0)) }
    }

    @Test func theScreensCountsAddUpToSummaryCSVsInEveryCountColumn() throws {
        let scratch = try run.temporaryDirectory("per-screen-sums")
        let out = try sweep(in: scratch)
        let summary = try Self.rows(out + "/summary.csv"), screens = try Self.rows(out + "/by_screen_summary.csv")
        #expect(screens.count == 47 * 4)
        let counted = summary[0].keys.filter { $0 == "runs" || $0.hasPrefix("runs_not_counted_") || $0.hasSuffix("_attempts") || $0.hasSuffix("_count") }
        #expect(counted.count > 60)
        for configuration in summary {
            let mine = screens.filter { $0["config_id"] == configuration["config_id"] }
            for column in counted {
                #expect(mine.reduce(0) { $0 + Int($1[column]!)! } == Int(configuration[column]!)!, "\(configuration["config_id"]!) \(column)")
            }
        }
    }

    @Test func aScreenFailsWhereItsRateIsAboveTheMaximumInAnyConfiguration() throws {
        let scratch = try run.temporaryDirectory("per-screen-check")
        let out = try sweep(in: scratch)
        let junit = out + "/../screens.xml"
        let result = try cli.sweep("check", out, "--per-screen", "--max", "dead_button=0.01", "--max", "swallowed_scroll=5%", "--junit", junit)
        #expect(result.status == 1, "\(result.transcript)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 11)
        #expect(
            lines[0]
                == "01-appleid-signin-sheet-cycript: c001 (scrollViews.delaysContentTouches=true, scrollViews.touchesShouldCancel=default): "
                + "swallowed_scroll (hazards) 100.00% (8/8) is above the maximum 5%")
        #expect(lines.last == "sweep check: 3 of 94 screen checks failed (47 screens × 2 classes, 53 skipped: no attempts); JUnit report \(junit)")
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        #expect(xml.components(separatedBy: "<testcase ").count - 1 == 94)
        #expect(xml.components(separatedBy: "<failure ").count - 1 == 3)
        #expect(
            xml.contains("name=\"22-wechat-iphone4-login-cycript-TRUNCATED\" classname=\"sweep.screen.swallowed_scroll\"")
                || xml.contains("classname=\"sweep.screen.swallowed_scroll\" name=\"22-wechat-iphone4-login-cycript-TRUNCATED\""), "\(xml.prefix(600))")
        // A maximum no screen reaches passes.
        let loose = try cli.sweep("check", out, "--per-screen", "--max", "swallowed_scroll=100%", "--quiet")
        #expect(loose.status == 0 && loose.stdout.isEmpty, "\(loose.transcript)")
    }

    @Test func aSweepWithoutScreensAndABaselineAreRefused() throws {
        let scratch = try run.temporaryDirectory("per-screen-refusals")
        let out = try sweep(in: scratch)
        let both = try cli.sweep("check", out, "--per-screen", "--baseline", out, "--max", "dead_button=0.01")
        #expect(both.status == 64 && both.stderr == "sweep check: --per-screen cannot be combined with --baseline; run the two checks apart.\n")
        try FileManager.default.removeItem(atPath: out + "/by_screen_summary.csv")
        let none = try cli.sweep("check", out, "--per-screen", "--max", "dead_button=0.01")
        #expect(
            none.status == 2 && none.stderr.hasPrefix("sweep check: \(out) has no by_screen_summary.csv: its sweep has no real screens"), "\(none.transcript)")
    }
}
