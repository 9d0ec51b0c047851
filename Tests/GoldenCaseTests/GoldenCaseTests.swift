import Foundation
import ScenarioKit
import Testing
import TouchEngine

/// Every golden scenario (configs/scenarios/golden/*.yaml) runs through the same path as `sweep trace --check`:
/// load, trace, fold into an outcome, check the file's `expect:` block.
@Suite struct GoldenCaseTests {
    @Test(arguments: goldenFiles)
    func goldenCase(_ file: String) throws {
        let path = goldenDirectory + "/" + file
        let scenario: LoadedScenario
        do {
            scenario = try ScenarioLoader.load(path: path)
        } catch {
            Issue.record("\(error)")
            return
        }
        let expectations = try #require(scenario.expectations, "\(file) has no expect: block")
        #expect(!expectations.isEmpty, "\(file) asserts nothing")
        let trace = Engine.trace(scenario.scene)
        let outcome = Outcome(scene: scenario.scene, trace: trace)
        let failures = expectations.check(scene: scenario.scene, trace: trace, outcome: outcome)
        let report = failures.map { "  \($0)" }.joined(separator: "\n")
        #expect(failures.isEmpty, "\(file):\n\(report)")
    }

    @Test func everyGoldenCaseHasAScenario() throws {
        let ids = Set(goldenFiles.compactMap(caseID(of:)))
        #expect(goldenFiles.count == goldenFiles.compactMap(caseID(of:)).count,
                "files not named <CASE-ID>[letter]-<slug>.yaml: \(goldenFiles.filter { caseID(of: $0) == nil })")
        #expect(ids.count == 55, "distinct case ids: \(ids.sorted())")

        // The case list of the reference document, when it is reachable from this checkout.
        let candidates = [repositoryRoot + "/shared/reference/golden-cases.md",
                          repositoryRoot + "/../shared/reference/golden-cases.md"]
        guard let text = candidates.lazy.compactMap({ try? String(contentsOfFile: $0, encoding: .utf8) }).first else {
            return
        }
        let documented = text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("### ") else { return nil }
            return caseID(of: String(line.dropFirst(4)))
        }
        #expect(documented.count == 55, "headings found in golden-cases.md: \(documented)")
        let missing = documented.filter { !ids.contains($0) }
        #expect(missing.isEmpty, "golden cases without a scenario file: \(missing)")
        let unknown = ids.subtracting(documented)
        #expect(unknown.isEmpty, "scenario files for cases golden-cases.md does not have: \(unknown.sorted())")
    }
}

/// The repository root: three levels above this file (Tests/GoldenCaseTests/GoldenCaseTests.swift).
private let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

private let goldenDirectory = repositoryRoot + "/configs/scenarios/golden"

/// File names of the golden scenarios, sorted.
let goldenFiles: [String] = {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: goldenDirectory)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted()
}()

/// `HT-03` from `HT-03a-alpha-0.009.yaml` or from a heading `HT-03 Alpha threshold…`: letters, a dash, digits.
func caseID(of name: String) -> String? {
    let chars = Array(name)
    var i = 0
    while i < chars.count, chars[i].isUppercase, chars[i].isLetter { i += 1 }
    guard i > 0, i < chars.count, chars[i] == "-" else { return nil }
    i += 1
    let digitsStart = i
    while i < chars.count, chars[i].isNumber { i += 1 }
    guard i > digitsStart else { return nil }
    return String(chars[0..<i])
}
