/// # TouchSweep journal format, version 3 (`*.tsj`)
///
/// An append-only, crash-safe log of committed work-unit results (and of the leases that handed units out). The
/// journal does not interpret payloads;
/// it stores bytes under a key (a unit id such as `c3:t40-49`) and guarantees that whatever it hands back
/// was written whole, in order, by a TouchSweep journal writer. All integers are unsigned big-endian.
/// CRC-32 is the IEEE 802.3 polynomial (reflected 0xEDB88320, initial value and final XOR 0xFFFFFFFF; the
/// one zlib, PNG and Ethernet use; `"123456789"` → 0xCBF43926).
///
/// ```
/// header   magic     4 bytes   "TSJ1" (0x54 0x53 0x4A 0x31)
///          version   u32       3
///          length    u32       H, the byte length of the header body
///          crc       u32       CRC-32 of the header body
///          body      H bytes   config hash: u32 length + UTF-8
///                              header text: u32 length + UTF-8 (free form, e.g. the config file)
/// record*  length    u32       L, the byte length of the record body (at least 5)
///          crc       u32       CRC-32 of the header's config hash (UTF-8) followed by the record body
///          body      L bytes   type: u8 (1 = committed unit, 2 = quarantined unit, 3 = leased unit)
///                              key: u32 length K + K bytes of UTF-8
///                              payload: the remaining L - 5 - K bytes (opaque; may be empty)
/// ```
///
/// Records follow each other with no padding, alignment or trailer; the file ends after the last record.
///
/// **Creation is atomic.** The header is written to a temporary file in the same directory, fsync'd, and
/// then linked (or, when overwriting, renamed) into place and the directory fsync'd, so a journal file never
/// exists with a partial header.
///
/// **Records are bound to their journal.** A record's CRC covers the config hash of the header as well as its
/// body (version 1 covered the body only), so a record copied from a journal of another sweep does not check.
/// The journal does not know what a payload means: a caller that does (the coordinator checks that the key names
/// the unit its payload holds, that the unit is in its plan and that the result belongs to it) rejects a record
/// through ``JournalWriter/openForAppend(path:expectedConfigHash:syncPolicy:accept:)``, and a rejected record is
/// damage like any other.
///
/// **Leases (version 3).** A record of type 3 says that a unit was handed to a worker (the payload says which, as
/// the caller encodes it): a coordinator started again from the journal takes that worker's result for the unit
/// while its trees are open, and no other peer's (docs/protocol.md, "Result, ack"). Lease records hold no result:
/// ``JournalContents/latestByKey`` and ``JournalContents/uniqueRecords`` leave them out. Version 2 had no type 3,
/// so a journal of version 2 is refused rather than read without its leases.
///
/// **Damage policy: cut at the first damaged record, and say how much was dropped.** A reader checks the
/// records in file order and stops at the first one that is not intact: fewer than 8 bytes left for its length
/// and CRC, a length running past the end of the file, a length below 5, a CRC mismatch, a key running past the
/// body, a key that is not UTF-8, an unknown type, or a record the caller rejected. That record and *everything
/// after it* are the damaged tail (``JournalContents/tail``): ``JournalReader`` reports it and
/// ``JournalWriter/openForAppend(path:expectedConfigHash:syncPolicy:accept:)`` cuts it off before it appends.
/// The tail says which record it starts at (``JournalTail/recordIndex``) and how many records it drops
/// (``JournalTail/droppedRecords``: the damaged one plus every intact record found after it by scanning the
/// rest of the file byte by byte), so the caller can log it: nothing is dropped silently. A crash during an
/// append leaves a tail of one torn record, so no committed record is ever lost to it. Damage in the middle of
/// the file (a flipped byte) also drops the intact records behind it: once one length field is in doubt no later
/// record boundary can be trusted, and because every payload is the deterministic result of its unit, a dropped
/// record only costs re-running that unit, never a wrong result. A damaged *header*, by contrast, is an error:
/// without it the journal cannot be matched to its sweep.
///
/// **Only regular files.** A journal is a regular file: a path that is a directory, a device, a FIFO or a
/// socket (or a symbolic link to one) is refused before a byte is read (``JournalError/notARegularFile(path:kind:)``),
/// and reading stops at the size the file had when it was opened.
///
/// **Keys.** The reader keeps every record, duplicates included. Committing is idempotent by key: the
/// first committed or quarantined record of a key is the one that counts and later ones with the same key are ignored
/// (``JournalContents/latestByKey``), so a coordinator that re-commits a unit after a crash or a late
/// duplicate result cannot change the outcome.
///
/// **Durability.** Appends are buffered in memory. A record is durable once ``JournalWriter/flush()``
/// has written and fsync'd it; the writer does so on its own after ``JournalSyncPolicy/maxPendingRecords``
/// appends, and ``JournalWriter/flushIfDue(nowMs:)`` does so once the oldest pending record has waited
/// ``JournalSyncPolicy/maxPendingMs`` milliseconds of caller-supplied time. The writer never reads a clock.
/// One writer at a time: it holds an exclusive `flock` on the file while open.
public enum Journal {
    /// The four bytes every journal starts with: "TSJ1".
    public static let magic: [UInt8] = Array("TSJ1".utf8)
    /// The format version this build writes and reads.
    public static let formatVersion: UInt32 = 3
    /// The conventional file name inside an output directory.
    public static let defaultFileName = "journal.tsj"
    /// Bytes before the header body: magic, version, length, CRC.
    static let headerPrefixSize = 16
    /// Bytes before a record body: length, CRC.
    static let frameSize = 8
    /// The smallest record body: the type byte and the key length.
    static let minimumBodySize = 5

    /// The file format, as documented at the top of `Journal.swift`.
    public static let formatDescription = """
        TouchSweep journal format, version 3 (*.tsj)

        An append-only, crash-safe log of committed work-unit results (and of the leases that handed units
        out). Payloads are opaque bytes stored
        under a key (a unit id such as c3:t40-49). All integers are unsigned big-endian. CRC-32 is the
        IEEE 802.3 polynomial (reflected 0xEDB88320, initial value and final XOR 0xFFFFFFFF; "123456789"
        -> 0xCBF43926).

        header   magic     4 bytes   "TSJ1" (0x54 0x53 0x4A 0x31)
                 version   u32       3
                 length    u32       H, the byte length of the header body
                 crc       u32       CRC-32 of the header body
                 body      H bytes   config hash: u32 length + UTF-8
                                     header text: u32 length + UTF-8 (free form, e.g. the config file)
        record*  length    u32       L, the byte length of the record body (at least 5)
                 crc       u32       CRC-32 of the header's config hash (UTF-8) followed by the record body
                 body      L bytes   type: u8 (1 = committed unit, 2 = quarantined unit, 3 = leased unit)
                                     key: u32 length K + K bytes of UTF-8
                                     payload: the remaining L - 5 - K bytes (opaque; may be empty)

        Records follow each other with no padding, alignment or trailer.

        Creation is atomic: the header is written to a temporary file in the same directory, fsync'd,
        linked (or, when overwriting, renamed) into place, and the directory fsync'd.

        Records are bound to their journal: a record's CRC covers the header's config hash and its body
        (version 1: the body only). A caller that knows what payloads mean may reject an intact record.

        Leases (version 3): a record of type 3 says a unit was handed to a worker (the payload says which);
        it holds no result. Version 2 had no type 3 and is refused.

        Damage policy: records are checked in file order; the first one that is not intact (fewer than 8
        bytes left, a length past the end of the file or below 5, a CRC mismatch, a key past the body or
        not UTF-8, an unknown type, a record the caller rejected) and everything after it form the damaged
        tail. The tail says at which record it starts and how many records it drops (the damaged one and
        every intact one found after it), so the caller logs it. The reader reports it; opening for append
        cuts it off. A crash mid-append leaves one torn record, so no committed record is lost. Damage in
        the middle also drops the intact records behind it (no later boundary can be trusted); since
        payloads are deterministic results, that only costs re-running those units. A damaged header is an
        error.

        Only regular files: a directory, device, FIFO or socket (or a link to one) is refused unread, and
        reading stops at the size the file had when opened.

        Keys: the reader keeps every record. Committing is idempotent by key: the first committed or
        quarantined record of a key counts and later ones with the same key are ignored.

        Durability: appends are buffered; a record is durable once flushed (written and fsync'd). The
        writer syncs after N pending records, and flushIfDue(nowMs:) syncs once the oldest pending record
        has waited T ms of caller-supplied time; the writer never reads a clock. One writer at a time
        (an exclusive flock while open).

        """
}

/// What a record says about its unit.
public enum JournalRecordKind: UInt8, Sendable, Hashable, CaseIterable {
    /// The unit ran and its result is the payload.
    case committed = 1
    /// The unit exhausted its retry budget; the payload says why (as the caller encodes it).
    case quarantined = 2
    /// The unit was handed to a worker; the payload says which (as the caller encodes it). No result.
    case leased = 3
}

/// One intact record of a journal.
public struct JournalRecord: Sendable, Hashable {
    public var kind: JournalRecordKind
    /// The unit's key, e.g. `c3:t40-49`.
    public var key: String
    /// The caller's bytes, unchanged.
    public var payload: [UInt8]

    public init(kind: JournalRecordKind, key: String, payload: [UInt8]) {
        self.kind = kind
        self.key = key
        self.payload = payload
    }
}

/// The damaged end of a journal: the first record that is not intact and everything after it.
public struct JournalTail: Sendable, Equatable, CustomStringConvertible {
    /// Why the first record of the tail is not intact.
    public enum Reason: Sendable, Equatable, CustomStringConvertible {
        /// Fewer than 8 bytes remain, too few for a record's length and CRC.
        case incompleteFrame
        /// The record's length runs past the end of the file.
        case incompleteBody(declaredLength: Int)
        /// The body does not match its CRC.
        case checksumMismatch
        /// The body has the right CRC but cannot be a record: the text says what is wrong.
        case malformedBody(String)
        /// The record is intact but the caller that knows what its payload means rejected it: the text says why.
        case rejected(String)

        public var description: String {
            switch self {
            case .incompleteFrame: return "the file ends inside a record's length and checksum"
            case .incompleteBody(let length): return "the file ends inside a record declared as \(length) bytes long"
            case .checksumMismatch: return "a record does not match its checksum"
            case .malformedBody(let what): return "a record is malformed (\(what))"
            case .rejected(let why): return "a record is not what it claims to be (\(why))"
            }
        }
    }

    /// The byte offset of the first damaged record, which is also the length of the intact part of the file.
    public var offset: Int
    /// The number of bytes from ``offset`` to the end of the file.
    public var length: Int
    public var reason: Reason
    /// How many intact records come before the tail: the damaged record is record `recordIndex + 1`, counting
    /// from 1.
    public var recordIndex: Int
    /// How many records the tail drops: the damaged record itself and every intact record found after it.
    public var droppedRecords: Int

    public init(offset: Int, length: Int, reason: Reason, recordIndex: Int = 0, droppedRecords: Int = 1) {
        self.offset = offset
        self.length = length
        self.reason = reason
        self.recordIndex = recordIndex
        self.droppedRecords = droppedRecords
    }

    /// E.g. `37 bytes from offset 1024 are not intact records: a record does not match its checksum`.
    public var description: String {
        "\(length) byte\(length == 1 ? "" : "s") from offset \(offset) are not intact records: \(reason)"
    }

    /// One line for a log, e.g. `dropped 3 records from record 18 on (byte 1024: a record does not match its
    /// checksum)`.
    public var summary: String {
        "dropped \(droppedRecords) record\(droppedRecords == 1 ? "" : "s") from record \(recordIndex + 1) on (byte \(offset): \(reason))"
    }
}

/// Everything a journal holds: its header and its intact records, in file order.
public struct JournalContents: Sendable, Equatable {
    /// The config hash the journal was created for.
    public var configHash: String
    /// The free-form header text (e.g. the sweep's config file).
    public var headerText: String
    /// Every intact record in file order, duplicate keys included.
    public var records: [JournalRecord]
    /// The byte offset of each record in ``records``.
    public var recordOffsets: [Int]
    /// The number of bytes after the last intact record (0 when the file is whole). ``JournalReader``
    /// only reports them; ``JournalWriter/openForAppend(path:expectedConfigHash:syncPolicy:accept:)`` has cut them
    /// off by the time it returns.
    public var truncatedBytes: Int { tail?.length ?? 0 }
    /// Where and why the intact part ends, or nil when the whole file is intact.
    public var tail: JournalTail?
    /// The byte length of the header and the intact records.
    public var validLength: Int

    public init(
        configHash: String, headerText: String, records: [JournalRecord], recordOffsets: [Int] = [], tail: JournalTail?,
        validLength: Int
    ) {
        self.configHash = configHash
        self.headerText = headerText
        self.records = records
        self.recordOffsets = recordOffsets
        self.tail = tail
        self.validLength = validLength
    }

    /// The record that counts for each key: the *first* one in file order. Committing is idempotent by
    /// key, so later records with the same key (a re-commit after a crash, a late duplicate result, a
    /// straggler finishing after its unit was quarantined) are ignored whatever their kind. Lease records hold no
    /// result and are left out.
    public var latestByKey: [String: JournalRecord] {
        var result: [String: JournalRecord] = [:]
        result.reserveCapacity(records.count)
        for record in records where record.kind != .leased && result[record.key] == nil { result[record.key] = record }
        return result
    }

    /// Makes record `index` and everything after it the damaged tail, because a caller rejected that record
    /// (see the damage policy in `Journal.swift`). `fileLength` is the length of the whole file.
    mutating func cut(atRecord index: Int, reason: JournalTail.Reason, fileLength: Int) {
        let offset = recordOffsets[index]
        let dropped = records.count - index + (tail?.droppedRecords ?? 0)
        tail = JournalTail(offset: offset, length: fileLength - offset, reason: reason, recordIndex: index, droppedRecords: dropped)
        records.removeSubrange(index...)
        recordOffsets.removeSubrange(index...)
        validLength = offset
    }

    /// The records that count, one per key, in the order their keys were first committed (lease records left out).
    public var uniqueRecords: [JournalRecord] {
        var seen = Set<String>()
        seen.reserveCapacity(records.count)
        return records.filter { $0.kind != .leased && seen.insert($0.key).inserted }
    }

    /// The committed and quarantined records, in file order: every record but the leases.
    public var resultRecords: [JournalRecord] { records.filter { $0.kind != .leased } }
}
