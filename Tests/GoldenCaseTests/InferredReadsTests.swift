import Foundation
import ScenarioKit
import TestSupport
import Testing

@testable import TouchEngine

/// A run notes the inferred parameters its outcome may depend on (`RunSummary.inferredReads`): the sweep runs again
/// only the runs that note one (model bands, docs/parameters.md), so a run that would come out otherwise at an end
/// of a parameter's range must have noted it. Checked on every golden scenario, each parameter at both ends.
@Suite struct InferredReadsTests {
    /// The summary with what it noted left out, to compare what the runs produced.
    static func produced(_ scene: Scene) -> RunSummary {
        var summary = Engine.summary(scene)
        summary.inferredReads = []
        return summary
    }

    @Test(arguments: GoldenTraceTests.scenarioFiles)
    func aRunThatComesOutOtherwiseAtARangeEndNotedTheParameter(file: String) throws {
        let scene = try ScenarioLoader.load(path: Repository.url("configs/scenarios/golden/\(file)").path).scene
        let reads = Engine.summary(scene).inferredReads
        let base = Self.produced(scene)
        for parameter in InferredParameter.allCases where !reads.contains(InferredParameterSet(parameter)) {
            for end in [parameter.range.lowerBound, parameter.range.upperBound] {
                var moved = scene
                moved.parameters = parameter.setting(end, in: scene.parameters)
                let same = Self.produced(moved) == base
                #expect(
                    same,
                    "\(file): the run comes out otherwise with \(parameter.name) = \(end) but did not note it")
            }
        }
    }

    /// The transcript of the tap's maximum duration: a quick tap reads nothing; a press held past the range's low end
    /// (650 ms) reads it, whether the tap's timer fails it (held 800 ms) or it lifts first (700 ms).
    @Test func aTapHeldIntoTheRangeReadsItsMaximumDurationAndAQuickOneDoesNot() throws {
        func reads(holding ms: Double) throws -> InferredParameterSet {
            let yaml = """
                views: [{id: V, frame: [0, 0, 390, 844]}]
                recognizers: [{id: T, kind: tap, view: V}]
                script:
                  - 0 down (100,100)
                  - \(ms) up (100,100)
                """
            return Engine.summary(try ScenarioLoader.load(yaml: yaml, path: "s.yaml").scene).inferredReads
        }
        #expect(try reads(holding: 80).isEmpty)
        #expect(try reads(holding: 600).isEmpty)
        #expect(try reads(holding: 700) == InferredParameterSet(.tapMaximumDuration))
        #expect(try reads(holding: 800) == InferredParameterSet(.tapMaximumDuration))
    }

    @Test func everyParameterSetsWhatItReadsAndItsDefaultLiesInItsRange() {
        let defaults = Parameters()
        for p in InferredParameter.allCases {
            let mid = (p.range.lowerBound + p.range.upperBound) / 2
            #expect(abs(p.value(in: p.setting(mid, in: defaults)) - mid) < 1e-9, "\(p.name)")
            #expect(p.range.contains(p.value(in: defaults)), "\(p.name): the engine's value lies outside its range")
        }
        #expect(InferredParameter.allCases.count <= 32, "InferredParameterSet holds 32")
    }
}
