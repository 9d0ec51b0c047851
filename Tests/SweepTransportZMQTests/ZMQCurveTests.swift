import Foundation
import SweepTransportZMQ
import Testing

/// CURVE on loopback TCP: keys, the ZAP handler's verdicts and the handshake events a server sees.
/// Everything runs on the test's own thread; libzmq's I/O threads do the handshakes.
@Suite("ZeroMQ CURVE security", .enabled(if: ZMQLibrary.hasCurve, "this libzmq was built without CURVE"))
struct ZMQCurveTests {
    /// A CURVE server with a ZAP handler that allows `allowed` keys, and what it saw.
    final class Server {
        let context: ZMQContext
        let authenticator: ZMQAuthenticator
        let router: ZMQSocket
        let monitor: ZMQMonitor
        let endpoint: String
        let keys: CurveKeyPair
        var requests: [ZAPRequest] = []
        var events: [ZMQMonitorEvent.Kind] = []

        init(allowing allowed: Set<CurvePublicKey>) throws {
            context = try ZMQContext()
            keys = try CurveKeyPair.generate()
            authenticator = try ZMQAuthenticator(context: context)
            router = try ZMQSocket(
                context: context, type: .router,
                options: .init(linger: 0, curve: .server(secretKey: keys.secretKey), zapDomain: "test"))
            monitor = try router.monitor()
            endpoint = try router.bind("tcp://127.0.0.1:*")
            self.allowed = allowed
        }

        let allowed: Set<CurvePublicKey>

        /// Serves ZAP and monitor events for up to `ms`, returning the first message that arrives, if any.
        /// When `settled` holds (say, the refusal was seen), it serves 300 ms more, then returns nil:
        /// a loaded machine may take seconds over a handshake, so refusals wait for their event, not a time.
        func serve(ms: Int, settled: (Server) -> Bool = { _ in false }) throws -> [[UInt8]]? {
            var deadline = ContinuousClock.now + .milliseconds(ms)
            var settling = false
            while ContinuousClock.now < deadline {
                if !settling, settled(self) {
                    settling = true
                    deadline = min(deadline, ContinuousClock.now + .milliseconds(300))
                }
                let poller = ZMQPoller()
                let r = poller.add(router), a = poller.add(authenticator.socket), m = poller.add(monitor.socket)
                try poller.poll(timeoutMs: 20)
                if poller.isReadable(a) {
                    try authenticator.answerPending { request in
                        requests.append(request)
                        guard let key = request.clientKey, allowed.contains(key) else { return .deny(reason: "not on the allow-list") }
                        return .allow(userID: key.z85)
                    }
                }
                if poller.isReadable(m) { events += try monitor.drain().map(\.kind) }
                if poller.isReadable(r), let frames = try router.receive(dontWait: true) { return frames }
            }
            return nil
        }

        func close() { monitor.close(); router.close(); authenticator.close(); context.terminate() }
    }

    func client(_ context: ZMQContext, _ endpoint: String, curve: ZMQCurveRole?) throws -> ZMQSocket {
        let s = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("w"), curve: curve))
        try s.connect(endpoint)
        try s.send([bytes("hello")])
        return s
    }

    @Test("Z85 keys: 40 characters, the public half derives from the secret, the secret never prints")
    func keys() throws {
        let pair = try CurveKeyPair.generate()
        #expect(pair.publicKey.z85.count == 40 && pair.secretKey.z85.count == 40)
        #expect(CurveSecretKey(z85: pair.secretKey.z85)?.publicKey == pair.publicKey)
        #expect(CurvePublicKey(z85: pair.publicKey.z85) == pair.publicKey)
        #expect("\(pair.secretKey)" == "<CURVE secret key>")
        #expect(!String(describing: pair).contains(pair.secretKey.z85))
        #expect(CurvePublicKey(z85: String(pair.publicKey.z85.dropLast())) == nil)
        #expect(CurvePublicKey(z85: String(repeating: "~", count: 40)) == nil)
    }

    @Test("an allowed key gets through, encrypted, and ZAP sees its public key")
    func allowed() throws {
        let worker = try CurveKeyPair.generate()
        let server = try Server(allowing: [worker.publicKey])
        defer { server.close() }
        let context = try ZMQContext()
        defer { context.terminate() }
        let s = try client(context, server.endpoint, curve: .client(serverKey: server.keys.publicKey, secretKey: worker.secretKey))
        defer { s.close() }
        #expect(try server.serve(ms: 10_000) == [bytes("w"), bytes("hello")])
        #expect(server.requests.first?.mechanism == "CURVE")
        #expect(server.requests.first?.clientKey == worker.publicKey)
        #expect(server.requests.first?.address == "127.0.0.1")
    }

    @Test("a key off the allow-list is refused by ZAP: no message arrives")
    func refusedKey() throws {
        let server = try Server(allowing: [])
        defer { server.close() }
        let stranger = try CurveKeyPair.generate()
        let context = try ZMQContext()
        defer { context.terminate() }
        let s = try client(context, server.endpoint, curve: .client(serverKey: server.keys.publicKey, secretKey: stranger.secretKey))
        defer { s.close() }
        #expect(try server.serve(ms: 10_000) { $0.events.contains(.authenticationFailed(status: 400)) } == nil)
        #expect(server.requests.contains { $0.clientKey == stranger.publicKey })
        #expect(server.events.contains(.authenticationFailed(status: 400)))
    }

    /// Either side may notice the mismatch first: the server then sees a mismatch, or the client hanging up.
    @Test("a client without CURVE fails the handshake (a mismatch, or the client hangs up mid-handshake)")
    func plainClient() throws {
        let server = try Server(allowing: [])
        defer { server.close() }
        let context = try ZMQContext()
        defer { context.terminate() }
        let s = try client(context, server.endpoint, curve: nil)
        defer { s.close() }
        let failed = { (server: Server) in server.events.contains { if case .handshakeFailed = $0 { true } else { $0 == .mechanismMismatch } } }
        #expect(try server.serve(ms: 10_000, settled: failed) == nil)
        #expect(failed(server))
        #expect(!server.events.contains(.handshakeSucceeded))
        #expect(server.requests.isEmpty)
    }

    @Test("a client holding the wrong server key fails the handshake cryptographically")
    func wrongServerKey() throws {
        let worker = try CurveKeyPair.generate()
        let server = try Server(allowing: [worker.publicKey])
        defer { server.close() }
        let context = try ZMQContext()
        defer { context.terminate() }
        let impostor = try CurveKeyPair.generate()
        let s = try client(context, server.endpoint, curve: .client(serverKey: impostor.publicKey, secretKey: worker.secretKey))
        defer { s.close() }
        #expect(try server.serve(ms: 10_000) { $0.events.contains(.cryptographicFailure) } == nil)
        #expect(server.events.contains(.cryptographicFailure))
        #expect(server.requests.isEmpty)
    }
}
