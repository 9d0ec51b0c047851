import Foundation
import SweepPlanning
import Testing
@testable import SweepCore

/// The configs the project ships do what their comments promise.
@Suite struct ShippedConfigTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    @Test func theQuickstartProducesEveryDefectClass() throws {
        let plan = SweepPlan(try SweepConfigLoader.load(path: Self.repository.appendingPathComponent("configs/quickstart.yaml").path))
        let tallies = ParallelSweep.run(plan, threads: 2)
        for defect in DefectClass.allCases {
            let count = tallies.configurations.reduce(0) { $0 + $1.total.count(defect) }
            #expect(count > 0, "configs/quickstart.yaml never shows \(defect.name)")
            let examples = tallies.examples.reduce(0) { $0 + $1[defect.rawValue].count }
            #expect(examples > 0, "no example of \(defect.name)")
        }
    }

    @Test func theSeedsSweepIsLargerThanTheQuickstart() throws {
        let quick = SweepPlan(try SweepConfigLoader.load(path: Self.repository.appendingPathComponent("configs/quickstart.yaml").path))
        let seeds = SweepPlan(try SweepConfigLoader.load(path: Self.repository.appendingPathComponent("configs/seeds-sweep.yaml").path))
        #expect(seeds.totalRuns > 50 * quick.totalRuns, "the seeds sweep takes minutes, not seconds")
        for axis in ["contentTouchDelay", "scrollHysteresis", "scrollViews.delaysContentTouches",
                     "scrollViews.canCancelContentTouches", "scrollViews.touchesShouldCancel", "dismissTap.cancelsTouchesInView"] {
            #expect(seeds.config.axes.contains { $0.name == axis }, "seeds-sweep.yaml varies \(axis)")
        }
    }

    /// docs/templates.md compares these two: the same axes, over templates of the kinds the corpus holds.
    @Test func theTemplateSideOfTheRealScreenComparisonVariesWhatTheRealScreensVary() throws {
        func load(_ name: String) throws -> SweepPlan {
            SweepPlan(try SweepConfigLoader.load(path: Self.repository.appendingPathComponent("configs/\(name)").path))
        }
        let real = try load("real-screens.yaml"), templates = try load("templates-vs-real.yaml")
        for axis in real.config.axes {
            #expect(templates.config.axes.first { $0.name == axis.name }?.values == axis.values, "templates-vs-real.yaml varies \(axis.name) as real-screens.yaml does")
        }
        #expect(templates.configurations.count == real.configurations.count)
        #expect(templates.config.trees.templates.map(\.template).sorted { $0.rawValue < $1.rawValue } == [.carousel, .feed, .form, .settings])
        #expect(templates.screenCount == 0 && real.screenCount > 40)
    }
}
