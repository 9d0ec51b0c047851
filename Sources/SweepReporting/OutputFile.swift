import Foundation

/// Writes one file the user named (`sweep check --junit`, `import --out`, `export-uikit --out`, `shrink --out`,
/// `trees --out`, report.html of `sweep report`, a shard's shard.tsj) in place of what is there, as a unit: the
/// bytes go to a temporary file beside it (`.<name>.tmp-<pid>-<random>`), fsync'd, which is then renamed over it.
///
/// Only a regular file is ever replaced: a path that is a device (`/dev/full`), a FIFO, a socket, a directory or a
/// symbolic link to any of them is refused in one sentence, and left as it is. A symbolic link to a regular file
/// is followed: the file it points to is replaced, and the link keeps pointing there. A missing directory is not
/// created: it is refused, naming the directory. A replaced file keeps its permission bits; a new one gets 0666
/// less the umask.
public enum OutputFile {
    /// Writes `text` (UTF-8, as it is) to `path` (see the type's contract). `option` names where the path came
    /// from in the error (`--junit`), or nil for a path the command chose itself.
    /// - Throws: ``OutputFileError``, one sentence naming the option and the path; nothing is left behind.
    public static func write(_ text: String, to path: String, option: String? = nil) throws(OutputFileError) {
        let target = try replaceable(path, option: option)
        let fail = { (what: String, code: Int32) in OutputFileError(option: option, path: path, reason: "\(what) (\(String(cString: strerror(code))))") }
        let directory = (target as NSString).deletingLastPathComponent
        let temporary =
            (directory.isEmpty ? "" : directory + "/") + ".\((target as NSString).lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
        var existing = stat()
        let mode: mode_t = lstat(target, &existing) == 0 ? existing.st_mode & 0o7777 : 0o666
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard fd >= 0 else { throw fail("cannot create \(temporary)", errno) }
        var closed = false
        defer { if !closed { close(fd) } }
        do throws(OutputFileError) {
            if existing.st_mode != 0 { _ = fchmod(fd, mode) } // the umask narrowed a replaced file's bits
            let bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress! + offset, $0.count - offset) }
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { throw fail("cannot write \(temporary)", errno) }
                offset += written
            }
            guard fsync(fd) == 0 else { throw fail("cannot sync \(temporary)", errno) }
            closed = true
            guard close(fd) == 0 else { throw fail("cannot write \(temporary)", errno) }
            // Checked again at the last moment: something that appeared meanwhile is not replaced either.
            _ = try replaceable(path, option: option)
            guard rename(temporary, target) == 0 else { throw fail("cannot move \(temporary) to \(target)", errno) }
        } catch {
            _ = unlink(temporary)
            throw error
        }
        let dirFD = open(directory.isEmpty ? "." : directory, O_RDONLY | O_CLOEXEC)
        if dirFD >= 0 {
            _ = fsync(dirFD)
            close(dirFD)
        }
    }

    /// Where writing `path` puts the file: `path` itself when it is absent (in an existing directory) or a regular
    /// file, the file a symbolic link leads to when that is a regular file.
    /// - Throws: ``OutputFileError`` (``OutputFileError/refused``) for anything else: a device, FIFO, socket or
    ///   directory (or a link to one), a link to nothing, a directory that does not exist or is not a directory.
    @discardableResult
    public static func replaceable(_ path: String, option: String? = nil) throws(OutputFileError) -> String {
        func refuse(_ reason: String) -> OutputFileError {
            OutputFileError(
                option: option, path: path, reason: reason + ", and only a regular file is ever replaced; give the path of a regular file or of a new one",
                refused: true)
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFREG { return path }
            guard type == S_IFLNK else { throw refuse("it is \(kind(type))") }
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            guard stat(path, &info) == 0 else {
                throw OutputFileError(
                    option: option, path: path,
                    reason: "it is a symbolic link to \(destination), which does not exist; give the path of a regular file or of a new one",
                    refused: true)
            }
            guard (info.st_mode & S_IFMT) == S_IFREG else { throw refuse("it is a symbolic link to \(destination), \(kind(info.st_mode & S_IFMT))") }
            guard let resolved = realpath(path, nil) else { throw refuse("it is a symbolic link to \(destination), which cannot be followed") }
            defer { free(resolved) }
            return String(cString: resolved)
        }
        let directory = (path as NSString).deletingLastPathComponent
        guard !directory.isEmpty else { return path }
        guard stat(directory, &info) == 0 else {
            throw OutputFileError(
                option: option, path: path, reason: "the directory \(directory) does not exist; create it first, or write somewhere else", refused: true)
        }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            throw OutputFileError(option: option, path: path, reason: "\(directory) is not a directory; write somewhere else", refused: true)
        }
        return path
    }

    /// A file type in words, with its article: `a character device`.
    static func kind(_ type: mode_t) -> String {
        switch type {
        case S_IFREG: return "a regular file"
        case S_IFDIR: return "a directory"
        case S_IFCHR: return "a character device"
        case S_IFBLK: return "a block device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        case S_IFLNK: return "a symbolic link"
        default: return "not a regular file"
        }
    }
}

/// Why ``OutputFile`` did not write a file: one sentence naming the option (when there is one) and the path, e.g.
/// `cannot write --junit /dev/full: it is a character device, and only a regular file is ever replaced; give the
/// path of a regular file or of a new one.`
public struct OutputFileError: Error, CustomStringConvertible, Equatable {
    /// The option the path was given with (`--junit`), if any.
    public let option: String?
    public let path: String
    /// What is wrong, and the way out.
    public let reason: String
    /// True when the path itself is refused (what it is, or a missing directory): a usage error (exit status 2).
    /// False for a failure while writing (a full disk, a file system that refuses).
    public let refused: Bool

    init(option: String?, path: String, reason: String, refused: Bool = false) {
        self.option = option
        self.path = path
        self.reason = reason
        self.refused = refused
    }

    public var description: String { "cannot write \(option.map { $0 + " " } ?? "")\(path): \(reason)." }
}
