import Foundation
import TestSupport
import Testing

/// What `make install` puts in place: the man page and shell completions the binary generates from its command
/// definitions, and the Makefile target that installs them with the binary under PREFIX and DESTDIR.
@Suite struct InstallCLITests {
    let cli = SweepCLITests()

    /// The visible subcommands, as `sweep --help` lists them.
    func subcommands() throws -> [String] {
        let help = try cli.sweep("--help").stdout
        let section = try #require(help.components(separatedBy: "SUBCOMMANDS:\n").last)
        return section.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.isEmpty }.compactMap { line in
            line.hasPrefix("  ") && !line.hasPrefix("   ") ? line.split(separator: " ").first.map(String.init) : nil
        }
    }

    @Test func theManPageNamesEverySubcommand() throws {
        let result = try cli.sweep("generate-manual")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(".TH SWEEP 1 "))
        // Plain ASCII (≤ and … as groff escapes), so `man` needs no input encoding.
        #expect(result.stdout.unicodeScalars.allSatisfy(\.isASCII) && result.stdout.contains("\\[u2264]"))
        let names = try subcommands()
        #expect(names.count >= 13 && names.contains("status") && names.contains("keys"), "\(names)")
        for name in names {
            #expect(result.stdout.contains(".SS \"sweep \(name.replacingOccurrences(of: "-", with: "\\-"))\"\n"), "\(name)")
        }
        #expect(result.stdout.contains(".SS \"sweep keys generate\"\n") && result.stdout.contains("protocol SWP/4"))
        // The page is roff: no line of help text starts a request by accident.
        #expect(!result.stdout.split(separator: "\n").contains { $0.hasPrefix(".") && $0.dropFirst().first == " " })
    }

    @Test func bashCompletionNamesTheSubcommandsAndTheirOptions() throws {
        let result = try cli.sweep("--generate-completion-script", "bash")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout.contains("complete -F _sweep sweep") || result.stdout.contains("complete -o filenames -F _sweep sweep"),
            "\(result.stdout.suffix(300))")
        for word in ["status", "keys", "submit", "--json", "--status-keys"] { #expect(result.stdout.contains(word), "\(word)") }
        #expect(!result.stdout.contains("generate-manual"), "the hidden command is not offered")
    }

    @Test func makeInstallFilesPutsTheBinaryManPageAndCompletionsUnderDestdir() throws {
        let scratch = try TemporaryDirectory("sweep-install")
        let destdir = scratch.path
        let make = try Program.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            [
                "make", "--no-print-directory", "install-files", "SWEEP_BIN=\(SweepCLITests.sweepBinary.path)",
                "DESTDIR=\(destdir)", "PREFIX=/usr"
            ], mergingStandardError: true)
        let said = make.stdout
        #expect(make.status == 0, "\(said)")
        let mode = { (path: String) in ((try? FileManager.default.attributesOfItem(atPath: destdir + "/usr/" + path))?[.posixPermissions] as? Int) ?? -1 }
        #expect(mode("bin/sweep") == 0o755)
        for file in [
            "share/man/man1/sweep.1", "share/bash-completion/completions/sweep", "share/zsh/site-functions/_sweep",
            "share/fish/vendor_completions.d/sweep.fish"
        ] {
            #expect(mode(file) == 0o644, "\(file)")
        }
        let page = try String(contentsOfFile: destdir + "/usr/share/man/man1/sweep.1", encoding: .utf8)
        #expect(page == (try cli.sweep("generate-manual").stdout))
        #expect(said.hasSuffix("installed sweep, its man page and its bash, zsh and fish completions under \(destdir)/usr\n"), "\(said)")
    }
}
