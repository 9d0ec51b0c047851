import ScenarioKit
import SweepPlanning
import Testing
import TouchEngine
import TouchScenarios

@testable import SweepCore

/// `swallowed_zoom` (docs/defects.md) on hand-made photo viewers, both ways, and the opt-in photo sweep end to
/// end: determinism, the class counted where an axis drives it, its cause.
@Suite struct SwallowedZoomTests {
    /// A photo viewer: a zooming scroll view (×1…×3) whose view for zooming fills it, and a dismiss pan on the
    /// container (UIKit's default maximumNumberOfTouches unless `maximum` says otherwise).
    static func viewer(maximum: String = "", simultaneous: Bool = false, hysteresis: Double = 10) -> String {
        """
        name: viewer
        parameters: { pinchHysteresis: \(hysteresis) }
        views:
          - id: R
            controller: VC
            frame: [0, 0, 390, 844]
            subviews:
              - id: Photo
                kind: scrollView
                frame: [0, 0, 390, 844]
                contentSize: [390, 844]
                minimumZoomScale: 1
                maximumZoomScale: 3
                viewForZooming: Image
                subviews:
                  - { id: Image, kind: imageView, frame: [0, 0, 390, 844] }
        recognizers:
          - { id: dismiss, kind: pan, view: R\(maximum)\(simultaneous ? ", simultaneousWith: [Photo.pinch]" : "") }
        """
    }

    /// Two fingers 100 pt apart (one above the other) that spread to 200 pt in 25 steps of 8 ms (4 pt a step),
    /// while their centre moves `drift` pt down over the same steps; `anchored`: the upper finger only drifts (a
    /// thumb held still), so the centre also moves half the spread. Both lift one step after the last move.
    static func pinch(drift: Double, anchored: Bool = false) -> [ScriptEvent] {
        var script: [ScriptEvent] = []
        func pair(_ t: Double, _ a: ScriptAction, _ b: ScriptAction) {
            script.append(ScriptEvent(time: .ms(t), touch: 1, action: a))
            script.append(ScriptEvent(time: .ms(t), touch: 2, action: b, sameEvent: true))
        }
        pair(0, .down(Point(195, 380)), .down(Point(195, 480)))
        for k in 1 ... 25 {
            let s = Double(k) / 25
            let y1 = anchored ? 380 + drift * s : 380 - 50 * s + drift * s
            let y2 = anchored ? 480 + 100 * s + drift * s : 480 + 50 * s + drift * s
            pair(8 * Double(k), .move(Point(195, y1)), .move(Point(195, y2)))
        }
        pair(208, .up(nil), .up(nil))
        return script
    }

    func verdict(_ yaml: String, _ script: [ScriptEvent], factor: Double = 2) throws -> (ScenarioVerdict, CauseKind?) {
        let scene = try ScenarioLoader.load(yaml: yaml, path: "viewer.yaml").scene
        let photo = try #require(scene.view(named: "Photo"))
        let prepared = PreparedScene(scene)
        var runner = EngineRunner()
        let gesture = Gesture(
            family: .pinchZoom, target: photo, intent: .zoom(photo, factor: factor), script: script,
            liftTime: .ms(208), downTime: .zero)
        return runner.withSummary(prepared, script: script) { summary in
            let v = Classifier.classify(gesture: gesture, prepared: prepared, summary: summary)
            let cause =
                v.defects.contains(.swallowedZoom)
                ? CauseAnalysis.cause(of: .swallowedZoom, gesture: gesture, scene: scene, summary: summary) : nil
            return (v, cause)
        }
    }

    @Test func aPinchThatSpreadsZoomsAndIsNotSwallowed() throws {
        // Centre still, distance 100 → 200: the pinch begins on the first 10 pt and the photo zooms to ×2.
        let (v, _) = try verdict(Self.viewer(), Self.pinch(drift: 0))
        #expect(v.applicable == DefectSet([.swallowedZoom]))
        #expect(v.defects.isEmpty)
    }

    @Test func aDismissPanThatBeginsFirstSwallowsTheZoom() throws {
        // One finger held, the pinch drifting 100 pt down: at 16 ms the distance changed 8 pt (under the 10 pt
        // pinch hysteresis) and the centre moved 4 + 8 = 12 pt: the dismiss pan begins first and excludes the
        // pinch (G7); the photo never zooms.
        let (v, cause) = try verdict(Self.viewer(), Self.pinch(drift: 100, anchored: true))
        #expect(v.defects == DefectSet([.swallowedZoom]))
        #expect(cause == .panRecognizerWon)
    }

    @Test func recognizingWithThePinchLetsTheZoomThrough() throws {
        // The same pinch, the dismiss pan's delegate allowing it with Photo.pinch (G8): both run, the photo zooms.
        let (v, _) = try verdict(Self.viewer(simultaneous: true), Self.pinch(drift: 100, anchored: true))
        #expect(v.applicable.contains(.swallowedZoom) && v.defects.isEmpty)
    }

    @Test func aSmallerPinchHysteresisLetsThePinchBeginFirst() throws {
        // Hysteresis 3 pt: at 8 ms the distance changed 4 pt and the centre 6 pt: the pinch begins first and the
        // dismiss pan, excluded, never does.
        let (v, _) = try verdict(Self.viewer(hysteresis: 3), Self.pinch(drift: 100, anchored: true))
        #expect(v.defects.isEmpty)
    }

    @Test func halfTheZoomInRatioTermsIsTheLine() throws {
        // The pinch zooms ×2 (hysteresis 0: the reference distance, which moves by the hysteresis when the pinch
        // begins, stays 100 pt). Asked ×4 it is swallowed (2 < √4 = 2 is false: exactly half is not swallowed);
        // asked ×4.1 it is (2 < √4.1); asked ×0.25 (zoom out) it is judged by 1/0.25 = 4 alike.
        let viewer = Self.viewer(hysteresis: 0)
        #expect(try verdict(viewer, Self.pinch(drift: 0), factor: 4).0.defects.isEmpty)
        #expect(try verdict(viewer, Self.pinch(drift: 0), factor: 4.1).0.defects == DefectSet([.swallowedZoom]))
        #expect(try verdict(viewer, Self.pinch(drift: 0), factor: 0.25).0.defects.isEmpty)
    }

    @Test func theClassIsLastSoOlderColumnsKeepTheirPlaces() {
        #expect(DefectClass.swallowedZoom.rawValue == 7 && DefectClass.swallowedZoom.name == "swallowed_zoom")
        #expect(
            DefectClass.allCases.map(\.name).prefix(7) == [
                "dead_button", "swallowed_scroll", "ghost_tap", "wrong_scroller",
                "late_feedback", "late_action", "invisible_feedback"
            ])
    }

    // MARK: The photo sweep

    static let config = """
        name: photo
        seed: 15
        axes:
          pinchHysteresis: [5, 20]
          dismissPans.simultaneousWithZoom: [false, true]
        trees:
          perConfiguration: 8
          templates: [photo]
        gestures:
          families: [pinchZoom]
          placements: 6
        examples: 2
        """

    @Test func thePhotoSweepIsDeterministicAndCountsSwallowedZoomsWhereTheAxesSay() throws {
        let plan = SweepPlan(try SweepConfigLoader.load(yaml: Self.config, path: "photo.yaml"))
        func files(_ threads: Int, _ perUnit: Int?) -> [(String, String)] {
            let tallies = ParallelSweep.run(plan, threads: threads, treesPerUnit: perUnit)
            return Reports.files(plan: plan, tallies: tallies, configText: Self.config, outputDirectory: "out/photo").map { ($0.name, $0.contents) }
        }
        let reference = files(1, 1)
        #expect(files(2, nil).map(\.1) == reference.map(\.1))
        let summary = try #require(reference.first { $0.0 == "summary.csv" }?.1)
        let rows = summary.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        let header = rows[0]
        let count = try #require(header.firstIndex(of: "swallowed_zoom_count"))
        let attempts = try #require(header.firstIndex(of: "swallowed_zoom_attempts"))
        #expect(header[attempts - 1] == "invisible_feedback_tree_ci95_high", "appended after the older classes")
        // c001 hysteresis 5, exclusive; c002 5, simultaneous; c003 20, exclusive; c004 20, simultaneous.
        let counts = rows.dropFirst().map { Int($0[count])! }
        #expect(rows.dropFirst().allSatisfy { Int($0[attempts])! == 48 }, "every pinch is an attempt")
        #expect(counts[1] == 0 && counts[3] == 0, "a dismiss pan that recognizes with the pinch never swallows it")
        #expect(counts[2] > counts[0], "a later pinch loses more races to the dismiss pan: \(counts)")
        let causes = try #require(reference.first { $0.0 == "causes.csv" }?.1)
        // The 20 pt hysteresis is a what-if (no UIKit has it): with UIKit's 8 pt the same pinches zoom.
        #expect(causes.contains("c003,swallowed_zoom,pan_recognizer_won,G7,what_if,\(counts[2])"))
        let hazards = try #require(header.firstIndex(of: "swallowed_zoom_what_if_count"))
        #expect(rows.dropFirst().map { Int($0[hazards])! } == counts.enumerated().map { $0.offset >= 2 ? $0.element : 0 })
    }
}
