import Foundation
import TestSupport
import Testing

@testable import SweepJournal

func bytes(of path: String) throws -> [UInt8] { Array(try Data(contentsOf: URL(fileURLWithPath: path))) }
func write(_ bytes: [UInt8], to path: String) throws { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
func fileSize(_ path: String) throws -> Int { try bytes(of: path).count }

func payload(_ n: Int, seed: UInt64) -> [UInt8] {
    var rng = SplitMix64(seed: seed)
    return (0 ..< n).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
}

func record(_ i: Int, payloadBytes: Int = 24) -> JournalRecord {
    JournalRecord(
        kind: i % 7 == 3 ? .quarantined : .committed, key: "c\(i % 4):t\(i * 10)-\(i * 10 + 9)",
        payload: payload(payloadBytes, seed: UInt64(i)))
}

/// Writes a journal of `records` (config hash "hash-1") and returns the byte offset where each record starts.
@discardableResult
func makeJournal(_ path: String, _ records: [JournalRecord], headerText: String = "seed: 1\n") throws -> [Int] {
    let writer = try JournalWriter.create(path: path, configHash: "hash-1", headerText: headerText)
    var starts: [Int] = []
    for r in records {
        try writer.flush()
        starts.append(try fileSize(path))
        try writer.append(kind: r.kind, key: r.key, payload: r.payload)
    }
    try writer.close()
    return starts
}

@Suite struct JournalFormatTests {
    @Test func theExactBytesOfASmallJournal() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let writer = try JournalWriter.create(path: path, configHash: "h1", headerText: "t")
        try writer.append(kind: .committed, key: "k", payload: [1, 2])
        try writer.append(kind: .leased, key: "k", payload: [7])
        try writer.close()
        let expected: [UInt8] = [
            0x54, 0x53, 0x4A, 0x31, 0x00, 0x00, 0x00, 0x03, 0x00, 0x00, 0x00, 0x0B, 0x10, 0xAE, 0xE4, 0x7F, // TSJ1 v3 H=11 crc
            0x00, 0x00, 0x00, 0x02, 0x68, 0x31, 0x00, 0x00, 0x00, 0x01, 0x74, // "h1" "t"
            0x00, 0x00, 0x00, 0x08, 0xDF, 0x71, 0xEB, 0x34, // L=8, the CRC of "h1" and the body (of the body alone: 0xA2A3CC3E)
            0x01, 0x00, 0x00, 0x00, 0x01, 0x6B, 0x01, 0x02, // committed "k" [1, 2]
            0x00, 0x00, 0x00, 0x07, 0x60, 0x92, 0x33, 0x94, // L=7, the CRC of "h1" and the body (of the body alone: 0xB52B881B)
            0x03, 0x00, 0x00, 0x00, 0x01, 0x6B, 0x07 // leased "k" [7]
        ]
        #expect(try bytes(of: path) == expected)
    }

    @Test func theFormatIsDescribed() {
        let text = Journal.formatDescription
        #expect(text.contains("\"TSJ1\""))
        #expect(text.contains("CRC-32"))
        #expect(text.contains("1 = committed unit, 2 = quarantined unit, 3 = leased unit"))
        #expect(text.contains("Damage policy"))
        #expect(text.contains("CRC-32 of the header's config hash (UTF-8) followed by the record body"))
        #expect(Journal.magic == [0x54, 0x53, 0x4A, 0x31] && Journal.formatVersion == 3)
    }

    /// The layout table in the doc comment at the top of Journal.swift and the one in `formatDescription`
    /// are the same lines.
    @Test func theDocCommentAndFormatDescriptionAgree() throws {
        let source = Repository.url("Sources/SweepJournal/Journal.swift")
        guard let text = try? String(contentsOf: source, encoding: .utf8) else { return } // sources not at hand
        let docLines = text.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix { $0.hasPrefix("///") }
            .map { $0.dropFirst(3).drop { $0 == " " } }
        guard let open = docLines.firstIndex(of: "```"), let close = docLines[(open + 1)...].firstIndex(of: "```") else {
            Issue.record("no layout table in the doc comment")
            return
        }
        let table = docLines[(open + 1) ..< close]
        #expect(table.count == 11)
        let described = Journal.formatDescription.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        for line in table { #expect(described.contains(line.trimmingCharacters(in: .whitespaces)), "\(line)") }
    }

    @Test func recordSizeLimitIsChecked() {
        #expect(JournalCodec.bodySize(keyBytes: 3, payloadBytes: 10) == 18)
        #expect(JournalCodec.bodySize(keyBytes: 0, payloadBytes: Int(UInt32.max) - 5) == Int(UInt32.max))
        #expect(JournalCodec.bodySize(keyBytes: 0, payloadBytes: Int(UInt32.max) - 4) == nil)
        #expect(JournalCodec.bodySize(keyBytes: 1, payloadBytes: Int.max) == nil)
    }
}

@Suite struct JournalRoundTripTests {
    @Test func closingMovingToAPathPutsTheWholeJournalThereAndReplacesAnOldFile() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let final = dir.file("shard.tsj")
        try write(Array("an older file".utf8), to: final)
        let writer = try JournalWriter.create(path: dir.file(".shard.tsj.tmp"), configHash: "h", headerText: "t")
        for i in 0 ..< 3 { try writer.append(kind: .committed, key: record(i).key, payload: record(i).payload) }
        #expect(try bytes(of: final) == Array("an older file".utf8), "nothing moves before the close")
        try writer.close(movingTo: final)
        #expect(try JournalReader.read(path: final).records.map(\.key) == (0 ..< 3).map { record($0).key })
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["shard.tsj"])
        #expect(throws: JournalError.closed(path: dir.file(".shard.tsj.tmp"))) {
            try writer.append(kind: .committed, key: "late", payload: [])
        }
    }

    @Test func writeThenRead() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let header = "# sweep config\nseed: 42\nnames: [Überblick, 設定]\n"
        let records = [
            JournalRecord(kind: .committed, key: "c3:t40-49", payload: [0, 1, 2, 255]),
            JournalRecord(kind: .quarantined, key: "c0:t0-9", payload: Array("killed 3 workers".utf8)),
            JournalRecord(kind: .committed, key: "", payload: []),
            JournalRecord(kind: .committed, key: "ключ-👍🏽", payload: [7])
        ]
        let writer = try JournalWriter.create(path: path, configHash: "0eb4c2", headerText: header)
        for r in records { try writer.append(kind: r.kind, key: r.key, payload: r.payload) }
        #expect(writer.recordCount == 4)
        try writer.close()

        let contents = try JournalReader.read(path: path)
        #expect(contents.configHash == "0eb4c2")
        #expect(contents.headerText == header)
        #expect(contents.records == records)
        #expect(contents.truncatedBytes == 0 && contents.tail == nil)
        #expect(contents.validLength == (try fileSize(path)))
    }

    @Test func anEmptyJournalHasOnlyItsHeader() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        try JournalWriter.create(path: path, configHash: "", headerText: "").close()
        let contents = try JournalReader.read(path: path)
        #expect(contents.records.isEmpty && contents.configHash == "" && contents.headerText == "")
        #expect(try fileSize(path) == 16 + 8)
        // No temporary file is left next to it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["journal.tsj"])
    }

    @Test func reopenAndAppend() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let all = (0 ..< 8).map { record($0) }
        try makeJournal(path, Array(all[..<3]))

        let (writer, contents) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1")
        #expect(contents.records == Array(all[..<3]))
        #expect(contents.tail == nil && contents.headerText == "seed: 1\n")
        #expect(writer.recordCount == 3 && writer.configHash == "hash-1")
        for r in all[3 ..< 5] { try writer.append(kind: r.kind, key: r.key, payload: r.payload) }
        try writer.close()

        let (again, second) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1")
        #expect(second.records == Array(all[..<5]))
        for r in all[5...] { try again.append(kind: r.kind, key: r.key, payload: r.payload) }
        try again.close()
        #expect(try JournalReader.read(path: path).records == all)
    }

    @Test func createRefusesAnExistingFileUnlessToldToOverwrite() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        try makeJournal(path, [record(0), record(1)])
        let before = try bytes(of: path)
        #expect(throws: JournalError.alreadyExists(path: path)) {
            try JournalWriter.create(path: path, configHash: "hash-2", headerText: "")
        }
        #expect(try bytes(of: path) == before)

        let writer = try JournalWriter.create(path: path, configHash: "hash-2", headerText: "new", overwrite: true)
        try writer.append(kind: .committed, key: "x", payload: [1])
        try writer.close()
        let contents = try JournalReader.read(path: path)
        #expect(contents.configHash == "hash-2" && contents.headerText == "new")
        #expect(contents.records == [JournalRecord(kind: .committed, key: "x", payload: [1])])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["journal.tsj"])
    }

    @Test func duplicateKeysAreKeptAndTheFirstCommitCounts() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let records = [
            JournalRecord(kind: .committed, key: "a", payload: [1]),
            JournalRecord(kind: .quarantined, key: "b", payload: [2]),
            JournalRecord(kind: .committed, key: "a", payload: [3]), // late duplicate: ignored
            JournalRecord(kind: .committed, key: "b", payload: [4]), // straggler after quarantine: ignored
            JournalRecord(kind: .committed, key: "c", payload: [5])
        ]
        try makeJournal(path, records)
        let contents = try JournalReader.read(path: path)
        #expect(contents.records == records)
        #expect(contents.latestByKey == ["a": records[0], "b": records[1], "c": records[4]])
        #expect(contents.uniqueRecords == [records[0], records[1], records[4]])
    }

    /// A lease holds no result: the first committed or quarantined record of its key is the one that counts.
    @Test func leaseRecordsAreKeptButNeverCountAsTheResultOfTheirKey() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let records = [
            JournalRecord(kind: .leased, key: "a", payload: [9]),
            JournalRecord(kind: .leased, key: "b", payload: [9]),
            JournalRecord(kind: .committed, key: "a", payload: [1]),
            JournalRecord(kind: .leased, key: "a", payload: [8]) // a straggler's copy leased late
        ]
        try makeJournal(path, records)
        let contents = try JournalReader.read(path: path)
        #expect(contents.records == records && contents.tail == nil)
        #expect(contents.latestByKey == ["a": records[2]])
        #expect(contents.uniqueRecords == [records[2]] && contents.resultRecords == [records[2]])
    }

    @Test func largePayloads() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let mebibyte = 1 << 20
        let records = [
            JournalRecord(kind: .committed, key: "big", payload: payload(mebibyte, seed: 1)),
            JournalRecord(kind: .committed, key: "small", payload: [9]),
            JournalRecord(kind: .committed, key: "edge-1", payload: payload(mebibyte - 1, seed: 2)),
            JournalRecord(kind: .quarantined, key: "bigger", payload: payload(3 * mebibyte + 17, seed: 3))
        ]
        let writer = try JournalWriter.create(path: path, configHash: "h", headerText: "")
        for r in records { try writer.append(kind: r.kind, key: r.key, payload: r.payload) }
        #expect(writer.bufferedByteCount < mebibyte) // large records go straight to the operating system
        try writer.close()
        #expect(try JournalReader.read(path: path).records == records)

        // A torn 1 MiB record is cut off and the others survive.
        var torn = try bytes(of: path)
        torn.removeLast(mebibyte / 2)
        try write(torn, to: path)
        let (again, contents) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "h")
        #expect(contents.records == Array(records[..<3]))
        #expect(contents.tail?.reason == .incompleteBody(declaredLength: 5 + 6 + 3 * mebibyte + 17))
        try again.append(kind: records[3].kind, key: records[3].key, payload: records[3].payload)
        try again.close()
        #expect(try JournalReader.read(path: path).records == records)
    }

    @Test func tenThousandRecordsSmoke() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let payloadBytes = payload(64, seed: 5)
        let clock = ContinuousClock()
        let start = clock.now
        let writer = try JournalWriter.create(path: path, configHash: "h", headerText: "")
        for i in 0 ..< 10_000 {
            try writer.append(kind: .committed, key: "c\(i % 16):t\(i)-\(i)", payload: payloadBytes)
            if i % 100 == 99 { try writer.flushIfDue(nowMs: Int64(i / 10)) } // a fake millisecond clock
        }
        try writer.close()
        let contents = try JournalReader.read(path: path)
        #expect(contents.records.count == 10_000)
        print("SweepJournal: 10,000 appends with default batching, close and read back in \(clock.now - start)")
    }
}

@Suite struct JournalDamageTests {
    /// Truncating the file at every byte offset inside the last record (a crash mid-append) loses only that
    /// record: the reader reports the tail, opening for append cuts it off, and appending goes on.
    @Test func aTornTailIsCutOffAtEveryOffset() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let records = (0 ..< 5).map { record($0, payloadBytes: 40) }
        let starts = try makeJournal(path, records)
        let whole = try bytes(of: path)
        let lastStart = starts[4]
        let next = JournalRecord(kind: .committed, key: "after-repair", payload: [1, 2, 3])
        for cut in lastStart ..< whole.count {
            try write(Array(whole[..<cut]), to: path)
            let read = try JournalReader.read(path: path)
            #expect(read.records == Array(records[..<4]))
            #expect(read.truncatedBytes == cut - lastStart)
            #expect(read.validLength == lastStart)
            if cut == lastStart {
                #expect(read.tail == nil)
            } else {
                #expect(read.tail?.offset == lastStart)
                #expect(read.tail?.reason == (cut - lastStart < 8 ? .incompleteFrame : .incompleteBody(declaredLength: whole.count - lastStart - 8)))
            }
            #expect(try fileSize(path) == cut) // reading changes nothing

            let (writer, contents) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1")
            #expect(contents.records == Array(records[..<4]))
            #expect(contents.truncatedBytes == cut - lastStart)
            #expect(try fileSize(path) == lastStart) // cut off before anything is appended
            try writer.append(kind: next.kind, key: next.key, payload: next.payload)
            try writer.close()
            let repaired = try JournalReader.read(path: path)
            #expect(repaired.records == Array(records[..<4]) + [next])
            #expect(repaired.tail == nil)
        }
    }

    /// A flipped bit anywhere in a middle record (length, CRC or body) is detected, and that record and
    /// everything after it form the damaged tail (the documented policy: no boundary after it can be trusted).
    @Test func aFlippedBitInAMiddleRecordEndsTheIntactPart() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let records = (0 ..< 10).map { record($0) }
        let starts = try makeJournal(path, records)
        let whole = try bytes(of: path)
        let (start, end) = (starts[5], starts[6])
        for offset in start ..< end {
            for mask: UInt8 in [0x01, 0x80] {
                var damaged = whole
                damaged[offset] ^= mask
                let contents = try JournalReader.decode(damaged, path: path)
                #expect(contents.records == Array(records[..<5]), "flip \(mask) at \(offset - start)")
                #expect(contents.tail?.offset == start)
                #expect(contents.truncatedBytes == whole.count - start)
                if offset >= start + 4 { // the length is intact, so the CRC is what catches it
                    #expect(contents.tail?.reason == .checksumMismatch)
                }
            }
        }
        // Opening for append cuts the file back to the intact records; the dropped units can be re-committed.
        var damaged = whole
        damaged[start + 20] ^= 0x10
        try write(damaged, to: path)
        let (writer, contents) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1")
        #expect(contents.records == Array(records[..<5]))
        #expect(
            contents.tail
                == JournalTail(
                    offset: start, length: whole.count - start, reason: .checksumMismatch, recordIndex: 5,
                    droppedRecords: 5))
        #expect(contents.tail?.summary == "dropped 5 records from record 6 on (byte \(start): a record does not match its checksum)")
        #expect(contents.tail?.description == "\(whole.count - start) bytes from offset \(start) are not intact records: a record does not match its checksum")
        #expect(try fileSize(path) == start)
        for r in records[5...] { try writer.append(kind: r.kind, key: r.key, payload: r.payload) }
        try writer.close()
        #expect(try bytes(of: path) == whole)
    }

    @Test func aZeroFilledTailIsCutOff() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        try makeJournal(path, [record(0), record(1)])
        let whole = try bytes(of: path)
        try write(whole + [UInt8](repeating: 0, count: 4096), to: path) // what some file systems show after a crash
        let (writer, contents) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1")
        try writer.close()
        #expect(contents.records == [record(0), record(1)])
        #expect(contents.truncatedBytes == 4096)
        #expect(contents.tail?.reason == .malformedBody("a body of 0 bytes is shorter than the minimum of 5"))
        #expect(try bytes(of: path) == whole)
    }

    @Test func aChecksummedRecordOfUnknownTypeOrBadKeyIsMalformed() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        try makeJournal(path, [record(0)])
        let whole = try bytes(of: path)
        func framed(_ body: [UInt8]) -> [UInt8] {
            var out: [UInt8] = []
            JournalCodec.appendU32(UInt32(body.count), to: &out)
            JournalCodec.appendU32(body.withUnsafeBytes { CRC32.update(JournalCodec.recordSeed(configHash: "hash-1"), with: $0) }, to: &out)
            return out + body
        }
        let cases: [([UInt8], String)] = [
            ([4, 0, 0, 0, 1, 0x6B], "unknown record type 4"),
            ([1, 0, 0, 0, 9, 0x6B], "the key runs past the end of the record"),
            ([1, 0, 0, 0, 2, 0xC3, 0x28], "the key is not UTF-8")
        ]
        for (body, reason) in cases {
            let contents = try JournalReader.decode(whole + framed(body) + framed([1, 0, 0, 0, 0]), path: path)
            #expect(contents.records == [record(0)])
            #expect(
                contents.tail
                    == JournalTail(
                        offset: whole.count, length: 2 * 8 + body.count + 5, reason: .malformedBody(reason),
                        recordIndex: 1, droppedRecords: 2))
        }
    }
}

@Suite struct JournalErrorTests {
    @Test func notAJournal() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let cases: [([UInt8], JournalError)] = [
            (Array("seed: 1\nconfigurations: 4\n".utf8), .notAJournal(path: path, reason: "it does not start with \"TSJ1\"")),
            (Array("TSJ2\0\0\0\u{1}\0\0\0\0\0\0\0\0".utf8), .notAJournal(path: path, reason: "it does not start with \"TSJ1\"")),
            ([], .notAJournal(path: path, reason: "the file is empty"))
        ]
        for (contents, error) in cases {
            try write(contents, to: path)
            #expect(throws: error) { try JournalReader.read(path: path) }
            #expect(throws: error) { try JournalWriter.openForAppend(path: path, expectedConfigHash: "h") }
            #expect(try bytes(of: path) == contents)
        }
        #expect(
            JournalError.notAJournal(path: "out/x/journal.tsj", reason: "the file is empty").description
                == "out/x/journal.tsj is not a TouchSweep journal (the file is empty).")
    }

    @Test func damagedOrForeignHeaders() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        try makeJournal(path, [record(0)])
        let whole = try bytes(of: path)

        var version = whole
        version[7] = 1
        try write(version, to: path)
        #expect(throws: JournalError.unsupportedVersion(path: path, found: 1, supported: 3)) {
            try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1")
        }

        var flipped = whole
        flipped[18] ^= 1 // inside the header body
        #expect(throws: JournalError.corruptHeader(path: path, reason: "the header does not match its checksum")) {
            try JournalReader.decode(flipped, path: path)
        }
        #expect(throws: JournalError.corruptHeader(path: path, reason: "the file ends after 6 bytes, inside the header")) {
            try JournalReader.decode(Array(whole[..<6]), path: path)
        }
        #expect(throws: JournalError.corruptHeader(path: path, reason: "the header declares 22 bytes but the file ends before them")) {
            try JournalReader.decode(Array(whole[..<20]), path: path)
        }
    }

    @Test func aConfigHashMismatchIsItsOwnErrorAndChangesNothing() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        try makeJournal(path, [record(0), record(1)], headerText: "seed: 1\n")
        let damaged = try bytes(of: path) + [0, 0, 0] // a torn tail, which must not be repaired for another config
        try write(damaged, to: path)
        let expected = JournalError.configHashMismatch(
            path: path, journalHash: "hash-1", expectedHash: "hash-2",
            journalHeaderText: "seed: 1\n")
        #expect(throws: expected) { try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-2") }
        #expect(try bytes(of: path) == damaged)
        #expect(
            expected.description
                == "\(path) was written for config hash hash-1 but this sweep's hash is hash-2; use --restart to start over.")
        // The lock was released: the right config opens it.
        let (writer, _) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1")
        try writer.close()
    }

    @Test func ioErrorsNameThePathAndTheSystemsReason() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let missing = dir.file("nope/journal.tsj")
        do {
            _ = try JournalWriter.openForAppend(path: missing, expectedConfigHash: "h")
            Issue.record("opened a missing file")
        } catch let error as JournalError {
            #expect(error == .io(path: missing, operation: "open", errno: ENOENT))
            #expect(error.description == "Cannot open \(missing): No such file or directory.")
            #expect(error.path == missing)
        }
        #expect(throws: JournalError.io(path: missing, operation: "open", errno: ENOENT)) { try JournalReader.read(path: missing) }
        #expect(throws: JournalError.io(path: missing, operation: "create", errno: ENOENT)) {
            try JournalWriter.create(path: missing, configHash: "h", headerText: "")
        }
        #expect(throws: JournalError.notARegularFile(path: dir.path, kind: "a directory")) { try JournalReader.read(path: dir.path) }
    }

    @Test func oneWriterAtATime() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let writer = try JournalWriter.create(path: path, configHash: "h", headerText: "")
        #expect(throws: JournalError.locked(path: path)) { try JournalWriter.openForAppend(path: path, expectedConfigHash: "h") }
        #expect(throws: JournalError.locked(path: path)) {
            try JournalWriter.create(path: path, configHash: "h", headerText: "", overwrite: true)
        }
        _ = try JournalReader.read(path: path) // readers are never locked out
        try writer.close()
        let (again, _) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "h")
        try again.close()
    }

    @Test func aClosedWriterRefusesWork() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let writer = try JournalWriter.create(path: path, configHash: "h", headerText: "")
        try writer.append(kind: .committed, key: "a", payload: [])
        try writer.close()
        try writer.close() // harmless
        #expect(throws: JournalError.closed(path: path)) { try writer.append(kind: .committed, key: "b", payload: []) }
        #expect(throws: JournalError.closed(path: path)) { try writer.flush() }
        #expect(try JournalReader.read(path: path).records.map(\.key) == ["a"])
    }
}

@Suite struct JournalSyncTests {
    @Test func appendsAreBufferedUntilFlushed() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let writer = try JournalWriter.create(path: path, configHash: "h", headerText: "")
        try writer.append(kind: .committed, key: "a", payload: [1])
        try writer.append(kind: .committed, key: "b", payload: [2])
        #expect(writer.pendingRecordCount == 2 && writer.syncCount == 0 && writer.bufferedByteCount > 0)
        #expect(try JournalReader.read(path: path).records.isEmpty)
        try writer.flush()
        #expect(writer.pendingRecordCount == 0 && writer.syncCount == 1 && writer.bufferedByteCount == 0)
        #expect(try JournalReader.read(path: path).records.map(\.key) == ["a", "b"])
        try writer.flush() // nothing pending: no sync
        #expect(writer.syncCount == 1)
        try writer.close()
    }

    /// Syncs happen after N pending records (in `append`) or once the oldest pending record has waited T ms
    /// of the caller's (here fake) time; never otherwise.
    @Test func syncBatchingByCountAndByCallerTime() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let writer = try JournalWriter.create(
            path: path, configHash: "h", headerText: "",
            syncPolicy: JournalSyncPolicy(maxPendingRecords: 5, maxPendingMs: 100))
        var key = 0
        func append(_ n: Int, nowMs: Int64? = nil) throws {
            for _ in 0 ..< n {
                try writer.append(kind: .committed, key: "u\(key)", payload: [], nowMs: nowMs)
                key += 1
            }
        }

        #expect(try writer.flushIfDue(nowMs: 0) == false) // nothing pending
        try append(3)
        #expect(try writer.flushIfDue(nowMs: 1_000) == false) // first seen pending at 1000
        #expect(try writer.flushIfDue(nowMs: 1_099) == false)
        #expect(writer.syncCount == 0 && writer.pendingRecordCount == 3)
        #expect(try writer.flushIfDue(nowMs: 1_100) == true)
        #expect(writer.syncCount == 1 && writer.pendingRecordCount == 0)
        #expect(try writer.flushIfDue(nowMs: 5_000) == false) // idle: no empty syncs

        try append(4)
        #expect(writer.syncCount == 1)
        try append(1) // the fifth pending record syncs in append
        #expect(writer.syncCount == 2 && writer.pendingRecordCount == 0)
        try append(12) // two more full batches, two left pending
        #expect(writer.syncCount == 4 && writer.pendingRecordCount == 2)

        try append(1, nowMs: 2_000) // the wait starts at the append's time... (2 were already pending, unseen)
        #expect(try writer.flushIfDue(nowMs: 2_050) == false)
        #expect(try writer.flushIfDue(nowMs: 2_100) == true)
        #expect(writer.syncCount == 5)

        try append(1, nowMs: 3_000)
        #expect(try writer.flushIfDue(nowMs: 2_999) == true) // a clock that went back counts as due
        #expect(writer.syncCount == 6)

        writer.syncPolicy = .everyRecord
        try append(3)
        #expect(writer.syncCount == 9 && writer.pendingRecordCount == 0)
        writer.syncPolicy = JournalSyncPolicy(maxPendingRecords: 100, maxPendingMs: 0)
        try append(2)
        #expect(try writer.flushIfDue(nowMs: 4_000) == true) // T = 0: due as soon as seen
        #expect(writer.syncCount == 10)

        try append(2)
        try writer.close() // close syncs what is pending
        #expect(writer.syncCount == 11)
        #expect(try JournalReader.read(path: path).records.map(\.key) == (0 ..< key).map { "u\($0)" })
    }

    @Test func theBufferIsHandedToTheSystemWithoutSyncingWhenItFills() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        let writer = try JournalWriter.create(
            path: path, configHash: "h", headerText: "",
            syncPolicy: JournalSyncPolicy(maxPendingRecords: 1_000, maxPendingMs: 1_000, maxBufferedBytes: 100))
        for i in 0 ..< 10 { try writer.append(kind: .committed, key: "k\(i)", payload: payload(30, seed: UInt64(i))) }
        #expect(writer.syncCount == 0 && writer.pendingRecordCount == 10 && writer.bufferedByteCount < 100)
        #expect(try JournalReader.read(path: path).records.count >= 8) // written, not yet synced
        try writer.flush()
        #expect(writer.syncCount == 1)
        try writer.close()
        #expect(try JournalReader.read(path: path).records.count == 10)
    }
}
