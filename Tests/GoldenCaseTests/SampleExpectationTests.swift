import Foundation
import ScenarioKit
import Testing
import TouchEngine

/// `samples:` (issue 31 §2): a pinch's scale or a rotation's rotation read after everything at a time, in or
/// outside its actions; a wrong one shows what it read and the recognizer's state.
@Suite struct SampleExpectationTests {
    let pinch = "PZ-02b-pinch-scale-read-between-actions.yaml"

    @Test func aScaleIsReadBetweenActionsAndAWrongOneShowsTheReading() throws {
        #expect(try MultiTouchExpectationTests.failures(pinch, "  samples: {P: [\"scale=1.04@10\", \"scale=1.6@100\"]}\n") == [])
        let wrong = try MultiTouchExpectationTests.failures(pinch, "  samples: {P: [\"scale=1.1±0.05@10\", \"scale=1@100\"]}\n")
        #expect(
            wrong == [
                "expect.samples.P (line 23): expected scale=1.1±0.05@10, got scale=1.04@10 (possible)",
                "expect.samples.P (line 23): expected scale=1@100, got scale=1.6@100 (changed)"
            ])
    }

    @Test func comparisonsAndTolerances() throws {
        let holds = "  samples: {P: [\"scale>1.03@10\", \"scale<=1.04@10\", \"scale=1.0401±0.001@10\", \"scale<2.1@40\"]}\n"
        #expect(try MultiTouchExpectationTests.failures(pinch, holds) == [])
        // A strict bound is not met by the value itself; `=` without `±` allows half a thousandth.
        #expect(try MultiTouchExpectationTests.failures(pinch, "  samples: {P: [\"scale<1.04@10\"]}\n").count == 1)
        #expect(try MultiTouchExpectationTests.failures(pinch, "  samples: {P: [\"scale=1.0406@10\"]}\n").count == 1)
    }

    @Test func aRotationIsReadWhileItStaysPossible() throws {
        let file = "PZ-03a-rotation-just-under-threshold.yaml"
        // atan(23/264) turned, under the threshold: no action, but the rotation reads it; 0 again after the reset.
        let turned = atan(23.0 / 264.0)
        #expect(try MultiTouchExpectationTests.failures(file, "  samples: {Q: [\"rotation=\(turned)±0.00001@40\", \"rotation=0@100\"]}\n") == [])
        #expect(try MultiTouchExpectationTests.failures(file, "  samples: {Q: [\"rotation=0@40\"]}\n").count == 1)
    }

    @Test(arguments: [
        ("  samples: {V: [scale=1@0]}\n", "'V' is not a recognizer of the scene; known names are P"),
        (
            "  samples: {P: [rotation=0@10]}\n",
            "sample entry 'rotation=0@10' in 'expect.samples.P' reads 'rotation', which a UIPinchGestureRecognizer does not have; "
                + "it has 'scale'"
        ),
        ("  samples: {P: [\"...\"]}\n", "'...' is not allowed in 'expect.samples.P': sample entries are independent assertions"),
        ("  samples: {P: [scale@10]}\n", "sample entry 'scale@10' in 'expect.samples.P' needs an operator (=, <, <=, >, >=) and a value after 'scale'"),
        ("  samples: {P: [scale=1]}\n", "sample entry 'scale=1' in 'expect.samples.P' needs '@<time in ms>' after the value"),
        ("  samples: {P: [\"scale=1±@10\"]}\n", "sample entry 'scale=1±@10' in 'expect.samples.P' needs a tolerance ≥ 0 after '±'"),
        (
            "  samples: {P: [size=1@10]}\n",
            "sample entry 'size=1@10' in 'expect.samples.P' does not start with 'scale' or 'rotation'; "
                + "expected '<scale|rotation><op><value>[±<tolerance>]@<t>', e.g. 'scale=1.5±0.01@20'"
        )
    ])
    func aBadEntryIsOneSentenceAtItsPlace(_ expect: String, _ message: String) throws {
        do {
            _ = try MultiTouchExpectationTests.failures(pinch, expect)
            Issue.record("expected a load error for \(expect)")
        } catch let error as ScenarioError {
            #expect(error.file == pinch && error.line == 23 && error.column > 1, "\(error)")
            #expect(error.message == message)
        }
    }

    @Test func aSampleOfARecognizerThatHasNoScaleIsRefused() throws {
        do {
            _ = try MultiTouchExpectationTests.failures("CR-06c-set-translation-zero-on-began-only.yaml", "  samples: {P: [scale=1@0]}\n")
            Issue.record("expected a load error")
        } catch let error as ScenarioError {
            #expect(
                error.description
                    == "CR-06c-set-translation-zero-on-began-only.yaml:19:13: 'expect.samples.P' needs a pinch or rotation recognizer "
                    + "(their scale and rotation are what samples read); 'P' is a UIPanGestureRecognizer")
        }
    }
}
