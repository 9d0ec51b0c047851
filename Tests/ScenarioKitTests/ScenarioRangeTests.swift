import Foundation
import TestSupport
import Testing
import TouchEngine

@testable import ScenarioKit

/// Issue 14 §3: every number a scenario holds has a range (docs/scenario-format.md, "Ranges"); a value outside
/// it is one sentence at its file:line:column, and everything inside it runs through the engine without a trap.
@Suite struct ScenarioRangeTests {
    // MARK: Times

    @Test func aStepAt1e16MillisecondsIsRefusedAtItsTimeWithTheRange() {
        #expect(
            loadError("script:\n  - 0 down (70,40)\n  - 1e16 up (70,40)\n")
                == "s.yaml:3:5: script step 2 ('1e16 up (70,40)') must start with a time from 0 to 3600000 ms, got '1e16'")
        #expect(
            loadError("script:\n  - {t: 3600000.001, down: [1, 1]}\n")
                == "s.yaml:2:9: expected a time from 0 to 3600000 ms for 't', got '3600000.001'")
    }

    @Test func aTimeParameterOf1e300IsRefusedWithTheRange() {
        #expect(
            loadError("parameters:\n  contentTouchDelay: 1e300\n")
                == "s.yaml:2:22: expected a time from 0 to 3600000 ms for 'contentTouchDelay', got '1e300'")
        #expect(
            loadError("parameters:\n  longPressDuration: 9.3e15\n")
                == "s.yaml:2:22: expected a time from 0 to 3600000 ms for 'longPressDuration', got '9.3e15'")
    }

    @Test func aDurationOrHoldPastAnHourIsRefused() {
        #expect(
            loadError("script:\n  - {t: 0, tap: [1, 1], duration: 1e300}\n")
                == "s.yaml:2:35: expected a time from 0 to 3600000 ms for 'duration', got '1e300'")
        #expect(
            loadError("script:\n  - {t: 0, drag: {from: [0, 0], to: [0, 9]}, hold: 4e6, duration: 10}\n")
                == "s.yaml:2:52: expected a time from 0 to 3600000 ms for 'hold', got '4e6'")
    }

    @Test func aRecognizerTimeOf1e300IsRefused() {
        #expect(
            loadError("recognizers:\n  - { id: L, kind: longPress, view: window, minimumPressDuration: 1e300 }\n")
                == "s.yaml:2:67: expected a time from 0 to 3600000 ms for 'minimumPressDuration', got '1e300'")
    }

    @Test func aSwipeOfMoreThan10000SamplesIsRefusedAtItsDuration() {
        #expect(
            loadError("script:\n  - {t: 0, swipe: {from: [0, 0], to: [0, 9]}, duration: 200000, hz: 60}\n")
                == "s.yaml:2:57: script step 1 ('swipe') moves 12000 times (duration × hz / 1000), more than the 10000 a swipe "
                + "or drag may; use a shorter 'duration' or a lower 'hz'")
        #expect(
            loadError("script:\n  - {t: 0, swipe: {from: [0, 0], to: [0, 9]}, duration: 10, hz: 1001}\n")
                == "s.yaml:2:65: expected a number from 1 to 1000 Hz for 'hz', got '1001'")
    }

    // MARK: Lengths and counts

    @Test func aLocationBeyondAMillionPointsIsRefusedAtTheLocation() {
        #expect(
            loadError("script:\n  - 0 down (1e300,40)\n")
                == "s.yaml:2:12: script step 1 ('0 down (1e300,40)') has a location out of range; x and y are from -1000000 "
                + "to 1000000 pt")
        #expect(
            loadError("script:\n  - {t: 0, down: [5, -1000001]}\n")
                == "s.yaml:2:22: expected a y from -1000000 to 1000000 pt for 'down', got '-1000001'")
    }

    @Test func aFrameWiderThanAMillionPointsIsRefused() {
        #expect(
            loadError("views:\n  - { id: A, frame: [0, 0, 1e7, 10] }\n")
                == "s.yaml:2:28: expected a width from 0 to 1000000 pt for 'frame', got '1e7'")
        #expect(
            loadError("views:\n  - { id: A, frame: [1e16, 0, 1, 10] }\n")
                == "s.yaml:2:22: expected an x from -1000000 to 1000000 pt for 'frame', got '1e16'")
    }

    @Test func countsAbove100AreRefused() {
        #expect(
            loadError("script:\n  - 0 down (1,1) touch 101\n")
                == "s.yaml:2:24: script step 1 ('0 down (1,1) touch 101') has touch '101'; expected an integer from 1 to 100")
        #expect(
            loadError("recognizers:\n  - { id: T, kind: tap, view: window, taps: 1e14 }\n")
                == "s.yaml:2:45: expected an integer from 1 to 100 for 'taps', got '1e14'")
    }

    @Test func ratiosOutsideTheirRangesAreRefused() {
        #expect(
            loadError("parameters:\n  decelerationRate: 1\n")
                == "s.yaml:2:21: expected a number from 0 to 0.9999 for 'decelerationRate', got '1'")
        #expect(
            loadError("parameters:\n  decelerationMinimumVelocity: 0\n")
                == "s.yaml:2:32: expected a number from 0.001 to 1000 for 'decelerationMinimumVelocity', got '0'")
        #expect(
            loadError("parameters:\n  hitTestAlphaThreshold: 2\n")
                == "s.yaml:2:26: expected a number from 0 to 1 for 'hitTestAlphaThreshold', got '2'")
    }

    @Test func viewsNest200DeepAndTheNextLevelIsRefused() {
        func nested(_ depth: Int) -> String {
            var yaml = "views:\n", indent = "  "
            for level in 1 ... depth {
                yaml += indent + "- id: V\(level)\n" + indent + "  frame: [0, 0, 10, 10]\n"
                if level < depth { yaml += indent + "  subviews:\n" }
                indent += "    "
            }
            return yaml
        }
        #expect(loadError(nested(200)) == "no error")
        #expect(
            loadError(nested(201))
                == "s.yaml:602:805: this view is nested 201 deep; views nest at most 200 deep (the window's subviews are at depth 1)")
    }

    @Test func yamlNestedPastTheParsersLimitIsOneSentence() {
        let flow = loadError("name: " + String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000) + "\n")
        #expect(flow.hasPrefix("s.yaml:1:"))
        #expect(flow.hasSuffix(": invalid YAML: lists and maps nest too deep for the YAML parser, which allows about 1000 levels"))
        let block = "name:\n" + (1 ... 1002).map { String(repeating: "  ", count: $0) + "- \n" }.joined()
        #expect(
            loadError(block)
                == "s.yaml:1000:1999: invalid YAML: lists and maps nest too deep for the YAML parser, which allows about 1000 levels")
    }

    // MARK: Bytes

    @Test func aByteThatIsNotUTF8IsNamedByItsLineAndColumn() {
        var bytes = Array("name: x\nviews:\n  - { id: é".utf8)
        bytes += [0xFF] + Array(", frame: [0, 0, 1, 1] }\n".utf8)
        #expect(
            throws: ScenarioError(
                file: "s.yaml", line: 3, column: 12,
                message: "cannot read the scenario file: byte 0xFF is not UTF-8 text")
        ) {
            try ScenarioLoader.text(of: Data(bytes), path: "s.yaml", what: "scenario file")
        }
        #expect(
            throws: ScenarioError(
                file: "s.yaml", line: 1, column: 3,
                message: "cannot read the sweep config: byte 0xC3 is not UTF-8 text")
        ) {
            try ScenarioLoader.text(of: Data([0x61, 0x62, 0xC3, 0x28]), path: "s.yaml", what: "sweep config")
        }
        #expect((try? ScenarioLoader.text(of: Data("ok: é\n".utf8), path: "s.yaml", what: "x")) == "ok: é\n")
    }

    // MARK: Inside the ranges

    @Test func aScenarioAtEveryUpperBoundLoadsAndRunsToItsLastEvent() throws {
        let yaml = """
            parameters: { contentTouchDelay: 3600000, longPressDuration: 3600000, tapMaximumDuration: 3600000,
                          multiTapInterval: 3600000, bounceBackDuration: 3600000, swipeMaximumDuration: 3600000,
                          controlMinimumHighlight: 3600000, edgeGateDelay: 3600000, topEdgeGateDelay: 3600000,
                          decelerationRate: 0.9999, decelerationRateFast: 0.9999, decelerationMinimumVelocity: 0.001,
                          rubberBandCoefficient: 100, scrollHysteresis: 0, panHysteresis: 0 }
            window: { size: [1000000, 1000000], edgeGate: [top, bottom] }
            views:
              - id: S
                kind: scrollView
                frame: [0, 0, 1000000, 1000000]
                contentSize: [1000000, 1000000]
                contentOffset: [-1000000, 1000000]
                decelerating: [-1000000, 1000000]
                subviews:
                  - { id: B, kind: button, frame: [-1000000, -1000000, 1000000, 1000000], hitTest: { enlarge: 1000000 } }
            recognizers:
              - { id: L, kind: longPress, view: window, minimumPressDuration: 3600000, touches: 100 }
              - { id: T, kind: tap, view: S, taps: 100, maximumTapDuration: 3600000, maximumIntervalBetweenTaps: 3600000 }
            script:
              - { t: 3600000, drag: { from: [-1000000, -1000000], to: [1000000, 1000000] }, hold: 3600000, duration: 10000, hz: 1000 }
              - { t: 3600000, tap: [1000000, 1000000], duration: 3600000, touch: 100 }
            """
        let scene = try ScenarioLoader.load(yaml: yaml, path: "s.yaml").scene
        #expect(scene.script.count == 10_004)
        #expect(scene.script.last?.time == .ms(3_600_000 * 2 + 10_000 + 1))
        let trace = Engine.trace(scene)
        #expect(trace.count > scene.script.count)
        _ = Engine.summary(scene)
    }

    @Test func everyRangeIsStatedInTheScenarioFormatDoc() throws {
        let doc = try Repository.text("docs/scenario-format.md")
        let ranges = [
            ScenarioLimits.milliseconds, ScenarioLimits.coordinate, ScenarioLimits.length, ScenarioLimits.sampleRate,
            ScenarioLimits.value, ScenarioLimits.decelerationRate, ScenarioLimits.decelerationMinimumVelocity,
            ScenarioLimits.rubberBandCoefficient, ScenarioLimits.fraction
        ]
        for range in ranges {
            #expect(doc.contains(ScenarioLimits.describe(range)), "docs/scenario-format.md does not state \(ScenarioLimits.describe(range))")
        }
        #expect(doc.contains("at most \(ScenarioLimits.samplesPerStep) moves"))
        #expect(doc.contains("from \(ScenarioLimits.count.lowerBound) to \(ScenarioLimits.count.upperBound)"))
        #expect(doc.contains("at most \(ScenarioLimits.viewDepth) deep"))
    }
}
