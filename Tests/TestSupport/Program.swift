import Foundation

/// What a program printed and how it ended.
public struct ProgramResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public init(status: Int32, stdout: String, stderr: String) { self.status = status; self.stdout = stdout; self.stderr = stderr }
    /// Both streams, for failure messages.
    public var transcript: String { "exit \(status)\n--- stdout\n\(stdout)--- stderr\n\(stderr)" }
}

/// Runs programs for the tests that drive a binary end to end.
public enum Program {
    /// Runs `executable arguments…` from the repository root (or `directory`) and waits for it. Both streams go to
    /// files, so neither can fill a pipe and block the program, and a daemon it starts that keeps them open cannot
    /// keep this waiting. `mergingStandardError`: both streams into `stdout` (in the order written).
    /// `unblockingSignals`: the program starts with no signal blocked, as a shell or Slurm would start it (test
    /// threads block signals and a child inherits the mask, so a script's `kill -TERM` or Slurm's would not reach it).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        in directory: URL = Repository.root, mergingStandardError: Bool = false, unblockingSignals: Bool = false
    ) throws -> ProgramResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("touchsweep-program-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outFile = scratch.appendingPathComponent("stdout.txt"), errorFile = scratch.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: outFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: outFile), errorHandle = try FileHandle(forWritingTo: errorFile)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outHandle
        process.standardError = mergingStandardError ? outHandle : errorHandle
        try spawn(process, unblockingSignals: unblockingSignals)
        process.waitUntilExit()
        try outHandle.close()
        try errorHandle.close()
        return ProgramResult(
            status: process.terminationStatus, stdout: String(decoding: try Data(contentsOf: outFile), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }

    /// Starts `process`, with no signal blocked in it when `unblockingSignals`. The mask is this thread's only for
    /// the spawn: while the thread waits, SIGCHLD must stay blocked here, or it would be taken on this thread and
    /// never reach the source that tells Process its child has exited.
    public static func spawn(_ process: Process, unblockingSignals: Bool) throws {
        guard unblockingSignals else { return try process.run() }
        var none = sigset_t(), previous = sigset_t()
        sigemptyset(&none)
        pthread_sigmask(SIG_SETMASK, &none, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        try process.run()
    }

    /// The `sweep` binary of this build: next to the test bundle (the same build directory), else .build/debug.
    public static var sweep: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for dir in [here, here.deletingLastPathComponent()] {
            let candidate = dir.appendingPathComponent("sweep")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return Repository.url(".build/debug/sweep")
    }

    /// Runs this build's `sweep` from the repository root.
    public static func sweep(_ arguments: [String]) throws -> ProgramResult { try run(sweep, arguments) }
}
