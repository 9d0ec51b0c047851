import SweepPlanning
import SweepReporting
import Testing
import TouchScenarios

@testable import SweepCore

/// effects.csv on a synthetic sweep with planted effects: the tallies are made up, so every number is known.
///
/// Planted: dead buttons depend on dismissTap.cancelsTouchesInView only (10% off, 50% on); swallowed scrolls
/// are 20% everywhere except 60% where contentTouchDelay is 300 *and* delaysContentTouches is false (an
/// interaction of those two axes); cancelsTouchesInView does nothing to scrolls. Each configuration runs
/// 100 taps and 100 scrolls on 10 trees of 10 each, the defects spread evenly over the trees (every tree has the
/// configuration's rate), so the runs are as good as independent and only the trees' count (t with 9 degrees of
/// freedom) widens an interval beyond Wilson's.
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

    static func plantedSweep(_ yaml: String = config) throws -> (SweepPlan, SweepTallies) {
        let plan = SweepPlan(try SweepConfigLoader.load(yaml: yaml, path: "planted.yaml"))
        var tallies = SweepTallies(plan: plan)
        for c in plan.configurations.indices {
            let configuration = plan.configurations[c]
            let cancels = configuration["dismissTap.cancelsTouchesInView"]?.description == "true"
            let slowAndUndelayed =
                configuration["contentTouchDelay"]?.description == "300"
                && configuration["scrollViews.delaysContentTouches"]?.description == "false"
            var unit = UnitResult(configuration: c)
            for _ in 0 ..< 10 {
                var tree = TreeCounts()
                var families = [TreeCounts](repeating: TreeCounts(), count: GestureFamily.allCases.count)
                for i in 0 ..< 10 {
                    var tap = ScenarioVerdict()
                    tap.applicable.insert(.deadButton)
                    if i < (cancels ? 5 : 1) { tap.defects.insert(.deadButton) }
                    unit.tallies.add(tap, template: .feed, family: .quickTap)
                    tree.add(tap)
                    families[GestureFamily.allCases.firstIndex(of: .quickTap)!].add(tap)
                    var scroll = ScenarioVerdict()
                    scroll.applicable.insert(.swallowedScroll)
                    if i < (slowAndUndelayed ? 6 : 2) { scroll.defects.insert(.swallowedScroll) }
                    unit.tallies.add(scroll, template: .feed, family: .fastSwipe)
                    tree.add(scroll)
                    families[GestureFamily.allCases.firstIndex(of: .fastSwipe)!].add(scroll)
                }
                unit.tallies.closeTree(template: .feed, tree: tree, families: families)
            }
            tallies.merge(unit)
        }
        return (plan, tallies)
    }

    /// effects.csv's rows for one defect, without the interval columns (checked separately).
    static func rows(_ csv: String, defect: String) -> [String] {
        csv.split(separator: "\r\n").dropFirst().filter { $0.hasPrefix(defect + ",") }.map { line in
            let f = line.split(separator: ",", omittingEmptySubsequences: false)
            return (f[1 ... 10] + [f[13]]).joined(separator: ",")
        }
    }

    @Test func thePlantedMainEffectIsTheOnlyOneForDeadButtons() throws {
        let (plan, tallies) = try Self.plantedSweep()
        let csv = EffectsReport.csv(plan, tallies)
        #expect(
            csv.hasPrefix(
                "defect,kind,axis,level,axis2,level2,configurations,trees,attempts,count,rate,tree_ci95_low,"
                    + "tree_ci95_high,effect\r\n"))
        // configurations, trees, attempts, count, rate, effect: each configuration counted once per row.
        #expect(
            Self.rows(csv, defect: "dead_button") == [
                "level,contentTouchDelay,0,,,4,10,400,120,0.3000,",
                "level,contentTouchDelay,150,,,4,10,400,120,0.3000,",
                "level,contentTouchDelay,300,,,4,10,400,120,0.3000,",
                "main,contentTouchDelay,,,,12,10,1200,360,0.3000,0.0000",
                "level,scrollViews.delaysContentTouches,true,,,6,10,600,180,0.3000,",
                "level,scrollViews.delaysContentTouches,false,,,6,10,600,180,0.3000,",
                "main,scrollViews.delaysContentTouches,,,,12,10,1200,360,0.3000,0.0000",
                "level,dismissTap.cancelsTouchesInView,false,,,6,10,600,60,0.1000,",
                "level,dismissTap.cancelsTouchesInView,true,,,6,10,600,300,0.5000,",
                "main,dismissTap.cancelsTouchesInView,,,,12,10,1200,360,0.3000,0.4000"
            ], "no interaction row: dead buttons depend on one axis only")
    }

    @Test func thePlantedInteractionIsFoundInItsCell() throws {
        let (plan, tallies) = try Self.plantedSweep()
        let csv = EffectsReport.csv(plan, tallies)
        #expect(
            Self.rows(csv, defect: "swallowed_scroll") == [
                "level,contentTouchDelay,0,,,4,10,400,80,0.2000,",
                "level,contentTouchDelay,150,,,4,10,400,80,0.2000,",
                "level,contentTouchDelay,300,,,4,10,400,160,0.4000,",
                "main,contentTouchDelay,,,,12,10,1200,320,0.2667,0.2000",
                "level,scrollViews.delaysContentTouches,true,,,6,10,600,120,0.2000,",
                "level,scrollViews.delaysContentTouches,false,,,6,10,600,200,0.3333,",
                "main,scrollViews.delaysContentTouches,,,,12,10,1200,320,0.2667,0.1333",
                "level,dismissTap.cancelsTouchesInView,false,,,6,10,600,160,0.2667,",
                "level,dismissTap.cancelsTouchesInView,true,,,6,10,600,160,0.2667,",
                "main,dismissTap.cancelsTouchesInView,,,,12,10,1200,320,0.2667,0.0000",
                // 0.6 − 0.4 − 0.3333 + 0.2667: the pair's cells with cancelsTouchesInView are all 0, so not listed.
                "interaction,contentTouchDelay,300,scrollViews.delaysContentTouches,false,2,10,200,120,0.6000,0.1333"
            ])
    }

    /// The interval of a row: its fields 11 and 12.
    static func interval(_ csv: String, _ prefix: String) throws -> [String] {
        let row = try #require(csv.split(separator: "\r\n").first { $0.hasPrefix(prefix) })
        return Array(row.split(separator: ",", omittingEmptySubsequences: false).map(String.init)[11 ... 12])
    }

    @Test func copiesOfOneConfigurationDoNotNarrowALevelInterval() throws {
        let (plan, tallies) = try Self.plantedSweep()
        let csv = EffectsReport.csv(plan, tallies)
        // dismissTap.cancelsTouchesInView = false pools six configurations that are copies of each other for dead
        // buttons (10 of 100 each, 1 per tree): the level's interval is the interval of one of them, 10 of 100 over
        // 10 trees, not one over 600 runs.
        let one = try #require(tallies.configurations[0].total.interval95(.deadButton))
        #expect(
            try Self.interval(csv, "dead_button,level,dismissTap.cancelsTouchesInView,false,")
                == [ReportNumber.fixed(one.low, digits: 4), ReportNumber.fixed(one.high, digits: 4)])
        // Every tree has the same rate, so the design effect is 1 and only t₀.₉₇₅ with 9 degrees of freedom
        // (2.2622) replaces z in Wilson's interval over the 100 runs.
        let t = StudentT.quantile975(df: 9), n = 100.0, p = 0.1
        let center = (p + t * t / (2 * n)) / (1 + t * t / n)
        let half = t / (1 + t * t / n) * (p * (1 - p) / n + t * t / (4 * n * n)).squareRoot()
        #expect(abs(one.low - (center - half)) < 1e-12 && abs(one.high - (center + half)) < 1e-12)
        #expect(try Self.interval(csv, "dead_button,level,dismissTap.cancelsTouchesInView,false,") == ["0.0505", "0.1885"])
        // Wilson over the pooled 60 of 600 would claim [0.0785, 0.1266].
        let wilson = try #require(WilsonInterval.interval95(successes: 60, trials: 600))
        #expect(ReportNumber.fixed(wilson.low, digits: 4) == "0.0785" && one.high - one.low > 2 * (wilson.high - wilson.low))
    }

    @Test func theTerminalNamesTheAxesThatDriveEachDefect() throws {
        let (plan, tallies) = try Self.plantedSweep()
        let text = TerminalSummary.axesThatMatter(plan: plan, tallies: tallies)
        #expect(
            text.contains(
                """
                dead_button:
                  dismissTap.cancelsTouchesInView  40.0 points  (false 10.0% → true 50.0%)

                """))
        #expect(
            text.contains(
                """
                swallowed_scroll:
                  contentTouchDelay                 20.0 points  (0 20.0% → 300 40.0%)
                  scrollViews.delaysContentTouches  13.3 points  (true 20.0% → false 33.3%)
                  strongest interaction: contentTouchDelay × scrollViews.delaysContentTouches 13.3 points

                """))
        #expect(!text.contains("ghost_tap"), "a defect that applied to nothing is left out")
    }

    /// An exclusion unbalances the sweep: cancelsTouchesInView = true (50% dead buttons) runs only with
    /// contentTouchDelay 150, so pooling every configuration at each delay would credit the delay, which changes
    /// nothing, with a 20-point effect.
    static let unbalanced = """
        name: unbalanced
        axes:
          contentTouchDelay: [0, 150]
          dismissTap.cancelsTouchesInView: [false, true]
        exclude:
          - {contentTouchDelay: 0, dismissTap.cancelsTouchesInView: true}
        trees:
          perConfiguration: 1
          templates: {feed: 1}
        """

    @Test func anAxisThatChangesNothingHasNoEffectEvenWhenAnExclusionUnbalancesTheSweep() throws {
        let (plan, tallies) = try Self.plantedSweep(Self.unbalanced)
        #expect(
            plan.configurations.map { $0.values.map(\.description).joined(separator: " ") } == [
                "contentTouchDelay=0 dismissTap.cancelsTouchesInView=false", "contentTouchDelay=150 dismissTap.cancelsTouchesInView=false",
                "contentTouchDelay=150 dismissTap.cancelsTouchesInView=true"
            ])
        let csv = EffectsReport.csv(plan, tallies)
        // Each delay is compared where the other axis has the same value at both delays (cancelsTouchesInView = false):
        // one configuration each, its 100 runs once, the same 10% at both: an effect of exactly 0.
        #expect(
            Self.rows(csv, defect: "dead_button") == [
                "level,contentTouchDelay,0,,,1,10,100,10,0.1000,",
                "level,contentTouchDelay,150,,,1,10,100,10,0.1000,",
                "main,contentTouchDelay,,,,3,10,300,70,0.2333,0.0000",
                "level,dismissTap.cancelsTouchesInView,false,,,1,10,100,10,0.1000,",
                "level,dismissTap.cancelsTouchesInView,true,,,1,10,100,50,0.5000,",
                "main,dismissTap.cancelsTouchesInView,,,,3,10,300,70,0.2333,0.4000"
            ])
        let delay = try #require(FactorEffects.mainEffects(EffectsReport.table(plan, tallies), outcome: 0).first)
        #expect(delay.effect == 0, "exactly 0, not a rounding of it")
        // What pooling every configuration per delay would have said: 10/100 against 60/200.
        let table = EffectsReport.table(plan, tallies)
        #expect(table.pooled(outcome: 0, where: [(0, 0)]).rate == 0.1 && table.pooled(outcome: 0, where: [(0, 1)]).rate == 0.3)
    }
}
