import SweepProtocol
import Testing

@testable import SweepDistributed

/// The coordinator's outbox: assigns and acks to a worker leave as batches at the end of a pass; anything else
/// to that worker first sends what is pending, so per-worker order only ever moves an ack ahead of an assign.
@Suite struct CoordinatorOutboxTests {
    static let a = WorkerID(Array("worker-a".utf8))
    static let b = WorkerID(Array("worker-b".utf8))
    static func unit(_ i: Int) -> UnitSpec { UnitSpec(configuration: 0, trees: i ..< i + 1) }
    static func assign(_ i: Int) -> ProtocolMessage { .assign(unit: unit(i), attempt: 1, timeLimitMs: 100) }
    static func entry(_ i: Int) -> Assignment { Assignment(unit: unit(i), attempt: 1, timeLimitMs: 100) }

    @Test func assignsAndAcksWaitAndLeaveAsOneBatchEachAcksFirst() {
        var outbox = CoordinatorOutbox()
        #expect(outbox.add(Self.assign(1), to: Self.a).isEmpty)
        #expect(outbox.add(.ack(unit: Self.unit(0)), to: Self.a).isEmpty)
        #expect(outbox.add(Self.assign(2), to: Self.a).isEmpty)
        #expect(outbox.add(.ack(unit: Self.unit(1)), to: Self.a).isEmpty)
        let sent = outbox.drain()
        #expect(sent.map(\.0) == [Self.a, Self.a])
        #expect(sent.map(\.1) == [.acks([Self.unit(0), Self.unit(1)]), .assignments([Self.entry(1), Self.entry(2)])])
        #expect(outbox.isEmpty && outbox.drain().isEmpty)
    }

    @Test func aBatchOfOneIsThePlainMessage() {
        var outbox = CoordinatorOutbox()
        _ = outbox.add(Self.assign(7), to: Self.a)
        _ = outbox.add(.ack(unit: Self.unit(6)), to: Self.b)
        let sent = outbox.drain()
        #expect(sent.map(\.0) == [Self.a, Self.b], "workers in the order they first got something")
        #expect(sent.map(\.1) == [Self.assign(7), .ack(unit: Self.unit(6))])
    }

    @Test func anyOtherMessageSendsWhatIsPendingForItsWorkerFirstAndLeavesOtherWorkersAlone() {
        var outbox = CoordinatorOutbox()
        _ = outbox.add(Self.assign(1), to: Self.a)
        _ = outbox.add(Self.assign(2), to: Self.a)
        _ = outbox.add(Self.assign(3), to: Self.b)
        let now = outbox.add(.cancel(unit: Self.unit(9)), to: Self.a)
        #expect(now.map(\.0) == [Self.a, Self.a])
        #expect(now.map(\.1) == [.assignments([Self.entry(1), Self.entry(2)]), .cancel(unit: Self.unit(9))])
        let disconnect = outbox.add(.disconnect(reason: "done"), to: Self.a)
        #expect(disconnect.map(\.1) == [.disconnect(reason: "done")], "nothing pending for a any more")
        #expect(outbox.drain().map(\.1) == [Self.assign(3)])
    }

    @Test func batchesAreSplitAtTheLimitInOrder() {
        var outbox = CoordinatorOutbox(batchLimit: 3)
        for i in 0 ..< 7 { _ = outbox.add(Self.assign(i), to: Self.a) }
        #expect(
            outbox.drain().map(\.1) == [
                .assignments([Self.entry(0), Self.entry(1), Self.entry(2)]),
                .assignments([Self.entry(3), Self.entry(4), Self.entry(5)]),
                Self.assign(6)
            ])
        #expect(CoordinatorOutbox(batchLimit: 1_000_000).batchLimit == 4096, "never more than a decoder accepts")
    }

    @Test func aForgottenWorkerGetsNothing() {
        var outbox = CoordinatorOutbox()
        _ = outbox.add(Self.assign(1), to: Self.a)
        _ = outbox.add(Self.assign(2), to: Self.b)
        outbox.forget(Self.a)
        #expect(outbox.drain().map(\.0) == [Self.b])
    }

    @Test func workerIDsAreEqualByTheirBytesAndPrintAsTextOrHex() {
        #expect(WorkerID(Array("w".utf8)) == WorkerID([0x77]))
        #expect(WorkerID([1, 2]) != WorkerID([1, 2, 0]))
        #expect(Set([WorkerID([1]), WorkerID([1]), WorkerID([2])]).count == 2)
        #expect(Self.a.description == "worker-a")
        #expect(WorkerID([0, 0xAB]).description == "0ab")
    }
}
