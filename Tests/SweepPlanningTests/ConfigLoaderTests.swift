import Foundation
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepPlanning

@Suite struct ConfigLoaderTests {
    @Test func onlyTheNameIsRequiredAndEverythingElseHasADefault() throws {
        let config = try load("name: tiny\n")
        #expect(config.name == "tiny" && config.seed == 1 && config.output == "out/tiny" && config.examples == 3)
        #expect(config.axes.isEmpty && config.zip.isEmpty && config.exclude.isEmpty)
        #expect(config.trees.perConfiguration == 10)
        #expect(config.trees.templates.map(\.template) == TreeTemplate.defaults) // every template but the opt-in photo
        #expect(config.trees.options == TreeOptions())
        #expect(config.gestures.families == GestureFamily.defaults && config.gestures.placements == 1) // all but pinchZoom
        #expect(config.gestures.options == GestureOptions())
    }

    @Test func everySectionIsRead() throws {
        let config = try load(
            """
            name: full
            description: "All keys: set."
            seed: 18446744073709551615
            output: results/full
            axes:
              contentTouchDelay: [100, 150]
            trees:
              perConfiguration: 7
              templates: {settings: 1, feed: 2.5}
              rows: {min: 3, max: 5}
              controls: {min: 2, max: 2}
              random: {depth: {min: 1, max: 2}, fanOut: {min: 2, max: 3}, kindMix: {button: 3, slider: 0.5}}
              edgeGate: false
            gestures:
              families: [slowDrag, quickTap]
              placements: 4
              sampleRate: 60
              jitter: 0.5
            examples: 0
            """)
        #expect(config.description == "All keys: set." && config.seed == UInt64.max && config.output == "results/full")
        #expect(config.trees.perConfiguration == 7)
        // Canonical template order, whatever the order in the file.
        #expect(config.trees.templates == [TemplateWeight(template: .feed, weight: 2.5), TemplateWeight(template: .settings, weight: 1)])
        let options = config.trees.options
        #expect(options.rows == 3 ... 5 && options.controls == 2 ... 2 && options.depth == 1 ... 2 && options.fanOut == 2 ... 3)
        #expect(options.kindMix == [.button: 3, .slider: 0.5] && options.edgeGate == false)
        #expect(config.gestures.families == [.quickTap, .slowDrag])
        #expect(config.gestures.placements == 4 && config.gestures.options.sampleRate == 60 && config.gestures.options.jitter == 0.5)
        #expect(config.examples == 0)
    }

    @Test func templatesAsAListWeighOneEach() throws {
        let config = try load("name: t\ntrees: {templates: [pager, feed]}\n")
        #expect(config.trees.templates == [TemplateWeight(template: .feed, weight: 1), TemplateWeight(template: .pager, weight: 1)])
    }

    // MARK: Axis values

    @Test func rangesStepExactlyWithoutFloatingPointDrift() throws {
        let config = try load(
            """
            name: r
            axes:
              contentTouchDelay: {from: 0, to: 300, step: 50}
              scrollHysteresis: {from: 0.1, to: 0.7, step: 0.1}
              panHysteresis: {from: 2, to: 30, step: 4}
              tapAllowableMovement: {from: 0, to: 10, step: 3}
              longPressAllowableMovement: {from: 1.5, to: 1.5, step: 1}
            """)
        #expect(config.axes[0].values == [0, 50, 100, 150, 200, 250, 300].map { AxisValue.number($0) })
        // Repeated addition of 0.1 would give 0.30000000000000004 and miss 0.7; decimal stepping gives the literals.
        #expect(config.axes[1].values == [0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7].map { AxisValue.number($0) })
        #expect(config.axes[2].values == [2, 6, 10, 14, 18, 22, 26, 30].map { AxisValue.number($0) })
        // `to` is included only when a step lands on it.
        #expect(config.axes[3].values == [0, 3, 6, 9].map { AxisValue.number($0) })
        #expect(config.axes[4].values == [.number(1.5)])
    }

    @Test func decimalStepsMatchDoubleLiterals() {
        let steps = DecimalText.steps(from: 0, to: 1, step: DecimalText.parse("0.05")!, limit: 100)!
        #expect(steps.count == 21)
        for (k, value) in steps.enumerated() {
            #expect(DecimalText.double(value) == Double("\(k / 20).\(String(format: "%02d", (k % 20) * 5))")!)
        }
        #expect(DecimalText.steps(from: 0, to: 10, step: 1, limit: 5) == nil)
    }

    @Test func listsBoolsSingleValuesChoicesAndVersions() throws {
        let config = try load(
            """
            name: v
            axes:
              scrollViews.bounces: bool
              scrollViews.delaysContentTouches: [true, false]
              system.edgeGate: false
              scrollViews.touchesShouldCancel: [default, always]
              iosVersion: ["17.0", 17.4, 18, "17.10"]
              longPressDuration: 450
              device: pad
            """)
        #expect(
            config.axes.map(\.values) == [
                [.bool(false), .bool(true)], [.bool(true), .bool(false)], [.bool(false)],
                [.text("default"), .text("always")], [.text("17.0"), .text("17.4"), .text("18.0"), .text("17.10")],
                [.number(450)], [.text("pad")]
            ])
    }

    // MARK: Errors, with their exact place

    @Test func yamlAndTopLevelErrors() {
        #expect(loadError("") == "t.yaml:1:1: the sweep config is empty")
        #expect(loadError("seed: 3\n") == "t.yaml:1:1: the sweep config is missing the required key 'name'")
        #expect(
            loadError("name: a\nseeds: 3\n") == "t.yaml:2:1: unknown key 'seeds' in the sweep config (did you mean 'seed'?); "
                + "allowed keys are name, description, seed, output, axes, zip, exclude, whatIf, trees, gestures, examples, embedded")
        #expect(loadError("name: a\nname: b\n").hasPrefix("t.yaml:1:1: key 'name' appears more than once"))
        #expect(loadError("name: [a\n").hasPrefix("t.yaml:2:1: invalid YAML"))
        #expect(loadError("- name: a\n") == "t.yaml:1:1: expected a map for the sweep config, got a list of 1 item")
        #expect(
            loadError("name: my sweep\n") == "t.yaml:1:7: expected a name of ASCII letters, digits, '.', '_' and '-' "
                + "that starts with a letter or digit for 'name', got 'my sweep'")
        #expect(loadError("name: 12\n") == "t.yaml:1:7: expected a non-empty string for 'name', got '12'")
        let seed = "expected an integer from 0 to 18446744073709551615, or 0x and 1 to 16 hex digits for 'seed'"
        #expect(loadError("name: a\nseed: -1\n") == "t.yaml:2:7: \(seed), got '-1'")
        #expect(loadError("name: a\nseed: 18446744073709551616\n") == "t.yaml:2:7: \(seed), got '18446744073709551616'")
        #expect(loadError("name: a\nseed: 0x10000000000000000\n") == "t.yaml:2:7: \(seed), got '0x10000000000000000'")
        #expect(loadError("name: a\nseed: 0xfg\n") == "t.yaml:2:7: \(seed), got '0xfg'")
        #expect(loadError("name: a\nexamples: 2.5\n") == "t.yaml:2:11: expected an integer from 0 to 1000 for 'examples', got '2.5'")
    }

    @Test func axisErrorsNameTheAllowedValues() {
        #expect(
            loadError("name: a\naxes:\n  contentTouchDelays: [1]\n").hasPrefix(
                "t.yaml:3:3: unknown axis 'contentTouchDelays' in 'axes' (did you mean 'contentTouchDelay'?); allowed axes are contentTouchDelay, scrollHysteresis,"
            ))
        #expect(
            loadError("name: a\naxes:\n  contentTouchDelay: [100, -5]\n")
                == "t.yaml:3:28: expected a number (ms) from 0 to 5000 for axis 'contentTouchDelay', got '-5'")
        #expect(
            loadError("name: a\naxes:\n  contentTouchDelay: ['100']\n")
                == "t.yaml:3:23: expected a number (ms) from 0 to 5000 for axis 'contentTouchDelay', got '100'")
        #expect(
            loadError("name: a\naxes:\n  scrollViews.touchesShouldCancel: [default, sometimes]\n")
                == "t.yaml:3:46: expected one of default, always, never, controlsExceptTextInputsSlidersSwitches for axis "
                + "'scrollViews.touchesShouldCancel', got 'sometimes'")
        #expect(
            loadError("name: a\naxes:\n  scrollViews.bounces: [yes]\n")
                == "t.yaml:3:25: expected true or false (or bool for both) for axis 'scrollViews.bounces', got 'yes'")
        #expect(
            loadError("name: a\naxes:\n  iosVersion: [17.4.1]\n")
                == "t.yaml:3:16: expected an iOS version like \"17.4\" for axis 'iosVersion', got '17.4.1'")
        #expect(
            loadError("name: a\naxes:\n  panHysteresis: []\n")
                == "t.yaml:3:18: expected at least one value (a number (pt) from 0 to 500) for axis 'panHysteresis', got a list of 0 items")
        #expect(
            loadError("name: a\naxes:\n  panHysteresis: [5, 5.0]\n")
                == "t.yaml:3:22: the value '5' appears more than once in axis 'panHysteresis'")
    }

    @Test func rangeErrors() {
        #expect(
            loadError("name: a\naxes:\n  panHysteresis: {from: 0, to: 10, stride: 2}\n")
                == "t.yaml:3:36: unknown key 'stride' in the range of axis 'panHysteresis'; allowed keys are from, to, step")
        #expect(
            loadError("name: a\naxes:\n  panHysteresis: {from: 0, to: 10}\n")
                == "t.yaml:3:18: the range of axis 'panHysteresis' is missing the required key 'step'")
        #expect(
            loadError("name: a\naxes:\n  panHysteresis: {from: 0, to: 10, step: 0}\n")
                == "t.yaml:3:42: expected a number above 0 for 'step', got '0'")
        #expect(
            loadError("name: a\naxes:\n  panHysteresis: {from: 20, to: 10, step: 1}\n")
                == "t.yaml:3:33: 'to' (10) is less than 'from' (20) in the range of axis 'panHysteresis'")
        #expect(
            loadError("name: a\naxes:\n  panHysteresis: {from: 0, to: 600, step: 1}\n")
                == "t.yaml:3:32: expected a number (pt) from 0 to 500 for axis 'panHysteresis', got '600'")
        #expect(
            loadError("name: a\naxes:\n  panHysteresis: {from: 0, to: 500, step: 0.01}\n")
                == "t.yaml:3:43: the range of axis 'panHysteresis' gives more than 10000 values; use a larger 'step'")
        #expect(
            loadError("name: a\naxes:\n  scrollViews.bounces: {from: 0, to: 1, step: 1}\n")
                == "t.yaml:3:24: axis 'scrollViews.bounces' takes true or false, so it cannot be a range {from, to, step}; give a list of values")
    }

    @Test func zipAndExcludeErrors() {
        let axes = "name: a\naxes:\n  overlay.passThrough: [false, true]\n  overlay.panMoved: [false, true]\n  panHysteresis: [5, 10, 15]\n"
        #expect(
            loadError(axes + "zip: [[overlay.passThrough, overlay.panMove]]\n")
                == "t.yaml:6:29: zip names 'overlay.panMove', which is not one of this sweep's axes (overlay.passThrough, overlay.panMoved, panHysteresis)")
        #expect(
            loadError(axes + "zip: [[overlay.passThrough, panHysteresis]]\n")
                == "t.yaml:6:7: the axes of a zip group must have the same number of values, but overlay.passThrough has 2, panHysteresis has 3")
        #expect(
            loadError(axes + "zip: [[overlay.passThrough]]\n")
                == "t.yaml:6:7: expected a list of at least 2 axis names for a zip group, got a list of 1 item")
        #expect(
            loadError(axes + "zip:\n  - [overlay.passThrough, overlay.panMoved]\n  - [overlay.panMoved, panHysteresis]\n")
                == "t.yaml:8:6: axis 'overlay.panMoved' appears in more than one place in 'zip'")
        #expect(
            loadError(axes + "exclude:\n  - {contentTouchDelay: 100}\n")
                == "t.yaml:7:6: exclude names 'contentTouchDelay', which is not one of this sweep's axes (overlay.passThrough, overlay.panMoved, panHysteresis)"
        )
        #expect(
            loadError(axes + "exclude:\n  - {panHysteresis: 7}\n")
                == "t.yaml:7:21: exclude gives '7' for axis 'panHysteresis', which is not one of its values (5, 10, 15)")
        #expect(
            loadError(axes + "exclude:\n  - {}\n")
                == "t.yaml:7:5: expected a map of at least one axis and its value for an exclude rule, got a map")
        #expect(
            loadError("name: a\naxes:\n  scrollViews.bounces: bool\nexclude:\n  - {scrollViews.bounces: true}\n  - {scrollViews.bounces: false}\n")
                == "t.yaml:4:1: the exclude rules drop every one of the 2 combinations, leaving nothing to run")
        #expect(
            loadError("name: a\naxes:\n  contentTouchDelay: {from: 0, to: 1000, step: 1}\n  scrollHysteresis: {from: 0, to: 100, step: 1}\n")
                == "t.yaml:2:1: the axes give 101101 combinations, more than the 100000 a sweep may have; use fewer values, zip or fewer axes")
    }

    @Test func treeAndGestureErrors() {
        #expect(
            loadError("name: a\ntrees: {perConfiguration: 0}\n")
                == "t.yaml:2:27: expected an integer from 1 to 100000 for 'perConfiguration', got '0'")
        #expect(
            loadError("name: a\ntrees: {templates: [feed, chat]}\n")
                == "t.yaml:2:27: expected one of the templates feed, carousel, form, drawer, pager, settings, random, photo, pushedScreen, pageSheet, mapPanel for 'templates', got 'chat'"
        )
        #expect(
            loadError("name: a\ntrees: {templates: {feed: 0}}\n")
                == "t.yaml:2:27: expected a number above 0 and at most 1000000 for the weight of 'feed', got '0'")
        #expect(
            loadError("name: a\ntrees: {templates: {chat: 1}}\n")
                == "t.yaml:2:21: unknown name 'chat' in 'templates'; allowed templates are feed, carousel, form, drawer, pager, settings, random, photo, pushedScreen, pageSheet, mapPanel"
        )
        #expect(
            loadError("name: a\ntrees: {rows: {min: 9, max: 3}}\n")
                == "t.yaml:2:29: 'max' (3) is less than 'min' (9) in 'rows'")
        #expect(loadError("name: a\ntrees: {rows: {min: 9}}\n") == "t.yaml:2:15: 'rows' is missing the required key 'max'")
        #expect(
            loadError("name: a\ntrees: {random: {kindMix: {widget: 1}}}\n").hasPrefix(
                "t.yaml:2:28: unknown name 'widget' in 'kindMix'; allowed view kinds are view, label, imageView, button,"))
        #expect(loadError("name: a\ntrees: {edgeGate: maybe}\n") == "t.yaml:2:19: expected true or false for 'edgeGate', got 'maybe'")
        #expect(
            loadError("name: a\ngestures: {families: [quickTap, quickTap]}\n")
                == "t.yaml:2:33: 'quickTap' appears more than once in 'families'")
        #expect(
            loadError("name: a\ngestures: {sampleRate: 0}\n")
                == "t.yaml:2:24: expected a number from 1 to 1000 for 'sampleRate', got '0'")
        #expect(
            loadError("name: a\ngestures: {tempo: 3}\n")
                == "t.yaml:2:12: unknown key 'tempo' in 'gestures'; allowed keys are families, placements, sampleRate, jitter")
    }

    @Test func unreadableFiles() {
        #expect(throws: (any Error).self) { try SweepConfigLoader.load(path: "/nonexistent/sweep.yaml") }
        do {
            _ = try SweepConfigLoader.load(path: "/nonexistent/sweep.yaml")
        } catch {
            #expect(error.description == "/nonexistent/sweep.yaml: cannot read the sweep config: no such file")
        }
    }
}
