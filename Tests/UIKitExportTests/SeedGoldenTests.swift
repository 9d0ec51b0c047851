import Foundation
import Testing

/// Every seed scenario's export compared byte for byte with its golden file
/// (`Tests/UIKitExportTests/Goldens/<seed>.swift.txt`).
///
/// Re-record with `TOUCHSWEEP_RECORD_UIKIT=1 swift test --filter SeedGoldenTests` (the run then fails, naming
/// each file it wrote), review the diff, and run again without the variable.
@Suite struct SeedGoldenTests {
    static let goldens = repositoryRoot + "/Tests/UIKitExportTests/Goldens"

    @Test func thereAreSeedScenarios() {
        #expect(seedScenarios.count >= 20, "found \(seedScenarios.count) seed scenarios in configs/scenarios/seeds")
    }

    @Test(arguments: seedScenarios)
    func exportMatchesGolden(seed: String) throws {
        let swift = try exportFile(seed)
        let name = String(seed.split(separator: "/").last!.dropLast(".yaml".count))
        let golden = Self.goldens + "/" + name + ".swift.txt"
        if ProcessInfo.processInfo.environment["TOUCHSWEEP_RECORD_UIKIT"] == "1" {
            try swift.write(toFile: golden, atomically: true, encoding: .utf8)
            Issue.record("recorded \(name).swift.txt; unset TOUCHSWEEP_RECORD_UIKIT and run again")
            return
        }
        let expected = try #require(try? String(contentsOfFile: golden, encoding: .utf8),
                                    "no golden \(golden); record with TOUCHSWEEP_RECORD_UIKIT=1")
        if swift != expected {
            let mine = swift.split(separator: "\n", omittingEmptySubsequences: false)
            let theirs = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = zip(mine, theirs).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                ?? min(mine.count, theirs.count)
            let got = line < mine.count ? String(mine[line]) : "<end>"
            let want = line < theirs.count ? String(theirs[line]) : "<end>"
            Issue.record("\(name): export differs from the golden at line \(line + 1): got \"\(got)\", golden \"\(want)\"")
        }
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
