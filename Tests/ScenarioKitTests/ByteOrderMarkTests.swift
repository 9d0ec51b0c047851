import Foundation
import TestSupport
import Testing
import TouchEngine

@testable import ScenarioKit

/// Issue 30 item 10: a file that starts with a UTF-8 byte order mark (what some Windows editors write) is read past
/// it, and every position an error names is the one it names without the mark.
@Suite struct ByteOrderMarkTests {
    let mark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The error of reading and loading `bytes` as a scenario file, as printed; "no error" when it loads.
    func error(_ bytes: [UInt8]) -> String {
        do {
            _ = try ScenarioLoader.load(yaml: try ScenarioLoader.text(of: Data(bytes), path: "s.yaml", what: "scenario file"), path: "s.yaml")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func aSeedScenarioWithAMarkLoadsToTheSameSceneAndItsTextLosesTheMark() throws {
        let path = Repository.url("configs/scenarios/seeds/004-quick-tap-no-highlight.yaml").path
        let plain = try #require(FileManager.default.contents(atPath: path))
        let text = try ScenarioLoader.text(of: Data(mark) + plain, path: path, what: "scenario file")
        #expect(text == String(decoding: plain, as: UTF8.self), "the mark is not part of the text (nor of what is written from it)")
        #expect(try ScenarioLoader.load(yaml: text, path: path).scene == ScenarioLoader.load(path: path).scene)
        // A string that still holds the mark (not read from a file) is parsed past it too.
        #expect(try ScenarioLoader.load(yaml: "\u{FEFF}" + text, path: path).scene == ScenarioLoader.load(path: path).scene)
    }

    @Test func errorsInAFileWithAMarkNameTheSameLineAndColumn() {
        let cases: [(yaml: String, error: String)] = [
            ("name: x\nviews:\n  - id: B\n    colour: red\n", "s.yaml:4:5: unknown key 'colour' in view 'B'"),
            ("views: B\n", "s.yaml:1:8: expected a list for 'views', got 'B'"),
            ("a: b\n  c: d\n", "s.yaml:2:4: invalid YAML: mapping values are not allowed in this context"),
            ("", "s.yaml:1:1: the scenario file is empty")
        ]
        for (yaml, expected) in cases {
            let plain = error(Array(yaml.utf8))
            #expect(plain.hasPrefix(expected), "\(plain)")
            #expect(error(mark + Array(yaml.utf8)) == plain)
        }
        // A byte that is not UTF-8 on the first line: the column counts from after the mark, as editors show it.
        let bad = Array("name: x".utf8) + [0xFF] + Array("\n".utf8)
        #expect(error(mark + bad) == "s.yaml:1:8: cannot read the scenario file: byte 0xFF is not UTF-8 text")
        #expect(error(mark + bad) == error(bad))
    }
}
