import Foundation

/// A journal failure. Every ``description`` is one sentence that names the journal's path.
public enum JournalError: Error, Equatable, CustomStringConvertible, LocalizedError {
    /// ``JournalWriter/create(path:configHash:headerText:overwrite:syncPolicy:)`` found a file at `path` and was
    /// not told to overwrite it.
    case alreadyExists(path: String)
    /// The file is not a journal at all (empty, or it does not start with "TSJ1"); `reason` says which.
    case notAJournal(path: String, reason: String)
    /// The path is not a regular file (or a link to one): `kind` says what it is, e.g. "a symbolic link to a
    /// character device". Nothing was read from it.
    case notARegularFile(path: String, kind: String)
    /// The file is a journal of a format version this build cannot read.
    case unsupportedVersion(path: String, found: UInt32, supported: UInt32)
    /// The file starts like a journal but its header is incomplete or fails its checksum.
    case corruptHeader(path: String, reason: String)
    /// The journal belongs to another sweep configuration. `journalHeaderText` is the header text stored in
    /// the journal (e.g. its config file), so the caller can say what differs.
    case configHashMismatch(path: String, journalHash: String, expectedHash: String, journalHeaderText: String)
    /// Another open writer (in this or another process) holds the journal's lock.
    case locked(path: String)
    /// A system call failed: `operation` is a verb phrase such as "write" or "sync", `errno` the C error.
    case io(path: String, operation: String, errno: Int32)
    /// A record body would exceed the format's 4 GiB limit.
    case recordTooLarge(path: String, key: String, bytes: Int)
    /// The writer was closed.
    case closed(path: String)
    /// An earlier write or sync failed, so the file's state on disk is unknown; reopen it to recover.
    case unusable(path: String, cause: String)

    /// The journal this error is about.
    public var path: String {
        switch self {
        case .alreadyExists(let path), .notAJournal(let path, _), .notARegularFile(let path, _), .unsupportedVersion(let path, _, _),
            .corruptHeader(let path, _), .configHashMismatch(let path, _, _, _), .locked(let path),
            .io(let path, _, _), .recordTooLarge(let path, _, _), .closed(let path), .unusable(let path, _):
            return path
        }
    }

    public var description: String {
        switch self {
        case .alreadyExists(let path):
            return "\(path) already exists and was left as it is; use --restart to start over."
        case .notAJournal(let path, let reason):
            return "\(path) is not a TouchSweep journal (\(reason))."
        case .notARegularFile(let path, let kind):
            return "\(path) is not a regular file (it is \(kind)), so it cannot be a TouchSweep journal."
        case .unsupportedVersion(let path, let found, let supported):
            return "\(path) is a TouchSweep journal of format version \(found), but this build reads only version \(supported)."
        case .corruptHeader(let path, let reason):
            return "\(path) has a damaged journal header (\(reason)); use --restart to start over."
        case .configHashMismatch(let path, let journalHash, let expectedHash, _):
            return "\(path) was written for config hash \(journalHash) but this sweep's hash is \(expectedHash); use --restart to start over."
        case .locked(let path):
            return "\(path) is locked by another writer (is another sweep using the same output directory?)."
        case .io(let path, let operation, let code):
            return "Cannot \(operation) \(path): \(String(cString: strerror(code)))."
        case .recordTooLarge(let path, let key, let bytes):
            return "Cannot append \(key) to \(path): its record of \(bytes) bytes exceeds the 4 GiB limit of the format."
        case .closed(let path):
            return "\(path) was closed and cannot be appended to any more."
        case .unusable(let path, let cause):
            return "\(path) cannot be appended to after an earlier failure (\(cause)); reopen it to recover."
        }
    }

    public var errorDescription: String? { description }
}
