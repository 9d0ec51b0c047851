import Foundation
import ScenarioKit
import TestSupport
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
        #expect(
            goldenFiles.count == goldenFiles.compactMap(caseID(of:)).count,
            "files not named <CASE-ID>[letter]-<slug>.yaml: \(goldenFiles.filter { caseID(of: $0) == nil })")
        #expect(ids.count == 142, "distinct case ids: \(ids.sorted())")

        // The case list of docs/golden-cases.md: exactly these cases, each with exactly its files.
        let documented = try documentedGoldenCases()
        let documentedIDs = documented.map(\.id)
        #expect(Set(documentedIDs).count == documentedIDs.count, "a case listed twice in docs/golden-cases.md: \(documentedIDs)")
        let missing = documentedIDs.filter { !ids.contains($0) }
        #expect(missing.isEmpty, "golden cases of docs/golden-cases.md without a scenario file: \(missing)")
        let unknown = ids.subtracting(documentedIDs)
        #expect(unknown.isEmpty, "scenario files for cases docs/golden-cases.md does not list: \(unknown.sorted())")
        for entry in documented {
            let files = goldenFiles.filter { caseID(of: $0) == entry.id }
            #expect(entry.files == files, "docs/golden-cases.md lists \(entry.files) for \(entry.id); the directory has \(files)")
        }
    }

    @Test func theCaseTableIsParsed() {
        let rows = goldenCases(
            inDoc: """
                | Case | What it shows | Scenario file(s) |
                |---|---|---|
                | HT-01 | A thing. | [`HT-01-a.yaml`](../configs/scenarios/golden/HT-01-a.yaml) |
                | SV-08 | Two files. | [`SV-08-x.yaml`](x)<br>[`SV-08b-y.yaml`](y) |
                not a row | GR-01 | x | [`GR-01-z.yaml`](z) |
                | TREE-SV | not a case id | |
                """)
        #expect(rows.map(\.id) == ["HT-01", "SV-08"])
        #expect(rows.map(\.files) == [["HT-01-a.yaml"], ["SV-08-x.yaml", "SV-08b-y.yaml"]])
    }
}

/// A case of docs/golden-cases.md: its id and the scenario files its row names.
struct DocumentedCase: Equatable {
    var id: String
    var files: [String]
}

struct GoldenDocProblem: Error, CustomStringConvertible { var description: String }

/// The cases of docs/golden-cases.md; an error naming the file when it is missing or lists none.
func documentedGoldenCases() throws -> [DocumentedCase] {
    let path = Repository.path + "/docs/golden-cases.md"
    guard let data = FileManager.default.contents(atPath: path) else {
        throw GoldenDocProblem(description: "\(path) is missing: it lists every golden case and its scenario files")
    }
    let cases = goldenCases(inDoc: String(decoding: data, as: UTF8.self))
    guard !cases.isEmpty else {
        throw GoldenDocProblem(description: "\(path) lists no golden cases (table rows such as '| HT-01 | … | [`HT-01-….yaml`](…) |')")
    }
    return cases
}

/// Table rows whose first cell is a case id (`| HT-01 | description | files |`); the files are the
/// back-quoted `.yaml` names of the last cell.
func goldenCases(inDoc text: String) -> [DocumentedCase] {
    var result: [DocumentedCase] = []
    for line in text.split(separator: "\n") where line.hasPrefix("|") {
        let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard cells.count >= 5, let id = caseID(of: cells[1]), id == cells[1] else { continue }
        let files = cells[cells.count - 2].split(separator: "`").map(String.init).filter { $0.hasSuffix(".yaml") && !$0.contains("/") }
        result.append(DocumentedCase(id: id, files: files))
    }
    return result
}

private let goldenDirectory = Repository.path + "/configs/scenarios/golden"

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
    return String(chars[0 ..< i])
}
