import SweepPlanning
import SweepReporting
import Testing
import TouchScenarios
@testable import SweepCore

/// effects.csv on a synthetic sweep with planted effects: the tallies are made up, so every number is known.
///
/// Planted: dead buttons depend on dismissTap.cancelsTouchesInView only (10% off, 50% on); swallowed scrolls
/// are 20% everywhere except 60% where contentTouchDelay is 300 *and* delaysContentTouches is false (an
/// interaction of those two axes); cancelsTouchesInView does nothing to scrolls.
@Suite struct EffectsReportTests {
    static let config = """
        name: planted
        axes:
          contentTouchDelay: [0, 150, 300]
          scrollViews.delaysContentTouches: [true, false]
          dismissTap.cancelsTouchesInView: [false, true]
        trees:
          perConfiguration: 1
          templates: {feed: 1}
        """

    static func plantedSweep() throws -> (SweepPlan, SweepTallies) {
        let plan = SweepPlan(try SweepConfigLoader.load(yaml: config, path: "planted.yaml"))
        var tallies = SweepTallies(plan: plan)
        for c in plan.configurations.indices {
            let configuration = plan.configurations[c]
            let cancels = configuration["dismissTap.cancelsTouchesInView"]?.description == "true"
            let slowAndUndelayed = configuration["contentTouchDelay"]?.description == "300"
                && configuration["scrollViews.delaysContentTouches"]?.description == "false"
            var unit = UnitResult(configuration: c)
            for i in 0 ..< 100 {
                var tap = ScenarioVerdict()
                tap.applicable.insert(.deadButton)
                if i < (cancels ? 50 : 10) { tap.defects.insert(.deadButton) }
                unit.tallies.add(tap, template: .feed, family: .quickTap)
                var scroll = ScenarioVerdict()
                scroll.applicable.insert(.swallowedScroll)
                if i < (slowAndUndelayed ? 60 : 20) { scroll.defects.insert(.swallowedScroll) }
                unit.tallies.add(scroll, template: .feed, family: .fastSwipe)
            }
            tallies.merge(unit)
        }
        return (plan, tallies)
    }

    /// effects.csv's rows for one defect, without the interval columns (checked separately).
    static func rows(_ csv: String, defect: String) -> [String] {
        csv.split(separator: "\r\n").dropFirst().filter { $0.hasPrefix(defect + ",") }.map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            return (f[1 ... 8] + [f[11]]).joined(separator: ",")
        }
    }

    @Test func thePlantedMainEffectIsTheOnlyOneForDeadButtons() throws {
        let (plan, tallies) = try Self.plantedSweep()
        let csv = EffectsReport.csv(plan, tallies)
        #expect(csv.hasPrefix("defect,kind,axis,level,axis2,level2,attempts,count,rate,ci95_low,ci95_high,effect\r\n"))
        #expect(Self.rows(csv, defect: "dead_button") == [
            "level,contentTouchDelay,0,,,400,120,0.3000,",
            "level,contentTouchDelay,150,,,400,120,0.3000,",
            "level,contentTouchDelay,300,,,400,120,0.3000,",
            "main,contentTouchDelay,,,,1200,360,0.3000,0.0000",
            "level,scrollViews.delaysContentTouches,true,,,600,180,0.3000,",
            "level,scrollViews.delaysContentTouches,false,,,600,180,0.3000,",
            "main,scrollViews.delaysContentTouches,,,,1200,360,0.3000,0.0000",
            "level,dismissTap.cancelsTouchesInView,false,,,600,60,0.1000,",
            "level,dismissTap.cancelsTouchesInView,true,,,600,300,0.5000,",
            "main,dismissTap.cancelsTouchesInView,,,,1200,360,0.3000,0.4000",
        ], "no interaction row: dead buttons depend on one axis only")
    }

    @Test func thePlantedInteractionIsFoundInItsCell() throws {
        let (plan, tallies) = try Self.plantedSweep()
        let csv = EffectsReport.csv(plan, tallies)
        #expect(Self.rows(csv, defect: "swallowed_scroll") == [
            "level,contentTouchDelay,0,,,400,80,0.2000,",
            "level,contentTouchDelay,150,,,400,80,0.2000,",
            "level,contentTouchDelay,300,,,400,160,0.4000,",
            "main,contentTouchDelay,,,,1200,320,0.2667,0.2000",
            "level,scrollViews.delaysContentTouches,true,,,600,120,0.2000,",
            "level,scrollViews.delaysContentTouches,false,,,600,200,0.3333,",
            "main,scrollViews.delaysContentTouches,,,,1200,320,0.2667,0.1333",
            "level,dismissTap.cancelsTouchesInView,false,,,600,160,0.2667,",
            "level,dismissTap.cancelsTouchesInView,true,,,600,160,0.2667,",
            "main,dismissTap.cancelsTouchesInView,,,,1200,320,0.2667,0.0000",
            // 0.6 − 0.4 − 0.3333 + 0.2667: the pair's cells with cancelsTouchesInView are all 0, so not listed.
            "interaction,contentTouchDelay,300,scrollViews.delaysContentTouches,false,200,120,0.6000,0.1333",
        ])
    }

    @Test func intervalsAreWilsonOverThePooledCounts() throws {
        let (plan, tallies) = try Self.plantedSweep()
        let row = try #require(EffectsReport.csv(plan, tallies).split(separator: "\r\n")
            .first { $0.hasPrefix("dead_button,level,dismissTap.cancelsTouchesInView,false,") })
        let fields = row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        let ci = try #require(WilsonInterval.interval95(successes: 60, trials: 600))
        #expect(fields[9] == ReportNumber.fixed(ci.low, digits: 4) && fields[10] == ReportNumber.fixed(ci.high, digits: 4))
        #expect(fields[9] == "0.0785" && fields[10] == "0.1266")
    }

    @Test func theTerminalNamesTheAxesThatDriveEachDefect() throws {
        let (plan, tallies) = try Self.plantedSweep()
        let text = TerminalSummary.axesThatMatter(plan: plan, tallies: tallies)
        #expect(text.contains("""
            dead_button:
              dismissTap.cancelsTouchesInView  0.4000  (false 0.1000 → true 0.5000)

            """))
        #expect(text.contains("""
            swallowed_scroll:
              contentTouchDelay                 0.2000  (0 0.2000 → 300 0.4000)
              scrollViews.delaysContentTouches  0.1333  (true 0.2000 → false 0.3333)
              strongest interaction: contentTouchDelay × scrollViews.delaysContentTouches 0.1333

            """))
        #expect(!text.contains("ghost_tap"), "a defect that applied to nothing is left out")
    }
}
