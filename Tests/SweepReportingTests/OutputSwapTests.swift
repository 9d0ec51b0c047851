import Foundation
import SweepReporting
import Synchronization
import TestSupport
import Testing

/// Issue 14 §4 and §6 in process: the swap never takes a kept file (the journal) out of the directory, a claim
/// cleans up after a killed swap, and a directory is claimed before a sweep runs (locked, checked, followed).
@Suite struct OutputSwapTests {
    struct Failed: Error {}

    /// An output directory as `sweep submit` leaves it: old reports, the marker and a journal.
    private func finished(_ out: String) throws {
        try OutputDirectory.write(files: [("summary.csv", "old\r\n")], to: out)
        try Data("journal bytes".utf8).write(to: URL(fileURLWithPath: out + "/journal.tsj"))
    }

    @Test func theJournalIsInTheDirectoryAtEveryStepOfAnExchangingSwap() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try finished(out)
        let seen = Mutex<[String]>([])
        let options = OutputDirectory.SwapOptions { n, step in
            let journal = bytes(out + "/journal.tsj").map { String(decoding: $0, as: UTF8.self) } ?? "absent"
            seen.withLock { $0.append("\(n) \(step): \(journal)") }
        }
        try OutputDirectory.write(files: [("summary.csv", "new\r\n")], to: out, keeping: ["journal.tsj"], options: options)
        #expect(seen.withLock { $0 } == ["1 keep journal.tsj: journal bytes", "2 install: journal bytes", "3 remove the old copy: journal bytes"])
        #expect(bytes(out + "/journal.tsj") == Array("journal bytes".utf8))
        #expect(bytes(out + "/summary.csv") == Array("new\r\n".utf8))
        #expect(listing(root) == ["out"])
    }

    /// A step that fails, at each step in turn, with and without the exchange: the directory is the old one or the
    /// new one, complete, its journal in it, and nothing is left beside it.
    @Test func aFailureAtEveryStepOfTheSwapLeavesOneCompleteDirectoryWithItsJournal() throws {
        for exchange in [true, false] {
            var failingStep = 1
            while true {
                let scratch = try TemporaryDirectory("SweepReportingTests")
                let root = scratch.path
                let out = root + "/out"
                try finished(out)
                let step = failingStep
                let options = OutputDirectory.SwapOptions(exchange: exchange) { n, _ in if n == step { throw Failed() } }
                let failed: Bool
                do {
                    try OutputDirectory.write(files: [("summary.csv", "new\r\n")], to: out, keeping: ["journal.tsj"], options: options)
                    failed = false
                } catch {
                    failed = true
                }
                let summary = bytes(out + "/summary.csv").map { String(decoding: $0, as: UTF8.self) }
                #expect(summary == "old\r\n" || summary == "new\r\n", "exchange \(exchange), step \(step)")
                #expect(bytes(out + "/journal.tsj") == Array("journal bytes".utf8), "exchange \(exchange), step \(step)")
                if listing(root) != ["out"] {
                    // Only an old copy that could not be removed once the new one was in place: the next claim does.
                    #expect(!exchange && summary == "new\r\n" && listing(root).count == 2, "exchange \(exchange), step \(step)")
                    try OutputDirectory.claim(out, keeping: ["journal.tsj"]).release()
                }
                #expect(listing(root) == ["out"], "exchange \(exchange), step \(step)")
                guard failed else {
                    #expect(step == (exchange ? 4 : 5), "every step was failed once: keep, install (or aside and in), remove")
                    break
                }
                failingStep += 1
            }
        }
    }

    @Test func aClaimPutsBackTheOldCopyASweepKilledBetweenItsTwoRenamesLeft() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try finished(out)
        // What a kill between the two renames leaves: the old copy aside, the new one beside it, no directory.
        #expect(rename(out, root + "/.out.old-77-1") == 0)
        try OutputDirectory.write(files: [("summary.csv", "new\r\n")], to: root + "/elsewhere")
        #expect(rename(root + "/elsewhere", root + "/.out.tmp-77-2") == 0)
        let claim = try OutputDirectory.claim(out, keeping: ["journal.tsj"])
        #expect(
            claim.recovered == "\(out): a killed sweep left .out.old-77-1, .out.tmp-77-2 behind; put .out.old-77-1 back in its place; "
                + "removed .out.tmp-77-2")
        #expect(listing(root) == ["out"])
        #expect(bytes(out + "/journal.tsj") == Array("journal bytes".utf8))
        #expect(bytes(out + "/summary.csv") == Array("old\r\n".utf8))
        claim.release()
        #expect(try OutputDirectory.claim(out, keeping: ["journal.tsj"]).recovered == nil, "once is enough")
    }

    /// What a build before issue 14 left when killed mid-swap: the journal moved into the new copy, the directory
    /// without it. The claim takes the journal back, so the next run resumes instead of starting from 0 %.
    @Test func aClaimTakesTheJournalBackFromTheCopyItWasMovedInto() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try finished(out)
        try OutputDirectory.write(files: [("summary.csv", "new\r\n")], to: root + "/new")
        #expect(rename(out + "/journal.tsj", root + "/new/journal.tsj") == 0)
        #expect(rename(root + "/new", root + "/.out.tmp-88-3") == 0)
        let claim = try OutputDirectory.claim(out, keeping: ["journal.tsj"])
        #expect(claim.recovered == "\(out): a killed sweep left .out.tmp-88-3 behind; took its journal.tsj from .out.tmp-88-3; removed it")
        #expect(bytes(out + "/journal.tsj") == Array("journal bytes".utf8))
        #expect(listing(root) == ["out"])
    }

    @Test func aCopyThatARunningSweepHoldsIsNotALeftoverAndItsDirectoryIsInUse() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try FileManager.default.createDirectory(atPath: root + "/.out.tmp-99-4", withIntermediateDirectories: false)
        let fd = open(root + "/.out.tmp-99-4", O_RDONLY | O_DIRECTORY)
        #expect(flock(fd, LOCK_EX) == 0)
        let error = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(out) }
        #expect(
            error?.description == "Cannot write the report directory \(out): another sweep that is still running (sweep submit or "
                + "sweep run) is using it; wait for it to finish, or write somewhere else.")
        #expect(listing(root) == [".out.tmp-99-4"])
        close(fd) // as when that sweep dies
        let claim = try OutputDirectory.claim(out)
        #expect(claim.recovered == "\(out): a killed sweep left .out.tmp-99-4 behind; removed it")
        #expect(listing(root) == [])
    }

    @Test func aClaimedDirectoryIsRefusedToAnotherClaimUntilReleasedAndTheLockFollowsTheNewCopy() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        let first = try OutputDirectory.claim(out, create: true)
        #expect(listing(out) == [OutputDirectory.markerName])
        #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(out) }
        #expect(throws: OutputDirectoryError.self) { try OutputDirectory.write(files: [("a.csv", "x")], to: out) }
        // Swapped with the claim: the new copy in place is still held.
        try OutputDirectory.write(files: [("a.csv", "y")], to: out, claim: first)
        #expect(bytes(out + "/a.csv") == Array("y".utf8))
        #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(out) }
        first.release()
        try OutputDirectory.claim(out).release()
    }

    @Test func aNameTooLongForItsTemporarySiblingIsRefusedBeforeAnythingIsWritten() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let longest = root + "/new/" + String(repeating: "a", count: OutputDirectory.maximumNameBytes)
        let tooLong = root + "/new/" + String(repeating: "é", count: 115) // 230 bytes
        let error = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(tooLong, create: true) }
        #expect(
            error?.description == "Cannot write the report directory \(tooLong): its name is 230 bytes long, and at most 228 fit (it is "
                + "written under a temporary name 27 bytes longer, and a file name has at most 255 bytes).")
        #expect(listing(root) == [])
        try OutputDirectory.write(files: [("a.csv", "x")], to: longest)
        #expect(bytes(longest + "/a.csv") == Array("x".utf8))
    }

    @Test func aSymbolicLinkAtTheOutputKeepsPointingWhereItPointed() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        try FileManager.default.createDirectory(atPath: root + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: "real")
        for round in ["1", "2"] {
            let claim = try OutputDirectory.claim(root + "/link")
            #expect(claim.path.hasSuffix("/real"))
            try OutputDirectory.write(files: [("a.csv", round)], to: root + "/link", claim: claim)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/link") == "real")
            #expect(bytes(root + "/real/a.csv") == Array(round.utf8))
        }
        #expect(listing(root) == ["link", "real"])
        try FileManager.default.createSymbolicLink(atPath: root + "/dangling", withDestinationPath: "nowhere")
        let error = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(root + "/dangling") }
        #expect(error?.description == "Cannot write the report directory \(root)/dangling: it is a symbolic link to nowhere, which does not exist.")
    }

    @Test func aClaimThatFailsOrIsAbandonedLeavesNoDirectoryItCreated() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        try Data("file".utf8).write(to: URL(fileURLWithPath: root + "/plain"))
        let under = root + "/plain/a/out"
        let error = #expect(throws: OutputDirectoryError.self) { try OutputDirectory.claim(under, create: true) }
        #expect(error?.description == "Cannot write the report directory \(under): cannot create the directory \(under) (Not a directory).")
        #expect(listing(root) == ["plain"])
        // Made with its parents, then given up with only the marker and an unused journal in it.
        let claim = try OutputDirectory.claim(root + "/a/b/out", create: true)
        try Data().write(to: URL(fileURLWithPath: root + "/a/b/out/journal.tsj"))
        claim.abandon(removing: ["journal.tsj"]) { false }
        #expect(listing(root + "/a/b/out") == [OutputDirectory.markerName, "journal.tsj"], "a journal in use is kept")
        claim.abandon(removing: ["journal.tsj"]) { true }
        #expect(listing(root) == ["plain"])
        // Without `create`, nothing is made at all.
        try OutputDirectory.claim(root + "/c/d/out").release()
        #expect(listing(root) == ["plain"])
    }
}
