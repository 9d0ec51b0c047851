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

/// A run's summary is written in place (`SummaryColumn`), yet a summary or a column kept from a run stays as that run
/// left it while the simulation runs again, and a copied simulation's runs leave the original's summary alone.
@Suite struct SummaryValueTests {
    static let tap = Fixtures.script([(0, .down(Point(70, 122))), (80, .up(nil))])
    static let drag = Fixtures.script([(0, .down(Point(70, 122))), (30, .move(Point(70, 200))), (60, .up(nil))])

    @Test func aKeptSummaryAndColumnStayAsTheirRunLeftThem() {
        let (scene, _, b, _) = Fixtures.treeSV()
        let prepared = PreparedScene(scene)
        var runner = EngineRunner()
        let tap = runner.summary(prepared, script: Self.tap)
        let highlights = tap.firstHighlight
        #expect(tap.count(.touchUpInside, of: b) == 1, "the tap fired the button")
        let drag = runner.summary(prepared, script: Self.drag)
        #expect(drag.count(.touchUpInside, of: b) == 0, "the drag did not")
        var fresh = EngineRunner()
        #expect(tap == fresh.summary(prepared, script: Self.tap))
        #expect(highlights == fresh.summary(prepared, script: Self.tap).firstHighlight)
        #expect(tap.count(.touchUpInside, of: b) == 1)
    }

    @Test func aCopiedSimulationsRunLeavesTheOriginalsSummaryAlone() {
        let (scene, _, b, _) = Fixtures.treeSV()
        var original = Simulation(prepared: PreparedScene(scene), recorder: NoTrace())
        original.run(script: Self.tap)
        let before = original.summary
        var copy = original
        copy.reset()
        copy.run(script: Self.drag)
        #expect(original.summary == before)
        #expect(original.summary.count(.touchUpInside, of: b) == 1)
        #expect(copy.summary.count(.touchUpInside, of: b) == 0)
        // Without a reset too: the copy's next run starts from where its last one ended, in columns of its own.
        var second = original
        second.run(script: Self.drag)
        #expect(original.summary == before)
    }
}
