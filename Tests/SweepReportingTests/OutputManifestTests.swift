import Foundation
import SweepReporting
import TestSupport
import Testing

/// Issue 30 item 5 in process: a sweep deletes only the files it wrote (the list in its marker), refuses a directory
/// that holds anything else or a running sweep's directory beneath it, and never writes inside a running sweep's.
@Suite struct OutputManifestTests {
    /// The marker's lines after its first: the files it lists.
    func listed(_ out: String) throws -> [String] {
        try String(contentsOfFile: out + "/" + OutputDirectory.markerName, encoding: .utf8).split(separator: "\n").dropFirst().map(String.init)
    }

    @Test func theMarkerListsTheFilesWrittenAndTheKeptOnes() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try OutputDirectory.write(files: [("summary.csv", "1\r\n"), ("minimal/a.yaml", "a\n")], to: out, keeping: ["journal.tsj"])
        #expect(try listed(out) == ["journal.tsj", "minimal/a.yaml", "summary.csv"])
        try OutputDirectory.write(files: [("plan.yaml", "p\n")], to: out)
        #expect(try listed(out) == ["plan.yaml"])
        #expect(listing(out) == [OutputDirectory.markerName, "plan.yaml"], "what the earlier list named is gone with its copy")
    }

    @Test func aFileNoSweepWroteIsRefusedWithTheWayOutAndLeftAlone() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try OutputDirectory.write(files: [("summary.csv", "1\r\n")], to: out)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: out + "/notes.txt"))
        let sentence =
            "Cannot write the report directory \(out): it holds notes.txt, which its .touchsweep-output does not list as written by a "
            + "sweep, and a sweep deletes nothing else, --force or not; move it elsewhere, or choose another --output."
        let atWrite = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.write(files: [("summary.csv", "2\r\n")], to: out) }
        #expect(atWrite?.description == sentence)
        let atClaim = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(out) }
        #expect(atClaim?.description == sentence)
        #expect(bytes(out + "/notes.txt") == Array("mine".utf8))
        #expect(bytes(out + "/summary.csv") == Array("1\r\n".utf8))
        #expect(listing(root) == ["out"])
        // A subdirectory of its own, and a listed name that is no longer a regular file: the same refusal, naming them.
        try FileManager.default.removeItem(atPath: out + "/notes.txt")
        try FileManager.default.createDirectory(atPath: out + "/minimal", withIntermediateDirectories: false)
        try FileManager.default.removeItem(atPath: out + "/summary.csv")
        #expect(mkfifo(out + "/summary.csv", 0o644) == 0)
        let both = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(out) }
        #expect(
            both?.description.contains("it holds minimal, summary.csv (a FIFO (named pipe)), which its .touchsweep-output") == true,
            "\(both?.description ?? "")")
    }

    /// The issue's reproduction: a running sweep's directory nested inside an older one. Refused while it runs, and
    /// after it (it is not listed); its files stay.
    @Test func aRunningSweepsDirectoryInsideIsRefusedAndSoIsWritingInsideARunningSweeps() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let outer = root + "/p"
        try OutputDirectory.write(files: [("summary.csv", "1\r\n")], to: outer)
        // Held as a running submit holds its directory (the claim's lock).
        let inner = try OutputDirectory.claim(outer + "/inner", keeping: ["journal.tsj"], create: true)
        try Data("journal".utf8).write(to: URL(fileURLWithPath: outer + "/inner/journal.tsj"))
        let running = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(outer) }
        #expect(
            running?.description == "Cannot write the report directory \(outer): another sweep that is still running uses \(outer)/inner, "
                + "inside it; wait for it to finish, or write somewhere else.")
        #expect(throws: OutputDirectoryError.self) { try OutputDirectory.write(files: [("summary.csv", "2\r\n")], to: outer) }
        // And the other way round: nothing is claimed inside a running sweep's directory (its swap would delete it).
        let below = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(outer + "/inner/x", create: true) }
        #expect(
            below?.description == "Cannot write the report directory \(outer)/inner/x: it is inside \(outer)/inner, the output directory "
                + "of a sweep that is still running; wait for it to finish, or write somewhere else.")
        inner.release()
        let finished = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(outer) }
        #expect(finished?.description.contains("it holds inner, which its .touchsweep-output does not list") == true)
        #expect(bytes(outer + "/inner/journal.tsj") == Array("journal".utf8))
        #expect(listing(outer) == [OutputDirectory.markerName, "inner", "summary.csv"])
    }

    @Test func aMarkerOfAnOlderTouchSweepListsNothingSoItsReportsAreRefusedButItsJournalIsKept() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: false)
        let older = "This directory is written by TouchSweep and is replaced as a whole on each run.\n"
        try Data(older.utf8).write(to: URL(fileURLWithPath: out + "/" + OutputDirectory.markerName))
        try Data("journal".utf8).write(to: URL(fileURLWithPath: out + "/journal.tsj"))
        // A submit's directory (marker and journal): resumed, and its marker now lists the journal.
        let claim = try OutputDirectory.claim(out, keeping: ["journal.tsj"], create: true)
        claim.release()
        #expect(try listed(out) == ["journal.tsj"])
        try Data(older.utf8).write(to: URL(fileURLWithPath: out + "/" + OutputDirectory.markerName))
        try Data("1\r\n".utf8).write(to: URL(fileURLWithPath: out + "/summary.csv"))
        let refused = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(out, keeping: ["journal.tsj"]) }
        #expect(
            refused?.description == "Cannot write the report directory \(out): its .touchsweep-output is of an older TouchSweep, which did "
                + "not list the files it wrote, so none is deleted (it holds summary.csv); delete the directory yourself, or choose another --output.")
    }

    /// A file that appears in the old copy between the check and its removal is not deleted: the copy stays beside
    /// the directory, named, and the next claim leaves it too.
    @Test func theOldCopyIsRemovedFileByListedFileAndWhatElseAppearsInItStays() throws {
        for exchange in [true, false] {
            let scratch = try TemporaryDirectory("SweepReportingTests")
            let root = scratch.path
            let out = root + "/out"
            try OutputDirectory.write(files: [("summary.csv", "1\r\n"), ("minimal/a.yaml", "a\n")], to: out)
            let options = OutputDirectory.SwapOptions(exchange: exchange) { _, step in
                guard step == .removeOld, let copy = listing(root).first(where: { $0.hasPrefix(".out.") }) else { return }
                try Data("late".utf8).write(to: URL(fileURLWithPath: root + "/" + copy + "/late.txt"))
            }
            let error = #expect(throws: OutputDirectoryError.self) {
                try OutputDirectory.write(files: [("summary.csv", "2\r\n")], to: out, options: options)
            }
            #expect(error?.description.contains("the new copy is in place but the previous copy at \(root)/.out.") == true, "\(exchange)")
            #expect(error?.description.hasSuffix("was not removed: it holds late.txt, which no sweep wrote; move that elsewhere and remove the copy.") == true)
            #expect(bytes(out + "/summary.csv") == Array("2\r\n".utf8))
            let copy = try #require(listing(root).first { $0.hasPrefix(".out.") })
            #expect(listing(root + "/" + copy) == [OutputDirectory.markerName, "late.txt"], "only the listed files went")
            let claim = try OutputDirectory.claim(out)
            #expect(claim.recovered?.hasSuffix("left \(copy) in place: it holds files no sweep wrote") == true, "\(claim.recovered ?? "")")
            #expect(bytes(root + "/" + copy + "/late.txt") == Array("late".utf8))
        }
    }
}
