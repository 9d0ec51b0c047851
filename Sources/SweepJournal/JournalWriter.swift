import Foundation

/// When a ``JournalWriter`` makes appended records durable.
///
/// A sync (write + fsync) happens when ``maxPendingRecords`` records are pending (checked by every append),
/// or when ``JournalWriter/flushIfDue(nowMs:)`` finds that the oldest pending record has waited
/// ``maxPendingMs`` milliseconds. So after a crash at most `maxPendingRecords` records, or `maxPendingMs`
/// (plus the caller's polling interval) worth of records, need recomputing.
public struct JournalSyncPolicy: Sendable, Equatable {
    /// Sync as soon as this many appended records are not yet durable. At least 1.
    public var maxPendingRecords: Int
    /// Sync once the oldest pending record has waited this long, in the caller's milliseconds. At least 0.
    public var maxPendingMs: Int64
    /// Hand the in-memory buffer to the operating system (write, no fsync) once it holds this many bytes,
    /// bounding the writer's memory between syncs.
    public var maxBufferedBytes: Int

    /// - Precondition: `maxPendingRecords >= 1`, `maxPendingMs >= 0`, `maxBufferedBytes >= 0`.
    public init(maxPendingRecords: Int = 4096, maxPendingMs: Int64 = 100, maxBufferedBytes: Int = 1 << 20) {
        precondition(maxPendingRecords >= 1, "maxPendingRecords must be at least 1")
        precondition(maxPendingMs >= 0, "maxPendingMs cannot be negative")
        precondition(maxBufferedBytes >= 0, "maxBufferedBytes cannot be negative")
        self.maxPendingRecords = maxPendingRecords
        self.maxPendingMs = maxPendingMs
        self.maxBufferedBytes = maxBufferedBytes
    }

    /// 4,096 records or 100 ms, buffer 1 MiB: a few dozen fsyncs a second at 100,000 commits a second.
    public static let `default` = JournalSyncPolicy()
    /// Every append is durable before `append` returns.
    public static let everyRecord = JournalSyncPolicy(maxPendingRecords: 1, maxPendingMs: 0)
}

/// Appends records to a journal (format and policies: `Journal.swift`).
///
/// One writer per file: it holds an exclusive `flock` until ``close()``; a second writer, in this process or
/// another, gets ``JournalError/locked(path:)``. Not thread-safe: use it from one thread (or actor) at a time.
///
/// Durability: ``append(kind:key:payload:nowMs:)`` buffers; ``flush()`` writes and fsyncs. The writer syncs
/// on its own per its ``syncPolicy``: after `maxPendingRecords` appends, and in ``flushIfDue(nowMs:)`` once the
/// oldest pending record is `maxPendingMs` old by the caller's clock. It never reads a clock itself. Call
/// `flushIfDue` from the loop that appends (after each batch of messages, and on idle wake-ups) with a
/// monotonic millisecond time.
///
/// After a failed write or sync the file's state is unknown (the kernel may have dropped the dirty pages),
/// so the writer refuses further work with ``JournalError/unusable(path:cause:)``; reopening with
/// ``openForAppend(path:expectedConfigHash:syncPolicy:accept:)`` recovers every record that did reach the disk.
public final class JournalWriter {
    /// The journal's path, as given.
    public let path: String
    /// The config hash in the journal's header.
    public let configHash: String
    /// When to sync; may be changed at any time (takes effect at the next append or `flushIfDue`).
    public var syncPolicy: JournalSyncPolicy
    /// Records in the journal: the intact ones found on opening plus every one appended since.
    public private(set) var recordCount: Int
    /// Records appended but not yet fsync'd.
    public private(set) var pendingRecordCount = 0
    /// The number of syncs this writer has made of appended records (creating or repairing the file not counted).
    public private(set) var syncCount = 0
    /// Bytes appended but not yet handed to the operating system.
    public var bufferedByteCount: Int { buffer.count }

    private enum State { case open, failed(String), closed }
    private var state = State.open
    private var fd: Int32
    private let file: JournalFile
    /// Where every record's CRC starts: the CRC of the config hash (see `Journal.swift`).
    private let seed: UInt32
    private var buffer: [UInt8] = []
    /// The caller's time when the oldest pending record was first known to be pending.
    private var pendingSinceMs: Int64?

    private init(path: String, configHash: String, fd: Int32, recordCount: Int, syncPolicy: JournalSyncPolicy) {
        self.path = path
        self.configHash = configHash
        self.fd = fd
        self.file = JournalFile(path: path)
        self.seed = JournalCodec.recordSeed(configHash: configHash)
        self.recordCount = recordCount
        self.syncPolicy = syncPolicy
        buffer.reserveCapacity(min(syncPolicy.maxBufferedBytes, 1 << 20) + 4096)
    }

    deinit {
        if case .open = state { try? flush() }
        if fd >= 0 { JournalFile.closeFile(fd) }
    }

    // MARK: Opening

    /// Creates a journal holding only its header, durably and atomically (see `Journal.swift`), and opens it
    /// for appending.
    /// - Parameters:
    ///   - overwrite: replace an existing file at `path` (refused while another writer holds it).
    /// - Throws: ``JournalError``: `.alreadyExists` when `path` exists and `overwrite` is false, `.locked`,
    ///   `.io` (e.g. the directory does not exist).
    public static func create(
        path: String, configHash: String, headerText: String, overwrite: Bool = false,
        syncPolicy: JournalSyncPolicy = .default
    ) throws -> JournalWriter {
        let file = JournalFile(path: path)
        if JournalCodec.bodySize(keyBytes: configHash.utf8.count + 4, payloadBytes: headerText.utf8.count) == nil {
            throw JournalError.recordTooLarge(path: path, key: "the header", bytes: configHash.utf8.count + headerText.utf8.count)
        }
        var existing = stat()
        let exists = lstat(path, &existing) == 0
        if exists && !overwrite { throw JournalError.alreadyExists(path: path) }
        // Refuse to replace a journal another writer is appending to.
        var oldFD: Int32 = -1
        if exists && (existing.st_mode & S_IFMT) == S_IFREG {
            oldFD = JournalFile.openFile(path, flags: O_RDONLY)
            if oldFD >= 0 {
                do { try file.lock(oldFD) } catch { JournalFile.closeFile(oldFD); throw error }
            }
        }
        defer { if oldFD >= 0 { JournalFile.closeFile(oldFD) } }

        let temporary = JournalFile.temporaryPath(near: path)
        let fd = JournalFile.openFile(temporary, flags: O_RDWR | O_CREAT | O_EXCL)
        guard fd >= 0 else { throw file.failure("create") }
        var linked = false
        do {
            try JournalCodec.header(configHash: configHash, headerText: headerText).withUnsafeBytes { try file.writeAll(fd, $0) }
            try file.sync(fd)
            try file.lock(fd)
            if overwrite {
                guard posixRename(temporary, path) == 0 else { throw file.failure("replace") }
                linked = true
            } else {
                linked = try linkNew(temporary, to: path, file: file)
                _ = posixUnlink(temporary)
            }
            try file.syncDirectory()
            guard posixSeekToEnd(fd) >= 0 else { throw file.failure("seek in") }
        } catch {
            JournalFile.closeFile(fd)
            _ = posixUnlink(temporary)
            if linked { _ = posixUnlink(path) }
            throw error
        }
        return JournalWriter(path: path, configHash: configHash, fd: fd, recordCount: 0, syncPolicy: syncPolicy)
    }

    /// Puts `temporary` at `path` only if nothing is there: a hard link fails atomically if `path` exists.
    /// Falls back to a checked rename on file systems without hard links. Returns true once `path` is ours.
    private static func linkNew(_ temporary: String, to path: String, file: JournalFile) throws -> Bool {
        if posixLink(temporary, path) == 0 { return true }
        let code = errno
        if code == EEXIST { throw JournalError.alreadyExists(path: path) }
        guard code == EPERM || code == ENOTSUP || code == EOPNOTSUPP || code == EMLINK else { throw file.failure("create", code) }
        var existing = stat()
        if lstat(path, &existing) == 0 { throw JournalError.alreadyExists(path: path) }
        guard posixRename(temporary, path) == 0 else { throw file.failure("create") }
        return true
    }

    /// Opens an existing journal to add records: reads it, checks its header against `expectedConfigHash`,
    /// passes each intact record in file order to `accept`, cuts off the damaged tail (a record torn by a crash
    /// mid-append, damage further up, or the first record `accept` rejects: see the policy in `Journal.swift`)
    /// and fsyncs that repair, and positions the writer at the end.
    /// - Parameters:
    ///   - accept: given each intact record and its index (from 0), returns nil to keep it or the reason it is
    ///     not what it claims to be; that record and every one after it are then cut off (`accept` is not called
    ///     for them). May throw to refuse the journal: the file is left untouched then.
    /// - Returns: the writer and what the journal held; `contents.tail` (with the number of records it
    ///   dropped) and `contents.truncatedBytes` describe what was cut off (already gone from the file).
    /// - Throws: ``JournalError``: `.configHashMismatch` (the file is left untouched), `.notARegularFile`,
    ///   `.notAJournal`, `.unsupportedVersion`, `.corruptHeader`, `.locked`, `.io` (e.g. ENOENT when there is no
    ///   file); or what `accept` throws.
    public static func openForAppend(
        path: String, expectedConfigHash: String, syncPolicy: JournalSyncPolicy = .default,
        accept: (JournalRecord, Int) throws -> String? = { _, _ in nil }
    ) throws -> (JournalWriter, JournalContents) {
        let file = JournalFile(path: path)
        let fd = try file.openRegular(flags: O_RDWR)
        do {
            try file.lock(fd)
            let bytes = try file.readAll(fd)
            var contents = try bytes.withUnsafeBytes { try JournalCodec.decode($0, path: path) }
            guard contents.configHash == expectedConfigHash else {
                throw JournalError.configHashMismatch(
                    path: path, journalHash: contents.configHash, expectedHash: expectedConfigHash,
                    journalHeaderText: contents.headerText)
            }
            for (index, record) in contents.records.enumerated() {
                if let reason = try accept(record, index) {
                    contents.cut(atRecord: index, reason: .rejected(reason), fileLength: bytes.count)
                    break
                }
            }
            if contents.tail != nil {
                guard posixTruncate(fd, contents.validLength) == 0 else { throw file.failure("truncate") }
                try file.sync(fd)
            }
            guard posixSeekToEnd(fd) == off_t(contents.validLength) else { throw file.failure("seek in") }
            let writer = JournalWriter(
                path: path, configHash: contents.configHash, fd: fd,
                recordCount: contents.records.count, syncPolicy: syncPolicy)
            return (writer, contents)
        } catch {
            JournalFile.closeFile(fd)
            throw error
        }
    }

    // MARK: Appending

    /// Adds one record to the buffer; it is durable after the next sync (see the type's documentation).
    /// Syncs before returning when this append makes `maxPendingRecords` records pending.
    /// - Parameters:
    ///   - key: the unit's key, e.g. `c3:t40-49`. Keys may repeat; the first record of a key counts.
    ///   - nowMs: the caller's time, if at hand; starts the `maxPendingMs` wait from this append rather than
    ///     from the next ``flushIfDue(nowMs:)``.
    /// - Throws: ``JournalError``: `.recordTooLarge` (nothing appended), `.closed`, `.unusable`, or the
    ///   `.io` failure of a sync it made.
    public func append(kind: JournalRecordKind, key: String, payload: [UInt8], nowMs: Int64? = nil) throws {
        try payload.withUnsafeBytes { try append(kind: kind, key: key, payloadBytes: $0, nowMs: nowMs) }
    }

    /// ``append(kind:key:payload:nowMs:)`` for bytes the caller holds elsewhere.
    public func append(kind: JournalRecordKind, key: String, payloadBytes: UnsafeRawBufferPointer, nowMs: Int64? = nil) throws {
        try checkOpen()
        guard JournalCodec.bodySize(keyBytes: key.utf8.count, payloadBytes: payloadBytes.count) != nil else {
            throw JournalError.recordTooLarge(path: path, key: key, bytes: Journal.minimumBodySize + key.utf8.count + payloadBytes.count)
        }
        JournalCodec.appendRecord(kind: kind, key: key, payload: payloadBytes, seed: seed, to: &buffer)
        recordCount += 1
        pendingRecordCount += 1
        if pendingSinceMs == nil, let nowMs { pendingSinceMs = nowMs }
        if pendingRecordCount >= syncPolicy.maxPendingRecords {
            try flush()
        } else if buffer.count >= syncPolicy.maxBufferedBytes {
            try guarded { try writeBuffer() }
        }
    }

    // MARK: Syncing

    /// Writes the buffer and fsyncs, making every appended record durable. Does nothing when no record is
    /// pending.
    /// - Throws: ``JournalError``: `.io` (after which the writer is unusable), `.closed`, `.unusable`.
    public func flush() throws {
        try checkOpen()
        guard pendingRecordCount > 0 || !buffer.isEmpty else { return }
        try guarded {
            try writeBuffer()
            try file.sync(fd)
        }
        syncCount += 1
        pendingRecordCount = 0
        pendingSinceMs = nil
    }

    /// Syncs if the policy says it is time: when records are pending and either `maxPendingRecords` are, or
    /// the oldest has waited `maxPendingMs` since it was first seen pending (by an `append` given `nowMs`,
    /// or else by this call). A time earlier than that start (a clock that went back) counts as due.
    /// - Parameter nowMs: the caller's monotonic time in milliseconds.
    /// - Returns: whether it synced.
    @discardableResult
    public func flushIfDue(nowMs: Int64) throws -> Bool {
        try checkOpen()
        guard pendingRecordCount > 0 else {
            pendingSinceMs = nil
            return false
        }
        let since = pendingSinceMs ?? nowMs
        pendingSinceMs = since
        let (elapsed, overflow) = nowMs.subtractingReportingOverflow(since)
        guard
            pendingRecordCount >= syncPolicy.maxPendingRecords || overflow || elapsed < 0
                || elapsed >= syncPolicy.maxPendingMs
        else { return false }
        try flush()
        return true
    }

    /// Flushes and releases the file and its lock. Closing twice is harmless.
    /// - Throws: the flush's failure (the file is released anyway), or `.unusable` when an earlier failure
    ///   left records that never reached the disk.
    public func close() throws {
        defer {
            if fd >= 0 { JournalFile.closeFile(fd) }
            fd = -1
            state = .closed
            buffer = []
        }
        switch state {
        case .closed: return
        case .failed(let cause): throw JournalError.unusable(path: path, cause: cause)
        case .open: try flush()
        }
    }

    /// Flushes, closes and then renames the journal to `path` (replacing any file there) and fsyncs that
    /// directory: a journal written whole under a temporary name appears at `path` complete or not at all.
    /// - Throws: what ``close()`` throws (nothing is renamed then), or `.io` naming `path` when the rename or
    ///   the directory sync fails.
    public func close(movingTo path: String) throws {
        try close()
        guard posixRename(self.path, path) == 0 else {
            throw JournalError.io(path: path, operation: "move \(self.path) to", errno: errno)
        }
        try JournalFile(path: path).syncDirectory()
    }

    // MARK: Internals

    private func checkOpen() throws {
        switch state {
        case .open: return
        case .closed: throw JournalError.closed(path: path)
        case .failed(let cause): throw JournalError.unusable(path: path, cause: cause)
        }
    }

    /// Runs an I/O step; a failure makes the writer unusable.
    private func guarded(_ step: () throws -> Void) throws {
        do { try step() } catch {
            state = .failed("\(error)")
            throw error
        }
    }

    private func writeBuffer() throws {
        guard !buffer.isEmpty else { return }
        try buffer.withUnsafeBytes { try file.writeAll(fd, $0) }
        buffer.removeAll(keepingCapacity: buffer.capacity <= 2 * max(syncPolicy.maxBufferedBytes, 1 << 16))
    }
}
