import Foundation
import TestSupport
import Testing

/// docs/cli.md, checked against the binary: one name per idea across subcommands (`-o/--output`, `-q/--quiet`
/// meaning only "no progress"), usage errors exit 64 and bad input files 2 in every command, and the man page's
/// EXIT STATUS says so.
@Suite struct CLIConventionsTests {
    let cli = SweepCLITests()

    /// Every visible subcommand, as typed.
    static let commands = [
        "trace", "export-uikit", "import", "plan", "run", "merge", "report", "check", "shrink", "trees", "submit",
        "worker", "status", "keys generate"
    ]

    func help(_ command: String) throws -> String {
        let result = try cli.sweep(command.split(separator: " ").map(String.init) + ["--help"])
        #expect(result.status == 0, "\(command): \(result.transcript)")
        return result.stdout
    }

    @Test func theCommandsThatWriteWhereTheUserSaysAllCallItDashODashDashOutput() throws {
        for command in ["run", "merge", "submit", "import", "shrink", "trees", "export-uikit", "keys generate"] {
            let text = try help(command)
            #expect(text.contains("-o, --output <"), "\(command) has no -o/--output:\n\(text)")
        }
        for command in Self.commands {
            let text = try help(command)
            #expect(!text.contains("--out <"), "\(command) still has --out:\n\(text)")
        }
    }

    @Test func quietMeansNoProgressWhereverItIs() throws {
        var withQuiet: [String] = []
        for command in Self.commands {
            // The help screen with its wrapped lines joined: `-q, --quiet No progress: …`.
            let text = try help(command).split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard text.contains(" --quiet ") && !text.hasSuffix("--quiet") else { continue }
            guard text.contains("-q, --quiet No progress: no progress line or summary; print only ") else {
                Issue.record("\(command): --quiet means something else: \(text)")
                continue
            }
            withQuiet.append(command)
        }
        #expect(withQuiet == ["run", "merge", "check", "submit"])
    }

    @Test func anUnknownOptionIsAUsageErrorInEveryCommand() throws {
        for command in Self.commands {
            let result = try cli.sweep(command.split(separator: " ").map(String.init) + ["--no-such-option"])
            #expect(result.status == 64, "\(command): \(result.transcript)")
            // ArgumentParser names the first problem it meets: the unknown option, or a missing argument before it.
            #expect(result.stderr.hasPrefix("sweep"), "\(command): \(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(command): \(result.stderr)")
        }
        let given = try cli.sweep("plan", "configs/quickstart.yaml", "--no-such-option")
        #expect(given.status == 64 && given.stderr == "sweep: Unknown option '--no-such-option'\n", "\(given.transcript)")
    }

    @Test func aBadOptionValueIs64AndABadInputFileIs2() throws {
        let scratch = try SweepRunCLITests().temporaryDirectory("conventions")
        let dir = scratch.path
        let config = dir + "/tiny.yaml"
        try SweepRunCLITests.config.write(toFile: config, atomically: true, encoding: .utf8)
        let broken = dir + "/broken.yaml"
        try "name: [unclosed\n".write(toFile: broken, atomically: true, encoding: .utf8)
        let usage: [[String]] = [
            ["run", config, "--threads", "0"],
            ["run", config, "--set", "seed"],
            ["trees", config, "--index", "999999"],
            ["trees", config, "--index", "0", "--gesture", "wave"],
            ["plan", config, "--show", "-1"],
            ["check", dir, "--max", "dead_buttons=0.1"],
            ["trace", "configs/scenarios/seeds/000-hold-then-drag.yaml", "--junk"],
            ["trees", config, "--index", "0", "--output", dir + "/no/such/dir/tree.yaml"]
        ]
        for arguments in usage {
            let result = try cli.sweep(arguments)
            #expect(result.status == 64, "\(arguments.joined(separator: " ")): \(result.transcript)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        let input: [[String]] = [
            ["plan", broken], ["run", broken, "--output", dir + "/out"], ["trees", broken, "--index", "0"],
            ["check", dir, "--max", "dead_button=0.1"], ["report", dir]
        ]
        for arguments in input {
            let result = try cli.sweep(arguments)
            #expect(result.status == 2, "\(arguments.joined(separator: " ")): \(result.transcript)")
            #expect(result.stderr.split(separator: "\n").count == 1, "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/out"))
    }

    @Test func theManPageAndDocsCLIGiveTheSameExitStatuses() throws {
        let page = try cli.sweep("generate-manual")
        #expect(page.status == 0)
        let section = page.stdout.components(separatedBy: ".SH \"EXIT STATUS\"\n").dropFirst().first ?? ""
        let manual = section.components(separatedBy: "\n.SH ").first ?? ""
        let statuses = manual.split(separator: "\n").filter { $0.hasPrefix(".B ") }.map { String($0.dropFirst(3)) }
        #expect(statuses == ["0", "1", "2", "3", "64", "130", "143"], "\(manual)")
        let doc = try String(contentsOf: Repository.url("docs/cli.md"), encoding: .utf8)
        let table = doc.components(separatedBy: "## Exit status").dropFirst().first ?? ""
        let rows = table.split(separator: "\n").filter { $0.hasPrefix("| ") && $0.dropFirst(2).first?.isNumber == true }
        // One row may give several statuses (`| 130, 143 |`).
        let documented = rows.flatMap { $0.dropFirst(2).prefix { $0 != "|" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } }
        #expect(documented == statuses)
    }
}
