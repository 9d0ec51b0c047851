import SweepPlanning
import Testing
import TouchScenarios

/// `whatIf:`: a config declares values of its own axes that no shipped app keeps (docs/sweep-config.md).
@Suite struct WhatIfConfigTests {
    static let axes = """
        name: w
        axes:
          scrollViews.touchesShouldBegin: [always, never]
          contentTouchDelay: [150, 400]

        """

    @Test func aDeclarationNamesAxesOfTheSweepAndValuesTheyRun() throws {
        let config = try load(Self.axes + "whatIf:\n  scrollViews.touchesShouldBegin: [never]\n  contentTouchDelay: 400\n")
        #expect(config.whatIf.map(\.name) == ["scrollViews.touchesShouldBegin", "contentTouchDelay"])
        #expect(config.whatIf.map(\.values) == [[.text("never")], [.number(400)]])
        // It changes what a sweep counts, so the canonical text (and the config hash) carries it, and plan.yaml reads back.
        let plan = SweepPlan(config)
        #expect(PlanText.canonical(config).contains("whatIf:\n  scrollViews.touchesShouldBegin: [never]\n  contentTouchDelay: [400]\n"))
        #expect(try load(PlanText.canonical(config).split(separator: "\n").dropFirst().joined(separator: "\n")).whatIf == config.whatIf)
        #expect(plan.configHash != SweepPlan(try load(Self.axes)).configHash)
    }

    @Test func aDeclarationOfAnotherAxisOrOfAValueNotRunIsOneLocatedSentence() {
        #expect(
            loadError(Self.axes + "whatIf:\n  overlay.passThrough: [false]\n")
                == "t.yaml:6:3: 'whatIf' names 'overlay.passThrough', which is not one of this sweep's axes "
                + "(scrollViews.touchesShouldBegin, contentTouchDelay)")
        #expect(
            loadError(Self.axes + "whatIf:\n  contentTouchDelay: [150, 900]\n")
                == "t.yaml:6:28: 'whatIf' declares '900' of axis 'contentTouchDelay', which the sweep does not run (its values: 150, 400)")
        #expect(
            loadError(Self.axes + "whatIf:\n  contentTouchDelay: [fast]\n")
                == "t.yaml:6:23: expected a number (ms) from 0 to 5000 for axis 'contentTouchDelay', got 'fast'")
        #expect(loadError(Self.axes + "whatIf: [never]\n").hasPrefix("t.yaml:5:9: expected a map for 'whatIf'"))
    }

    @Test func theCatalogAndTheDrawerDeclareTheirOwn() {
        #expect(AxisCatalog.whatIf(forAxis: "pinchHysteresis")?.matches(.number(20)) == true)
        #expect(AxisCatalog.whatIf(forAxis: "pinchHysteresis")?.matches(.number(8)) == false)
        #expect(AxisCatalog.whatIf(forAxis: "pinchHysteresis")?.matches(.number(10)) == false)
        #expect(TreeTemplate.drawer.whatIfs.map(\.axis) == ["overlay.passThrough", "overlay.panMoved"])
        #expect(TreeTemplate.feed.whatIfs.isEmpty)
        // Every declaration names an axis of the catalog and a value shipped apps keep that the axis accepts.
        for w in AxisCatalog.whatIfs + TreeTemplate.allCases.flatMap(\.whatIfs) {
            let definition = AxisCatalog.definition(named: w.axis)
            #expect(definition != nil, "\(w.axis)")
            if let instead = w.instead {
                #expect(definition?.accepts(instead) == true && !w.matches(instead), "\(w.axis): \(instead)")
            }
        }
    }
}
