import Foundation
import Synchronization

/// Writes a report directory as one unit: readers (and a crash) see the old complete directory or the new
/// complete one, never a half-written one.
///
/// Contract of ``write(files:to:keeping:claim:options:)``:
/// 1. The directory is claimed (``claim(_:keeping:create:)``): checked, locked against other sweeps, and cleared
///    of the copies a killed sweep left beside it. Missing parent directories are created.
/// 2. The files are written into a fresh sibling directory (`.<name>.tmp-<pid>-<random>`, on the same file
///    system), each file and then that directory fsync'd. A marker file ``markerName`` is written first, listing
///    them and the kept files (``OutputManifest``): the files a sweep wrote, the only ones it ever deletes.
///    Files to keep from the old directory (`keeping`, e.g. a sweep journal) are hard-linked into the sibling
///    (copied where the file system has no hard links), so they never leave the old directory before the new
///    one is in place.
/// 3. If `directory` does not exist, the sibling is renamed to it (refusing to replace anything that appeared
///    meanwhile). If it exists, it must be an empty directory or one that holds nothing but what its marker lists
///    (and the kept files); anything else (a user's file, another sweep's directory) is refused, so a sweep can
///    never delete a file no sweep wrote. The two directories are exchanged in one rename (Linux
///    `renameat2(RENAME_EXCHANGE)`), so `directory` is never absent, and then the old copy (now under the
///    sibling's name) is removed, file by listed file. Where the file system cannot exchange, the old
///    directory is renamed aside (`.<name>.old-<pid>-<random>`) and the new one renamed into place: `directory`
///    is briefly absent then, but both complete copies exist at every moment, and the next claim puts the old
///    one back should the process die between the two renames.
/// 4. The parent directory is fsync'd, so the renames are durable.
/// A symbolic link at `directory` is followed: its target is replaced and the link keeps pointing where it
/// pointed. On any failure an ``OutputDirectoryError`` is thrown, the sibling and any parent directories this
/// call created are removed, and an existing old directory is left exactly as it was.
public enum OutputDirectory {
    /// The marker file written into every output directory: it lists the files a sweep wrote there (``OutputManifest``).
    public static let markerName = ".touchsweep-output"
    /// The marker's text for a directory holding `names` (relative paths) written by a sweep.
    public static func markerText(listing names: [String]) -> String { OutputManifest(names: names).text }
    /// The longest file name a system allows (NAME_MAX on Linux and macOS).
    public static let fileNameLimit = 255
    /// How much longer than the directory's own name its temporary siblings' names can be:
    /// `.` + `.tmp-` + a process id and a random number of up to 10 digits each, joined by `-`.
    public static let temporaryNameOverhead = 1 + 5 + 10 + 1 + 10
    /// The longest name (in UTF-8 bytes) an output directory may have, so that its temporary siblings fit.
    public static var maximumNameBytes: Int { fileNameLimit - temporaryNameOverhead }

    /// One file-system step of the swap, in the order ``write(files:to:keeping:claim:options:)`` takes them.
    public enum SwapStep: Sendable, Equatable, CustomStringConvertible {
        /// A file of the old directory is hard-linked (or copied) into the new copy.
        case keep(String)
        /// The new copy takes the directory's place: one exchange, or one rename when there was none.
        case install
        /// Without an exchange: the old directory is renamed aside.
        case moveAside
        /// Without an exchange: the new copy is renamed into place.
        case moveIn
        /// The old copy is removed.
        case removeOld

        public var description: String {
            switch self {
            case .keep(let name): return "keep \(name)"
            case .install: return "install"
            case .moveAside: return "move aside"
            case .moveIn: return "move in"
            case .removeOld: return "remove the old copy"
            }
        }
    }

    /// How ``write(files:to:keeping:claim:options:)`` swaps; the defaults are what every command uses.
    public struct SwapOptions: Sendable {
        /// Exchange the old and new directories in one rename where the file system can; false always takes
        /// the two renames (what happens on file systems that cannot exchange).
        public var exchange = true
        /// Called before each step with its number (from 1) and what it is. What it throws fails the write like
        /// a failure of the step would; a test hook may also end the process there (`sweep`'s hidden `--kill-at-swap-step`).
        public var beforeStep: (@Sendable (Int, SwapStep) throws -> Void)?
        public init(exchange: Bool = true, beforeStep: (@Sendable (Int, SwapStep) throws -> Void)? = nil) {
            self.exchange = exchange
            self.beforeStep = beforeStep
        }
    }

    /// Writes `files` (UTF-8, no byte-order mark) into `directory`, replacing it as a unit (see the contract).
    /// - Parameters:
    ///   - kept: names of files of the old directory that the new one keeps (when there are any).
    ///   - claim: the claim a command took on `directory` when it started; without one, the directory is claimed
    ///     here.
    /// - Throws: ``OutputDirectoryError``, one sentence naming `directory`, on an invalid file name, a directory in
    ///   use by another sweep, or any I/O failure.
    public static func write(
        files: [(name: String, contents: String)], to directory: String, keeping kept: [String] = [],
        claim given: OutputClaim? = nil, options: SwapOptions = SwapOptions()
    ) throws {
        let io = POSIXSteps(target: given?.requested ?? directory, options: options)
        try validate(names: files.map(\.name), io: io)
        let claim = try given ?? OutputDirectory.claim(directory, keeping: kept)
        defer { if given == nil { claim.release() } }
        let target = URL(fileURLWithPath: claim.path)
        let parent = target.deletingLastPathComponent()
        let createdParents = try createMissingDirectories(parent, io: io)
        let temp = parent.appendingPathComponent(".\(target.lastPathComponent).tmp-\(uniqueSuffix())")
        do {
            try io.makeDirectory(temp.path)
            // Locked from the start: a claim that finds it beside the directory knows it is not a leftover, and
            // once it is in place the lock is the directory's.
            let tempLock = try io.lockDirectory(temp.path)
            do {
                // The list of what the copy holds comes first: a copy a killed sweep left is removed by it.
                try io.writeFile(temp.appendingPathComponent(markerName).path, Array(markerText(listing: files.map(\.name) + kept).utf8))
                // Subdirectories (one level, e.g. "minimal/x.yaml") in the order first named, then the files.
                var subdirectories: [String] = []
                for file in files {
                    if let slash = file.name.firstIndex(of: "/") {
                        let sub = String(file.name[..<slash])
                        if !subdirectories.contains(sub) {
                            try io.makeDirectory(temp.appendingPathComponent(sub).path)
                            subdirectories.append(sub)
                        }
                    }
                }
                try io.writeFiles(files.map { (temp.appendingPathComponent($0.name).path, $0.contents) })
                for sub in subdirectories { try io.syncDirectory(temp.appendingPathComponent(sub).path) }
                try claim.lockIfPresent(io: io)
                // Files to carry over from the old directory (e.g. a sweep journal) are linked, whatever their
                // size, so they stay in the old directory until the new one is in place; a missing one is skipped.
                for name in kept where !files.contains(where: { $0.name == name }) {
                    let from = target.appendingPathComponent(name).path
                    var info = stat()
                    if lstat(from, &info) == 0 { try io.keep(name, from: from, to: temp.appendingPathComponent(name).path) }
                }
                try io.syncDirectory(temp.path)
                try replace(target, with: temp, lock: tempLock, parent: parent, claim: claim, kept: kept, io: io)
            } catch {
                // The new copy, or (a failure after the exchange) the old one: only what a sweep wrote goes.
                _ = OutputManifest.removeWritten(temp.path, kept: kept)
                if claim.lockFD != tempLock { close(tempLock) }
                throw error
            }
        } catch {
            for dir in createdParents { _ = rmdir(dir.path) } // deepest first
            throw error
        }
    }

    static func uniqueSuffix() -> String { "\(getpid())-\(UInt32.random(in: .min ... .max))" }

    /// A name is a file name or one subdirectory level and a file name (`minimal/x.yaml`): no empty, `.` or
    /// `..` component, no absolute path, no NUL or line break, not the marker; no name twice, and no file named like a
    /// subdirectory another name uses.
    private static func validate(names: [String], io: POSIXSteps) throws {
        var seen = Set<String>()
        var subdirectories = Set<String>()
        for name in names {
            let components = name.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
            let badComponent = components.contains { $0.isEmpty || $0 == "." || $0 == ".." }
            if name == markerName || components.count > 2 || badComponent || name.unicodeScalars.contains(where: { $0 == "\0" || $0 == "\n" }) {
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
    static func createMissingDirectories(_ dir: URL, io: POSIXSteps) throws -> [URL] {
        var missing: [URL] = []
        var cursor = dir
        var info = stat()
        while lstat(cursor.path, &info) != 0, cursor.path != "/" {
            missing.append(cursor)
            cursor = cursor.deletingLastPathComponent()
        }
        var created: [URL] = []
        for dir in missing.reversed() {
            do { try io.makeDirectory(dir.path) } catch {
                // Another process made it meanwhile (shards of one array create their common parent at once): it is
                // there, and not ours to remove.
                if lstat(dir.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { continue }
                for made in created.reversed() { _ = rmdir(made.path) }
                throw error
            }
            created.append(dir)
        }
        return created.reversed()
    }

    /// Refuses, in one sentence, a directory that may not be replaced (``OutputManifest/inspect(_:kept:)``): not
    /// empty and without a marker, holding what no sweep wrote, or holding a directory a running sweep uses.
    static func refuseUnlessReplaceable(_ path: String, kept: [String], io: POSIXSteps) throws {
        switch OutputManifest.inspect(path, kept: kept) {
        case .replaceable:
            return
        case .unmarked:
            throw io.error(
                "it is a non-empty directory without a \(markerName) file, so TouchSweep did not write it and will not replace it; "
                    + "choose another --output")
        case .inUse(let held):
            throw io.error("another sweep that is still running uses \(held), inside it; wait for it to finish, or write somewhere else")
        case let .strangers(names, count, legacy):
            let listed = names.joined(separator: ", ") + (count > names.count ? " and \(count - names.count) more" : "")
            if legacy {
                throw io.error(
                    "its \(markerName) is of an older TouchSweep, which did not list the files it wrote, so none is deleted (it holds "
                        + "\(listed)); delete the directory yourself, or choose another --output")
            }
            throw io.error(
                "it holds \(listed), which its \(markerName) does not list as written by a sweep, and a sweep deletes nothing else, "
                    + "--force or not; move \(count == 1 ? "it" : "them") elsewhere, or choose another --output")
        }
    }

    private static func replace(
        _ target: URL, with temp: URL, lock tempLock: Int32, parent: URL, claim: OutputClaim, kept: [String],
        io: POSIXSteps
    ) throws {
        var info = stat()
        guard lstat(target.path, &info) == 0 else {
            try io.step(.install) { try io.renameNoReplace(temp.path, target.path) }
            claim.adopt(tempLock)
            try io.syncDirectory(parent.path)
            return
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw io.error("it exists and is not a directory") }
        guard (try? FileManager.default.contentsOfDirectory(atPath: target.path)) != nil else {
            throw io.error("its current contents cannot be listed")
        }
        try refuseUnlessReplaceable(target.path, kept: kept, io: io)
        if io.options.exchange, try io.step(.install, { try io.exchange(temp.path, target.path) }) {
            claim.adopt(tempLock)
            try io.syncDirectory(parent.path)
            try io.step(.removeOld) { try io.removeOldCopy(temp.path, kept: kept) }
            return
        }
        let aside = parent.appendingPathComponent(".\(target.lastPathComponent).old-\(uniqueSuffix())")
        try io.step(.moveAside) { try io.rename(target.path, aside.path) }
        do { try io.step(.moveIn) { try io.rename(temp.path, target.path) } } catch {
            _ = posixRename(aside.path, target.path)
            throw error
        }
        claim.adopt(tempLock)
        try io.syncDirectory(parent.path)
        try io.step(.removeOld) { try io.removeOldCopy(aside.path, kept: kept) }
    }
}

/// A failure of ``OutputDirectory/write(files:to:keeping:claim:options:)`` or ``OutputDirectory/claim(_:keeping:create:)``:
/// one sentence that names the target directory, e.g. `Cannot write the report directory /tmp/x/out: cannot create
/// the directory /tmp/x (File exists).`
public struct OutputDirectoryError: Error, CustomStringConvertible, LocalizedError, Equatable {
    public let description: String
    public var errorDescription: String? { description }
    init(_ description: String) { self.description = description }
}

/// The system calls, each failure turned into one sentence naming the target and the system's reason.
final class POSIXSteps {
    let target: String
    let options: OutputDirectory.SwapOptions
    /// Steps taken so far (``OutputDirectory/SwapOptions/beforeStep``).
    private var steps = 0

    init(target: String, options: OutputDirectory.SwapOptions = OutputDirectory.SwapOptions()) {
        self.target = target
        self.options = options
    }

    func error(_ detail: String) -> OutputDirectoryError {
        OutputDirectoryError("Cannot write the report directory \(target): \(detail).")
    }

    func failure(_ what: String, _ code: Int32 = errno) -> OutputDirectoryError {
        error("\(what) (\(String(cString: strerror(code))))")
    }

    /// Runs one step of the swap after telling ``OutputDirectory/SwapOptions/beforeStep``.
    @discardableResult
    func step<T>(_ step: OutputDirectory.SwapStep, _ body: () throws -> T) throws -> T {
        steps += 1
        try options.beforeStep?(steps, step)
        return try body()
    }

    func makeDirectory(_ path: String) throws {
        guard mkdir(path, 0o755) == 0 else { throw failure("cannot create the directory \(path)") }
    }

    func writeFile(_ path: String, _ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try Self.writeFile(path, $0, target: target) }
    }

    /// Creates `path` (it must not exist), writes `bytes` and syncs it; a failure names `target`.
    static func writeFile(_ path: String, _ bytes: UnsafeRawBufferPointer, target: String) throws(OutputDirectoryError) {
        func failure(_ what: String) -> OutputDirectoryError {
            OutputDirectoryError("Cannot write the report directory \(target): \(what) (\(String(cString: strerror(errno)))).")
        }
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw failure("cannot create \(path)") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let written = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("cannot write \(path)")
            }
            offset += written
        }
        guard fsync(fd) == 0 else { throw failure("cannot sync \(path)") }
    }

    /// ``writeFile(_:_:target:)`` for every file (its text as UTF-8), side by side on every core: a file system
    /// overlaps the syncs, which one at a time are most of the time a report directory takes to write. The failure of
    /// the first file (in the order given) that failed is the one thrown.
    func writeFiles(_ files: [(path: String, contents: String)]) throws {
        let failures = Mutex<[Int: OutputDirectoryError]>([:])
        let target = target
        DispatchQueue.concurrentPerform(iterations: files.count) { i in
            var text = files[i].contents
            do {
                try text.withUTF8 { try Self.writeFile(files[i].path, UnsafeRawBufferPointer($0), target: target) }
            } catch {
                let failure = error as? OutputDirectoryError ?? OutputDirectoryError("Cannot write the report directory \(target): \(error).")
                failures.withLock { $0[i] = failure }
            }
        }
        if let first = failures.withLock({ $0.min { $0.key < $1.key }?.value }) { throw first }
    }

    func syncDirectory(_ path: String) throws {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("cannot open \(path)") }
        defer { close(fd) }
        guard fsync(fd) == 0 else { throw failure("cannot sync \(path)") }
    }

    func rename(_ from: String, _ to: String) throws {
        guard posixRename(from, to) == 0 else { throw failure("cannot move \(from) to \(to)") }
    }

    /// Renames `from` to `to` unless something is at `to` (where the system can tell; else a plain rename).
    func renameNoReplace(_ from: String, _ to: String) throws {
        if let renameat2 = SystemRename.renameat2 {
            if renameat2(AT_FDCWD, from, AT_FDCWD, to, SystemRename.noReplace) == 0 { return }
            if errno == EEXIST { throw error("it appeared while the reports were being written, so it was left as it is") }
            guard SystemRename.unsupported(errno) else { throw failure("cannot move \(from) to \(to)") }
        }
        try rename(from, to)
    }

    /// Exchanges two directories in one rename; false (nothing done) where the system or file system cannot.
    func exchange(_ a: String, _ b: String) throws -> Bool {
        guard let renameat2 = SystemRename.renameat2 else { return false }
        if renameat2(AT_FDCWD, a, AT_FDCWD, b, SystemRename.exchange) == 0 { return true }
        guard SystemRename.unsupported(errno) else { throw failure("cannot exchange \(a) and \(b)") }
        return false
    }

    /// Removes the old copy: the files it lists as written by a sweep, then the copy (``OutputManifest/removeWritten(_:kept:)``).
    func removeOldCopy(_ path: String, kept: [String]) throws {
        let left = OutputManifest.removeWritten(path, kept: kept)
        guard left.isEmpty else {
            throw error(
                "the new copy is in place but the previous copy at \(path) was not removed: it holds \(left.prefix(3).joined(separator: ", ")), "
                    + "which no sweep wrote; move that elsewhere and remove the copy")
        }
    }

    /// Puts the file at `from` also at `to`: a hard link, or a copy where the file system has none.
    func keep(_ name: String, from: String, to: String) throws {
        try step(.keep(name)) {
            if link(from, to) == 0 { return }
            let code = errno
            guard [EXDEV, EPERM, EMLINK, ENOTSUP, EOPNOTSUPP, ENOSYS].contains(code) else {
                throw failure("cannot keep \(name) from the old directory", code)
            }
            guard let data = FileManager.default.contents(atPath: from) else {
                throw error("cannot keep \(name) from the old directory (it cannot be read)")
            }
            try writeFile(to, Array(data))
        }
    }

    /// Opens the directory at `path` and takes its exclusive lock; the descriptor holds it until closed. Where the
    /// file system cannot lock a directory (some NFS mounts answer EBADF or ENOLCK), the descriptor is returned
    /// without the lock: sweeps there are not kept apart, but they run.
    func lockDirectory(_ path: String) throws -> Int32 {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw failure("cannot open \(path)") }
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            guard errno == EWOULDBLOCK || errno == EAGAIN else { return fd }
            close(fd)
            throw OutputDirectory.inUse(target)
        }
        return fd
    }
}

/// `renameat2(2)`, looked up at run time (Glibc's module does not export it): exchange, and rename without
/// replacing. Nil where the C library has no such function (and on Apple platforms, which take two renames).
enum SystemRename {
    typealias Function = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
    static let noReplace: UInt32 = 1 // RENAME_NOREPLACE
    static let exchange: UInt32 = 2 // RENAME_EXCHANGE

    static let renameat2: Function? = {
        #if os(Linux)
            guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
            return unsafeBitCast(symbol, to: Function.self)
        #else
            return nil
        #endif
    }()

    /// Whether a renameat2 failure means "not here" (old kernel, file system without the flag) rather than a
    /// real failure.
    static func unsupported(_ code: Int32) -> Bool { code == EINVAL || code == ENOSYS || code == ENOTSUP || code == EOPNOTSUPP }
}

// At file scope, `rename` means the C function (inside the types above it means their own members).
func posixRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
