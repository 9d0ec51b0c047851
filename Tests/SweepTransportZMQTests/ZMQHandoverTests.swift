import Foundation
import SweepTransportZMQ
import Testing

/// ZMQ_ROUTER_HANDOVER as the coordinator relies on it: a peer that comes back on a new socket with the routing
/// id of one still connected takes its place, and replies reach the new socket.
@Suite struct ZMQHandoverTests {
    @Test(arguments: ["ipc", "tcp"])
    func aNewSocketWithTheSameRoutingIDTakesOverTheOldOnesPlace(transport: String) throws {
        let context = try ZMQContext()
        defer { context.terminate() }
        let router = try ZMQSocket(context: context, type: .router, options: ZMQSocketOptions(routerMandatory: true, routerHandover: true, linger: 0))
        defer { router.close() }
        let endpoint = try router.bind(transport == "ipc" ? "ipc:///tmp/touchsweep-handover-\(getpid())" : "tcp://127.0.0.1:*")
        var options = ZMQSocketOptions(linger: 0, routingID: bytes("same"))
        options.reconnectInterval = 250
        let old = try ZMQSocket(context: context, type: .dealer, options: options)
        try old.connect(endpoint)
        try old.send([bytes("from old")])
        #expect(try receive(router, timeoutMs: 2000) == [bytes("same"), bytes("from old")])
        let new = try ZMQSocket(context: context, type: .dealer, options: options)
        defer { new.close() }
        try new.connect(endpoint)
        try new.send([bytes("from new")])
        #expect(try receive(router, timeoutMs: 2000) == [bytes("same"), bytes("from new")])
        old.close()
        try router.send([bytes("same"), bytes("reply")])
        #expect(try receive(new, timeoutMs: 2000) == [bytes("reply")])
    }
}
