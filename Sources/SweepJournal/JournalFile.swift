import Foundation

/// The system calls the journal uses, each failure turned into a ``JournalError`` naming the journal's path.
/// File-scope wrappers keep `close`, `read` and `write` unambiguous inside types that have such members.
struct JournalFile {
    let path: String

    func failure(_ operation: String, _ code: Int32 = errno) -> JournalError {
        .io(path: path, operation: operation, errno: code)
    }

    static func openFile(_ path: String, flags: Int32, mode: mode_t = 0o644) -> Int32 {
        open(path, flags | O_CLOEXEC, mode)
    }

    static func closeFile(_ fd: Int32) { _ = close(fd) }

    /// How long a held lock is waited for before the journal counts as another writer's: a process that forks
    /// (this one starting a worker, or a test process starting a `sweep`) lends the child every open file
    /// description until the child's exec closes it (`O_CLOEXEC`), so a writer closed just before such a fork
    /// still holds its lock for that moment — on a busy machine, tens of milliseconds.
    static let lockPatience = 200, lockRetryMicroseconds: useconds_t = 10_000

    /// Takes an exclusive `flock` on `fd`, waiting at most 2 s (``lockPatience`` × 10 ms) for a holder to let go;
    /// throws ``JournalError/locked(path:)`` if another open file description still holds it.
    func lock(_ fd: Int32) throws {
        var tries = 0
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK || errno == EAGAIN {
                tries += 1
                if tries > Self.lockPatience { throw JournalError.locked(path: path) }
                usleep(Self.lockRetryMicroseconds)
                continue
            }
            throw failure("lock")
        }
    }

    /// Writes all of `bytes` at the file offset of `fd`.
    func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) throws {
        guard var p = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let written = write(fd, p, left)
            if written < 0 {
                if errno == EINTR { continue }
                throw failure("write")
            }
            p += written
            left -= written
        }
    }

    /// Makes everything written to `fd` durable (F_FULLFSYNC on Apple platforms, where fsync alone does not
    /// flush the drive's cache).
    func sync(_ fd: Int32) throws {
        #if canImport(Darwin)
            if fcntl(fd, F_FULLFSYNC) == 0 { return }
        #endif
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            throw failure("sync")
        }
    }

    /// Opens the journal at `path`, which must be a regular file (or a symbolic link to one): anything else is
    /// refused with ``JournalError/notARegularFile(path:kind:)`` before it is opened for reading, so a FIFO
    /// cannot block and a device cannot be read without end.
    func openRegular(flags: Int32) throws -> Int32 {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG { throw notRegular(info) }
        // O_NONBLOCK: should the path have become a FIFO since, opening it must not wait for a writer.
        let fd = JournalFile.openFile(path, flags: flags | O_NONBLOCK)
        guard fd >= 0 else { throw failure("open") }
        guard fstat(fd, &info) == 0 else {
            let code = errno
            JournalFile.closeFile(fd)
            throw failure("inspect", code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            JournalFile.closeFile(fd)
            throw notRegular(info)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return fd
    }

    /// The error for a path whose file (after following links) has the type in `info`.
    private func notRegular(_ info: stat) -> JournalError {
        let kind: String
        switch info.st_mode & S_IFMT {
        case S_IFDIR: kind = "a directory"
        case S_IFCHR: kind = "a character device"
        case S_IFBLK: kind = "a block device"
        case S_IFIFO: kind = "a FIFO"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a regular file"
        }
        var link = stat()
        let isLink = lstat(path, &link) == 0 && (link.st_mode & S_IFMT) == S_IFLNK
        return .notARegularFile(path: path, kind: isLink ? "a symbolic link to \(kind)" : kind)
    }

    /// Reads the file open at `fd` from offset 0, up to the size it has now: a file that grows meanwhile is read
    /// as it was, and a file that claims no size is not read without bound.
    func readAll(_ fd: Int32) throws -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("inspect") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw failure("read", EISDIR) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while filled < bytes.count {
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("read")
            }
            if got == 0 { break } // it shrank
            filled += got
        }
        bytes.removeSubrange(filled...)
        return bytes
    }

    /// fsyncs the directory holding `path`, making a creation or rename in it durable.
    func syncDirectory() throws {
        let directory = JournalFile.directory(of: path)
        let fd = JournalFile.openFile(directory, flags: O_RDONLY)
        guard fd >= 0 else { throw JournalError.io(path: directory, operation: "open the directory", errno: errno) }
        defer { JournalFile.closeFile(fd) }
        while fsync(fd) != 0 {
            if errno == EINTR { continue }
            throw JournalError.io(path: directory, operation: "sync the directory", errno: errno)
        }
    }

    /// The directory part of `path` ("." for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    /// The path of a fresh temporary file next to `path`.
    static func temporaryPath(near path: String) -> String {
        let slash = path.lastIndex(of: "/")
        let prefix = slash.map { String(path[...$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        return "\(prefix).\(name).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
    }
}

// At file scope these names mean the C functions.
func posixLink(_ from: String, _ to: String) -> Int32 { link(from, to) }
func posixRename(_ from: String, _ to: String) -> Int32 { rename(from, to) }
func posixUnlink(_ path: String) -> Int32 { unlink(path) }
func posixTruncate(_ fd: Int32, _ length: Int) -> Int32 { ftruncate(fd, off_t(length)) }
func posixSeekToEnd(_ fd: Int32) -> off_t { lseek(fd, 0, SEEK_END) }
