import Foundation
import SweepPlanning
import TestSupport
import Testing
import TouchScenarios

@testable import SweepCore

/// The configs the project ships do what their comments promise.
@Suite struct ShippedConfigTests {
    @Test func theQuickstartProducesEveryDefectClass() throws {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path))
        let tallies = ParallelSweep.run(plan, threads: 2)
        // Every class but swallowed_zoom, whose pinches are an opt-in family (configs/photo-zoom.yaml shows it), and the
        // system's classes, whose screens are opt-in templates (configs/system-gestures.yaml shows them).
        for defect in DefectClass.allCases where defect.rawValue < DefectClass.swallowedZoom.rawValue {
            let count = tallies.configurations.reduce(0) { $0 + $1.total.count(defect) }
            #expect(count > 0, "configs/quickstart.yaml never shows \(defect.name)")
            let examples = tallies.examples.reduce(0) { $0 + $1[defect.rawValue].count }
            #expect(examples > 0, "no example of \(defect.name)")
        }
    }

    /// configs/system-gestures.yaml (issue 32): each system class shows with its causes, and each documented fix
    /// takes the causes it addresses to zero in the same run.
    @Test func theSystemGesturesSweepShowsEachClassAndEachFixTakesItsCausesToZero() throws {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/system-gestures.yaml").path))
        #expect(Set(plan.config.gestures.families).isSuperset(of: GestureFamily.systemFamilies))
        let tallies = ParallelSweep.run(plan, threads: 2)
        func count(_ defect: DefectClass, _ kind: CauseKind? = nil, where axis: String? = nil, is value: String? = nil) -> Int {
            plan.configurations.indices.reduce(0) { sum, c in
                if let axis, plan.configurations[c][axis]?.description != value { return sum }
                let causes = tallies.configurations[c].causes
                return sum + (kind.map { causes.count(defect, $0) } ?? causes.total(defect))
            }
        }
        for defect in [DefectClass.swallowedBack, .accidentalBack, .accidentalDismiss, .stuckSheet, .doubleMotion] {
            #expect(count(defect) > 0, "configs/system-gestures.yaml never shows \(defect.name)")
            #expect(tallies.examples.reduce(0) { $0 + $1[defect.rawValue].count } > 0, "no example of \(defect.name)")
        }
        // Each fix, and the causes it is for: on where the config has the bug, zero where it has the fix.
        let fixes: [(axis: String, bug: String, fix: String, defect: DefectClass, kinds: [CauseKind])] = [
            ("nav.pansRequirePop", "false", "true", .swallowedBack, [.backSwipeLostToScrollView, .backSwipeLostToRecognizer]),
            ("nav.edgeDelaysTouchesBegan", "true", "false", .lateFeedback, [.delaysTouchesBegan]),
            ("nav.edgeDelaysTouchesBegan", "true", "false", .invisibleFeedback, [.delaysTouchesBegan]),
            ("canvases.vetoPans", "false", "true", .accidentalDismiss, [.sheetPanTookDrag]),
            ("canvases.vetoPans", "false", "true", .accidentalBack, [.contentSwipePopped]),
            ("panel.tracksList", "false", "true", .stuckSheet, [.panModalDidNotMove]),
            ("panel.pinsList", "false", "true", .doubleMotion, [.floatingPanelAndListMoved, .panModalAndListMoved])
        ]
        for f in fixes {
            let bug = f.kinds.reduce(0) { $0 + count(f.defect, $1, where: f.axis, is: f.bug) }
            let fixed = f.kinds.reduce(0) { $0 + count(f.defect, $1, where: f.axis, is: f.fix) }
            #expect(bug > 0 && fixed == 0, "\(f.axis)=\(f.fix) takes \(f.defect.name) \(f.kinds.map(\.name)) from \(bug) to \(fixed)")
        }
        // iOS 26's content back swipe is where a stroke pops the screen (B17).
        #expect(count(.accidentalBack, .contentSwipePopped, where: "iosVersion", is: "17.0") == 0)
        #expect(count(.accidentalBack, .contentSwipePopped, where: "iosVersion", is: "26.1") > 0)
    }

    @Test func thePhotoZoomSweepShowsSwallowedZoomsDrivenByItsAxes() throws {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/photo-zoom.yaml").path))
        #expect(plan.config.trees.templates.map(\.template) == [.photo] && plan.config.gestures.families.contains(.pinchZoom))
        let tallies = ParallelSweep.run(plan, threads: 2)
        var swallowed: [String: Int] = [:]
        for c in plan.configurations.indices {
            let key = plan.config.axes.map { plan.configurations[c][$0.name]!.description }.joined(separator: " ")
            swallowed[key] = tallies.configurations[c].total.count(.swallowedZoom)
            #expect(tallies.configurations[c].total.attempts(.swallowedZoom) > 0)
        }
        #expect(swallowed.filter { $0.key.hasSuffix(" true") }.values.allSatisfy { $0 == 0 }, "recognizing with the pinch never swallows it")
        #expect(swallowed["20 unlimited false", default: 0] > swallowed["5 unlimited false", default: 0])
        #expect(tallies.examples.reduce(0) { $0 + $1[DefectClass.swallowedZoom.rawValue].count } > 0)
    }

    @Test func theSeedsSweepIsLargerThanTheQuickstart() throws {
        let quick = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/quickstart.yaml").path))
        let seeds = SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/seeds-sweep.yaml").path))
        #expect(seeds.totalRuns > 50 * quick.totalRuns, "the seeds sweep takes minutes, not seconds")
        for axis in [
            "contentTouchDelay", "scrollHysteresis", "scrollViews.delaysContentTouches",
            "scrollViews.canCancelContentTouches", "scrollViews.touchesShouldCancel", "dismissTap.cancelsTouchesInView"
        ] {
            #expect(seeds.config.axes.contains { $0.name == axis }, "seeds-sweep.yaml varies \(axis)")
        }
    }

    /// docs/templates.md compares these two: the same axes, over templates of the kinds the corpus holds.
    @Test func theTemplateSideOfTheRealScreenComparisonVariesWhatTheRealScreensVary() throws {
        func load(_ name: String) throws -> SweepPlan {
            SweepPlan(try SweepConfigLoader.load(path: Repository.url("configs/\(name)").path))
        }
        let real = try load("real-screens.yaml"), templates = try load("templates-vs-real.yaml")
        for axis in real.config.axes {
            #expect(
                templates.config.axes.first { $0.name == axis.name }?.values == axis.values,
                "templates-vs-real.yaml varies \(axis.name) as real-screens.yaml does")
        }
        #expect(templates.configurations.count == real.configurations.count)
        #expect(templates.config.trees.templates.map(\.template).sorted { $0.rawValue < $1.rawValue } == [.carousel, .feed, .form, .settings])
        #expect(templates.screenCount == 0 && real.screenCount > 40)
    }
}
