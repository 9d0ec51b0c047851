import Testing
import TouchEngine

@testable import ScenarioKit

/// A zooming scroll view's keys (`minimumZoomScale`, `maximumZoomScale`, `zoomScale`, `bouncesZoom`,
/// `viewForZooming`): the pinch recognizer they install, what they are refused with, and the writer's round trip.
@Suite struct ZoomingScrollViewLoaderTests {
    static func yaml(_ keys: String, child: String = "C") -> String {
        "views:\n  - id: SV\n    kind: scrollView\n    frame: [0, 0, 390, 844]\n    contentSize: [390, 844]\n" + keys
            + "    subviews:\n      - { id: \(child), frame: [0, 0, 390, 844], subviews: [{id: D, frame: [0, 0, 10, 10]}] }\n"
    }

    @Test func zoomingInstallsThePinchAfterThePan() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.yaml(
                "    minimumZoomScale: 0.5\n    maximumZoomScale: 4\n    zoomScale: 2\n"
                    + "    bouncesZoom: false\n    viewForZooming: C\n"), path: "s.yaml"
        ).scene
        let sv = try #require(scene.view(named: "SV"))
        let config = try #require(scene.views[sv].scroll)
        #expect(config.minimumZoomScale == 0.5 && config.maximumZoomScale == 4 && config.zoomScale == 2 && !config.bouncesZoom)
        #expect(config.viewForZooming == scene.view(named: "C") && config.zoomEnabled)
        let pinch = try #require(scene.recognizer(named: "SV.pinch"))
        let pan = try #require(scene.scrollRecognizers(of: sv)?.pan)
        #expect(scene.recognizers[pinch].kind == .scrollZoom(scrollView: sv) && pinch == pan + 1)
        #expect(scene.recognizers[pinch].policies.simultaneousWith == .only([pan]))
        #expect(scene.recognizers[pinch].kind.uikitClass == "UIScrollViewPinchGestureRecognizer")
    }

    @Test(arguments: [
        "    minimumZoomScale: 1\n    maximumZoomScale: 1\n    viewForZooming: C\n", // equal limits: zooming disabled [DOC]
        "    minimumZoomScale: 1\n    maximumZoomScale: 3\n" // no view for zooming
    ])
    func withoutZoomingThereIsNoPinch(keys: String) throws {
        let scene = try ScenarioLoader.load(yaml: Self.yaml(keys), path: "s.yaml").scene
        #expect(scene.recognizer(named: "SV.pinch") == nil)
        #expect(
            !scene.recognizers.contains {
                if case .scrollZoom = $0.kind { return true }; return false
            })
    }

    @Test(arguments: [
        ("    maximumZoomScale: 0\n", "s.yaml:6:23: expected a zoom scale from 0.01 to 100 for 'maximumZoomScale', got '0'"),
        ("    maximumZoomScale: 3\n    viewForZooming: E\n", "s.yaml:7:21: scroll view 'SV' zooms view 'E', which is not defined"),
        ("    maximumZoomScale: 3\n    viewForZooming: D\n", "s.yaml:7:21: scroll view 'SV' zooms view 'D', which is not one of its subviews"),
        ("    maximumZoomScale: 3\n    zoomScale: 4\n", "s.yaml:7:16: scroll view 'SV' has zoomScale 4, outside its minimumZoomScale…maximumZoomScale (1…3)")
    ])
    func badZoomKeysAreOneSentence(keys: String, message: String) {
        #expect(loadError(Self.yaml(keys)) == message)
    }

    @Test func theWriterKeepsTheZoomKeys() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.yaml(
                "    minimumZoomScale: 0.5\n    maximumZoomScale: 4\n    zoomScale: 2\n"
                    + "    bouncesZoom: false\n    viewForZooming: C\n"), path: "s.yaml"
        ).scene
        let written = ScenarioWriter.yaml(scene, description: nil)
        #expect(written.contains("viewForZooming: C") && written.contains("bouncesZoom: false"))
        let reread = try ScenarioLoader.load(yaml: written, path: "w.yaml").scene
        #expect(reread.views == scene.views && reread.recognizers == scene.recognizers)
    }
}
