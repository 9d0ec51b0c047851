import Foundation
import NIOCore
import SweepMetrics
import TestSupport
import Testing

/// Issue 35, item 6: the live view's per-configuration results go only to a request with the token; `/metrics`
/// stays open for Prometheus; a server without a token (`--metrics-public`) serves every page.
@Suite(.serialized) struct LiveViewAccessTests {
    static let token = "0123456789abcdef0123456789abcdef"

    static func server(token: String?) throws -> MetricsServer {
        let secret = MetricsServer.Page(path: "/live.json", contentType: "application/json", requiresToken: true) { ByteBuffer(string: "{}") }
        return try MetricsServer(host: "127.0.0.1", port: 0, token: token, pages: [secret]) { "touchsweep_up 1\n" }
    }

    @Test func theLiveViewNeedsTheTokenAndTheMetricsDoNot() throws {
        let server = try Self.server(token: Self.token)
        defer { server.stop() }
        #expect(RawHTTPClient.get(port: server.port, "/metrics")?.status == 200)
        let refused = try #require(RawHTTPClient.get(port: server.port, "/live.json"))
        #expect(refused.status == 401 && refused.body.contains("needs the live view's token"), "\(refused)")
        #expect(RawHTTPClient.get(port: server.port, "/live.json?token=wrong-token-of-some-length")?.status == 401)
        #expect(RawHTTPClient.get(port: server.port, "/live.json?token=\(Self.token)")?.status == 200)
        let client = try #require(RawHTTPClient(port: server.port))
        client.send("GET /live.json HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(Self.token)\r\n\r\n")
        #expect(client.status() == 200)
    }

    @Test func withoutATokenEveryPageIsPublic() throws {
        let server = try Self.server(token: nil)
        defer { server.stop() }
        #expect(RawHTTPClient.get(port: server.port, "/live.json")?.status == 200)
    }
}
