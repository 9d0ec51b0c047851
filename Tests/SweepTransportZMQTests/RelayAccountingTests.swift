import Testing

@testable import SweepTransportZMQ

/// The relay's bookkeeping as values: a connection's budget, the loopback addresses, the wire size of frames.
@Suite struct RelayAccountingTests {
    @Test func aBudgetReadsUpToItsLimitWaitsThereAndStallsOnlyWithNothingGivenBack() {
        var budget = RelayBudget(limit: 100)
        budget.forwarded(60, nowMs: 0)
        #expect(budget.allowance == 40 && budget.atLimitSinceMs == nil)
        budget.forwarded(40, nowMs: 10)
        #expect(budget.allowance == 0 && budget.atLimitSinceMs == 10)
        #expect(!budget.isStalled(nowMs: 509, stallMs: 500) && budget.isStalled(nowMs: 510, stallMs: 500))
        budget.takenOut(30, nowMs: 400)
        #expect(budget.allowance == 30 && !budget.isStalled(nowMs: 10_000, stallMs: 500), "a message taken out ends the wait")
        budget.takenOut(1000, nowMs: 500)
        #expect(budget.held == 0, "never below zero: a peer cannot bank bytes")
        budget.forwarded(50, nowMs: 600)
        budget.setLimit(40, nowMs: 700)
        #expect(budget.allowance == 0 && budget.atLimitSinceMs == 700, "a lowered limit under what is held starts the wait")
        budget.setLimit(1000, nowMs: 800)
        #expect(budget.allowance == 950 && budget.atLimitSinceMs == nil)
    }

    @Test func aGiveBackThatLeavesAConnectionAtItsLimitStartsANewWait() {
        var budget = RelayBudget(limit: 100)
        budget.forwarded(150, nowMs: 0)
        budget.takenOut(20, nowMs: 400)
        #expect(budget.atLimitSinceMs == 400 && !budget.isStalled(nowMs: 600, stallMs: 500))
    }

    @Test func addressesComeBackOnlyAfterEveryOtherWasHandedOut() {
        var pool = RelayAddressPool()
        let first = pool.take(), second = pool.take()
        #expect(first.map(RelayAddressPool.text) == "127.42.0.1" && second.map(RelayAddressPool.text) == "127.42.0.2")
        guard let first else { return }
        pool.release(first)
        #expect(pool.take().map(RelayAddressPool.text) == "127.42.0.3", "the freed address is not handed out next")
        #expect(RelayAddressPool.text(RelayAddressPool.address(at: 254)) == "127.42.1.1", "x.y.0 and x.y.255 are skipped")
        #expect(RelayAddressPool.text(RelayAddressPool.address(at: RelayAddressPool.capacity - 1)) == "127.42.255.254")
        #expect(RelayAddressPool.parse("127.42.1.1") == RelayAddressPool.address(at: 254))
        #expect(RelayAddressPool.parse("127.0.0.1") == nil && RelayAddressPool.parse("127.42.1") == nil && RelayAddressPool.parse("127.42.1.256") == nil)
    }

    @Test func aFullPoolHandsOutNothingUntilAnAddressIsFree() {
        var pool = RelayAddressPool()
        var taken: [UInt32] = []
        while let address = pool.take() { taken.append(address) }
        #expect(taken.count == RelayAddressPool.capacity && Set(taken).count == taken.count)
        pool.release(taken[7])
        #expect(pool.take() == taken[7])
    }

    @Test func framesTakeTheirSizeAndTheirFramingOnTheWire() {
        #expect([0, 255, 256].map { ZMTPFraming.null.wireBytes(payload: $0) } == [2, 257, 265])
        #expect([0, 222, 223].map { ZMTPFraming.curve.wireBytes(payload: $0) } == [35, 257, 265])
        var size = ZMQMessageSize()
        let limit = ZMQMessageLimit(frames: 2, bytes: 10, envelopeFrames: 1, envelopeBytes: 255, framing: .curve)
        _ = [5, 4, 300, 1].map { size.add(frameOf: $0, limit: limit) }
        #expect(size.wireBytes == 39 + 342 + 36, "the routing id is not on the wire; frames over the limit still count")
    }

    @Test func tcpEndpointsSplitAsZeroMQWritesThem() {
        #expect(TCPSockets.split("tcp://*:*")! == ("*", "*"))
        #expect(TCPSockets.split("tcp://[::1]:5555")! == ("::1", "5555"))
        #expect(TCPSockets.split("tcp://eth0:5555")! == ("eth0", "5555"))
        #expect(TCPSockets.split("ipc:///tmp/x") == nil && TCPSockets.split("tcp://host:70000") == nil && TCPSockets.split("tcp://:1") == nil)
    }
}
