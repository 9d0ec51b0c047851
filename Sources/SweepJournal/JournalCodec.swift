/// Byte-level encoding and decoding of the format documented in `Journal.swift`. No I/O.
enum JournalCodec {
    /// The largest body a record may have (the length field is a u32).
    static let maximumBodySize = Int(UInt32.max)

    // MARK: Encoding

    static func appendU32(_ value: UInt32, to buffer: inout [UInt8]) {
        buffer.append(UInt8(truncatingIfNeeded: value >> 24))
        buffer.append(UInt8(truncatingIfNeeded: value >> 16))
        buffer.append(UInt8(truncatingIfNeeded: value >> 8))
        buffer.append(UInt8(truncatingIfNeeded: value))
    }

    static func storeU32(_ value: UInt32, at offset: Int, in buffer: inout [UInt8]) {
        buffer[offset] = UInt8(truncatingIfNeeded: value >> 24)
        buffer[offset + 1] = UInt8(truncatingIfNeeded: value >> 16)
        buffer[offset + 2] = UInt8(truncatingIfNeeded: value >> 8)
        buffer[offset + 3] = UInt8(truncatingIfNeeded: value)
    }

    static func appendString(_ string: String, to buffer: inout [UInt8]) {
        appendU32(UInt32(string.utf8.count), to: &buffer)
        buffer.append(contentsOf: string.utf8)
    }

    /// The whole header: magic, version, length, CRC and body.
    /// - Precondition: both strings are shorter than 4 GiB in UTF-8 (checked by the caller).
    static func header(configHash: String, headerText: String) -> [UInt8] {
        var body: [UInt8] = []
        body.reserveCapacity(8 + configHash.utf8.count + headerText.utf8.count)
        appendString(configHash, to: &body)
        appendString(headerText, to: &body)
        var out = Journal.magic
        appendU32(Journal.formatVersion, to: &out)
        appendU32(UInt32(body.count), to: &out)
        appendU32(CRC32.checksum(body), to: &out)
        out.append(contentsOf: body)
        return out
    }

    /// The size of a record's body, or nil when it exceeds the format's limit.
    static func bodySize(keyBytes: Int, payloadBytes: Int) -> Int? {
        let (size, overflow) = (Journal.minimumBodySize + keyBytes).addingReportingOverflow(payloadBytes)
        return overflow || size > maximumBodySize ? nil : size
    }

    /// What every record's CRC starts from: the CRC-32 of the journal's config hash (UTF-8), so that a record's
    /// checksum covers the hash followed by its body.
    static func recordSeed(configHash: String) -> UInt32 { CRC32.checksum(Array(configHash.utf8)) }

    /// Appends one framed record (length, CRC, body) to `buffer`; `seed` is ``recordSeed(configHash:)``.
    /// - Precondition: ``bodySize(keyBytes:payloadBytes:)`` is not nil for these sizes.
    static func appendRecord(
        kind: JournalRecordKind, key: String, payload: UnsafeRawBufferPointer, seed: UInt32,
        to buffer: inout [UInt8]
    ) {
        let start = buffer.count
        let keyCount = key.utf8.count
        let bodyCount = Journal.minimumBodySize + keyCount + payload.count
        buffer.reserveCapacity(start + Journal.frameSize + bodyCount)
        appendU32(UInt32(bodyCount), to: &buffer)
        appendU32(0, to: &buffer) // the CRC, stored below
        buffer.append(kind.rawValue)
        appendU32(UInt32(keyCount), to: &buffer)
        buffer.append(contentsOf: key.utf8)
        buffer.append(contentsOf: payload)
        let crc = buffer.withUnsafeBytes { all in
            CRC32.update(seed, with: UnsafeRawBufferPointer(rebasing: all[(start + Journal.frameSize)...]))
        }
        storeU32(crc, at: start + 4, in: &buffer)
    }

    // MARK: Decoding

    static func loadU32(_ bytes: UnsafeRawBufferPointer, _ offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8 | UInt32(bytes[offset + 3])
    }

    /// `bytes` as a String if they are valid UTF-8, else nil.
    static func utf8String(_ bytes: UnsafeRawBufferPointer) -> String? {
        let string = String(decoding: bytes, as: UTF8.self) // replaces invalid sequences with U+FFFD
        return string.utf8.elementsEqual(bytes) ? string : nil
    }

    /// Decodes a whole journal file. Throws for a missing or damaged header; a damaged record ends the intact
    /// part and is reported as the contents' tail (see the damage policy in `Journal.swift`).
    static func decode(_ bytes: UnsafeRawBufferPointer, path: String) throws -> JournalContents {
        let (configHash, headerText, headerEnd) = try decodeHeader(bytes, path: path)
        let seed = recordSeed(configHash: configHash)
        var records: [JournalRecord] = []
        var offsets: [Int] = []
        var offset = headerEnd
        var tail: JournalTail?
        let end = bytes.count
        while offset < end {
            if let reason = decodeRecord(bytes, at: offset, seed: seed, into: &records) {
                tail = JournalTail(
                    offset: offset, length: end - offset, reason: reason, recordIndex: records.count,
                    droppedRecords: 1 + intactRecords(bytes, after: offset, seed: seed))
                break
            }
            offsets.append(offset)
            offset += Journal.frameSize + Int(loadU32(bytes, offset))
        }
        return JournalContents(
            configHash: configHash, headerText: headerText, records: records, recordOffsets: offsets, tail: tail,
            validLength: tail?.offset ?? end)
    }

    /// How many intact records lie after the damaged record at `damaged`: the rest of the file is scanned byte by
    /// byte for a record that checks, and from each one found the scan hops to the next. Only counted (for the
    /// log line that says what a cut drops), never kept: see the damage policy in `Journal.swift`.
    static func intactRecords(_ bytes: UnsafeRawBufferPointer, after damaged: Int, seed: UInt32) -> Int {
        var found = 0
        var offset = damaged + 1
        var scratch: [JournalRecord] = []
        while bytes.count - offset >= Journal.frameSize + Journal.minimumBodySize {
            // Cheap checks first, so the CRC runs only where a record could start.
            let length = Int(loadU32(bytes, offset))
            let plausible =
                length >= Journal.minimumBodySize && length <= bytes.count - offset - Journal.frameSize
                && JournalRecordKind(rawValue: bytes[offset + Journal.frameSize]) != nil
            if plausible, decodeRecord(bytes, at: offset, seed: seed, into: &scratch) == nil {
                found += 1
                scratch.removeAll(keepingCapacity: true)
                offset += Journal.frameSize + length
            } else {
                offset += 1
            }
        }
        return found
    }

    /// The header's config hash and text, and the offset of the first record.
    static func decodeHeader(_ bytes: UnsafeRawBufferPointer, path: String) throws -> (String, String, Int) {
        let magic = Journal.magic
        if bytes.isEmpty { throw JournalError.notAJournal(path: path, reason: "the file is empty") }
        let seen = min(bytes.count, magic.count)
        guard bytes.prefix(seen).elementsEqual(magic.prefix(seen)) else {
            throw JournalError.notAJournal(path: path, reason: "it does not start with \"TSJ1\"")
        }
        guard bytes.count >= Journal.headerPrefixSize else {
            throw JournalError.corruptHeader(path: path, reason: "the file ends after \(bytes.count) bytes, inside the header")
        }
        let version = loadU32(bytes, 4)
        guard version == Journal.formatVersion else {
            throw JournalError.unsupportedVersion(path: path, found: version, supported: Journal.formatVersion)
        }
        let bodyLength = Int(loadU32(bytes, 8))
        let bodyStart = Journal.headerPrefixSize
        guard bodyLength <= bytes.count - bodyStart else {
            throw JournalError.corruptHeader(path: path, reason: "the header declares \(bodyLength) bytes but the file ends before them")
        }
        let body = UnsafeRawBufferPointer(rebasing: bytes[bodyStart ..< (bodyStart + bodyLength)])
        guard CRC32.checksum(body) == loadU32(bytes, 12) else {
            throw JournalError.corruptHeader(path: path, reason: "the header does not match its checksum")
        }
        var cursor = 0
        func string(_ what: String) throws -> String {
            guard body.count - cursor >= 4 else {
                throw JournalError.corruptHeader(path: path, reason: "the header ends before the \(what)")
            }
            let count = Int(loadU32(body, cursor))
            cursor += 4
            guard count <= body.count - cursor else {
                throw JournalError.corruptHeader(path: path, reason: "the \(what) runs past the end of the header")
            }
            guard let value = utf8String(UnsafeRawBufferPointer(rebasing: body[cursor ..< (cursor + count)])) else {
                throw JournalError.corruptHeader(path: path, reason: "the \(what) is not UTF-8")
            }
            cursor += count
            return value
        }
        let configHash = try string("config hash")
        let headerText = try string("header text")
        guard cursor == body.count else {
            throw JournalError.corruptHeader(path: path, reason: "the header has \(body.count - cursor) unexpected trailing bytes")
        }
        return (configHash, headerText, bodyStart + bodyLength)
    }

    /// Decodes the record at `offset` and appends it to `records`; returns why it is not intact instead.
    /// On success the record occupies `frameSize + loadU32(bytes, offset)` bytes.
    static func decodeRecord(
        _ bytes: UnsafeRawBufferPointer, at offset: Int, seed: UInt32,
        into records: inout [JournalRecord]
    ) -> JournalTail.Reason? {
        let remaining = bytes.count - offset
        guard remaining >= Journal.frameSize else { return .incompleteFrame }
        let length = Int(loadU32(bytes, offset))
        guard length <= remaining - Journal.frameSize else { return .incompleteBody(declaredLength: length) }
        guard length >= Journal.minimumBodySize else {
            return .malformedBody("a body of \(length) bytes is shorter than the minimum of \(Journal.minimumBodySize)")
        }
        let bodyStart = offset + Journal.frameSize
        let body = UnsafeRawBufferPointer(rebasing: bytes[bodyStart ..< (bodyStart + length)])
        guard CRC32.update(seed, with: body) == loadU32(bytes, offset + 4) else { return .checksumMismatch }
        guard let kind = JournalRecordKind(rawValue: body[0]) else { return .malformedBody("unknown record type \(body[0])") }
        let keyCount = Int(loadU32(body, 1))
        guard keyCount <= length - Journal.minimumBodySize else { return .malformedBody("the key runs past the end of the record") }
        let keyEnd = Journal.minimumBodySize + keyCount
        guard let key = utf8String(UnsafeRawBufferPointer(rebasing: body[Journal.minimumBodySize ..< keyEnd])) else {
            return .malformedBody("the key is not UTF-8")
        }
        records.append(JournalRecord(kind: kind, key: key, payload: Array(body[keyEnd...])))
        return nil
    }
}
