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
