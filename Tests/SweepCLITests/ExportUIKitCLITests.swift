import Foundation
import TestSupport
import Testing

/// `sweep export-uikit` end to end: the file on standard output or in `--out`, and the errors users see.
@Suite struct ExportUIKitCLITests {
    let cli = SweepCLITests()
    let seed = "configs/scenarios/seeds/004-control-containable-fix.yaml"
    var golden: String {
        get throws {
            try String(
                contentsOf: Repository.url(
                    "Tests/UIKitExportTests/Goldens/004-control-containable-fix.swift.txt"), encoding: .utf8)
        }
    }

    @Test func helpListsTheCommand() throws {
        let result = try cli.sweep("--help")
        #expect(result.stdout.contains("export-uikit") && result.stdout.contains("Write a UIKit view controller"))
    }

    @Test func theSwiftFileGoesToStandardOutput() throws {
        let result = try cli.sweep("export-uikit", seed)
        #expect(result.status == 0)
        #expect(result.stderr == "")
        #expect(result.stdout == (try golden))
    }

    @Test func outWritesTheSameBytesAndPrintsNothing() throws {
        let scratch = try TemporaryDirectory("export-uikit")
        let out = scratch.file("export-uikit.swift")
        let result = try cli.sweep("export-uikit", seed, "--output", out)
        #expect(result.status == 0)
        #expect(result.stdout == "" && result.stderr == "")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == (try golden))
    }

    @Test func aMissingFileIsOneLineAndExitStatus2() throws {
        let result = try cli.sweep("export-uikit", "no/such/scenario.yaml")
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == "sweep export-uikit: no/such/scenario.yaml: cannot read the scenario file: no such file\n")
    }

    @Test func aBadScenarioNamesItsLineAndWritesNothing() throws {
        let path = try cli.writeTemporary("views:\n  - id: A\n    frame: [0, 0, 10, 10]\n    colour: red\n", name: "bad-export.yaml")
        let out = path + ".swift"
        let result = try cli.sweep("export-uikit", path, "--output", out)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1)
        #expect(result.stderr.hasPrefix("sweep export-uikit: \(path):4:5: unknown key 'colour' in view 'A'"))
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func anUnwritableOutIsOneLineNamingTheOption() throws {
        let result = try cli.sweep("export-uikit", seed, "--output", "/no/such/directory/Fix.swift")
        #expect(result.status == 64)
        #expect(result.stdout == "")
        #expect(
            result.stderr == "sweep export-uikit: cannot write --output /no/such/directory/Fix.swift: "
                + "the directory /no/such/directory does not exist; create it first, or write somewhere else.\n")
    }
}
