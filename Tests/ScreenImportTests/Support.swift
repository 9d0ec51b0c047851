import Foundation
import ScreenImport
import TestSupport

/// The public dumps the repository keeps (configs/screens; their origins in configs/screens/SOURCES.md).
let screensDirectory = Repository.path + "/configs/screens"

/// A test fixture that is not where the test expects it.
struct MissingFixture: Error, CustomStringConvertible {
    var path: String
    var description: String { "missing test fixture \(path): it belongs to the repository (restore it with git)" }
}

/// The text of a repository file; `MissingFixture` naming the path when it is absent or unreadable.
func fixtureText(_ path: String) throws -> String {
    guard let data = FileManager.default.contents(atPath: path) else { throw MissingFixture(path: path) }
    return String(decoding: data, as: UTF8.self)
}

/// Every `.txt` dump of configs/screens, sorted by name (none when the folder is missing, which
/// `SharedDumpTests.theDumpsAreThere` reports).
let sharedDumps: [String] = {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: screensDirectory) else { return [] }
    return names.filter { $0.hasSuffix(".txt") }.sorted()
}()

func dumpText(_ name: String) throws -> String {
    try fixtureText(screensDirectory + "/" + name)
}

func importShared(_ name: String) throws -> ImportedScreen {
    try ScreenImporter.importDump(try dumpText(name), file: name)
}
