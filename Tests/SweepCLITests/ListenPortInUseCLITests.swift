import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `sweep submit --listen` on a port another program holds: one sentence naming the endpoint and the system's
/// reason, exit 1, and no output directory left behind.
@Suite struct ListenPortInUseCLITests {
    /// A TCP socket listening on 127.0.0.1 at a port the kernel picks: its descriptor and port.
    static func occupyPort() throws -> (fd: Int32, port: UInt16) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound, listen(fd, 4) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        return (fd, UInt16(bigEndian: address.sin_port))
    }

    @Test func aListenPortAnotherProgramHoldsIsOneSentenceAndExitOne() throws {
        let (fd, port) = try Self.occupyPort()
        defer { close(fd) }
        let scratch = try TemporaryDirectory("sweep-port-in-use")
        let output = scratch.file("out")
        let endpoint = "tcp://127.0.0.1:\(port)"
        let result = try Program.sweep([
            "submit", "configs/seeds-sweep.yaml", "--listen", endpoint, "--insecure", "--workers", "0", "--output", output
        ])
        #expect(result.status == 1, "\(result.transcript)")
        let lines = result.stderr.split(separator: "\n").filter { !$0.contains("warning: --insecure") }
        #expect(lines == ["sweep submit: listening on \(endpoint) failed: Address already in use"], "\(result.transcript)")
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: output), "no output directory is left behind")
    }
}
