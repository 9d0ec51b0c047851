import Foundation
import SweepJournal
import Testing

/// Issue 30 §10 with real processes: a journal record whose tree range was widened (its CRC made right again) is
/// refused like a relabelled one, and an empty journal is no journal.
@Suite(.serialized) struct JournalReplayCLITests {
    let cli = SweepCLITests()
    let outputs = OutputDirectoryCLITests()
    let processes = DistributedFaultTests()

    /// The first committed record's unit widened over the trees after it, its key and CRC made to match: before, it
    /// was taken (no more runs than its trees have gestures), covered trees it never ran, and the records of those
    /// trees were skipped as overlapping, so the totals changed silently. Now its runs must be exactly those of its
    /// trees' gestures: it is damage, the journal is cut there with the one line that says so, and the reports are
    /// those of `sweep run`.
    @Test func aRecordWhoseTreeRangeWasWidenedIsCutOffAndTheReportsAreThoseOfRun() throws {
        let f = try OutputDirectoryCLITests.fixture.get()
        let (_, out, journal, bytes) = try outputs.finishedSubmit("widened")
        let index = try outputs.committedRecord(0, of: journal)
        let record = journal.records[index]
        func u32(_ at: Int) -> Int { record.payload[at ..< at + 4].reduce(0) { $0 << 8 | Int($1) } }
        let (configuration, first, count) = (u32(0), u32(4), u32(8))
        let wider = min(3, 12 - first - count) // the fixture's sweep has 12 trees
        try #require(wider > 0, "\(record.key) ends at the last tree")
        var payload = record.payload
        payload[11] = UInt8(count + wider) // the tree count, the third u32
        let key = "c\(configuration):t\(first)-\(first + count + wider - 1)"
        let forged = outputs.framed(kind: record.kind.rawValue, key: key, payload: payload, configHash: journal.configHash)
        try Data(outputs.replacing(index, with: forged, in: (journal, bytes))).write(to: URL(fileURLWithPath: out + "/journal.tsj"))
        let again = try cli.sweep("submit", f.config, "--output", out, "--workers", "1", "--unit-seconds", "0.05")
        #expect(again.status == 0, "\(again.stderr)")
        let lines = again.stderr.split(separator: "\n").filter { $0.contains("was damaged") }
        #expect(lines.count == 1, "\(again.stderr)")
        #expect(
            lines.first?.contains(
                " warning coordinator: the journal was damaged; the units of the records dropped run again "
                    + "damage=\"dropped \(journal.records.count - index) records from record \(index + 1) on (byte \(journal.recordOffsets[index]): "
                    + "a record is not what it claims to be (unit \(key) holds ") == true, "\(again.stderr)")
        #expect(lines.first?.contains(" runs, but its trees have ") == true, "\(again.stderr)")
        #expect(!again.stderr.contains("resumed units from the journal"), "nothing before it was committed: \(again.stderr)")
        try processes.expectSameReports(out, reference: f.reference)
    }

    /// An empty journal (nothing this build writes leaves one: a journal is created with its header in one rename)
    /// holds nothing to resume: the sweep starts from the beginning with one line that says so, and writes the
    /// reports of `sweep run`. Before, `sweep submit` stopped with "… is not a TouchSweep journal (the file is
    /// empty)." and no way out. A file that is not a journal at all is refused in one sentence with the way out.
    @Test func anEmptyJournalIsNoJournalAndAFileThatIsNotOneIsRefusedWithTheWayOut() throws {
        let f = try OutputDirectoryCLITests.fixture.get()
        let (_, out, _, _) = try outputs.finishedSubmit("empty-journal")
        try Data().write(to: URL(fileURLWithPath: out + "/journal.tsj"))
        let again = try cli.sweep("submit", f.config, "--output", out, "--workers", "1", "--unit-seconds", "0.05")
        #expect(again.status == 0, "\(again.stderr)")
        #expect(
            again.stderr.contains(" warning coordinator: the journal was empty; the sweep starts from the beginning journal=\(out)/journal.tsj\n"),
            "\(again.stderr)")
        #expect(!again.stderr.contains("resumed units"), "\(again.stderr)")
        try processes.expectSameReports(out, reference: f.reference)
        #expect(try JournalReader.read(path: out + "/journal.tsj").resultRecords.count >= 6, "a whole journal again")

        try Data("not a journal\n".utf8).write(to: URL(fileURLWithPath: out + "/journal.tsj"))
        let refused = try cli.sweep("submit", f.config, "--output", out, "--workers", "1")
        #expect(refused.status == 1)
        #expect(
            refused.stderr == "sweep submit: \(out)/journal.tsj is not a TouchSweep journal (it does not start with \"TSJ1\"), so it cannot be "
                + "resumed: remove it, or run with --restart to start the sweep over\n")
        let restarted = try cli.sweep("submit", f.config, "--output", out, "--workers", "1", "--restart", "--quiet")
        #expect(restarted.status == 0, "\(restarted.stderr)")
        try processes.expectSameReports(out, reference: f.reference)
    }
}
