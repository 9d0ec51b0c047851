import Foundation

/// Writes a report directory as one unit: readers (and a crash) see the old complete directory or the new
/// complete one, never a half-written one.
///
/// Contract of ``write(files:to:)``:
/// 1. Missing parent directories of `directory` are created.
/// 2. The files are written into a fresh sibling directory (`.<name>.tmp-<pid>-<random>`, on the same file
///    system), each file and then that directory fsync'd. A marker file ``markerName`` is written with them.
/// 3. If `directory` does not exist, the sibling is renamed to it. If it exists, it must be a directory that
///    this type wrote (it holds ``markerName``) or an empty one; anything else is refused, so a mistyped path
///    can never delete a user's files. The old directory is renamed aside, the new one renamed into place,
///    and only then is the old one removed. Between the two renames `directory` is briefly absent, but both
///    complete copies exist at every moment.
/// 4. The parent directory is fsync'd, so the renames are durable.
/// On any failure an ``OutputDirectoryError`` is thrown, the sibling and any parent directories this call
/// created are removed, and an existing old directory is left exactly as it was.
public enum OutputDirectory {
    /// The marker file written into every output directory, identifying it as safe to replace.
    public static let markerName = ".touchsweep-output"
    /// The marker file's contents.
    public static let markerContents = "This directory is written by TouchSweep and is replaced as a whole on each run.\n"

    /// Writes `files` (UTF-8, no byte-order mark) into `directory`, replacing it as a unit (see the contract).
    /// - Throws: ``OutputDirectoryError``, one sentence naming `directory`, on an invalid file name or any
    ///   I/O failure.
    public static func write(files: [(name: String, contents: String)], to directory: String,
                             keeping kept: [String] = []) throws {
        let target = URL(fileURLWithPath: directory).standardizedFileURL
        let io = POSIXSteps(target: target.path)
        try validate(names: files.map(\.name), io: io)
        let parent = target.deletingLastPathComponent()
        let createdParents = try createMissingDirectories(parent, io: io)
        let temp = parent.appendingPathComponent(".\(target.lastPathComponent).tmp-\(uniqueSuffix())")
        do {
            try io.makeDirectory(temp.path)
            do {
                // Subdirectories (one level, e.g. "minimal/x.yaml") in the order first named.
                var subdirectories: [String] = []
                for file in files {
                    if let slash = file.name.firstIndex(of: "/") {
                        let sub = String(file.name[..<slash])
                        if !subdirectories.contains(sub) {
                            try io.makeDirectory(temp.appendingPathComponent(sub).path)
                            subdirectories.append(sub)
                        }
                    }
                    try io.writeFile(temp.appendingPathComponent(file.name).path, Array(file.contents.utf8))
                }
                for sub in subdirectories { try io.syncDirectory(temp.appendingPathComponent(sub).path) }
                try io.writeFile(temp.appendingPathComponent(markerName).path, Array(markerContents.utf8))
                // Files to carry over from the old directory (e.g. a sweep journal) move by rename, whatever
                // their size; a missing one is skipped.
                for name in kept where !files.contains(where: { $0.name == name }) {
                    let from = target.appendingPathComponent(name).path
                    if FileManager.default.fileExists(atPath: from) {
                        guard rename(from, temp.appendingPathComponent(name).path) == 0 else {
                            throw io.error("cannot keep \(name) from the old directory (\(String(cString: strerror(errno))))")
                        }
                    }
                }
                try io.syncDirectory(temp.path)
                try replace(target, with: temp, parent: parent, io: io)
            } catch {
                try? FileManager.default.removeItem(atPath: temp.path)
                throw error
            }
        } catch {
            for dir in createdParents { _ = rmdir(dir.path) }  // deepest first
            throw error
        }
    }

    private static func uniqueSuffix() -> String { "\(getpid())-\(UInt32.random(in: .min ... .max))" }

    /// A name is a file name or one subdirectory level and a file name (`minimal/x.yaml`): no empty, `.` or
    /// `..` component, no absolute path, no NUL, not the marker; no name twice, and no file named like a
    /// subdirectory another name uses.
    private static func validate(names: [String], io: POSIXSteps) throws {
        var seen = Set<String>()
        var subdirectories = Set<String>()
        for name in names {
            let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let badComponent = components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            if name == markerName || components.count > 2 || badComponent || name.unicodeScalars.contains("\0") {
                throw io.error("\"\(name)\" is not an allowed file name")
            }
            if !seen.insert(name).inserted { throw io.error("the file name \"\(name)\" is given twice") }
            if components.count == 2 { subdirectories.insert(components[0]) }
        }
        for name in names where subdirectories.contains(name) {
            throw io.error("\"\(name)\" is both a file and a subdirectory")
        }
    }

    /// Creates `dir` and its missing ancestors; returns the ones it created, deepest first.
    private static func createMissingDirectories(_ dir: URL, io: POSIXSteps) throws -> [URL] {
        var missing: [URL] = []
        var cursor = dir
        while !FileManager.default.fileExists(atPath: cursor.path), cursor.path != "/" {
            missing.append(cursor)
            cursor = cursor.deletingLastPathComponent()
        }
        var created: [URL] = []
        for dir in missing.reversed() {
            do { try io.makeDirectory(dir.path) } catch {
                for made in created.reversed() { _ = rmdir(made.path) }
                throw error
            }
            created.append(dir)
        }
        return created.reversed()
    }

    private static func replace(_ target: URL, with temp: URL, parent: URL, io: POSIXSteps) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else {
            try io.rename(temp.path, target.path)
            try io.syncDirectory(parent.path)
            return
        }
        guard isDirectory.boolValue else { throw io.error("it exists and is not a directory") }
        guard let contents = try? FileManager.default.contentsOfDirectory(atPath: target.path) else {
            throw io.error("its current contents cannot be listed")
        }
        guard contents.isEmpty || contents.contains(markerName) else {
            throw io.error("it is a non-empty directory without a \(markerName) file, so TouchSweep did not write it and will not replace it")
        }
        let aside = parent.appendingPathComponent(".\(target.lastPathComponent).old-\(uniqueSuffix())")
        try io.rename(target.path, aside.path)
        do { try io.rename(temp.path, target.path) } catch {
            _ = posixRename(aside.path, target.path)
            throw error
        }
        try io.syncDirectory(parent.path)
        do { try FileManager.default.removeItem(atPath: aside.path) } catch {
            throw io.error("the new copy is in place but the previous copy at \(aside.path) could not be removed")
        }
    }
}

/// A failure of ``OutputDirectory/write(files:to:)``: one sentence that names the target directory,
/// e.g. `Cannot write the report directory /tmp/x/out: cannot create the directory /tmp/x (File exists).`
public struct OutputDirectoryError: Error, CustomStringConvertible, LocalizedError, Equatable {
    public let description: String
    public var errorDescription: String? { description }
    init(_ description: String) { self.description = description }
}

/// The system calls, each failure turned into one sentence naming the target and the system's reason.
private struct POSIXSteps {
    let target: String

    func error(_ detail: String) -> OutputDirectoryError {
        OutputDirectoryError("Cannot write the report directory \(target): \(detail).")
    }

    private func failure(_ what: String) -> OutputDirectoryError {
        error("\(what) (\(String(cString: strerror(errno))))")
    }

    func makeDirectory(_ path: String) throws {
        guard mkdir(path, 0o755) == 0 else { throw failure("cannot create the directory \(path)") }
    }

    func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard fd >= 0 else { throw failure("cannot create \(path)") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write \(path)")
            }
            offset += written
        }
        guard fsync(fd) == 0 else { throw failure("cannot sync \(path)") }
    }

    func syncDirectory(_ path: String) throws {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw failure("cannot open \(path)") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure("cannot sync \(path)") }
    }

    func rename(_ from: String, _ to: String) throws {
        guard posixRename(from, to) == 0 else { throw failure("cannot move \(from) to \(to)") }
    }
}

// At file scope, `rename` means the C function (inside the types above it means their own members).
private func posixRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
