import Foundation
import ScenarioKit
import Testing
import TouchEngine

/// The `scale=` and `rotation=` qualifiers of recognizer entries and the JSON trace's fields for them, on the PZ
/// golden scenarios.
@Suite struct PinchRotationExpectationTests {
    @Test func scaleIsCheckedAndAWrongOneShowsTheObservedScales() throws {
        let file = "PZ-02-pinch-reports-scale.yaml"
        #expect(try MultiTouchExpectationTests.failures(file, "  actions: {P: [began@20 scale=1.5, \"...\"]}\n") == [])
        let wrong = try MultiTouchExpectationTests.failures(file, "  actions: {P: [began@20 scale=1.4, \"...\"]}\n")
        #expect(
            wrong == [
                "expect.actions.P (line 21): expected [began@20 scale=1.4, ...], got [began@20 scale=1.5, changed@40 scale=2, "
                    + "changed@60 scale=1.6, ended@120 scale=1.6]"
            ])
        // A rotation qualifier never matches a pinch.
        #expect(try MultiTouchExpectationTests.failures(file, "  actions: {P: [began@20 rotation=1.5, \"...\"]}\n").count == 1)
    }

    @Test func rotationIsCheckedWithinHalfAThousandth() throws {
        let file = "PZ-03b-rotation-just-over-threshold.yaml"
        #expect(try MultiTouchExpectationTests.failures(file, "  recognizers: {Q: [began@40 rotation=0.0004, \"...\"]}\n") == [])
        #expect(try MultiTouchExpectationTests.failures(file, "  recognizers: {Q: [began@40 rotation=0.0014, \"...\"]}\n").count == 1)
    }

    @Test func aMalformedQualifierIsOneSentence() throws {
        let file = "PZ-02-pinch-reports-scale.yaml"
        do {
            _ = try MultiTouchExpectationTests.failures(file, "  actions: {P: [began@20 scale=big]}\n")
            Issue.record("expected a load error")
        } catch let error as ScenarioError {
            #expect(error.message.hasSuffix("needs a number after 'scale='"), "\(error.message)")
        }
        do {
            _ = try MultiTouchExpectationTests.failures(file, "  actions: {P: [began@20 rotation=1 scale=2]}\n")
            Issue.record("expected a load error")
        } catch let error as ScenarioError {
            #expect(
                error.message.hasSuffix("the qualifiers are 'translation=(x,y)', 'scale=<n>' and 'rotation=<rad>', in that order"),
                "\(error.message)")
        }
    }

    @Test func theJSONTraceCarriesScaleRotationAndVelocity() throws {
        let pinch = try MultiTouchExpectationTests.json("PZ-01b-pinch-just-over-hysteresis.yaml")
        let began = try #require(pinch.events.first { $0["type"] as? String == "action" })
        let scale = try #require(began["scale"] as? Double)
        let velocity = try #require(began["velocity"] as? Double)
        // Numbers are written like the text trace: to three decimals.
        #expect(scale == 1 && velocity == 1.269)
        #expect(began["rotation"] == nil && began["translation"] == nil)
        let recognizers = try #require(pinch.outcome["recognizers"] as? [String: Any])
        let actions = try #require((recognizers["P"] as? [String: Any])?["actions"] as? [[String: Any]])
        #expect(actions.count == 2 && actions.allSatisfy { $0["scale"] is Double && $0["velocity"] is Double })

        let rotation = try MultiTouchExpectationTests.json("PZ-03b-rotation-just-over-threshold.yaml")
        let turned = try #require(rotation.events.last { $0["type"] as? String == "action" })
        #expect(turned["rotation"] as? Double == 1.483 && turned["velocity"] as? Double == 9.169 && turned["scale"] == nil)
    }
}

/// The `zoom` scroll entries and the JSON trace's zoom events, on the PZ zooming scenarios.
@Suite struct ZoomExpectationTests {
    @Test func zoomEntriesCheckTheScaleAndShowTheObservedOne() throws {
        let file = "PZ-05a-pinch-out-zooms.yaml"
        #expect(try MultiTouchExpectationTests.failures(file, "  scroll: {SV: [zoom=2@80, final zoom>=2, didEndZooming@120]}\n") == [])
        let wrong = try MultiTouchExpectationTests.failures(file, "  scroll: {SV: [zoom=3@80]}\n")
        #expect(wrong.count == 1 && wrong[0].contains("expected zoom=3@80") && wrong[0].hasSuffix("zoom=2@80"), "\(wrong)")
        let final = try MultiTouchExpectationTests.failures(file, "  scroll: {SV: [final zoom<2]}\n")
        #expect(final.count == 1 && final[0].contains("expected final zoom<2") && final[0].hasSuffix("final zoom=2"), "\(final)")
    }

    @Test func theJSONTraceCarriesZoomEventsAndTheBounce() throws {
        let run = try MultiTouchExpectationTests.json("PZ-05b-zoom-beyond-maximum-bounces-back.yaml")
        let zooms = run.events.filter { $0["type"] as? String == "zoom" }
        #expect(zooms.compactMap { $0["zoomScale"] as? Double } == [2, 3.465, 3])
        #expect(zooms.last?["contentSize"] as? [Double] == [1170, 2532])
        let bouncing = run.events.filter { $0["property"] as? String == "isZoomBouncing" }.compactMap { $0["value"] as? Bool }
        #expect(bouncing == [true, false])
        let end = try #require(run.events.first { $0["call"] as? String == "scrollViewDidEndZooming" })
        #expect(end["atScale"] as? Double == 3)
    }

    /// The bounce is timed: its model values (scale 3, the offset that keeps the content under the fingers' centre)
    /// are set at the lift, `isZoomBouncing` lasts `bounceBackDuration` (400 ms), then `scrollViewDidEndZooming`.
    @Test func theBounceSetsItsValuesAtTheLiftAndEndsAfterTheBounceBackDuration() throws {
        let run = try MultiTouchExpectationTests.json("PZ-05b-zoom-beyond-maximum-bounces-back.yaml")
        let bouncing = run.events.filter { $0["property"] as? String == "isZoomBouncing" }.compactMap { $0["t"] as? Double }
        #expect(bouncing == [120, 520])
        let end = try #require(run.events.first { $0["call"] as? String == "scrollViewDidEndZooming" })
        #expect(end["t"] as? Double == 520)
        let offsets = run.events.filter { $0["type"] as? String == "offset" }
        #expect(offsets.compactMap { $0["t"] as? Double } == [40, 80, 120])
        #expect(offsets.last?["offset"] as? [Double] == [390, 844])
    }

    /// While two fingers pinch, the content point under their centre stays under it (PZ-05a: the centre (195,422)
    /// never moves, so the offset is the centre × (scale − 1)); without the anchor the offset would stay at 0.
    @Test func theOffsetKeepsTheContentUnderTheFingersCentre() throws {
        let file = "PZ-05a-pinch-out-zooms.yaml"
        #expect(try MultiTouchExpectationTests.failures(file, "  scroll: {SV: [x=97.5@40, y=211@40, x=195@80, y=422@80]}\n") == [])
        let wrong = try MultiTouchExpectationTests.failures(file, "  scroll: {SV: [y=0@80]}\n")
        #expect(wrong.count == 1, "\(wrong)")
    }
}
