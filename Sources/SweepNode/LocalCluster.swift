import Foundation
import SweepTransportZMQ

/// The local part of `sweep submit`: a private directory (mode 0700) for the coordinator's local endpoint and the
/// local workers' keys, and the local worker processes (this same executable, `sweep worker --parent-pid`), which
/// exit when their coordinator dies.
///
/// On a CURVE endpoint the local workers get a key pair of their own, made for this run and allowed for it only
/// (``coordinatorSecurity`` is the coordinator's with that key added). ``close()`` removes the directory.
public final class LocalCluster: @unchecked Sendable {
    /// Why the private directory could not be made, in one sentence.
    public struct SetUpError: Error, CustomStringConvertible {
        public var description: String
    }

    /// How many local workers ``spawn(endpoint:arguments:)`` starts.
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
    private var processes: [Process] = []

    /// `listen` nil: a private `ipc://` endpoint. `insecure`: the local workers are told `--insecure` too.
    public init(listen: String?, workers: Int, security: CoordinatorSecurity, insecure: Bool) throws {
        self.workers = workers
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
    /// arguments and `arguments`. A worker that cannot start is reported to `failed` and the others go on.
    public func spawn(endpoint: String, arguments: [String], failed: (String) -> Void) {
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        for i in 0 ..< workers {
            let process = Process()
            process.executableURL = executable
            process.arguments =
                [
                    "worker", "--connect", endpoint, "--slots", "1", "--id", "local-\(getpid())-\(i)", "--quiet",
                    "--parent-pid", String(getpid())
                ] + workerArguments + arguments
            process.standardOutput = FileHandle.nullDevice
            do { try process.run() } catch {
                failed("cannot start a local worker: \(error.localizedDescription)")
                continue
            }
            lock.lock(); processes.append(process); lock.unlock()
        }
    }

    /// Waits up to `timeoutSeconds` for the local workers to leave, then terminates those still running.
    public func waitForAll(timeoutSeconds: Double) {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        lock.lock(); let all = processes; lock.unlock()
        for p in all {
            while p.isRunning && Date() < deadline { usleep(10_000) }
            if p.isRunning { p.terminate() }
        }
    }

    public func terminateAll() {
        lock.lock(); let all = processes; lock.unlock()
        for p in all where p.isRunning { p.terminate() }
    }

    /// Removes the private directory (the endpoint's socket and the local keys).
    public func close() {
        if let privateDirectory { try? FileManager.default.removeItem(atPath: privateDirectory) }
    }
}
