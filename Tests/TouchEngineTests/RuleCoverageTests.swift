import Foundation
import Testing

/// Every rule of touch-model.md §1–§6 (P1…, H1…, R1…, G1…, S1…) is cited at least once by the repository's
/// tests or scenario files (`Tests/`, `configs/scenarios/`): golden `source:` fields, seed scenarios, test
/// comments and messages. A range such as `S1–S4` or `G4-G6` cites every rule in it.
@Suite struct RuleCoverageTests {
    @Test func everySpecRuleIsCitedByATestOrScenario() throws {
        let (ids, origin) = Self.ruleIDs()
        #expect(Set(ids.map(\.first!)) == ["P", "H", "R", "G", "S"], "rule families found in \(origin): \(ids)")

        var cited: Set<String> = []
        var scanned = 0
        for root in ["Tests", "configs/scenarios"] {
            for path in Self.textFiles(under: repositoryRoot + "/" + root) {
                // This file lists the ids itself; it must not count as citing them.
                guard !path.hasSuffix("/RuleCoverageTests.swift"),
                      let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
                scanned += 1
                cited.formUnion(Self.citations(in: text))
            }
        }
        #expect(scanned > 0, "no test or scenario files found under \(repositoryRoot)")

        let missing = ids.filter { !cited.contains($0) }
        print("rule coverage: \(ids.count - missing.count)/\(ids.count) rules of touch-model.md §1–§6 (from \(origin)) "
              + "cited in \(scanned) files; missing: \(missing.isEmpty ? "none" : missing.joined(separator: ", "))")
        for id in ids {
            let isCited = cited.contains(id)
            #expect(isCited, "rule \(id) of touch-model.md is not cited by any file under Tests/ or configs/scenarios/")
        }
    }

    @Test func citationParsing() {
        #expect(Self.citations(in: "source: 'S7 [DOC]', G4-G6, R1–R3; (P7)") ==
                ["S7", "G4", "G5", "G6", "R1", "R2", "R3", "P7"])
        #expect(Self.citations(in: "S10 and G12 but not SV-05, iOS11, HT-01, G1x or P1_2") == ["S10", "G12"])
        #expect(Self.citations(in: "H1/§5.3, **G7.**") == ["H1", "G7"])
        #expect(Self.ruleIDs(in: """
            ## 1. Pipeline
            P1. text
            P7 (simulator convention). text
            ## 4. Gesture recognizers
            **G7. Exclusivity**
            G10. **Failure requirements**
            not G3. at the start of a line
            ## 7. UITableView
            S12. outside §1–§6
            """) == ["P1", "P7", "G7", "G10"])
    }

    // MARK: - Spec

    /// The rule ids of §1–§6, in document order, from touch-model.md when this checkout can reach it
    /// (`shared/reference/` in or beside the repository), else the snapshot below.
    static func ruleIDs() -> (ids: [String], origin: String) {
        let candidates = [repositoryRoot + "/shared/reference/touch-model.md",
                          repositoryRoot + "/../shared/reference/touch-model.md"]
        for path in candidates {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                let ids = ruleIDs(in: text)
                if !ids.isEmpty { return (ids, path) }
            }
        }
        return (snapshot, "the built-in snapshot (touch-model.md not reachable)")
    }

    /// Rule ids defined in sections 1–6: a line that starts with `X<n>.`, `X<n> (`, or `**X<n>.` where X is
    /// one of P, H, R, G, S.
    static func ruleIDs(in text: String) -> [String] {
        var ids: [String] = []
        var section = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = Substring(rawLine)
            if line.hasPrefix("## ") {
                let number = line.dropFirst(3).prefix { $0.isNumber }
                section = Int(number) ?? 0
                continue
            }
            guard (1...6).contains(section) else { continue }
            var rest = line
            if rest.hasPrefix("**") { rest = rest.dropFirst(2) }
            guard let family = rest.first, "PHRGS".contains(family) else { continue }
            let digits = rest.dropFirst().prefix { $0.isNumber }
            guard !digits.isEmpty else { continue }
            let after = rest.dropFirst(1 + digits.count)
            guard after.hasPrefix(".") || after.hasPrefix(" (") else { continue }
            let id = "\(family)\(digits)"
            if !ids.contains(id) { ids.append(id) }
        }
        return ids
    }

    /// touch-model.md §1–§6 rule ids as of this test's writing, for checkouts without `shared/`.
    static let snapshot: [String] =
        (1...7).map { "P\($0)" } + (1...5).map { "H\($0)" } + (1...5).map { "R\($0)" }
        + (1...12).map { "G\($0)" } + (1...11).map { "S\($0)" }

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
            guard j > i + 1, let n = Int(String(chars[(i + 1)..<j])) else { return nil }
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
               let second = id(at: end + 1), second.number > first.number {
                last = second.number
                end = second.end
            }
            for n in first.number...last {
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

/// The repository root: three levels above this file (Tests/TouchEngineTests/RuleCoverageTests.swift).
private let repositoryRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()
