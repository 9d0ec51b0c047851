import Foundation
import ScenarioKit
import TestSupport
import Testing
import TouchEngine

/// Action handlers that act (issue 15 §4): the tree changes during a run, and a reused simulation starts the next
/// run from the scene's tree again.
@Suite struct ActionHandlerTests {
    /// Golden case CR-08: a tap on the drawer's handle sets the drawer's frame; touches before, at and after.
    static var drawer: String {
        get throws {
            try String(
                contentsOfFile: Repository.path + "/configs/scenarios/golden/CR-08-tap-moves-drawer-next-touch-hits-it.yaml",
                encoding: .utf8)
        }
    }

    func hits(_ trace: [TraceEvent]) -> [ViewID?] {
        trace.compactMap { if case let .hitTest(_, view, _, _) = $0.kind { return .some(view) } else { return nil } }
    }

    @Test func aViewMovedByAHandlerIsHitWhereItNowIs() throws {
        let scene = try ScenarioLoader.load(yaml: try Self.drawer, path: "d.yaml").scene
        let r = scene.view(named: "R")!, handle = scene.view(named: "Handle")!, b = scene.view(named: "B")!
        #expect(hits(Engine.trace(scene)) == [r, handle, b])
    }

    @Test func aReusedSimulationStartsFromTheScenesTreeAgain() throws {
        let scene = try ScenarioLoader.load(yaml: try Self.drawer, path: "d.yaml").scene
        var simulation = Simulation(prepared: PreparedScene(scene), recorder: TraceBuffer())
        simulation.run()
        let first = simulation.recorder.events
        simulation.reset()
        simulation.recorder = TraceBuffer()
        simulation.run()
        #expect(simulation.recorder.events == first)
        #expect(hits(first).first == scene.view(named: "R"))
    }

    @Test func theUntracedRunDependsOnTheHandlerToo() throws {
        // Without the handler the third touch hits the root view, so the button sends nothing.
        let scene = try ScenarioLoader.load(yaml: try Self.drawer, path: "d.yaml").scene
        let b = scene.view(named: "B")!
        #expect(Engine.summary(scene).count(.touchUpInside, of: b) == 1)
        var still = scene
        still.recognizers[0].actions = ActionEffects()
        #expect(Engine.summary(still).count(.touchUpInside, of: b) == 0)
    }
}
