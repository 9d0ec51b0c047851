import Foundation
import TestSupport
import Testing

/// docs/ARCHITECTURE.md's module table names exactly the targets of Package.swift that are not test targets, each
/// once, so a module added, renamed or removed shows up in the table in the same change.
@Suite struct ArchitectureDocTests {
    static let root = Repository.root

    /// `name:` of every `.target`, `.executableTarget` and `.systemLibrary` in Package.swift.
    static func packageModules() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|systemLibrary)\(\s*name:\s*"([^"]+)""#)
        let range = NSRange(manifest.startIndex..., in: manifest)
        return pattern.matches(in: manifest, range: range).compactMap { Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) } }
    }

    /// The first column of the table under `### Modules`, without its backticks.
    static func documentedModules() throws -> [String] {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "\n### Modules\n").dropFirst().first, "no '### Modules' section")
        let rows = section.split(separator: "\n", omittingEmptySubsequences: false).drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return rows.dropFirst(2).compactMap { row in
            row.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`")) }
        }
    }

    @Test func theModuleTableNamesEveryTargetOfThePackageOnce() throws {
        let modules = try Self.packageModules()
        let documented = try Self.documentedModules()
        #expect(modules.count >= 20 && modules.contains("SweepShrinker") && modules.contains("CZeroMQ"), "\(modules)")
        #expect(Set(documented).count == documented.count, "a module is listed twice: \(documented)")
        #expect(
            Set(documented) == Set(modules),
            "missing from the table: \(Set(modules).subtracting(documented).sorted()); not a target: \(Set(documented).subtracting(modules).sorted())")
    }

    /// The commands of `sweep` (SweepCommand's `subcommands:`, each named by its `commandName:` or, as
    /// ArgumentParser does, by its type name in kebab case).
    static func commands() throws -> [String] {
        let root = try Repository.text("Sources/sweep/SweepCommand.swift")
        let list = try #require(root.firstMatch(of: #/subcommands: \[([^\]]*)\]/#)).1
        let types = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespacesAndNewlines).replacingOccurrences(of: ".self", with: "") }
        let sources = try FileManager.default.contentsOfDirectory(atPath: Repository.path + "/Sources/sweep/Subcommands")
            .filter { $0.hasSuffix(".swift") }.map { try Repository.text("Sources/sweep/Subcommands/" + $0) }
        return try types.map { type in
            let source = try #require(sources.first { $0.contains("struct \(type):") }, "no file declares \(type)")
            let declared = source.components(separatedBy: "struct \(type):")[1]
            if let name = declared.prefix(400).firstMatch(of: #/commandName: "([a-z-]+)"/#) { return String(name.1) }
            var name = ""
            for c in type {
                if c.isUppercase, let last = name.last, last.isLowercase { name.append("-") }
                name.append(c)
            }
            return name.lowercased()
        }
    }

    @Test func theCommandListNamesEveryCommandOfSweepOnce() throws {
        let commands = try Self.commands()
        #expect(commands.count >= 15 && commands.contains("run") && commands.contains("export-uikit"), "\(commands)")
        let doc = try Repository.text("docs/ARCHITECTURE.md")
        let sentence = try #require(
            doc.range(of: "each subcommand is\none file in `Subcommands/` (").map { doc[$0.upperBound...].prefix { $0 != ")" } },
            "ARCHITECTURE.md no longer lists the commands where this test looks")
        let documented = sentence.matches(of: #/`([a-z-]+)`/#).map { String($0.1) }
        #expect(Set(documented).count == documented.count, "a command is listed twice: \(documented)")
        #expect(
            Set(documented) == Set(commands),
            "missing from ARCHITECTURE.md: \(Set(commands).subtracting(documented).sorted()); not a command: \(Set(documented).subtracting(commands).sorted())")
    }
}
