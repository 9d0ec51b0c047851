import Testing
import TouchEngine

@testable import ScenarioKit

/// `kind: pinch` / `kind: rotation` and the `pinchHysteresis` / `rotationThreshold` parameters: what they load
/// as, what they are refused with, and that the writer keeps them.
@Suite struct PinchRotationLoaderTests {
    static let views = "views: [{id: V, frame: [0, 0, 390, 844], multipleTouchEnabled: true}]\n"

    @Test func theKindsLoadAsContinuousTwoFingerRecognizers() throws {
        let scene = try ScenarioLoader.load(
            yaml: Self.views + "recognizers:\n  - {id: P, kind: pinch, view: V}\n"
                + "  - {id: Q, kind: rotation, view: V, simultaneousWith: [P]}\n", path: "s.yaml"
        ).scene
        let p = try #require(scene.recognizer(named: "P")), q = try #require(scene.recognizer(named: "Q"))
        #expect(scene.recognizers[p].kind == .pinch && scene.recognizers[q].kind == .rotation)
        #expect(scene.recognizers[p].kind.isContinuous && scene.recognizers[q].kind.isContinuous)
        #expect(scene.recognizers[p].kind.uikitClass == "UIPinchGestureRecognizer")
        #expect(scene.recognizers[q].kind.uikitClass == "UIRotationGestureRecognizer")
        #expect(scene.recognizers[q].policies.simultaneousWith == .only([p]))
    }

    @Test func theParametersLoadAndDefault() throws {
        let p = try ScenarioLoader.load(
            yaml: "parameters: {pinchHysteresis: 4, rotationThreshold: 0.2}\n" + Self.views,
            path: "s.yaml"
        ).scene.parameters
        #expect(p.pinchHysteresis == 4 && p.rotationThreshold == 0.2)
        #expect(Parameters().pinchHysteresis == 8 && Parameters().rotationThreshold == 0.0873)
    }

    @Test(arguments: [
        (
            "recognizers:\n  - {id: P, kind: pinch, view: V, touches: 2}\n",
            "s.yaml:3:35: key 'touches' applies only to tap, longPress and swipe recognizers, but recognizer 'P' is a pinch"
        ),
        (
            "recognizers:\n  - {id: Q, kind: rotation, view: V, hysteresis: 3}\n",
            "s.yaml:3:38: key 'hysteresis' applies only to pan recognizers, but recognizer 'Q' is a rotation"
        ),
        (
            "parameters: {rotationThreshold: 4}\n",
            "s.yaml:1:33: expected an angle from 0 to 3.1416 rad for 'rotationThreshold', got '4'"
        ),
        (
            "parameters: {pinchHysteresis: -1}\n",
            "s.yaml:1:31: expected a distance from 0 to 1000000 pt for 'pinchHysteresis', got '-1'"
        )
    ])
    func badKeysAndValuesAreOneSentence(yaml: String, message: String) {
        #expect(loadError(yaml.hasPrefix("parameters") ? yaml + Self.views : Self.views + yaml) == message)
    }

    @Test func theWriterKeepsTheKindsAndParameters() throws {
        let yaml =
            "parameters: {pinchHysteresis: 6, rotationThreshold: 0.1}\n" + Self.views
            + "recognizers:\n  - {id: P, kind: pinch, view: V}\n  - {id: Q, kind: rotation, view: V, simultaneousWith: [P]}\n"
        let scene = try ScenarioLoader.load(yaml: yaml, path: "s.yaml").scene
        let written = ScenarioWriter.yaml(scene, description: nil)
        #expect(written.contains("kind: pinch") && written.contains("kind: rotation"))
        let reread = try ScenarioLoader.load(yaml: written, path: "w.yaml").scene
        #expect(reread.recognizers == scene.recognizers && reread.parameters == scene.parameters)
    }
}
