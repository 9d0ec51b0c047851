import Foundation
import SweepPlanning
import SweepReporting
import TestSupport
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// What each counted defect rests on (docs/defects.md, "What a count rests on"): hazards apart from UIKit's
/// designed behaviour and from what-if values, on the shipped sweeps the audit read.
@Suite struct DefectCategoryTests {
    static func sweep(_ config: String) throws -> (SweepPlan, SweepTallies) {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Repository.url(config).path))
        return (plan, ParallelSweep.run(plan, threads: 2))
    }

    static func row(_ tallies: SweepTallies, _ d: DefectClass) -> CategorySummary.Row? {
        CategorySummary.rows(tallies).first { $0.defect == d }
    }

    /// The quickstart: the naive drawer overlay's dead buttons are what-ifs, rows lighting after the 150 ms delay are
    /// UIKit's design (switches are in no feedback class: their value is their feedback), and a configuration with the
    /// overlay fixed has no what-if at all.
    @Test func theQuickstartSplitsItsClassesAsTheAuditRead() throws {
        let (plan, tallies) = try Self.sweep("configs/quickstart.yaml")
        let dead = try #require(Self.row(tallies, .deadButton))
        #expect(dead.counts == [16, 0, 88], "dead buttons: hazard, designed, what-if")
        let late = try #require(Self.row(tallies, .lateFeedback))
        #expect(late.count(.designed) == 92 && late.total == 200)
        for c in plan.configurations.indices {
            let causes = tallies.configurations[c].causes
            for d in DefectClass.allCases {
                #expect(DefectCategory.allCases.reduce(0) { $0 + causes.total(d, $1) } == tallies.configurations[c].total.count(d))
            }
            // Every what-if is the overlay's: a dead button it covers, a scroll whose pan never saw the touch.
            for e in causes.entries where e.category == .whatIf {
                #expect(plan.configurations[c]["overlay.passThrough"] == .bool(false), "\(plan.configurations[c].id)")
                #expect([CauseKind.hitOtherView, .panNeverSawTouch].contains(e.kind), "\(e.kind.name)")
            }
            // Designed late feedback is the content delay on a row or value control, or the edge gate.
            for e in causes.entries where e.category == .designed && e.defect == .lateFeedback {
                #expect([CauseKind.contentTouchDelay, .edgeGateDelay].contains(e.kind))
            }
        }
        // summary.csv carries the split: the three counts add up to the class's count.
        let summary = try CSVReader.parse(Reports.summary(plan, tallies), name: "summary.csv")
        for record in summary.records {
            for d in DefectClass.allCases {
                let parts = DefectCategory.allCases.map { Int(record["\(d.name)_\($0.name)_count"]!)! }
                #expect(parts.reduce(0, +) == Int(record["\(d.name)_count"]!)!)
            }
        }
    }

    /// A what-if value is judged by comparison: a run owes a class to it only when the same gesture, with the value
    /// shipped apps keep instead, does not show the class. The drawer's buttons that a fixed overlay still leaves
    /// dead (taken by the tap-to-dismiss recognizer) stay hazards under the naive overlay.
    @Test func aRunOwesAClassToAWhatIfOnlyWhenTheShippedValueRemovesIt() throws {
        let (plan, tallies) = try Self.sweep("configs/quickstart.yaml")
        let categories = DefectCategories(plan: plan)
        var runner = UnitRunner(plan: plan)
        var engine = EngineRunner()
        var compared = 0
        for c in plan.configurations.indices where plan.configurations[c]["overlay.passThrough"] == .bool(false) {
            for t in 0 ..< plan.treeCount {
                let (base, gestures) = runner.baseTree(t)
                guard base.template == .drawer else { continue }
                let prepared = runner.preparedTree(t, configuration: c).prepared
                var fixed = plan.configured(base, configuration: c)
                for axis in ["overlay.passThrough", "overlay.panMoved"] {
                    AxisCatalog.definition(named: axis)!.apply(.bool(true), to: &fixed)
                }
                let fixedScene = PreparedScene(fixed.scene)
                for entry in gestures {
                    let verdict = Classifier.classify(
                        gesture: entry.gesture, prepared: prepared, summary: engine.summary(prepared, script: entry.gesture.script))
                    guard !verdict.defects.isEmpty else { continue }
                    let other = Classifier.classify(
                        gesture: entry.gesture, prepared: fixedScene, summary: engine.summary(fixedScene, script: entry.gesture.script))
                    let owed = categories.owed(verdict.defects, plan, configuration: c, tree: t, base: base, gesture: entry.gesture)
                    for d in verdict.defects {
                        #expect(owed.contains(d) == !other.defects.contains(d), "\(plan.configurations[c].id) t\(t) \(d.name)")
                        compared += 1
                    }
                }
            }
        }
        #expect(compared > 88, "\(compared) defects compared")
        let owedInSweep = plan.configurations.indices.reduce(0) { sum, c in
            sum + DefectClass.allCases.reduce(0) { $0 + tallies.configurations[c].causes.total($1, .whatIf) }
        }
        #expect(owedInSweep == 168, "the sweep's what-ifs: 88 dead buttons, 40 swallowed scrolls, 40 wrong scrollers")
    }

    /// photo-zoom: only the 20 pt hysteresis, which no UIKit has, swallows zooms; real screens: the dump captured
    /// mid-animation owns every dead button.
    @Test func photoZoomAndRealScreensRestOnTheirWhatIfs() throws {
        let (_, zoom) = try Self.sweep("configs/photo-zoom.yaml")
        #expect(Self.row(zoom, .swallowedZoom)?.counts == [0, 0, 50])
        let (plan, screens) = try Self.sweep("configs/real-screens.yaml")
        #expect(Self.row(screens, .deadButton)?.counts == [0, 0, 16])
        #expect(!DefectCategories(plan: plan).transientScreens.isEmpty)
        #expect((Self.row(screens, .swallowedScroll)?.count(.whatIf) ?? 0) > 0)
    }

    /// Every class a declaration names is a class: a typo would otherwise widen it to every class.
    @Test func everyDeclaredClassIsADefectClass() {
        let names = Set(DefectClass.allCases.map(\.name))
        for w in AxisCatalog.whatIfs + TreeTemplate.allCases.flatMap(\.whatIfs) {
            #expect(w.classes.allSatisfy(names.contains), "\(w.axis): \(w.classes)")
        }
    }

    /// The terminal block names each counted class's split in one line.
    @Test func theTerminalSaysWhatEachCountRestsOn() throws {
        let (_, tallies) = try Self.sweep("configs/quickstart.yaml")
        let text = CategorySummary.terminal(tallies)
        #expect(text.hasPrefix("What each count rests on (hazard: a setting apps ship;"))
        #expect(text.contains("  dead_button         104 = hazard 16 (1.3%) + designed 0 + what-if 88 (7.0%)\n"))
    }
}
