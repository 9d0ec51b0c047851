import Foundation
import SweepReporting
import TestSupport
import Testing

func bytes(_ path: String) -> [UInt8]? {
    FileManager.default.contents(atPath: path).map { Array($0) }
}

/// The names in a directory, sorted (hidden ones included); empty when it cannot be listed.
func listing(_ path: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

@Suite struct OutputDirectoryTests {
    @Test func filesAppearWithExactBytes() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/runs/quickstart" // parent `runs` is created
        try OutputDirectory.write(
            files: [("summary.csv", "a,b\r\n1,\"x\"\"y\"\r\n"), ("plan.yaml", "name: ü\n"), ("empty.csv", "")],
            to: out)
        #expect(bytes(out + "/summary.csv") == Array("a,b\r\n1,\"x\"\"y\"\r\n".utf8))
        #expect(bytes(out + "/plan.yaml") == [0x6E, 0x61, 0x6D, 0x65, 0x3A, 0x20, 0xC3, 0xBC, 0x0A])
        #expect(bytes(out + "/empty.csv") == [])
        #expect(listing(out) == [OutputDirectory.markerName, "empty.csv", "plan.yaml", "summary.csv"])
        #expect(listing(root + "/runs") == ["quickstart"]) // no temporary siblings left
    }

    @Test func replacesAnEarlierReportAsAWhole() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try OutputDirectory.write(files: [("old.csv", "old\r\n"), ("summary.csv", "1\r\n")], to: out)
        try OutputDirectory.write(files: [("summary.csv", "2\r\n")], to: out)
        #expect(listing(out) == [OutputDirectory.markerName, "summary.csv"])
        #expect(bytes(out + "/summary.csv") == Array("2\r\n".utf8))
        #expect(listing(root) == ["out"])
    }

    @Test func anEmptyExistingDirectoryMayBeReplaced() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        try FileManager.default.createDirectory(atPath: root + "/out", withIntermediateDirectories: false)
        try OutputDirectory.write(files: [("a.csv", "x\r\n")], to: root + "/out")
        #expect(bytes(root + "/out/a.csv") == Array("x\r\n".utf8))
    }

    @Test func aDirectoryTouchSweepDidNotWriteIsNeverReplaced() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        try FileManager.default.createDirectory(atPath: root + "/home", withIntermediateDirectories: false)
        try Data("keep".utf8).write(to: URL(fileURLWithPath: root + "/home/notes.txt"))
        let error = #expect(throws: OutputDirectoryError.self) {
            try OutputDirectory.write(files: [("a.csv", "x\r\n")], to: root + "/home")
        }
        #expect(
            error?.description
                == "Cannot write the report directory \(root)/home: it is a non-empty directory without a .touchsweep-output file, so TouchSweep did not write it and will not replace it; choose another --output."
        )
        #expect(listing(root + "/home") == ["notes.txt"])
        #expect(listing(root) == ["home"])
    }

    @Test func aTargetUnderARegularFileFailsAndLeavesNothingBehind() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        try Data("file".utf8).write(to: URL(fileURLWithPath: root + "/plain"))
        let target = root + "/plain/report"
        let error = #expect(throws: OutputDirectoryError.self) {
            try OutputDirectory.write(files: [("a.csv", "x\r\n")], to: target)
        }
        let sentence = try #require(error?.description)
        #expect(sentence.hasPrefix("Cannot write the report directory \(target): cannot create the directory \(root)/plain/"))
        #expect(sentence.hasSuffix("(Not a directory)."))
        #expect(!sentence.contains("\n"))
        #expect(listing(root) == ["plain"])
        #expect(bytes(root + "/plain") == Array("file".utf8))
    }

    @Test func aFailedWriteLeavesTheOldReportUntouched() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try OutputDirectory.write(files: [("summary.csv", "old\r\n")], to: out)
        #expect(throws: OutputDirectoryError.self) {
            try OutputDirectory.write(files: [("summary.csv", "new\r\n"), ("summary.csv", "again\r\n")], to: out)
        }
        #expect(throws: OutputDirectoryError.self) {
            try OutputDirectory.write(files: [("../escape.csv", "x")], to: out)
        }
        #expect(bytes(out + "/summary.csv") == Array("old\r\n".utf8))
        #expect(listing(root) == ["out"])
    }

    @Test func aTargetThatIsAFileIsRefused() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        try Data("file".utf8).write(to: URL(fileURLWithPath: root + "/out"))
        let error = #expect(throws: OutputDirectoryError.self) {
            try OutputDirectory.write(files: [("a.csv", "x")], to: root + "/out")
        }
        #expect(error?.description == "Cannot write the report directory \(root)/out: it exists and is not a directory.")
        #expect(listing(root) == ["out"] && bytes(root + "/out") == Array("file".utf8))
    }

    @Test func namesMayHaveOneSubdirectoryLevel() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        try OutputDirectory.write(files: [("summary.csv", "1\r\n"), ("minimal/a.yaml", "a\n"), ("minimal/index.csv", "i\r\n")], to: out)
        #expect(listing(out) == [OutputDirectory.markerName, "minimal", "summary.csv"])
        #expect(listing(out + "/minimal") == ["a.yaml", "index.csv"])
        #expect(bytes(out + "/minimal/a.yaml") == Array("a\n".utf8))
        // Replaced as a whole, subdirectory included.
        try OutputDirectory.write(files: [("minimal/b.yaml", "b\n")], to: out)
        #expect(listing(out + "/minimal") == ["b.yaml"])
        #expect(listing(root) == ["out"])
    }

    @Test func pathsThatLeaveTheDirectoryOrNestDeeperAreRefusedAndNothingIsWritten() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        let out = root + "/out"
        let refused = [
            "../x.csv", "/etc/x.csv", "minimal/../x.csv", "minimal/", "/x", "a//b", "./x", "minimal/./x",
            "a/b/c.csv", "minimal/..", "", OutputDirectory.markerName
        ]
        for name in refused {
            #expect(throws: OutputDirectoryError.self, "\(name)") {
                try OutputDirectory.write(files: [("summary.csv", "1\r\n"), (name, "x")], to: out)
            }
        }
        let error = #expect(throws: OutputDirectoryError.self) {
            try OutputDirectory.write(files: [("minimal", "x"), ("minimal/a.yaml", "a")], to: out)
        }
        #expect(error?.description == "Cannot write the report directory \(out): \"minimal\" is both a file and a subdirectory.")
        #expect(listing(root) == [], "nothing written")
    }
}
