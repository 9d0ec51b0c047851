import Foundation
import Synchronization

/// A directory of one test's own under the system temp dir, `<tmp>/<prefix>-<pid>-<random>`: created on init, removed
/// with everything in it when the last reference goes (a local `let` lives to the end of its scope, Swift's lexical
/// lifetimes keep it across the calls that use its files) or when ``remove()`` is called. For a scope that must end
/// with the directory gone, ``withTemporaryDirectory(_:_:)`` removes it with `defer`.
public final class TemporaryDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// The directory's path.
    public var path: String { url.path }

    /// Creates `<tmp>/<prefix>-<pid>-<random>` (12 hex digits: short enough for an `ipc://` socket path inside);
    /// the prefix names the test in a listing of the temp dir. Throws rather than share a directory that exists.
    public init(_ prefix: String) throws {
        let random = UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(getpid())-\(random)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
    }

    deinit { remove() }

    /// The path of `name` in the directory (`name` may hold slashes); nothing is created.
    public func file(_ name: String) -> String { path + "/" + name }

    /// The URL of `name` in the directory; nothing is created.
    public func url(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// Creates the directory `name` in the directory (and its parents) and returns its path.
    @discardableResult
    public func directory(_ name: String) throws -> String {
        let path = file(name)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `text` (UTF-8) to `name` in the directory and returns the file's path.
    @discardableResult
    public func write(_ text: String, to name: String) throws -> String {
        let path = file(name)
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Removes the directory and everything in it (again on deinit, harmlessly).
    public func remove() { try? FileManager.default.removeItem(at: url) }
}

extension TemporaryDirectory {
    /// The paths ``processWide(_:)`` handed out, removed at exit; nil until the first (which registers the handler).
    private static let removedAtExit = Mutex<[String]?>(nil)

    /// The path of a directory a whole test process shares (a suite's fixture made once, in a `static let`, that
    /// the suite's tests add to): `<tmp>/<prefix>-<pid>`, which the caller creates, removed when the process exits.
    public static func processWide(_ prefix: String) -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(getpid())").path
        let first = removedAtExit.withLock { paths in
            defer { if paths?.contains(path) != true { paths = (paths ?? []) + [path] } }
            return paths == nil
        }
        if first {
            atexit {
                for path in TemporaryDirectory.removedAtExit.withLock({ $0 ?? [] }) { try? FileManager.default.removeItem(atPath: path) }
            }
        }
        return path
    }
}

/// Runs `body` with a fresh ``TemporaryDirectory`` named after `prefix`, removed when `body` returns or throws.
public func withTemporaryDirectory<Result>(_ prefix: String, _ body: (TemporaryDirectory) throws -> Result) throws -> Result {
    let directory = try TemporaryDirectory(prefix)
    defer { directory.remove() }
    return try body(directory)
}
