import Dispatch
import FlyingFox
import Foundation
import Synchronization

/// Serves `GET /metrics` over HTTP (FlyingFox) from a background task, for Prometheus to scrape, and any further
/// pages (the live view: ``LiveView/pages``).
public final class MetricsServer: Sendable {
    public struct StartError: Error, CustomStringConvertible {
        public let description: String
    }

    /// A page served at `path`: its body, or nil while there is nothing to show yet (answered 503).
    public struct Page: Sendable {
        public var path: String
        public var contentType: String
        public var body: @Sendable () -> String?
        public init(path: String, contentType: String, body: @escaping @Sendable () -> String?) {
            self.path = path; self.contentType = contentType; self.body = body
        }
    }

    let server: HTTPServer
    /// The port it listens on (the one chosen by the system when asked for port 0).
    public let port: UInt16

    /// Starts listening on `host:port` and returns once it listens; throws a one-sentence error when it cannot
    /// (the port is taken, the address is not local).
    public init(host: String = "0.0.0.0", port: UInt16, pages: [Page] = [], render: @escaping @Sendable () -> String) throws {
        let server = HTTPServer(address: try .inet(ip4: host, port: port), logger: .disabled)
        self.server = server
        let outcome = Mutex<Result<Void, Error>?>(nil)
        let settled = DispatchSemaphore(value: 0)
        let settle = { @Sendable (result: Result<Void, Error>) in
            let first = outcome.withLock { value -> Bool in
                guard value == nil else { return false }
                value = result
                return true
            }
            if first { settled.signal() }
        }
        Task.detached {
            await server.appendRoute("GET /metrics") { _ in
                HTTPResponse(
                    statusCode: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                    body: Data(render().utf8))
            }
            for page in pages {
                await server.appendRoute(HTTPRoute("GET " + page.path)) { _ in
                    guard let body = page.body() else {
                        return HTTPResponse(
                            statusCode: .serviceUnavailable, headers: [.contentType: "text/plain; charset=utf-8"],
                            body: Data("the coordinator has not started serving yet\n".utf8))
                    }
                    return HTTPResponse(
                        statusCode: .ok, headers: [.contentType: page.contentType, .cacheControl: "no-store"],
                        body: Data(body.utf8))
                }
            }
            do { try await server.run() } catch { settle(.failure(error)) }
        }
        Task.detached {
            do { try await server.waitUntilListening(timeout: 10); settle(.success(())) } catch { settle(.failure(error)) }
        }
        settled.wait()
        if case .failure(let error) = outcome.withLock({ $0 })! {
            throw StartError(description: "cannot serve metrics on \(host):\(port): \(error)")
        }
        let bound = Mutex<UInt16>(port)
        let asked = DispatchSemaphore(value: 0)
        Task.detached {
            if case .ip4(_, let actual)? = await server.listeningAddress { bound.withLock { $0 = actual } }
            asked.signal()
        }
        asked.wait()
        self.port = bound.withLock { $0 }
    }

    /// Stops listening and waits for open connections to close.
    public func stop() {
        let done = DispatchSemaphore(value: 0)
        let server = self.server
        Task.detached {
            await server.stop(timeout: 1); done.signal()
        }
        done.wait()
    }
}
