import SweepPlanning
import Testing

@testable import SweepCore

/// Issue 32 §3: a rate that rests on a value the spec only infers says so, with the axis that varies it, unless the
/// config varies it already.
@Suite struct InferredDependenceTests {
    static func plan(_ axes: String) throws -> SweepPlan {
        SweepPlan(try SweepConfigLoader.load(yaml: "name: t\naxes:\n" + axes + "trees: {templates: [pushedScreen]}\n", path: "t.yaml"))
    }

    @Test func aSwallowedBackRestsOnTheEdgeRegionAndTimeLimitUntilTheConfigVariesThem() throws {
        let fixed = InferredDependence.lines(plan: try Self.plan("  iosVersion: [\"17.0\", \"26.1\"]\n"), counted: [.swallowedBack])
        #expect(fixed.count == 1)
        #expect(fixed[0].hasPrefix("swallowed_back rests on inferred values: edgeRegion (") && fixed[0].contains("edgeTimeLimit ("))
        // Varying one leaves the other named; varying both names none.
        let one = InferredDependence.lines(plan: try Self.plan("  edgeRegion: [13, 35, 55]\n"), counted: [.swallowedBack])
        #expect(one.count == 1 && !one[0].contains("edgeRegion") && one[0].contains("edgeTimeLimit"))
        let both = InferredDependence.lines(plan: try Self.plan("  edgeRegion: [13, 55]\n  edgeTimeLimit: [250, 500]\n"), counted: [.swallowedBack])
        #expect(both.isEmpty)
    }

    @Test func classesWhoseRulesAreReadOrDocumentedNameNothing() throws {
        let plan = try Self.plan("  iosVersion: [\"26.1\"]\n")
        #expect(InferredDependence.lines(plan: plan, counted: [.deadButton, .doubleMotion]).isEmpty)
        #expect(InferredDependence.lines(plan: plan, counted: [.stuckSheet])[0].contains("sheetDecelerationRate"))
    }
}
