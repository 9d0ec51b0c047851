import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Hosts on one machine: a coordinator host and worker hosts in network namespaces, joined by veth pairs to a
/// bridge in the coordinator's namespace (10.77.0.1 for the coordinator, 10.77.0.2… for the workers). Needs
/// root and iproute2; `unavailable` says why when they are missing, so tests skip visibly.
final class NetworkLab: @unchecked Sendable {
    static let ip: String? = ["/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip"].first { FileManager.default.isExecutableFile(atPath: $0) }

    /// Why namespaces cannot be made here, or nil when they can (checked once, by making and removing one).
    static let unavailable: String? = {
        guard let ip else { return "iproute2's ip command is not installed" }
        guard geteuid() == 0 else { return "network namespaces need root (run the tests as root, as CI does)" }
        let probe = "tsprobe-\(getpid())"
        guard run([ip, "netns", "add", probe]) == 0 else { return "`ip netns add` failed: namespaces cannot be made in this sandbox" }
        _ = run([ip, "netns", "del", probe])
        return nil
    }()

    let coordinator: String
    let workers: [String]
    let coordinatorAddress = "10.77.0.1"

    init(workers count: Int) throws {
        let tag = "\(getpid() % 100_000)"
        coordinator = "tsc\(tag)"
        workers = (1 ... count).map { "tsw\($0)-\(tag)" }
        let ip = Self.ip!
        var commands: [[String]] = [
            [ip, "netns", "add", coordinator],
            [ip, "-n", coordinator, "link", "set", "lo", "up"],
            [ip, "-n", coordinator, "link", "add", "br0", "type", "bridge"],
            [ip, "-n", coordinator, "addr", "add", coordinatorAddress + "/24", "dev", "br0"],
            [ip, "-n", coordinator, "link", "set", "br0", "up"],
        ]
        for (i, host) in workers.enumerated() {
            commands += [
                [ip, "netns", "add", host],
                [ip, "-n", host, "link", "set", "lo", "up"],
                [ip, "link", "add", "link\(i + 1)", "netns", coordinator, "type", "veth", "peer", "name", "eth0", "netns", host],
                [ip, "-n", coordinator, "link", "set", "link\(i + 1)", "master", "br0", "up"],
                [ip, "-n", host, "addr", "add", "10.77.0.\(i + 2)/24", "dev", "eth0"],
                [ip, "-n", host, "link", "set", "eth0", "up"],
            ]
        }
        for command in commands where Self.run(command) != 0 {
            tearDown()
            throw CocoaError(.featureUnsupported, userInfo: [NSLocalizedDescriptionKey: "failed: \(command.joined(separator: " "))"])
        }
    }

    /// Cuts (or restores) worker `index`'s cable at the bridge.
    func setLink(ofWorker index: Int, up: Bool) {
        _ = Self.run([Self.ip!, "-n", coordinator, "link", "set", "link\(index + 1)", up ? "up" : "down"])
    }

    /// A process in `namespace`, standard error to `log`.
    func start(in namespace: String, _ arguments: [String], log: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.ip!)
        process.arguments = ["netns", "exec", namespace, SweepCLITests.sweepBinary.path] + arguments
        process.currentDirectoryURL = SweepCLITests.repository
        process.standardOutput = FileHandle.nullDevice
        _ = FileManager.default.createFile(atPath: log, contents: nil)
        process.standardError = FileHandle(forWritingAtPath: log)
        try process.run()
        return process
    }

    func tearDown() {
        for name in [coordinator] + workers { _ = Self.run([Self.ip!, "netns", "del", name]) }
    }

    @discardableResult
    static func run(_ command: [String]) -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command[0])
        process.arguments = Array(command.dropFirst())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do { try process.run() } catch { return -1 }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
