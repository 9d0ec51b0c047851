import Foundation
import SweepReporting
import TestSupport
import Testing

/// Issue 30 item 8 in process: the one writer of single files replaces only a regular file (or makes a new one),
/// follows a link to a regular file, and refuses anything else in one sentence, leaving it as it was.
@Suite struct OutputFileTests {
    func type(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & S_IFMT : 0
    }

    @Test func writesANewFileAndReplacesARegularOneKeepingItsModeAndNothingBeside() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        try OutputFile.write("one\n", to: root + "/a.xml", option: "--junit")
        #expect(bytes(root + "/a.xml") == Array("one\n".utf8))
        #expect(chmod(root + "/a.xml", 0o640) == 0)
        try OutputFile.write("two\n", to: root + "/a.xml", option: "--junit")
        #expect(bytes(root + "/a.xml") == Array("two\n".utf8))
        #expect(try FileManager.default.attributesOfItem(atPath: root + "/a.xml")[.posixPermissions] as? Int == 0o640)
        #expect(listing(root) == ["a.xml"], "no temporary file left")
    }

    @Test func aLinkToARegularFileIsFollowedAndKeepsPointingThere() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        try Data("old".utf8).write(to: URL(fileURLWithPath: root + "/real.yaml"))
        try FileManager.default.createSymbolicLink(atPath: root + "/link.yaml", withDestinationPath: "real.yaml")
        try OutputFile.write("new", to: root + "/link.yaml", option: "--out")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/link.yaml") == "real.yaml")
        #expect(bytes(root + "/real.yaml") == Array("new".utf8))
        #expect(listing(root) == ["link.yaml", "real.yaml"])
    }

    /// A FIFO, a link to /dev/null, /dev/full itself, a directory, a link to nothing and a missing directory: each
    /// one sentence naming the option and the path, marked as a refusal (exit status 2), and nothing changed.
    @Test func anythingButARegularFileIsRefusedInOneSentenceAndLeftAsItWas() throws {
        let scratch = try TemporaryDirectory("SweepReportingTests")
        let root = scratch.path
        #expect(mkfifo(root + "/fifo", 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: root + "/null", withDestinationPath: "/dev/null")
        try FileManager.default.createSymbolicLink(atPath: root + "/nowhere", withDestinationPath: "gone.xml")
        try FileManager.default.createDirectory(atPath: root + "/dir", withIntermediateDirectories: false)
        let only = ", and only a regular file is ever replaced; give the path of a regular file or of a new one."
        let cases: [(path: String, sentence: String)] = [
            (root + "/fifo", "cannot write --out \(root)/fifo: it is a FIFO (named pipe)" + only),
            (root + "/null", "cannot write --out \(root)/null: it is a symbolic link to /dev/null, a character device" + only),
            ("/dev/full", "cannot write --out /dev/full: it is a character device" + only),
            (root + "/dir", "cannot write --out \(root)/dir: it is a directory" + only),
            (
                root + "/nowhere",
                "cannot write --out \(root)/nowhere: it is a symbolic link to gone.xml, which does not exist; give the path of a regular file or of a new one."
            ),
            (
                root + "/missing/x.xml",
                "cannot write --out \(root)/missing/x.xml: the directory \(root)/missing does not exist; create it first, or write somewhere else."
            )
        ]
        for (path, sentence) in cases {
            let error = #expect(throws: OutputFileError.self) { try OutputFile.write("x", to: path, option: "--out") }
            #expect(error?.description == sentence)
            #expect(error?.refused == true)
        }
        #expect(type(root + "/fifo") == S_IFIFO)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: root + "/null") == "/dev/null")
        #expect(type("/dev/full") == S_IFCHR && type("/dev/null") == S_IFCHR)
        #expect(listing(root) == ["dir", "fifo", "nowhere", "null"])
        #expect(listing(root + "/dir") == [])
    }
}
