import Foundation
import Testing

/// Every generated file is valid Swift syntax: `swiftc -parse` accepts it. UIKit is not available on
/// Linux, so the files cannot be type-checked here (docs/uikit-export.md says so).
@Suite(.enabled(if: swiftcPath != nil, "swiftc is not on PATH: the generated files cannot be parsed here"))
struct SwiftParseTests {
    @Test(arguments: seedScenarios)
    func seedExportParses(seed: String) throws {
        let name = String(seed.split(separator: "/").last!.dropLast(".yaml".count))
        let result = try swiftcParse(try exportFile(seed), name: name)
        #expect(result.status == 0, "swiftc -parse rejected the export of \(seed):\n\(result.diagnostics)")
    }

    @Test func featureScenarioExportParses() throws {
        let yaml = scenarioYAML(
            button: [
                "hitTest: {enlarge: [4, 8, 4, 8]}", "touches: {began: consume, ended: observe}", "alpha: 0.5",
                "animating: true", "allowUserInteraction: true", "transform: [{scale: [2, -1]}, {rotate: 30}, {translate: [5, 7]}]"
            ],
            scrollView: [
                "touchesShouldCancel: never", "touchesShouldBegin: {reject: [Other]}",
                "pan: {shouldBegin: vertical, shouldReceive: {notOnKinds: [button, cell]}, simultaneousWith: all, canPrevent: none}",
                "transfersVerticalScrollingToParent: false", "decelerating: [0, 2]"
            ],
            recognizers: [
                "{ id: Tap, kind: tap, view: R, taps: 2, cancelsTouchesInView: false, canPrevent: {except: [SV.pan]}, requireToFail: [SV.delay] }",
                "{ id: Hold, kind: longPress, view: Btn, minimumPressDuration: 300, shouldBegin: horizontal, toggleEnabledOnBegin: [SV.pan, SV.delay] }",
                "{ id: Swipe, kind: swipe, view: window, directions: [left, up], simultaneousWith: {except: [Tap]} }",
                "{ id: Edge, kind: screenEdgePan, view: R, edges: [right], requireToFail: [NC.content], toggleEnabledOnBegin: [NC.edge] }",
                "{ id: Scrub, kind: pan, view: Other, delegateRequiredToFailBy: [NC.content], requireToFail: [S.dismissPan] }"
            ],
            script: "0 down (60,132) · 20 disable Tap · 40 enable SV.delay · 60 disable NC.edge · 80 up",
            navigation: "{depth: 3, bar: NB, layoutDirection: rightToLeft, delegateReplaced: true, edgeDelaysTouchesBegan: false}",
            extraViews: [
                "{ id: S, frame: [0, 422, 390, 422], sheet: {detents: [medium, large, {id: peek, height: 200}], selected: medium, "
                    + "undimmedUpTo: peek, modal: true, expandsOnScroll: false, delegate: {shouldDismiss: false}}, subviews: "
                    + "[{ id: Pad, frame: [0, 0, 390, 200], vetoesPans: true }, "
                    + "{ id: List, kind: tableView, frame: [0, 200, 390, 222], contentSize: [390, 2000], refreshControl: true }] }"
            ])
        let swift = try export(yaml: yaml)
        for construct in ["UINavigationController()", "UIScreenEdgePanGestureRecognizer()", "modalPresentationStyle = .pageSheet"] {
            #expect(swift.contains(construct), "the feature scenario's export has no \(construct)")
        }
        let result = try swiftcParse(swift, name: "feature")
        #expect(result.status == 0, "\(result.diagnostics)")
    }

    @Test func theParseCheckRejectsBrokenSwift() throws {
        let result = try swiftcParse("final class Broken: UIView {\n    override func f( {\n}\n", name: "broken")
        #expect(result.status != 0)
        #expect(result.diagnostics.contains("error"))
    }
}
