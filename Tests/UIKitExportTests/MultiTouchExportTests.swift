import Foundation
import Testing

@testable import UIKitExport

/// Exports of multi-touch steps and repeated taps: one script line per UIEvent, the detailed log (tap count, the
/// call's set, `event.allTouches`, one hit test per finger) and predictions in the log's words.
@Suite struct MultiTouchExportTests {
    @Test func aMultiTouchStepIsOneLineAndTheLogIsDetailed() throws {
        let file = try exportFile("configs/scenarios/golden/MT-04a-two-fingers-one-event.yaml")
        // (Header comments wrap at 120 columns.)
        #expect(
            file.contains(
                "//   t=0 ms: one event, the fingers together in the same frame: touch 1 down at (100, 200) on V; "
                    + "touch 2 down at\n//      (250, 200) on V\n"))
        #expect(file.contains("//   t=80 ms: one event, the fingers together in the same frame: touch 1 lifts where it is; touch 2 lifts where it\n"))
        #expect(file.contains("//   t=0 ms  V began touch 1 ts=0 at (100,200) call={1, 2} allTouches={1, 2} (handled)\n"))
        #expect(file.contains("//   t=0 ms  V began touch 2 ts=0 at (250,200) call={1, 2} allTouches={1, 2} (handled)\n"))
        #expect(file.contains("Log.touches(\"began\", of: self, touches, \"consume\", event: event)"))
        #expect(file.contains("guard !hitPoints.contains(point) else { return }"))
    }

    @Test func aMixedEventIsOneLineInPhaseOrderAndTheLogHasACallPerPhase() throws {
        let pinch = try exportFile("configs/scenarios/golden/MT-08-pinch-finger-moves-while-other-lifts.yaml")
        #expect(
            pinch.contains("//   t=40 ms: one event, the fingers together in the same frame: touch 1 moves to (17, 300); touch 2 lifts where it\n//      is\n"))
        #expect(
            pinch.contains(
                "//   t=40 ms  P action changed scale=1.75\n//   t=40 ms  V moved touch 1 ts=40 at (17,300) allTouches={1, 2} (handled)\n"
                    + "//   t=40 ms  V ended touch 2 ts=40 at (293.5,300) allTouches={1, 2} (handled)\n"))
        // The step lists the move first; the event's line and the log put the landing finger first.
        let landing = try exportFile("configs/scenarios/golden/MT-09-second-finger-lands-while-first-moves.yaml")
        #expect(landing.contains("//   t=40 ms: one event, the fingers together in the same frame: touch 2 down at (250, 300) on V; touch 1 moves to\n"))
        #expect(
            landing.contains(
                "//   t=40 ms  V began touch 2 ts=40 at (250,300) allTouches={1, 2} (handled)\n"
                    + "//   t=40 ms  V moved touch 1 ts=40 at (110,300) allTouches={1, 2} (handled)\n"))
        #expect(landing.contains("Log.touches(\"began\", of: self, touches, \"consume\", event: event)"))
    }

    @Test func aRepeatedTapPrintsItsCount() throws {
        let file = try exportFile("configs/scenarios/golden/MT-03-button-touch-down-repeat.yaml")
        #expect(file.contains("//   t=200 ms  B began touch 1 ts=200 at (70,122) tapCount=2 (handled)\n"))
        #expect(file.contains("//   t=200 ms  B TouchDownRepeat\n"))
        #expect(file.contains("let taps = touch.tapCount > 1 ? \" tapCount=\\(touch.tapCount)\" : \"\""))
    }

    @Test func singleFingerExportsKeepTheShortLog() throws {
        let file = try exportFile("configs/scenarios/golden/MT-01a-single-tap-count-1.yaml")
        #expect(!file.contains("event: event)") && !file.contains("hitPoints"))
        #expect(file.contains("private static var lastHitTest") && file.contains("event.timestamp != lastHitTest else { return }"))
    }

    @Test func theDetailedLogReplacesEachPart() {
        let detailed = SupportCode.detailedLog
        for part in [SupportCode.touchesFunction, SupportCode.hitTestGuard] { #expect(!detailed.contains(part)) }
        for part in [SupportCode.detailedTouchesFunction, SupportCode.detailedHitTestGuard, SupportCode.hitPointsDeclaration] {
            #expect(detailed.contains(part))
        }
    }

    @Test(
        .enabled(if: swiftcPath != nil, "swiftc is not on PATH: the generated files cannot be parsed here"),
        arguments: [
            "MT-03-button-touch-down-repeat", "MT-04a-two-fingers-one-event", "MT-05-single-touch-view-gets-first",
            "MT-07a-swipe-just-under-minimum-rate", "MT-08-pinch-finger-moves-while-other-lifts",
            "MT-10b-single-touch-view-second-lands-while-first-lifts", "MT-11b-two-finger-tap-second-lands-as-first-lifts"
        ])
    func multiTouchExportsParse(name: String) throws {
        let result = try swiftcParse(try exportFile("configs/scenarios/golden/\(name).yaml"), name: name)
        #expect(result.status == 0, "\(result.diagnostics)")
    }
}

/// Exports of pinch and rotation recognizers: their UIKit classes, the log of `scale` / `rotation` in the action
/// and the prediction in the same words.
@Suite struct PinchRotationExportTests {
    @Test func aPinchIsAUIPinchGestureRecognizerThatLogsItsScale() throws {
        let file = try exportFile("configs/scenarios/golden/PZ-02-pinch-reports-scale.yaml")
        #expect(file.contains("let pRecognizer = UIPinchGestureRecognizer()") && file.contains("vView.addGestureRecognizer(pRecognizer)"))
        #expect(file.contains("if let pinch = recognizer as? UIPinchGestureRecognizer {"))
        #expect(file.contains("text += \" scale=\\(Log.number(pinch.scale))\""))
        #expect(!file.contains("UIRotationGestureRecognizer"))
        #expect(file.contains("//   t=40 ms  P action changed scale=2\n"))
    }

    @Test func aRotationLogsItsRotationAndTheDelegateAllowsThePinch() throws {
        let file = try exportFile("configs/scenarios/golden/PZ-04b-pinch-and-rotation-simultaneous.yaml")
        #expect(file.contains("let qRecognizer = UIRotationGestureRecognizer()") && file.contains("let pRecognizer = UIPinchGestureRecognizer()"))
        #expect(file.contains("text += \" rotation=\\(Log.number(rotation.rotation))\""))
        #expect(file.contains("//   t=40 ms  Q action began rotation=0.052\n"))
        #expect(file.contains("pRecognizer.delegate = self") && file.contains("case \"P\": return [\"Q\"].contains(Log.name(other))"))
    }

    @Test(
        .enabled(if: swiftcPath != nil, "swiftc is not on PATH: the generated files cannot be parsed here"),
        arguments: ["PZ-02-pinch-reports-scale", "PZ-04b-pinch-and-rotation-simultaneous"])
    func pinchAndRotationExportsParse(name: String) throws {
        let result = try swiftcParse(try exportFile("configs/scenarios/golden/\(name).yaml"), name: name)
        #expect(result.status == 0, "\(result.diagnostics)")
    }
}

/// Exports of zooming scroll views: the zoom properties, the delegate's `viewForZooming(in:)`, the scroll view's
/// pinch registered for the log, and the zoom delegate calls in the prediction.
@Suite struct ZoomingExportTests {
    @Test func aZoomingScrollViewSetsItsLimitsAndReturnsItsZoomView() throws {
        let file = try exportFile("configs/scenarios/golden/PZ-05c-zoom-clamps-without-bouncesZoom.yaml")
        #expect(file.contains("svScrollView.maximumZoomScale = 3\n") && file.contains("svScrollView.bouncesZoom = false\n"))
        #expect(!file.contains("svScrollView.minimumZoomScale"))
        #expect(file.contains("scrollLogger.zoomViews[ObjectIdentifier(svScrollView)] = iImageView // viewForZooming(in:)"))
        #expect(file.contains("func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomViews[ObjectIdentifier(scrollView)] }"))
        #expect(file.contains("if let pinch = svScrollView.pinchGestureRecognizer {") && file.contains("Log.register(pinch, \"SV.pinch\")"))
        #expect(file.contains("//   t=120 ms  SV didEndZooming atScale=3\n"))
        #expect(file.contains("//   t=40 ms  SV.pinch action began scale=2\n"))
    }

    @Test func otherExportsKeepThePlainScrollLogger() throws {
        let file = try exportFile("configs/scenarios/golden/PZ-02-pinch-reports-scale.yaml")
        #expect(!file.contains("zoomViews") && !file.contains("viewForZooming"))
    }

    @Test(
        .enabled(if: swiftcPath != nil, "swiftc is not on PATH: the generated files cannot be parsed here"),
        arguments: ["PZ-05b-zoom-beyond-maximum-bounces-back", "PZ-06c-held-button-cancelled-by-pinch"])
    func zoomingExportsParse(name: String) throws {
        let result = try swiftcParse(try exportFile("configs/scenarios/golden/\(name).yaml"), name: name)
        #expect(result.status == 0, "\(result.diagnostics)")
    }
}
