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

/// Runs programs for the tests that drive a binary end to end: ``run(_:_:environment:in:mergingStandardError:unblockingSignals:)``
/// waits for one and returns what it printed; ``start(_:_:environment:in:standardOutput:standardError:unblockingSignals:)``
/// starts a long-lived one (a coordinator, a worker) that the test signals and waits for with ``wait(_:seconds:)``.
///
/// Program stays hand-written rather than built on swiftlang/swift-subprocess (1.0.2, evaluated for issue 38). That
/// package is async-only, while these tests run programs from synchronous tests and from `static let` initialisers
/// (probes, fixtures made once), which cannot await. And a child lives only inside its `run` closure (it must end
/// before `run` returns), whereas a helper here starts a coordinator or workers and hands them back to a test that
/// signals them, waits for them and reads their logs across many steps. Its file-descriptor outputs and its empty
/// signal mask in the child would have served; a second process API, and swift-system with it, would not.
public enum Program {
    /// Where a started program's standard output or error goes: nowhere (/dev/null), a file (created, or emptied when
    /// it exists) or, for standard error only, wherever standard output goes (both in the order written).
    public enum Destination: Sendable, Equatable {
        case discarded
        case file(String)
        case standardOutput
    }

    /// Runs `executable arguments…` from the repository root (or `directory`) and waits for it. Both streams go to
    /// files, so neither can fill a pipe and block the program, and a daemon it starts that keeps them open cannot
    /// keep this waiting. `mergingStandardError`: both streams into `stdout` (in the order written).
    /// `unblockingSignals`: the program starts with no signal blocked, as a shell or Slurm would start it (test
    /// threads block signals and a child inherits the mask, so a script's `kill -TERM` or Slurm's would not reach it).
    public static func run(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        in directory: URL = Repository.root, mergingStandardError: Bool = false, unblockingSignals: Bool = false
    ) throws -> ProgramResult {
        let scratch = try TemporaryDirectory("touchsweep-program")
        defer { scratch.remove() }
        let outFile = scratch.file("stdout.txt"), errorFile = scratch.file("stderr.txt")
        let process = try start(
            executable, arguments, environment: environment, in: directory, standardOutput: .file(outFile),
            standardError: mergingStandardError ? .standardOutput : .file(errorFile), unblockingSignals: unblockingSignals)
        process.waitUntilExit()
        let read = { (file: String) in String(decoding: FileManager.default.contents(atPath: file) ?? Data(), as: UTF8.self) }
        return ProgramResult(status: process.terminationStatus, stdout: read(outFile), stderr: read(errorFile))
    }

    /// Starts `executable arguments…` from the repository root (or `directory`) and returns at once; the caller
    /// signals it (`kill(process.processIdentifier, …)`) and waits for it (``wait(_:seconds:)``, `waitUntilExit()`).
    /// Standard input is /dev/null; each output stream goes to /dev/null or a file (see ``Destination``), never a
    /// pipe, so a child that prints much, or a daemon that keeps the stream open, never blocks on a reader.
    /// `environment`: the child's whole environment (nil: this process's). `unblockingSignals`: as for ``run``.
    public static func start(
        _ executable: URL, _ arguments: [String], environment: [String: String]? = nil,
        in directory: URL = Repository.root, standardOutput: Destination = .discarded,
        standardError: Destination = .discarded, unblockingSignals: Bool = false
    ) throws -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        let output = try handle(standardOutput)
        let error = try standardError == .standardOutput ? output : handle(standardError)
        process.standardOutput = output
        process.standardError = error
        try spawn(process, unblockingSignals: unblockingSignals)
        // The child has its own copies; this process keeps none open.
        for handle in [output, error] where handle !== FileHandle.nullDevice { try? handle.close() }
        return process
    }

    /// Waits for `process` to exit, at most `seconds`; kills it (SIGKILL) and reaps it when it has not. True when it
    /// exited by itself in time.
    @discardableResult
    public static func wait(_ process: Process, seconds: Double) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        let exited = !process.isRunning
        if !exited { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return exited
    }

    /// A handle to write `destination` with: /dev/null, or the file, created or emptied.
    static func handle(_ destination: Destination) throws -> FileHandle {
        guard case .file(let path) = destination else { return FileHandle.nullDevice }
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        return try FileHandle(forWritingTo: URL(fileURLWithPath: path))
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
