import Testing

@testable import TouchEngine

@Suite struct SmokeTests {
    @Test func quickTapOnAButtonInAScrollViewIsDeliveredAtTouchUp() {
        var (scene, _, b, _) = Fixtures.treeSV()
        scene.script = Fixtures.script([(0, .down(Point(70, 122))), (80, .up(nil))])
        let trace = Engine.trace(scene)
        print(TraceText.render(scene: scene, trace: trace))
        let outcome = Outcome(scene: scene, trace: trace)
        #expect(outcome.controlEvents[b]?.map(\.event) == [.touchDown, .touchUpInside])
        #expect(outcome.controlEvents[b]?.map(\.time) == [.ms(80), .ms(80)])
    }
}

/// The per-run tables (`RunTable`) are written in place; a copied simulation still runs as a value of its own.
@Suite struct RunTableValueTests {
    @Test func aCopiedSimulationRunsWithoutTouchingTheOriginal() {
        var (scene, _, _, _) = Fixtures.treeSV()
        scene.script = Fixtures.script([(0, .down(Point(70, 122))), (80, .up(nil))])
        var original = Simulation(prepared: PreparedScene(scene), recorder: NoTrace())
        original.run()
        let touchesBefore = original.touches[0]
        let recognizersBefore = original.recognizers.indices.map { original.recognizers[$0].state }
        var copy = original
        copy.reset()
        copy.run(script: Fixtures.script([(0, .down(Point(70, 122))), (30, .move(Point(70, 200)))]))
        #expect(original.touches[0].number == touchesBefore.number)
        #expect(original.touches[0].location == touchesBefore.location)
        #expect(original.touches[0].phase == touchesBefore.phase)
        #expect(original.recognizers.indices.map { original.recognizers[$0].state } == recognizersBefore)
    }
}
