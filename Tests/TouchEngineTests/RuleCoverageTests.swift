import Foundation
import TestSupport
import Testing

/// Every rule id of docs/rules.md (P1…, H1…, R1…, G1…, S1…: sections 1–6 of the behavioural spec) is cited at
/// least once by the repository's tests or scenario files (`Tests/`, `configs/scenarios/`): golden `source:`
/// fields, seed scenarios, test comments and messages. A range such as `S1–S4` or `G4-G6` cites every rule in it.
@Suite struct RuleCoverageTests {
    @Test func everySpecRuleIsCitedByATestOrScenario() throws {
        let ids = try Self.ruleIDs()
        #expect(Set(ids.compactMap(\.first)) == ["P", "H", "R", "G", "S"], "rule families found in docs/rules.md: \(ids)")

        var cited: Set<String> = []
        var scanned = 0
        for root in ["Tests", "configs/scenarios"] {
            for path in Self.textFiles(under: Repository.path + "/" + root) {
                // This file lists the ids itself; it must not count as citing them.
                guard !path.hasSuffix("/RuleCoverageTests.swift"),
                    let text = try? String(contentsOfFile: path, encoding: .utf8)
                else { continue }
                scanned += 1
                cited.formUnion(Self.citations(in: text))
            }
        }
        #expect(scanned > 0, "no test or scenario files found under \(Repository.path)")

        let missing = ids.filter { !cited.contains($0) }
        print(
            "rule coverage: \(ids.count - missing.count)/\(ids.count) rules of docs/rules.md "
                + "cited in \(scanned) files; missing: \(missing.isEmpty ? "none" : missing.joined(separator: ", "))")
        for id in ids {
            let isCited = cited.contains(id)
            #expect(isCited, "rule \(id) of docs/rules.md is not cited by any file under Tests/ or configs/scenarios/")
        }
    }

    /// The engine cites each rule where it implements it, so that a reader of the code finds the rule and a reader of
    /// the spec finds the code: every rule id of docs/rules.md appears in Sources/TouchEngine.
    @Test func everySpecRuleIsCitedWhereTheEngineImplementsIt() throws {
        let ids = try Self.ruleIDs()
        var cited: Set<String> = []
        let files = Self.textFiles(under: Repository.path + "/Sources/TouchEngine")
        #expect(files.count > 50, "the engine's sources were not found under \(Repository.path)")
        for path in files {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
            cited.formUnion(Self.citations(in: text))
        }
        for id in ids {
            #expect(cited.contains(id), "rule \(id) of docs/rules.md is cited nowhere in Sources/TouchEngine")
        }
    }

    @Test func citationParsing() {
        #expect(Self.citations(in: "source: 'S7 [DOC]', G4-G6, R1–R3; (P7)") == ["S7", "G4", "G5", "G6", "R1", "R2", "R3", "P7"])
        #expect(Self.citations(in: "S10 and G12 but not SV-05, iOS11, HT-01, G1x or P1_2") == ["S10", "G12"])
        #expect(Self.citations(in: "H1/§5.3, **G7.**") == ["H1", "G7"])
        #expect(
            Self.ruleIDs(
                inRulesDoc: """
                    # Rule ids
                    | Rule | Summary |
                    |---|---|
                    | P1 | text, citing H2 |
                    |P7|no spaces|
                    | G10 | text |
                    | G10 | repeated |
                    | Q3 | not a family |
                    | G | no number |
                    | S1x | not an id |
                    not a row: | S4 | text
                    | S11 | last |
                    """) == ["P1", "P7", "G10", "S11"])
    }

    // MARK: - Rule ids

    /// docs/rules.md, relative to the repository root.
    static let rulesDoc = "docs/rules.md"

    /// The rule ids of docs/rules.md, in document order; an error naming the file when it is missing or lists none.
    static func ruleIDs() throws -> [String] {
        let path = Repository.path + "/" + rulesDoc
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RulesDocProblem(description: "\(path) is missing: it lists the rule ids every test and scenario must cover")
        }
        let ids = ruleIDs(inRulesDoc: String(decoding: data, as: UTF8.self))
        guard !ids.isEmpty else {
            throw RulesDocProblem(description: "\(path) lists no rule ids (table rows such as '| P1 | summary |')")
        }
        return ids
    }

    /// Ids in the first cell of a table row (`| P1 | … |`): one of the families P, H, R, G, S and a number.
    static func ruleIDs(inRulesDoc text: String) -> [String] {
        var ids: [String] = []
        for line in text.split(separator: "\n") where line.hasPrefix("|") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count > 2 else { continue }
            let cell = cells[1].trimmingCharacters(in: .whitespaces)
            guard let family = cell.first, "PHRGS".contains(family) else { continue }
            let digits = cell.dropFirst()
            guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { continue }
            if !ids.contains(cell) { ids.append(cell) }
        }
        return ids
    }

    struct RulesDocProblem: Error, CustomStringConvertible { var description: String }

    // MARK: - Citations

    /// Rule ids cited in `text`: a family letter and a number that stand alone (not inside a longer word or
    /// number), with ranges `X<a>–X<b>` / `X<a>-X<b>` expanded.
    static func citations(in text: String) -> [String] {
        let chars = Array(text)
        var result: [String] = []
        func isWordChar(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        /// The id starting at `i` (a family letter and digits, standalone), and the index after it.
        func id(at i: Int) -> (family: Character, number: Int, end: Int)? {
            guard i < chars.count, "PHRGS".contains(chars[i]), i == 0 || !isWordChar(chars[i - 1]) else { return nil }
            var j = i + 1
            while j < chars.count, chars[j].isNumber { j += 1 }
            guard j > i + 1, let n = Int(String(chars[(i + 1) ..< j])) else { return nil }
            if j < chars.count, isWordChar(chars[j]) { return nil }
            return (chars[i], n, j)
        }
        var i = 0
        while i < chars.count {
            guard let first = id(at: i) else { i += 1; continue }
            var last = first.number
            var end = first.end
            // A range: `–` or `-` followed by the same family.
            if end + 1 < chars.count, chars[end] == "–" || chars[end] == "-", chars[end + 1] == first.family,
                let second = id(at: end + 1), second.number > first.number
            {
                last = second.number
                end = second.end
            }
            for n in first.number ... last {
                let name = "\(first.family)\(n)"
                if !result.contains(name) { result.append(name) }
            }
            i = end
        }
        return result
    }

    static func textFiles(under directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
        let extensions = ["swift", "yaml", "yml", "md", "json", "txt"]
        var files: [String] = []
        while let relative = walker.nextObject() as? String {
            guard extensions.contains((relative as NSString).pathExtension) else { continue }
            files.append(directory + "/" + relative)
        }
        return files.sorted()
    }
}
