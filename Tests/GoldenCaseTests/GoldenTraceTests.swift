import Foundation
import ScenarioKit
import TestSupport
import Testing
import TouchEngine

/// Every golden scenario's full text timeline is stored in `Traces/<file>.trace` and compared exactly.
/// Re-record with `TOUCHSWEEP_RECORD=1 swift test --filter GoldenTraceTests` (the run then fails,
/// so a recording is never mistaken for a pass); review the diff before committing.
@Suite struct GoldenTraceTests {
    static let tracesDirectory = Repository.url("Tests/GoldenCaseTests/Traces")

    static var scenarioFiles: [String] {
        let dir = Repository.url("configs/scenarios/golden")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test(arguments: scenarioFiles)
    func traceMatchesTheRecordedTimeline(file: String) throws {
        let path = Repository.url("configs/scenarios/golden/\(file)").path
        let scenario = try ScenarioLoader.load(path: path)
        let text = TraceText.render(scene: scenario.scene, trace: Engine.trace(scenario.scene))
        let golden = Self.tracesDirectory.appendingPathComponent(file.replacingOccurrences(of: ".yaml", with: ".trace"))
        Golden.expect(text, matches: golden)
    }

    @Test func everyRecordedTraceHasAScenario() throws {
        #expect(!Self.scenarioFiles.isEmpty, "no golden scenarios in \(Repository.path)/configs/scenarios/golden")
        let traces = try FileManager.default.contentsOfDirectory(atPath: Self.tracesDirectory.path)
        let scenarios = Set(Self.scenarioFiles.map { $0.replacingOccurrences(of: ".yaml", with: ".trace") })
        #expect(traces.filter { $0.hasSuffix(".trace") && !scenarios.contains($0) } == [])
    }
}
