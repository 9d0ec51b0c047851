import Foundation
import TestSupport
import Testing

/// Every seed scenario's export compared byte for byte with its golden file
/// (`Tests/UIKitExportTests/Goldens/<seed>.swift.txt`).
///
/// Re-record with `TOUCHSWEEP_RECORD=1 swift test --filter SeedGoldenTests` (the run then fails, naming
/// each file it wrote), review the diff, and run again without the variable.
@Suite struct SeedGoldenTests {
    static let goldens = Repository.path + "/Tests/UIKitExportTests/Goldens"

    @Test func thereAreSeedScenarios() {
        #expect(seedScenarios.count >= 20, "found \(seedScenarios.count) seed scenarios in configs/scenarios/seeds")
    }

    @Test(arguments: seedScenarios)
    func exportMatchesGolden(seed: String) throws {
        let swift = try exportFile(seed)
        let name = String(seed.split(separator: "/").last!.dropLast(".yaml".count))
        Golden.expect(swift, matches: URL(fileURLWithPath: Self.goldens + "/" + name + ".swift.txt"))
    }

    @Test func everyGoldenBelongsToASeed() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.goldens).filter { $0.hasSuffix(".swift.txt") }
        let seeds = Set(seedScenarios.map { String($0.split(separator: "/").last!.dropLast(".yaml".count)) + ".swift.txt" })
        #expect(Set(files) == seeds)
    }

    @Test func exportingTwiceGivesTheSameBytes() throws {
        for seed in seedScenarios.prefix(5) {
            #expect(try exportFile(seed) == exportFile(seed), "\(seed)")
        }
    }
}
