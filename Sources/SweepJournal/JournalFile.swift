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

    /// Takes an exclusive, non-blocking `flock` on `fd`; throws ``JournalError/locked(path:)`` if another open
    /// file description holds it.
    func lock(_ fd: Int32) throws {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK || errno == EAGAIN { throw JournalError.locked(path: path) }
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

    /// Reads the whole file open at `fd` from offset 0.
    func readAll(_ fd: Int32) throws -> [UInt8] {
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw failure("inspect") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw failure("read", EISDIR) }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var filled = 0
        while true {
            if filled == bytes.count { bytes.append(contentsOf: [UInt8](repeating: 0, count: 64 * 1024)) }  // it grew
            let got = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + filled, $0.count - filled, off_t(filled)) }
            if got < 0 {
                if errno == EINTR { continue }
                throw failure("read")
            }
            if got == 0 { break }
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
