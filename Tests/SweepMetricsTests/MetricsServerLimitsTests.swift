import Foundation
import NIOCore
import SweepMetrics
import Synchronization
import TestSupport
import Testing

/// Issue 30, item 1: one unauthenticated HTTP client must not be able to take a core, starve `/metrics` or hold
/// `sweep submit` past its end. Each test starts a real server on a free port and attacks it over real sockets.
@Suite(.serialized) struct MetricsServerLimitsTests {
    /// A server with short timeouts (so the tests are quick), `/metrics` and a page of `bigPageBytes`.
    static func server(connections: Int = 8, bigPageBytes: Int = 1024) throws -> MetricsServer {
        var limits = MetricsServer.Limits()
        limits.headTimeout = .milliseconds(500)
        limits.connectionTimeout = .seconds(2)
        limits.connections = connections
        let big = MetricsServer.Page(path: "/big", contentType: "text/plain") { ByteBuffer(repeating: UInt8(ascii: "b"), count: bigPageBytes) }
        return try MetricsServer(host: "127.0.0.1", port: 0, pages: [big], limits: limits) { "touchsweep_up 1\n" }
    }

    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    @Test func anOrdinaryScrapeIsAnswered() throws {
        let server = try Self.server()
        defer { server.stop() }
        let answer = try #require(RawHTTPClient.get(port: server.port, "/metrics"))
        #expect(answer.status == 200 && answer.body == "touchsweep_up 1\n")
        #expect(RawHTTPClient.get(port: server.port, "/metrics?name[]=up")?.status == 200, "a query is ignored")
        #expect(RawHTTPClient.get(port: server.port, "/nothing")?.status == 404)
    }

    /// The reported attack: an 8 MiB header line. FlyingFox spent 2 s of CPU on a 64 KiB one; here the decoder
    /// stops at the limit and the answer comes at once.
    @Test func aHeaderLineOverTheLimitIsAnswered431AtOnce() throws {
        let server = try Self.server()
        defer { server.stop() }
        var status: Int?
        let elapsed = Self.seconds {
            let client = RawHTTPClient(port: server.port)
            client?.send("GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Long: ")
            client?.send([UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20))
            status = client?.status()
        }
        #expect(status == 431)
        #expect(elapsed < 2, "answered in \(elapsed) s")
    }

    @Test func tooManyHeaderFieldsAreAnswered431() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try #require(RawHTTPClient(port: server.port))
        let fields = (0 ..< (server.limits.headerFields + 1)).map { "X-\($0): 1\r\n" }.joined()
        client.send("GET /metrics HTTP/1.1\r\n" + fields + "\r\n")
        #expect(client.status() == 431)
    }

    @Test func aRequestLineOverTheLimitIsAnswered431() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try #require(RawHTTPClient(port: server.port))
        client.send("GET /metrics?" + String(repeating: "q", count: 64 * 1024) + " HTTP/1.1\r\n\r\n")
        #expect(client.status() == 431)
    }

    /// A head that stops coming (or drips a byte at a time: slowloris) is answered 408 at the head timeout.
    @Test(arguments: [false, true]) func aHeadThatDoesNotArriveInTimeIsAnswered408(dripping: Bool) throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try #require(RawHTTPClient(port: server.port))
        var status: Int?
        let elapsed = Self.seconds {
            client.send("GET /metrics HTTP/1.1\r\n")
            if dripping {
                for _ in 0 ..< 12 where client.send("X") { usleep(100_000) }
            }
            status = client.status()
        }
        #expect(status == 408)
        #expect(elapsed >= 0.4 && elapsed < 2, "closed after \(elapsed) s")
    }

    @Test func aBodyOverTheLimitIsAnswered413() throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = try #require(RawHTTPClient(port: server.port))
        let size = server.limits.bodyBytes + 1
        client.send("GET /metrics HTTP/1.1\r\nContent-Length: \(size)\r\n\r\n" + String(repeating: "x", count: size))
        #expect(client.status() == 413)
    }

    @Test func onlyGetAndHeadAreServed() throws {
        let server = try Self.server()
        defer { server.stop() }
        let post = try #require(RawHTTPClient(port: server.port))
        post.send("POST /metrics HTTP/1.1\r\nContent-Length: 2\r\n\r\nhi")
        #expect(post.status() == 405)
        let head = try #require(RawHTTPClient(port: server.port))
        head.send("HEAD /metrics HTTP/1.1\r\n\r\n")
        let text = head.readAll()
        #expect(text.hasPrefix("HTTP/1.1 200") && text.hasSuffix("\r\n\r\n"), "a HEAD answer has no body: \(text)")
    }

    /// Connections past the cap are answered 503 and closed; once the others go, requests are served again.
    @Test func connectionsPastTheCapAreAnswered503() throws {
        let server = try Self.server(connections: 4)
        defer { server.stop() }
        var idle = (0 ..< 4).compactMap { _ in RawHTTPClient(port: server.port) }
        #expect(idle.count == 4)
        usleep(100_000)
        let extra = try #require(RawHTTPClient(port: server.port))
        #expect(extra.status() == 503)
        idle.removeAll()
        usleep(200_000)
        #expect(RawHTTPClient.get(port: server.port, "/metrics")?.status == 200)
    }

    /// A client that asks for a large page and never reads it is cut off at the connection timeout.
    @Test func aClientThatNeverReadsIsClosedAtTheConnectionTimeout() throws {
        let size = 64 << 20
        let server = try Self.server(bigPageBytes: size)
        defer { server.stop() }
        let client = try #require(RawHTTPClient(port: server.port))
        client.send("GET /big HTTP/1.1\r\n\r\n")
        sleep(3)
        let received = client.readAll().utf8.count
        #expect(received < size, "the server gave up after its 2 s timeout: \(received) of \(size) bytes")
    }

    /// Two clients sending 8 MiB header lines over and over: `/metrics` keeps answering in well under a second.
    @Test func metricsAnswerWhileTwoClientsSendEndlessHeaderLines() throws {
        let server = try Self.server(connections: 64)
        defer { server.stop() }
        let port = server.port
        let stop = StopFlag()
        let attackers = (0 ..< 2).map { _ in
            Thread {
                let line = [UInt8](repeating: UInt8(ascii: "a"), count: 8 << 20)
                while !stop.isSet {
                    guard let client = RawHTTPClient(port: port, receiveTimeoutSeconds: 1) else { continue }
                    client.send("GET /metrics HTTP/1.1\r\nX-Long: ")
                    client.send(line)
                }
            }
        }
        for attacker in attackers { attacker.start() }
        defer { stop.set() }
        usleep(300_000)
        var slowest = 0.0
        for _ in 0 ..< 10 {
            var status: Int?
            slowest = max(slowest, Self.seconds { status = RawHTTPClient.get(port: port, "/metrics")?.status })
            #expect(status == 200)
            usleep(100_000)
        }
        #expect(slowest < 1, "the slowest scrape took \(slowest) s")
    }

    /// Stopping does not wait for clients: with connections half-way through their heads, `stop` returns at once
    /// and the port closes.
    @Test func stopReturnsAtOnceWhateverTheClientsDo() throws {
        let server = try Self.server()
        let port = server.port
        let clients = (0 ..< 4).compactMap { _ in RawHTTPClient(port: port) }
        for client in clients { client.send("GET /metrics HTTP/1.1\r\nX-Slow: ") }
        let elapsed = Self.seconds { server.stop() }
        #expect(elapsed < 0.5, "stop took \(elapsed) s")
        usleep(200_000)
        #expect(RawHTTPClient.get(port: port, "/metrics") == nil, "the port is closed")
    }
}
