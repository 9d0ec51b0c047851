import Foundation
import TestSupport
import Testing

/// The shared test helpers every suite relies on: a temporary directory is there while it is used and gone after,
/// and a program's output, status and signals come back as they were.
@Suite struct TestSupportTests {
    struct Thrown: Error {}

    @Test func withTemporaryDirectoryRemovesTheDirectoryAfterTheBodyAndAfterAThrow() throws {
        let kept = try withTemporaryDirectory("support-with") { dir in
            try dir.write("text", to: "a.txt")
            try dir.directory("sub/deeper")
            #expect(FileManager.default.fileExists(atPath: dir.file("sub/deeper")))
            #expect(try String(contentsOfFile: dir.file("a.txt"), encoding: .utf8) == "text")
            #expect(dir.path.hasPrefix(FileManager.default.temporaryDirectory.path))
            return dir.path
        }
        #expect(!FileManager.default.fileExists(atPath: kept), "removed after the body")
        var thrownIn = ""
        #expect(throws: Thrown.self) {
            try withTemporaryDirectory("support-throw") { dir in
                thrownIn = dir.path
                throw Thrown()
            }
        }
        #expect(!thrownIn.isEmpty && !FileManager.default.fileExists(atPath: thrownIn), "removed after a throw")
    }

    @Test func aTemporaryDirectoryIsRemovedWithItsLastReferenceAndTwoAreNeverTheSame() throws {
        func make() throws -> String {
            let dir = try TemporaryDirectory("support-deinit")
            try dir.write("x", to: "x.txt")
            #expect(FileManager.default.fileExists(atPath: dir.file("x.txt")))
            return dir.path
        }
        let path = try make()
        #expect(!FileManager.default.fileExists(atPath: path))
        let a = try TemporaryDirectory("support-same"), b = try TemporaryDirectory("support-same")
        #expect(a.path != b.path)
    }

    @Test func runReturnsBothStreamsAndTheStatus() throws {
        let sh = URL(fileURLWithPath: "/bin/sh")
        let result = try Program.run(sh, ["-c", "echo out; echo err >&2; exit 3"])
        #expect(result.status == 3 && result.stdout == "out\n" && result.stderr == "err\n", "\(result.transcript)")
        let merged = try Program.run(sh, ["-c", "echo one; echo two >&2; echo three"], mergingStandardError: true)
        #expect(merged.stdout == "one\ntwo\nthree\n" && merged.stderr.isEmpty, "\(merged.transcript)")
        try withTemporaryDirectory("support-cwd") { dir in
            let said = try Program.run(sh, ["-c", "pwd -P"], in: dir.url).stdout
            #expect(said == dir.url.resolvingSymlinksInPath().path + "\n", "run in the directory given")
        }
    }

    @Test func runUnblockingSignalsStartsTheChildWithNoSignalBlocked() throws {
        let result = try Program.run(URL(fileURLWithPath: "/bin/sh"), ["-c", "grep SigBlk /proc/self/status"], unblockingSignals: true)
        #expect(result.stdout == "SigBlk:\t0000000000000000\n", "\(result.transcript)")
    }

    @Test func aStartedChildWritesItsLogToAFileAndEndsWhenSignalled() throws {
        let dir = try TemporaryDirectory("support-start")
        let log = dir.file("child.log")
        let child = try Program.start(
            URL(fileURLWithPath: "/bin/sh"), ["-c", "echo started >&2; exec sleep 30"], standardError: .file(log), unblockingSignals: true)
        let deadline = Date().addingTimeInterval(10)
        while (try? String(contentsOfFile: log, encoding: .utf8)) != "started\n" && Date() < deadline { usleep(10_000) }
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "started\n")
        #expect(child.isRunning)
        kill(child.processIdentifier, SIGTERM)
        #expect(Program.wait(child, seconds: 10), "ended by the signal, not killed at the limit")
        #expect(child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGTERM)
    }

    @Test func waitKillsAChildThatOutlivesTheLimit() throws {
        let child = try Program.start(URL(fileURLWithPath: "/bin/sleep"), ["30"])
        let started = Date()
        #expect(!Program.wait(child, seconds: 0.2))
        #expect(!child.isRunning && child.terminationReason == .uncaughtSignal && child.terminationStatus == SIGKILL)
        #expect(Date().timeIntervalSince(started) < 10)
    }
}
