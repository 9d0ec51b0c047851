import Foundation
import ScreenImport

/// The repository root (this file is Tests/ScreenImportTests/Support.swift).
let repositoryRoot: String = {
    var parts = #filePath.split(separator: "/").map(String.init)
    parts.removeLast(3)
    return "/" + parts.joined(separator: "/")
}()

/// The public dumps: `$TOUCHSWEEP_SCREENS`, else `shared/screens` in or beside the checkout.
let screensDirectory: String? = {
    var candidates = [repositoryRoot + "/shared/screens", repositoryRoot + "/../shared/screens"]
    if let env = ProcessInfo.processInfo.environment["TOUCHSWEEP_SCREENS"] { candidates.insert(env, at: 0) }
    return candidates.first { FileManager.default.fileExists(atPath: $0 + "/SOURCES.md") }
}()

/// Every `.txt` dump, sorted by name.
let sharedDumps: [String] = {
    guard let dir = screensDirectory, let names = try? FileManager.default.contentsOfDirectory(atPath: dir) else { return [] }
    return names.filter { $0.hasSuffix(".txt") }.sorted()
}()

func dumpText(_ name: String) throws -> String {
    try String(contentsOfFile: screensDirectory! + "/" + name, encoding: .utf8)
}

func importShared(_ name: String) throws -> ImportedScreen {
    try ScreenImporter.importDump(try dumpText(name), file: name)
}
