import Foundation

/// The repository the tests run from: its root, found from this file's own path
/// (`<root>/Tests/TestSupport/Repository.swift`), and the files under it.
public enum Repository {
    /// The repository root.
    public static let root: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The repository root as a path (no trailing `/`).
    public static var path: String { root.path }

    /// A file or folder of the repository, named relative to the root (`configs/quickstart.yaml`).
    public static func url(_ relative: String) -> URL { root.appendingPathComponent(relative) }

    /// The text of a repository file, named relative to the root.
    public static func text(_ relative: String) throws -> String {
        try String(contentsOf: url(relative), encoding: .utf8)
    }
}
