import Foundation
import Testing

/// docs/ARCHITECTURE.md's module table names exactly the targets of Package.swift that are not test targets, each
/// once, so a module added, renamed or removed shows up in the table in the same change.
@Suite struct ArchitectureDocTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

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
        #expect(Set(documented) == Set(modules),
                "missing from the table: \(Set(modules).subtracting(documented).sorted()); not a target: \(Set(documented).subtracting(modules).sorted())")
    }
}
