import Foundation
import Logging
import SweepTransportZMQ

/// The local part of `sweep submit`: a private directory (mode 0700) for the coordinator's local endpoint and the
/// local workers' keys, and the local worker processes (this same executable, `sweep worker --parent-pid`), which
/// exit when their coordinator dies.
///
/// On a CURVE endpoint the local workers get a key pair of their own, made for this run and allowed for it only
/// (``coordinatorSecurity`` is the coordinator's with that key added). ``close()`` removes the directory.
///
/// Each worker slot has a thread that starts its worker, passes on what the worker writes on standard error (whole
/// lines) keeping the last of it, and, when the worker ends before the sweep is finished, starts another as
/// ``LocalWorkerRestarts`` says, or gives the slot up; once every slot is given up, ``givenUp`` says why.
public final class LocalCluster: @unchecked Sendable {
    /// Why the private directory could not be made, in one sentence.
    public struct SetUpError: Error, CustomStringConvertible {
        public var description: String
    }

    /// How many local workers ``spawn(endpoint:arguments:logger:failed:)`` starts (one slot each).
    public let workers: Int
    /// The private directory, when the sweep needs one (a local endpoint or local workers).
    public let privateDirectory: String?
    /// The endpoint the coordinator binds: `listen`, or an `ipc://` socket in the private directory.
    public let endpoint: String
    /// The coordinator's security, with the local workers' public key allowed on a CURVE endpoint.
    public let coordinatorSecurity: CoordinatorSecurity
    /// The security arguments of `sweep worker` for the local workers.
    public let workerArguments: [String]

    private let lock = NSLock()
    /// The process running in each slot now.
    private var running: [Int: Process] = [:]
    private var restarts: LocalWorkerRestarts
    private var givenUpCause: String?
    /// Whether the sweep is over: no worker that ends is replaced from now on.
    private var finishing = false
    private var logger = Logger(label: "submit", factory: { _ in SwiftLogNoOpLogHandler() })

    /// The most of a worker's standard error kept for the sentence that names why it ended.
    public static let stderrTailBytes = 2048

    /// The program each local worker runs (`PROGRAM worker …`).
    public let executable: URL

    /// `listen` nil: a private `ipc://` endpoint. `insecure`: the local workers are told `--insecure` too.
    /// `executable`: the `sweep` binary the local workers run; nil: this same executable.
    public init(listen: String?, workers: Int, security: CoordinatorSecurity, insecure: Bool, executable: URL? = nil) throws {
        self.workers = workers
        self.executable = executable ?? URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        restarts = LocalWorkerRestarts(slots: workers)
        var directory: String?
        if listen == nil || workers > 0 {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("touchsweep-\(getpid())-\(UInt32.random(in: 0 ... .max))").path
            guard mkdir(dir, 0o700) == 0 else {
                throw SetUpError(description: "cannot create the private directory \(dir) for the local endpoint (\(String(cString: strerror(errno)))).")
            }
            directory = dir
        }
        privateDirectory = directory
        endpoint = listen ?? "ipc://\(directory!)/coordinator"
        var coordinatorSecurity = security
        var workerArguments = insecure ? ["--insecure"] : []
        if case let .curve(secretKey, allowed) = security, workers > 0, let directory {
            do {
                let local = try CurveKeyPair.generate()
                try KeyFiles.write(local, name: "local-worker", role: "this run's local workers", directory: directory)
                try KeyFiles.writePublic(secretKey.publicKey, name: "coordinator", role: "coordinator", directory: directory)
                var widened = allowed
                widened?[local.publicKey] = "this run's local workers"
                coordinatorSecurity = .curve(secretKey: secretKey, allowed: widened)
            } catch {
                try? FileManager.default.removeItem(atPath: directory)
                throw error
            }
            workerArguments = ["--coordinator-key", directory + "/coordinator.pub", "--key", directory + "/local-worker.secret"]
        }
        self.coordinatorSecurity = coordinatorSecurity
        self.workerArguments = workerArguments
    }

    /// Starts the local workers on `endpoint` (the bound one), each with one slot, this cluster's security
    /// arguments and `arguments`, and replaces those that end before the sweep is finished (``LocalWorkerRestarts``):
    /// each replacement is a warning event of `logger`. A worker that cannot start is reported to `failed` and
    /// counts as one that ended.
    public func spawn(endpoint: String, arguments: [String], logger: Logger, failed: @escaping @Sendable (String) -> Void) {
        lock.withLock { self.logger = logger }
        for slot in 0 ..< workers {
            let worker =
                [
                    "worker", "--connect", endpoint, "--slots", "1", "--id", "local-\(getpid())-\(slot)",
                    "--parent-pid", String(getpid())
                ] + workerArguments + arguments
            let thread = Thread { [self] in supervise(slot: slot, executable: executable, arguments: worker, failed: failed) }
            thread.name = "touchsweep-local-worker-\(slot)"
            thread.start()
        }
    }

    /// Why the local workers cannot go on (every slot given up), or nil.
    public var givenUp: String? { lock.withLock { givenUpCause } }

    /// Runs slot `slot`'s workers one after the other until one ends without being replaced.
    private func supervise(slot: Int, executable: URL, arguments: [String], failed: @Sendable (String) -> Void) {
        let clock = ContinuousClock()
        while true {
            let started = clock.now
            let process = Process()
            process.executableURL = executable
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            let errors = Pipe()
            process.standardError = errors
            var exit: LocalWorkerRestarts.Exit
            let launched: Bool = lock.withLock {
                // The sweep may have finished while this slot waited to restart.
                guard !finishing else { return false }
                do { try process.run() } catch { return false }
                running[slot] = process
                return true
            }
            if launched {
                try? errors.fileHandleForWriting.close()
                let tail = Self.forwardLines(from: errors.fileHandleForReading.fileDescriptor)
                process.waitUntilExit()
                let ms = (clock.now - started).components
                exit = LocalWorkerRestarts.Exit(
                    slot: slot, status: process.terminationStatus, signalled: process.terminationReason == .uncaughtSignal,
                    stderrTail: tail, ranMs: ms.seconds * 1000 + ms.attoseconds / 1_000_000_000_000_000)
            } else {
                if lock.withLock({ finishing }) { return }
                failed("cannot start a local worker")
                exit = LocalWorkerRestarts.Exit(slot: slot, status: 127, signalled: false, stderrTail: "cannot start", ranMs: 0)
            }
            let (actions, logger) = lock.withLock {
                running[slot] = nil
                return (restarts.ended(exit), self.logger)
            }
            var again = false
            for action in actions {
                switch action {
                case let .restart(_, afterMs, count):
                    logger.warning(
                        "a local worker died; starting another",
                        metadata: ["worker": "local-\(getpid())-\(slot)", "cause": "\(exit.cause)", "restarts": "\(count)"])
                    usleep(UInt32(afterMs * 1000))
                    again = true
                case .retire:
                    logger.error(
                        "a local worker slot is given up: its workers keep dying",
                        metadata: ["worker": "local-\(getpid())-\(slot)", "cause": "\(exit.cause)"])
                case let .giveUp(cause):
                    lock.withLock { givenUpCause = cause }
                }
            }
            if !again { return }
        }
    }

    /// Copies what a worker writes on standard error to this process's, line by line (each line one write, so lines
    /// from several workers never interleave), until the worker closes it; returns the last
    /// ``stderrTailBytes`` of it.
    static func forwardLines(from fd: Int32) -> String {
        var pending: [UInt8] = [], tail: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        func emit(_ line: ArraySlice<UInt8>) {
            LocalCluster.writeAll(Array(line))
            tail.append(contentsOf: line)
            if tail.count > stderrTailBytes { tail.removeFirst(tail.count - stderrTailBytes) }
        }
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
            pending.append(contentsOf: buffer[0 ..< count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                emit(pending[...newline])
                pending.removeFirst(newline + 1)
            }
        }
        if !pending.isEmpty { emit(pending[...] + [UInt8(ascii: "\n")]) }
        return String(decoding: tail, as: UTF8.self)
    }

    /// Writes `bytes` to standard error in as few writes as it takes (one, for a line).
    static func writeAll(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress! + offset, $0.count - offset) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            offset += written
        }
    }

    /// The sweep is over: workers that end from now on are not replaced.
    private func finish() {
        lock.withLock {
            finishing = true
            restarts.sweepFinished()
        }
    }

    /// Waits up to `timeoutSeconds` for the local workers to leave, then terminates those still running. None is
    /// replaced from now on.
    public func waitForAll(timeoutSeconds: Double) {
        finish()
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        let all = lock.withLock { Array(running.values) }
        for p in all {
            while p.isRunning && Date() < deadline { usleep(10_000) }
            if p.isRunning { p.terminate() }
        }
    }

    /// Terminates the local workers; none is replaced from now on.
    public func terminateAll() {
        finish()
        let all = lock.withLock { Array(running.values) }
        for p in all where p.isRunning { p.terminate() }
    }

    /// Removes the private directory (the endpoint's socket and the local keys).
    public func close() {
        if let privateDirectory { try? FileManager.default.removeItem(atPath: privateDirectory) }
    }
}
