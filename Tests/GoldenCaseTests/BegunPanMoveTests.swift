import Foundation
import ScenarioKit
import TestSupport
import Testing
import TouchEngine

/// The specialised step for a move of a begun scroll pan (`MovePath`) against the general step: every golden trace is
/// the recorded one with either path, and every shipped scenario gives the same trace and the same untraced summary
/// with both.
@Suite struct BegunPanMoveTests {
    /// Every scenario the repository ships: the golden cases and the seed scenarios.
    static var shippedScenarios: [String] {
        ["configs/scenarios/golden", "configs/scenarios/seeds"].flatMap { dir in
            let names = (try? FileManager.default.contentsOfDirectory(atPath: Repository.url(dir).path)) ?? []
            return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "\(dir)/\($0)" }
        }
    }

    @Test(arguments: GoldenTraceTests.scenarioFiles)
    func theGeneralStepGivesTheRecordedTimelineToo(file: String) throws {
        let scene = try ScenarioLoader.load(path: Repository.url("configs/scenarios/golden/\(file)").path).scene
        let text = TraceText.render(scene: scene, trace: Engine.trace(scene, movePath: .general))
        Golden.expect(text, matches: GoldenTraceTests.tracesDirectory.appendingPathComponent(file.replacingOccurrences(of: ".yaml", with: ".trace")))
    }

    @Test func everyShippedScenarioRunsTheSameOnBothPaths() throws {
        #expect(Self.shippedScenarios.count > 200, "\(Self.shippedScenarios.count) scenarios found")
        var specialisedMoves = 0, scenariosWithThem = 0
        for file in Self.shippedScenarios {
            let scene = try ScenarioLoader.load(path: Repository.url(file).path).scene
            var traced: [[TraceEvent]] = [], summaries: [RunSummary] = []
            for path in [MovePath.general, .specialised] {
                var sim = Simulation(scene: scene, recorder: TraceBuffer())
                sim.movePath = path
                sim.run()
                traced.append(sim.recorder.events)
                if path == .specialised {
                    specialisedMoves += sim.specialisedMoves
                    if sim.specialisedMoves > 0 { scenariosWithThem += 1 }
                }
                var untraced = Simulation(scene: scene, recorder: NoTrace())
                untraced.movePath = path
                untraced.run()
                summaries.append(untraced.summary)
            }
            #expect(TraceText.render(scene: scene, trace: traced[0]) == TraceText.render(scene: scene, trace: traced[1]), "\(file): traces differ")
            #expect(summaries[0] == summaries[1], "\(file): summaries differ")
        }
        // The comparison means something only if the specialised path ran: scrolls are common in the shipped cases.
        #expect(scenariosWithThem >= 25, "\(scenariosWithThem) scenarios took the specialised path, \(specialisedMoves) moves")
    }
}
