import Foundation
import TestSupport
import Testing

@testable import SweepJournal

/// Issue 14 §4: a journal is not trusted blindly. Records are bound to their journal's config hash, a damaged or
/// rejected record cuts the journal with a count of what was dropped, and only regular files are read.
@Suite struct JournalTrustTests {
    /// A journal of `count` records (config hash "hash-1") in a fresh directory, and where each record starts.
    private func journal(of count: Int) throws -> (dir: TemporaryDirectory, path: String, records: [JournalRecord], starts: [Int]) {
        let dir = try TemporaryDirectory("SweepJournalTests")
        let path = dir.file("journal.tsj")
        let records = (0 ..< count).map { record($0) }
        return (dir, path, records, try makeJournal(path, records))
    }

    @Test func aRecordCopiedFromTheJournalOfAnotherSweepDoesNotCheckThere() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let mine = dir.file("mine.tsj"), other = dir.file("other.tsj")
        let records = (0 ..< 3).map { record($0) }
        try makeJournal(mine, records)
        let writer = try JournalWriter.create(path: other, configHash: "hash-2", headerText: "seed: 2\n")
        try writer.append(kind: .committed, key: "c9:t0-9", payload: [1, 2, 3])
        try writer.close()
        #expect(try JournalReader.read(path: other).records.count == 1, "it checks in its own journal")
        // The other journal's record, CRC and all, appended to a journal of config hash-1.
        let copied = Array(try bytes(of: other)[JournalCodec.header(configHash: "hash-2", headerText: "seed: 2\n").count...])
        #expect(copied.count == 8 + 5 + 7 + 3)
        let mineBytes = try bytes(of: mine)
        let contents = try JournalReader.decode(mineBytes + copied, path: mine)
        #expect(contents.records == records)
        #expect(contents.tail?.offset == mineBytes.count)
        #expect(contents.tail?.reason == .checksumMismatch)
        #expect(contents.tail?.recordIndex == 3 && contents.tail?.droppedRecords == 1)
    }

    @Test func aDamagedLengthInTheMiddleDropsTheRestAndCountsEveryRecordItDrops() throws {
        let (dir, path, records, starts) = try journal(of: 10)
        defer { dir.remove() }
        var damaged = try bytes(of: path)
        damaged[starts[3]] ^= 0x40 // record 4's length now runs far past the end of the file
        try write(damaged, to: path)
        let read = try JournalReader.read(path: path)
        #expect(read.records == Array(records[..<3]))
        #expect(read.tail?.reason == .incompleteBody(declaredLength: 0x40 << 24 | (5 + records[3].key.utf8.count + 24)))
        #expect(read.tail?.recordIndex == 3)
        #expect(read.tail?.droppedRecords == 7, "the damaged record and the six intact ones after it")
        let (writer, contents) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1")
        try writer.close()
        #expect(
            contents.tail?.summary == "dropped 7 records from record 4 on (byte \(starts[3]): the file ends inside a record declared as "
                + "\(0x40 << 24 | (5 + records[3].key.utf8.count + 24)) bytes long)")
        #expect(try fileSize(path) == starts[3])
    }

    @Test func aRecordTheCallerRejectsCutsTheJournalThereAndSaysHowManyRecordsWentWithIt() throws {
        let (dir, path, records, starts) = try journal(of: 8)
        defer { dir.remove() }
        var seen: [Int] = []
        let (writer, contents) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1") { record, index in
            seen.append(index)
            return record.key == records[5].key ? "its key names another unit" : nil
        }
        try writer.close()
        #expect(seen == Array(0 ... 5), "accept is not asked about records after the rejected one")
        #expect(contents.records == Array(records[..<5]))
        #expect(contents.recordOffsets == Array(starts[..<5]))
        #expect(
            contents.tail
                == JournalTail(
                    offset: starts[5], length: contents.tail?.length ?? -1,
                    reason: .rejected("its key names another unit"), recordIndex: 5, droppedRecords: 3))
        #expect(
            contents.tail?.summary
                == "dropped 3 records from record 6 on (byte \(starts[5]): a record is not what it claims to be (its key names another unit))")
        #expect(try fileSize(path) == starts[5])
        #expect(try JournalReader.read(path: path).records == Array(records[..<5]))
    }

    @Test func aCallerThatThrowsWhileCheckingLeavesTheJournalUntouched() throws {
        let (dir, path, _, _) = try journal(of: 4)
        defer { dir.remove() }
        let before = try bytes(of: path)
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1") { _, index in
                if index == 2 { throw Refused() }
                return nil
            }
        }
        #expect(try bytes(of: path) == before)
        let (writer, _) = try JournalWriter.openForAppend(path: path, expectedConfigHash: "hash-1") // and unlocked
        try writer.close()
    }

    @Test func aJournalThatIsALinkToADeviceIsRefusedWithoutReadingIt() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "/dev/zero")
        let expected = JournalError.notARegularFile(path: path, kind: "a symbolic link to a character device")
        #expect(throws: expected) { try JournalReader.read(path: path) }
        #expect(throws: expected) { try JournalReader.header(path: path) }
        #expect(throws: expected) { try JournalWriter.openForAppend(path: path, expectedConfigHash: "h") }
        #expect(
            expected.description == "\(path) is not a regular file (it is a symbolic link to a character device), so it cannot be a "
                + "TouchSweep journal.")
    }

    @Test func aJournalThatIsAFIFOOrADirectoryIsRefusedAtOnce() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let fifo = dir.file("fifo.tsj")
        #expect(mkfifo(fifo, 0o644) == 0)
        // Opening a FIFO for reading would wait for a writer: the refusal comes first.
        #expect(throws: JournalError.notARegularFile(path: fifo, kind: "a FIFO")) { try JournalReader.read(path: fifo) }
        #expect(throws: JournalError.notARegularFile(path: fifo, kind: "a FIFO")) {
            try JournalWriter.openForAppend(path: fifo, expectedConfigHash: "h")
        }
        #expect(throws: JournalError.notARegularFile(path: dir.path, kind: "a directory")) {
            try JournalWriter.openForAppend(path: dir.path, expectedConfigHash: "h")
        }
    }

    @Test func theHeaderAloneIsReadWithoutTheRecords() throws {
        let dir = try TemporaryDirectory("SweepJournalTests")
        defer { dir.remove() }
        let path = dir.file("journal.tsj")
        try makeJournal(path, (0 ..< 3).map { record($0) }, headerText: "seed: 7\n")
        var damaged = try bytes(of: path)
        damaged[damaged.count - 1] ^= 0xFF // records do not matter to the header
        try write(damaged, to: path)
        let header = try JournalReader.header(path: path)
        #expect(header.configHash == "hash-1" && header.headerText == "seed: 7\n")
        try write(Array(damaged[..<10]), to: path)
        #expect(throws: JournalError.self) { try JournalReader.header(path: path) }
    }
}
