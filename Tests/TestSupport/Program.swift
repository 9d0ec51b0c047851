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
    /// Runs `executable arguments…` from the repository root (or `directory`) and waits for it. Standard error goes
    /// to a file, so neither stream can fill a pipe and block the program. `mergingStandardError`: both streams
    /// into `stdout` (in the order written).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        in directory: URL = Repository.root, mergingStandardError: Bool = false
    ) throws -> ProgramResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("touchsweep-program-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let errorFile = scratch.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = mergingStandardError ? out : errorHandle
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errorHandle.close()
        return ProgramResult(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: try String(contentsOf: errorFile, encoding: .utf8))
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
