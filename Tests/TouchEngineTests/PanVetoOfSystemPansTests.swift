import ScenarioKit
import Testing
import TouchEngine

/// The back swipes and a sheet's dismiss pan are `UIPanGestureRecognizer` subclasses (touch-model-system N1, N2,
/// M1), so a view's `gestureRecognizerShouldBegin(_:)` answers for them as for any foreign pan (G11, §5.4).
@Suite struct PanVetoOfSystemPansTests {
    /// A pushed screen (TREE-NAV) with `content` in its root view.
    static func pushed(_ content: String, script: [String], navigation: String = "{depth: 2, bar: NB}") -> String {
        """
        views:
          - id: NC
            frame: [0, 0, 390, 844]
            navigation: \(navigation)
            subviews:
              - id: R
                frame: [0, 0, 390, 844]
                subviews:
        \(content)
              - { id: NB, frame: [0, 47, 390, 56] }
        script: [\(script.map { "\"\($0)\"" }.joined(separator: ", "))]
        """
    }

    @Test func aSwitchAtTheLeftEdgeVetoesTheEdgeSwipeThatStartsOnItsKnob() throws {
        // The knob of an off switch is its left end: a rightward drag from it is parallel to the switch.
        let t = try Transcript(
            Self.pushed(
                "          - { id: SW, kind: switch, frame: [8, 400, 51, 31] }",
                script: ["0 down (20,415)", "16 move (32,415)", "33 move (44,415)", "50 move (56,415)", "66 up (56,415)"]))
        #expect(t.transitions("NC.edge") == ["failed@33"], "\(t.text)")
        #expect(t.text.contains("UISwitch handles pans parallel to it that start on the knob"))
        #expect(Engine.summary(t.scene).pop == nil, "no pop: the switch keeps the drag")
        // The touch the edge swipe withheld reaches the switch when the edge swipe fails; on iOS 26 the switch sends no
        // tracking events for it (§5.4, PrivateSwitchTests).
        #expect(t.callbacks("SW").first == "began@33")
        #expect(t.controls("SW") == [])
    }

    @Test func aViewThatVetoesPansKeepsTheContentPopFromBeginning() throws {
        let drag = ["0 down (200,400)", "16 move (212,400)", "33 move (236,400)", "50 move (300,400)", "66 up (300,400)"]
        let plain = try Transcript(
            Self.pushed(
                "          - { id: Canvas, frame: [0, 120, 390, 600], touches: logs }", script: drag,
                navigation: "{depth: 2, bar: NB, contentPop: true}"))
        #expect(Engine.summary(plain.scene).pop != nil, "iOS 26's content pop takes a rightward stroke (B17)")
        #expect(plain.callbacks("Canvas").last == "cancelled@33")
        let vetoing = try Transcript(
            Self.pushed(
                "          - { id: Canvas, frame: [0, 120, 390, 600], touches: logs, vetoesPans: true }", script: drag,
                navigation: "{depth: 2, bar: NB, contentPop: true}"))
        #expect(Engine.summary(vetoing.scene).pop == nil, "the canvas's gestureRecognizerShouldBegin refuses it (G11)")
        #expect(vetoing.callbacks("Canvas").last == "ended@66")
    }
}
