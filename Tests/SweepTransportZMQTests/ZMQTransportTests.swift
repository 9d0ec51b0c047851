import Foundation
import SweepTransportZMQ
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Real sockets on `inproc://` and loopback TCP. Every test is synchronous and keeps its sockets on the thread
/// that runs it (a synchronous test body never changes thread); other threads are `Thread`s.
@Suite("ZeroMQ transport")
struct ZMQTransportTests {
    @Test("libzmq is at least 4.2 (ZMTP heartbeats) and reports CURVE support")
    func library() {
        let v = ZMQLibrary.version
        #expect(v.major == 4 && v.minor >= 2)
        #expect(ZMQLibrary.versionString == "\(v.major).\(v.minor).\(v.patch)")
        _ = ZMQLibrary.hasCurve // either answer is fine; it must not crash
    }

    @Test("ROUTER/DEALER round trip on inproc://")
    func roundTripInproc() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(context: context, type: .router, options: .init(routerMandatory: true, linger: 0))
        let endpoint = try router.bind("inproc://coordinator")
        #expect(endpoint == "inproc://coordinator")
        let dealer = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("w1")))
        try dealer.connect(endpoint)

        try dealer.send([bytes("hello")])
        #expect(try receive(router) == [bytes("w1"), bytes("hello")])
        try router.send([bytes("w1"), bytes("welcome")])
        #expect(try receive(dealer) == [bytes("welcome")])
    }

    @Test("ROUTER/DEALER round trip on tcp://127.0.0.1:* with the reported port")
    func roundTripTCP() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(context: context, type: .router, options: .init(routerMandatory: true, linger: 0))
        let endpoint = try router.bind("tcp://127.0.0.1:*")
        #expect(endpoint.hasPrefix("tcp://127.0.0.1:"))
        let port = Int(endpoint.dropFirst("tcp://127.0.0.1:".count)) ?? 0
        #expect(port > 0 && port < 65536)

        let dealer = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("w1")))
        try dealer.connect("tcp://127.0.0.1:\(port)")
        try dealer.send([bytes("hello")])
        #expect(try receive(router) == [bytes("w1"), bytes("hello")])
        try router.send([bytes("w1"), bytes("welcome")])
        #expect(try receive(dealer) == [bytes("welcome")])
    }

    @Test("routing ids address each DEALER; without one the ROUTER assigns one")
    func routingIDs() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(context: context, type: .router, options: .init(routerMandatory: true, linger: 0))
        let endpoint = try router.bind("tcp://127.0.0.1:*")
        let alpha = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("alpha")))
        let beta = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("beta")))
        let anonymous = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0))
        for dealer in [alpha, beta, anonymous] { try dealer.connect(endpoint) }
        try alpha.send([bytes("from alpha")])
        try beta.send([bytes("from beta")])
        try anonymous.send([bytes("from anonymous")])

        var senders: [String: [UInt8]] = [:]
        for _ in 0 ..< 3 {
            let message = try #require(try receive(router))
            #expect(message.count == 2)
            senders[String(decoding: message[1], as: UTF8.self)] = message[0]
        }
        #expect(senders["from alpha"] == bytes("alpha"))
        #expect(senders["from beta"] == bytes("beta"))
        let assigned = try #require(senders["from anonymous"])
        #expect(!assigned.isEmpty && assigned.first == 0) // libzmq's generated ids start with a zero byte

        try router.send([bytes("beta"), bytes("to beta")])
        try router.send([bytes("alpha"), bytes("to alpha")])
        try router.send([assigned, bytes("to anonymous")])
        #expect(try receive(alpha) == [bytes("to alpha")])
        #expect(try receive(beta) == [bytes("to beta")])
        #expect(try receive(anonymous) == [bytes("to anonymous")])
    }

    @Test("ROUTER_HANDOVER: a reconnecting peer with the same routing id takes over")
    func routerHandover() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(
            context: context, type: .router, options: .init(routerMandatory: true, routerHandover: true, linger: 0))
        let endpoint = try router.bind("inproc://coordinator")
        let old = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("w")))
        try old.connect(endpoint)
        try old.send([bytes("old")])
        #expect(try receive(router) == [bytes("w"), bytes("old")])

        let new = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("w")))
        try new.connect(endpoint)
        try new.send([bytes("new")])
        #expect(try receive(router) == [bytes("w"), bytes("new")])
        try router.send([bytes("w"), bytes("to new")])
        #expect(try receive(new) == [bytes("to new")])
        #expect(try receive(old, timeoutMs: 20) == nil)
    }

    @Test("ROUTER_MANDATORY: sending to an unknown routing id fails with isHostUnreachable")
    func routerMandatory() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(context: context, type: .router, options: .init(routerMandatory: true, linger: 0))
        try router.bind("inproc://coordinator")
        let error = #expect(throws: ZMQError.self) { try router.send([bytes("nobody"), bytes("assign")]) }
        #expect(error?.isHostUnreachable == true)
        #expect(error?.isAgain == false)
        #expect(error?.errno == EHOSTUNREACH)
        #expect(error?.description == "zmq_send failed: Host unreachable")

        // The default drops the message silently.
        let lax = try ZMQSocket(context: context, type: .router, options: .init(linger: 0))
        try lax.bind("inproc://lax")
        try lax.send([bytes("nobody"), bytes("assign")])
    }

    @Test("maxMessageSize: an oversize message never arrives and its connection is closed")
    func maxMessageSize() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(
            context: context, type: .router, options: .init(routerMandatory: true, linger: 0, maxMessageSize: 1024))
        let endpoint = try router.bind("tcp://127.0.0.1:*")
        // A long reconnect interval keeps the dropped connection down for the rest of the test.
        let dealer = try ZMQSocket(
            context: context, type: .dealer,
            options: .init(linger: 0, routingID: bytes("w1"), reconnectInterval: 10_000))
        try dealer.connect(endpoint)

        let atLimit = [UInt8](repeating: 7, count: 1024)
        try dealer.send([atLimit])
        #expect(try receive(router) == [bytes("w1"), atLimit])
        try router.send([bytes("w1"), bytes("still connected")]) // w1 is routable

        try dealer.send([[UInt8](repeating: 8, count: 4096)])
        try dealer.send([bytes("after")])
        #expect(try receive(router, timeoutMs: 150) == nil)

        // The ROUTER forgot w1: its connection was closed.
        var unreachable: ZMQError?
        for _ in 0 ..< 100 where unreachable == nil {
            do {
                try router.send([bytes("w1"), bytes("ping")])
                usleep(5_000)
            } catch let error as ZMQError where error.isHostUnreachable {
                unreachable = error
            }
        }
        #expect(unreachable != nil)
    }

    @Test("multipart messages keep empty frames, both ways", arguments: ["inproc://coordinator", "tcp://127.0.0.1:*"])
    func multipart(endpoint requested: String) throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(context: context, type: .router, options: .init(routerMandatory: true, linger: 0))
        let endpoint = try router.bind(requested)
        let dealer = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("w")))
        try dealer.connect(endpoint)

        let frames: [[UInt8]] = [[], [1, 2, 3], [], [0], []]
        try dealer.send(frames)
        #expect(try receive(router) == [bytes("w")] + frames)
        try dealer.send([[]])
        #expect(try receive(router) == [bytes("w"), []])

        try router.send([bytes("w"), [], [], [9]])
        #expect(try receive(dealer) == [[], [], [9]])
        try router.send([bytes("w"), []])
        #expect(try receive(dealer) == [[]])
        #expect(try dealer.receive(dontWait: true) == nil)
    }

    @Test("poll times out with nothing readable, and reports readable at once")
    func pollTimeouts() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(context: context, type: .router, options: .init(routerMandatory: true, linger: 0))
        let endpoint = try router.bind("inproc://coordinator")
        let dealer = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("w")))
        try dealer.connect(endpoint)

        var flags: [Bool] = []
        let waited = try milliseconds { flags = try ZMQSocket.poll([(router, .readable), (dealer, .readable)], timeoutMs: 50) }
        #expect(flags == [false, false])
        // Upper bounds are loose: they tell "returned" from "blocked" on a loaded machine, nothing finer.
        #expect(waited >= 40 && waited < 2500)
        let looked = try milliseconds { flags = try ZMQSocket.poll([(router, .readable)], timeoutMs: 0) }
        #expect(flags == [false])
        #expect(looked < 1000)
        #expect(try router.receive(dontWait: true) == nil)

        try dealer.send([bytes("ready")])
        let poller = ZMQPoller()
        let fromRouter = poller.add(router)
        let toDealer = poller.add(dealer, events: [.readable, .writable])
        var ready = 0
        let woke = try milliseconds { ready = try poller.poll(timeoutMs: 5000) }
        #expect(ready >= 1 && woke < 2500) // well short of the 5 s timeout
        #expect(poller.isReadable(fromRouter))
        #expect(poller.events(toDealer) == .writable)
        #expect(try router.receive(dontWait: true) == [bytes("w"), bytes("ready")])
    }

    @Test("a ZMQSignal from another thread wakes a poll at once")
    func signalWakesPoll() throws {
        let context = try ZMQContext()
        let dealer = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0))
        try dealer.connect("inproc://nobody")
        let signal = try ZMQSignal()
        let poller = ZMQPoller()
        let socketIndex = poller.add(dealer)
        let signalIndex = poller.add(signal)

        let producer = Thread {
            Thread.sleep(forTimeInterval: 0.05)
            signal.notify()
        }
        producer.start()
        var ready = 0
        let waited = try milliseconds { ready = try poller.poll(timeoutMs: 5000) }
        #expect(ready == 1)
        #expect(waited >= 40 && waited < 2500) // well short of the 5 s timeout
        #expect(poller.isReadable(signalIndex))
        #expect(!poller.isReadable(socketIndex))
        #expect(signal.drain())
        #expect(!signal.drain())
        #expect(try poller.poll(timeoutMs: 0) == 0)
    }

    @Test("ZMQSignal: many producers at once coalesce into one wake-up")
    func signalCoalesces() throws {
        let signal = try ZMQSignal()
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0 ..< 2_500 { signal.notify() }
        }
        let poller = ZMQPoller()
        let index = poller.add(signal)
        #expect(try poller.poll(timeoutMs: 0) == 1 && poller.isReadable(index))
        #expect(signal.drain())
        #expect(try poller.poll(timeoutMs: 0) == 0)
        #expect(!signal.drain())
    }

    @Test("linger 0: closing with unsendable messages and terminating the context do not hang")
    func lingerZero() throws {
        let context = try ZMQContext()
        let dealer = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0))
        try dealer.connect("tcp://127.0.0.1:1") // nobody listens on port 1
        for _ in 0 ..< 100 { try dealer.send([bytes("unit result")]) } // queued, never sent
        let took = milliseconds {
            dealer.close()
            context.terminate()
        }
        #expect(took < 2500) // an infinite linger would block here for good
        #expect(context.isTerminated)
        #expect(throws: ZMQError.self) { _ = try ZMQSocket(context: context, type: .dealer) }
    }

    @Test("terminating the context fails a blocking receive on another thread with isTerminated")
    func terminationInterruptsBlockingReceive() throws {
        let context = try ZMQContext()
        let ready = DispatchSemaphore(value: 0)
        let finished = DispatchSemaphore(value: 0)
        let outcome = Locked<ZMQError?>(nil)
        let owner = Thread {
            do {
                let socket = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0))
                try socket.connect("inproc://nobody")
                ready.signal()
                _ = try socket.receive() // blocks until the context terminates
            } catch let error as ZMQError {
                outcome.value = error
            } catch {}
            finished.signal()
        }
        owner.start()
        ready.wait()
        let took = milliseconds { context.terminate() } // waits for the owner thread to close its socket
        #expect(took < 2500) // without termination the receive would block for good
        #expect(finished.wait(timeout: .now() + 5) == .success)
        #expect(outcome.value?.isTerminated == true)
        #expect(outcome.value?.description == "zmq_msg_recv failed: Context was terminated")
    }

    @Test("errors are one sentence and say which call failed")
    func errors() throws {
        let context = try ZMQContext()
        let first = try ZMQSocket(context: context, type: .router, options: .init(linger: 0))
        let endpoint = try first.bind("tcp://127.0.0.1:*")
        let second = try ZMQSocket(context: context, type: .router, options: .init(linger: 0))
        let inUse = #expect(throws: ZMQError.self) { try second.bind(endpoint) }
        #expect(inUse?.errno == EADDRINUSE)
        #expect(inUse?.description == "zmq_bind(\(endpoint)) failed: Address already in use")

        let badEndpoint = #expect(throws: ZMQError.self) { try second.connect("nonsense") }
        #expect(badEndpoint?.description == "zmq_connect(nonsense) failed: Invalid argument")

        // A DEALER with no connected peer and ZMQ_IMMEDIATE cannot send now.
        let dealer = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, immediate: true))
        try dealer.connect("tcp://127.0.0.1:1")
        let again = #expect(throws: ZMQError.self) { try dealer.send([bytes("x")], dontWait: true) }
        #expect(again?.isAgain == true)
        #expect(again?.isHostUnreachable == false && again?.isTerminated == false)

        dealer.close()
        dealer.close() // twice is fine
        #expect(dealer.isClosed)
        let closed = #expect(throws: ZMQError.self) { try dealer.send([bytes("x")]) }
        #expect(closed?.isClosed == true)
        #expect(closed?.description == "zmq_send on a closed socket failed: Socket operation on non-socket")
    }

    @Test("options apply and read back; bad values are refused with the option named")
    func options() throws {
        let context = try ZMQContext()
        var wanted = ZMQSocketOptions(
            linger: 250, maxMessageSize: 64 << 20, routingID: bytes("host:1234:5f0c"), sendHWM: 5000,
            receiveHWM: 6000, immediate: true, reconnectInterval: 1000, reconnectIntervalMax: 32000,
            tcpKeepalive: true)
        wanted.heartbeat(interval: 1000, timeout: 3000, ttl: 3000)
        let dealer = try ZMQSocket(context: context, type: .dealer, options: wanted)
        #expect(try dealer.currentOptions() == wanted)

        let router = try ZMQSocket(context: context, type: .router, options: .init(linger: 0))
        try router.apply(.init(routerMandatory: true, routerHandover: true))
        let defaults = try router.currentOptions()
        #expect(defaults.routerMandatory == nil && defaults.routingID == nil && defaults.tcpKeepalive == nil)
        #expect(defaults.sendHWM == 1000 && defaults.maxMessageSize == -1 && defaults.heartbeat?.interval == 0)

        let emptyID = #expect(throws: ZMQError.self) {
            _ = try ZMQSocket(context: context, type: .dealer, options: .init(routingID: []))
        }
        #expect(emptyID?.description == "zmq_setsockopt(ZMQ_ROUTING_ID, 0 bytes) failed: Invalid argument")
        let tooLong = #expect(throws: ZMQError.self) { try router.apply(.init(linger: Int.max)) }
        #expect(tooLong?.operation == "zmq_setsockopt(ZMQ_LINGER, \(Int.max))")
        let wrongType = #expect(throws: ZMQError.self) { try dealer.apply(.init(routerMandatory: true)) }
        #expect(wrongType?.errno == EINVAL)
    }

    @Test("throughput smoke: 10,000 small round trips complete")
    func throughputSmoke() throws {
        let context = try ZMQContext()
        let router = try ZMQSocket(context: context, type: .router, options: .init(routerMandatory: true, linger: 0))
        let endpoint = try router.bind("inproc://coordinator")
        let dealer = try ZMQSocket(context: context, type: .dealer, options: .init(linger: 0, routingID: bytes("w")))
        try dealer.connect(endpoint)
        let request: [[UInt8]] = [[1], bytes("unit")]
        var completed = 0
        for _ in 0 ..< 10_000 {
            try dealer.send(request)
            guard let message = try router.receive(), message.count == 3 else { break }
            try router.send([message[0], [2], bytes("result")])
            guard try dealer.receive() != nil else { break }
            completed += 1
        }
        #expect(completed == 10_000)
    }

    @Test(
        "debug builds stop a socket used off its creating thread",
        .enabled(if: BuildConfiguration.isDebug, "the thread check is compiled into debug builds only"))
    func wrongThreadTraps() async {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            guard let context = try? ZMQContext(),
                let socket = try? ZMQSocket(context: context, type: .dealer, options: .init(linger: 0))
            else { exit(0) } // setup failed: exit 0 so that the expectation fails
            nonisolated(unsafe) let stolen = socket
            let thief = Thread { _ = try? stolen.receive(dontWait: true) }
            thief.start()
            usleep(5_000_000)
            exit(0) // no trap: the expectation fails
        }
        let stderr = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
        #expect(stderr.contains("ZMQSocket.receive(dontWait:) called from a thread other than the one that created it"))
    }
}
