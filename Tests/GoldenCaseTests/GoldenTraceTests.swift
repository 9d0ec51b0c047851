import Foundation
import ScenarioKit
import Testing
import TouchEngine

/// Every golden scenario's full text timeline is stored in `Traces/<file>.trace` and compared exactly.
/// Re-record with `TOUCHSWEEP_RECORD_TRACES=1 swift test --filter GoldenTraceTests` (the run then fails,
/// so a recording is never mistaken for a pass); review the diff before committing.
@Suite struct GoldenTraceTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let tracesDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Traces")

    static var scenarioFiles: [String] {
        let dir = repository.appendingPathComponent("configs/scenarios/golden")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []
        return names.filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test(arguments: scenarioFiles)
    func traceMatchesTheRecordedTimeline(file: String) throws {
        let path = Self.repository.appendingPathComponent("configs/scenarios/golden/\(file)").path
        let scenario = try ScenarioLoader.load(path: path)
        let text = TraceText.render(scene: scenario.scene, trace: Engine.trace(scenario.scene))
        let golden = Self.tracesDirectory.appendingPathComponent(file.replacingOccurrences(of: ".yaml", with: ".trace"))
        if ProcessInfo.processInfo.environment["TOUCHSWEEP_RECORD_TRACES"] == "1" {
            try FileManager.default.createDirectory(at: Self.tracesDirectory, withIntermediateDirectories: true)
            try text.write(to: golden, atomically: true, encoding: .utf8)
            Issue.record("recorded \(golden.lastPathComponent); unset TOUCHSWEEP_RECORD_TRACES and run again")
            return
        }
        let recorded = try #require(try? String(contentsOf: golden, encoding: .utf8),
                                    "no recorded trace \(golden.lastPathComponent); record with TOUCHSWEEP_RECORD_TRACES=1")
        #expect(text == recorded, "trace of \(file) differs from \(golden.lastPathComponent):\n\(firstDifference(text, recorded))")
    }

    @Test func everyRecordedTraceHasAScenario() throws {
        #expect(!Self.scenarioFiles.isEmpty, "no golden scenarios in \(Self.repository.path)/configs/scenarios/golden")
        let traces = try FileManager.default.contentsOfDirectory(atPath: Self.tracesDirectory.path)
        let scenarios = Set(Self.scenarioFiles.map { $0.replacingOccurrences(of: ".yaml", with: ".trace") })
        #expect(traces.filter { $0.hasSuffix(".trace") && !scenarios.contains($0) } == [])
    }

    func firstDifference(_ a: String, _ b: String) -> String {
        let la = a.split(separator: "\n", omittingEmptySubsequences: false)
        let lb = b.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0 ..< max(la.count, lb.count) {
            let x = i < la.count ? String(la[i]) : "<end>"
            let y = i < lb.count ? String(lb[i]) : "<end>"
            if x != y { return "line \(i + 1):\n  now:      \(x)\n  recorded: \(y)" }
        }
        return "(identical lines)"
    }
}
