import Foundation
import ScenarioKit
import Testing

@testable import SweepPlanning

/// `--set KEY=VALUE` overrides, applied to a config's YAML and loaded by the same parser as the file.
@Suite struct ConfigOverrideTests {
    static let base = """
        name: over
        seed: 5
        axes: {scrollViews.delaysContentTouches: [true, false], contentTouchDelay: [150]}
        trees: {perConfiguration: 3, templates: [feed, form]}
        """

    func load(_ options: String...) throws(ScenarioError) -> (config: SweepConfig, text: String) {
        var overrides: [ConfigOverride] = []
        for option in options { overrides.append(try ConfigOverride(parsing: option)) }
        return try SweepConfigLoader.load(yaml: Self.base, path: "over.yaml", overrides: overrides)
    }

    func message(_ options: String...) -> String? {
        var overrides: [ConfigOverride] = []
        do {
            for option in options { overrides.append(try ConfigOverride(parsing: option)) }
            _ = try SweepConfigLoader.load(yaml: Self.base, path: "over.yaml", overrides: overrides)
            return nil
        } catch {
            return error.description
        }
    }

    func hash(_ yaml: String) throws -> String { SweepPlan(try SweepConfigLoader.load(yaml: yaml, path: "x.yaml")).configHash }

    @Test func aCommaListBecomesAListAndAFlowRangeARange() throws {
        let config = try load("axes.contentTouchDelay=0,150,300", "axes.panHysteresis={from: 5, to: 15, step: 5}").config
        #expect(config.axes.map(\.name) == ["scrollViews.delaysContentTouches", "contentTouchDelay", "panHysteresis"])
        #expect(config.axes[1].values.map(\.description) == ["0", "150", "300"])
        #expect(config.axes[2].values.map(\.description) == ["5", "10", "15"])
    }

    @Test func aDottedAxisNameIsOneKeyAndAScalarReplacesTheList() throws {
        let config = try load("axes.scrollViews.delaysContentTouches=false").config
        #expect(config.axes[0].name == "scrollViews.delaysContentTouches")
        #expect(config.axes[0].values.map(\.description) == ["false"])
    }

    @Test func missingMapsAreCreatedAndALaterOverrideWins() throws {
        let config = try load("gestures.placements=2", "trees.perConfiguration=50", "trees.perConfiguration=7").config
        #expect(config.gestures.placements == 2)
        #expect(config.trees.perConfiguration == 7)
    }

    @Test func overridesGiveTheHashOfTheEditedFileAndTheirTextLoadsBackToIt() throws {
        let (config, text) = try load("axes.contentTouchDelay=[0, 150]", "trees.perConfiguration=9", "seed=8")
        let edited = Self.base.replacingOccurrences(of: "[150]", with: "[0, 150]")
            .replacingOccurrences(of: "perConfiguration: 3", with: "perConfiguration: 9")
            .replacingOccurrences(of: "seed: 5", with: "seed: 8")
        #expect(SweepPlan(config).configHash == (try hash(edited)))
        #expect(try hash(text) == SweepPlan(config).configHash)
        #expect(text.hasPrefix("# over.yaml with --set axes.contentTouchDelay=[0, 150] --set trees.perConfiguration=9 --set seed=8\n"))
        #expect(SweepPlan(config).configHash != (try hash(Self.base)))
    }

    @Test func withoutOverridesTheTextIsTheFileItself() throws {
        #expect(try load().text == Self.base)
    }

    @Test func everyProblemNamesTheOption() {
        #expect(
            message("axes.contentTouchDelay=fast") == "--set axes.contentTouchDelay=fast: expected a number (ms) from 0 to "
                + "5000 for axis 'contentTouchDelay', got 'fast'")
        #expect(
            message("axes.contentTouchDeley=0")?.hasPrefix(
                "--set axes.contentTouchDeley=0: unknown axis 'contentTouchDeley' "
                    + "in 'axes' (did you mean 'contentTouchDelay'?)") == true)
        #expect(
            message("trees.perConfiguration=0") == "--set trees.perConfiguration=0: expected an integer from 1 to 100000 "
                + "for 'perConfiguration', got '0'")
        #expect(
            message("trees.perConfigurations=5")?.hasPrefix(
                "--set trees.perConfigurations=5: unknown key "
                    + "'perConfigurations' in 'trees' (did you mean 'perConfiguration'?)") == true)
        #expect(message("seeds=5")?.hasPrefix("--set seeds=5: unknown key 'seeds' in the sweep config") == true)
        #expect(
            message("axes.contentTouchDelay=[0, 150") == "--set axes.contentTouchDelay=[0, 150: invalid YAML: did not "
                + "find expected ',' or ']' while parsing a flow sequence")
        #expect(
            message("trees.perConfiguration") == "--set trees.perConfiguration: expected KEY=VALUE, e.g. "
                + "axes.contentTouchDelay=0,150,300 or trees.perConfiguration=50")
        #expect(message("trees..x=1")?.hasPrefix("--set trees..x=1: 'trees..x' is not a key path") == true)
        #expect(
            message("trees.templates.feed=1") == "--set trees.templates.feed=1: 'trees.templates' is a list, so it has no "
                + "key 'feed'; set 'trees.templates' as a whole")
        #expect(message("seed.low=1") == "--set seed.low=1: 'seed' is not a map, so it has no key 'low'; set 'seed' as a whole")
        #expect(
            message("axes.contentTouchDelay=0,0") == "--set axes.contentTouchDelay=0,0: the value '0' appears more than "
                + "once in axis 'contentTouchDelay'")
        #expect(message("name=") == "--set name=: expected a non-empty string for 'name', got nothing")
    }

    @Test func aFileThatIsNotAMapIsRefusedAsWithoutOverrides() throws {
        let overrides = [try ConfigOverride(parsing: "seed=1")]
        #expect(throws: ScenarioError(file: "list.yaml", line: 1, column: 1, message: "expected a map for the sweep config, got a list of 1 item")) {
            try SweepConfigLoader.load(yaml: "- a\n", path: "list.yaml", overrides: overrides)
        }
    }

    @Test func aProblemTheFileHoldsStillNamesTheFile() {
        // The zip group is the file's; the override only made its axes disagree.
        var overrides: [ConfigOverride] = []
        overrides.append(try! ConfigOverride(parsing: "axes.contentTouchDelay=0,150,300"))
        let yaml = Self.base + "\nzip:\n  - [scrollViews.delaysContentTouches, contentTouchDelay]\n"
        #expect(throws: ScenarioError.self) { try SweepConfigLoader.load(yaml: yaml, path: "over.yaml", overrides: overrides) }
        do {
            _ = try SweepConfigLoader.load(yaml: yaml, path: "over.yaml", overrides: overrides)
        } catch {
            #expect(error.description.hasPrefix("over.yaml:6:5: the axes of a zip group must have the same number of values"))
        }
    }
}
