import ArgumentParser
import SweepNode

extension SweepCommand {
    /// `sweep generate-manual` (hidden): the sweep(1) man page, in roff, from the command definitions; `make install`
    /// writes it to share/man/man1/sweep.1.
    struct Manual: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "generate-manual",
            abstract: "Print the sweep(1) manual page (roff) made from the command definitions.",
            shouldDisplay: false
        )

        func run() throws {
            print(ManualPage.render(), terminator: "")
        }
    }
}

/// The man page: NAME, SYNOPSIS, DESCRIPTION, one COMMANDS subsection per visible (sub)command with its help
/// screen, EXIT STATUS (``ExitStatus/table``), VERSIONS and FILES. Each help screen is ArgumentParser's own, so the page never drifts from `--help`.
enum ManualPage {
    static func render() -> String {
        var page = """
            .TH SWEEP 1 "" "sweep \(SweepCommand.version)" "TouchSweep"
            .SH NAME
            sweep \\- \(escape(SweepCommand.configuration.abstract))
            .SH SYNOPSIS
            .B sweep
            .I command
            .RI [ options ]
            .br
            .B sweep \\-\\-version
            .br
            .B sweep \\-\\-generate\\-completion\\-script
            .IR bash | zsh | fish
            .SH DESCRIPTION
            TouchSweep simulates UIKit touch delivery in virtual time and sweeps configurations of generated and \
            imported screens for swallowed scrolls and dead buttons, locally or on a cluster (a coordinator and workers).
            .SH COMMANDS

            """
        for (name, command) in commands(SweepCommand.configuration.subcommands, prefix: "sweep") {
            page += ".SS \"\(escape(name))\"\n\(escape(command.configuration.abstract))\n.PP\n.nf\n"
            page += escape(SweepCommand.helpMessage(for: command, includeHidden: false, columns: 100)) + "\n.fi\n"
        }
        page += ".SH \"EXIT STATUS\"\n"
        for (status, meaning) in ExitStatus.table { page += ".TP\n.B \(status)\n\(escape(meaning))\n" }
        page += ".SH VERSIONS\n.nf\n" + escape(Versions.text(tool: SweepCommand.version)) + "\n.fi\n"
        page += """
            .SH FILES
            Keys from
            .B sweep keys generate
            (coordinator, status and worker key pairs); the output directory of a sweep (CSV reports, report.html, \
            journal.tsj). README.md, docs/operations.md and docs/protocol.md in the source tree say more.

            """
        return page
    }

    /// Every visible command under `list`, depth first, named as typed (`sweep keys generate`).
    static func commands(_ list: [ParsableCommand.Type], prefix: String) -> [(String, ParsableCommand.Type)] {
        list.filter { $0.configuration.shouldDisplay }.flatMap { command -> [(String, ParsableCommand.Type)] in
            let name = prefix + " " + (command.configuration.commandName ?? command._commandName)
            return [(name, command)] + commands(command.configuration.subcommands, prefix: name)
        }
    }

    /// Text as roff reads it literally: backslashes as `\e`, `-` as `\-`, a leading `.` or `'` guarded, and
    /// non-ASCII characters (`≤`, `…`, `→`) as `\[uXXXX]`, so the page needs no input encoding.
    static func escape(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            var s = ""
            for scalar in line.unicodeScalars {
                switch scalar {
                case "\\": s += "\\e"
                case "-": s += "\\-"
                case _ where scalar.value > 127:
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    s += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
                default: s.unicodeScalars.append(scalar)
                }
            }
            if s.hasPrefix(".") || s.hasPrefix("'") { s = "\\&" + s }
            return s
        }.joined(separator: "\n")
    }
}
