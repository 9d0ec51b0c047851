import SweepProtocol
import Testing

/// Messages <-> frames: round trips, the exact layout, and one test per rejection with its log line.
@Suite struct FrameCodecTests {
    // MARK: Round trips

    @Test(arguments: MessageType.allCases)
    func everyMessageTypeRoundTripsOverSeededRandomValues(_ type: MessageType) throws {
        var rng = Seeded(0x5EED_0000 + UInt64(type.rawValue))
        for _ in 0 ..< 300 {
            let m = rng.message(type)
            let frames = FrameCodec.encode(m)
            #expect(frames.count == type.frameCount)
            #expect(frames[0] == FrameCodec.header(type))
            let decoded = try FrameCodec.decode(frames)
            #expect(decoded == m)
            #expect(decoded.type == type)
            #expect(FrameCodec.encode(decoded) == frames, "one encoding per message")
        }
    }

    @Test func theLargestBatchesRoundTrip() throws {
        var rng = Seeded(0xBA7C)
        let most = Int(WireLimits.batchEntries.upperBound)
        let assignments = ProtocolMessage.assignments(
            (0 ..< most).map { _ in
                Assignment(unit: rng.unit(), attempt: rng.int(WireLimits.attempt), timeLimitMs: rng.int(WireLimits.timeLimitMs))
            })
        let acks = ProtocolMessage.acks((0 ..< most).map { _ in rng.unit() })
        for m in [assignments, acks] { #expect(try FrameCodec.decode(FrameCodec.encode(m)) == m) }
        #expect(FrameCodec.encode(assignments)[1].count == 8 + most * 40)
    }

    @Test func theSamplesCoverEveryTypeAndRoundTrip() throws {
        #expect(Set(Fixtures.samples.map(\.type.rawValue)) == Set(MessageType.allCases.map(\.rawValue)))
        for m in Fixtures.samples { #expect(try FrameCodec.decode(FrameCodec.encode(m)) == m) }
    }

    @Test func messagesAreEqualOnlyWhenEveryFieldIs() {
        let unit = UnitSpec(configuration: 1, trees: 0 ..< 2)
        #expect(ProtocolMessage.ack(unit: unit) == .ack(unit: unit))
        #expect(ProtocolMessage.ack(unit: unit) != .cancel(unit: unit))
        #expect(ProtocolMessage.credit(count: 1) != .credit(count: 2))
        #expect(
            ProtocolMessage.result(unit: unit, attempt: 1, status: .ok, elapsedMicroseconds: 1, payload: [1], detail: "")
                != .result(unit: unit, attempt: 1, status: .ok, elapsedMicroseconds: 1, payload: [2], detail: ""))
    }

    // MARK: Layout

    @Test func theHeaderIsMagicVersionAndType() {
        #expect(FrameCodec.header(.hello) == [0x53, 0x57, 0x50, 0x00, 0x04, 0x01])
        #expect(FrameCodec.header(.status) == [0x53, 0x57, 0x50, 0x00, 0x04, 0x0C])
        #expect(FrameCodec.header(.acks) == [0x53, 0x57, 0x50, 0x00, 0x04, 0x0E])
        #expect(FrameCodec.header(.load) == [0x53, 0x57, 0x50, 0x00, 0x04, 0x0F])
        #expect(FrameCodec.header(.credit, version: 1) == [0x53, 0x57, 0x50, 0x00, 0x01, 0x04])
        #expect(MessageType.allCases.map(\.rawValue) == Array(1 ... 15))
    }

    @Test func bodiesFollowTheDocumentedLayout() {
        #expect(FrameCodec.encode(.credit(count: 8)) == [FrameCodec.header(.credit), [0, 0, 0, 0, 0, 0, 0, 8]])
        #expect(FrameCodec.encode(.statusRequest) == [FrameCodec.header(.statusRequest), []])
        #expect(
            FrameCodec.encode(.assign(unit: UnitSpec(configuration: 3, trees: 40 ..< 50), attempt: 2, timeLimitMs: 258))[1]
                == Fixtures.i64(3) + Fixtures.i64(40) + Fixtures.i64(50) + Fixtures.i64(2) + Fixtures.i64(258))
        #expect(FrameCodec.encode(.refuse(reason: "é"))[1] == [0, 0, 0, 2, 0xC3, 0xA9])
        // Batches: a count, then each entry laid out as its single message's body.
        #expect(
            FrameCodec.encode(
                .assignments([
                    Assignment(unit: UnitSpec(configuration: 3, trees: 40 ..< 50), attempt: 2, timeLimitMs: 258),
                    Assignment(unit: UnitSpec(configuration: 4, trees: 0 ..< 1), attempt: 1, timeLimitMs: 9)
                ]))[1]
                == Fixtures.i64(2) + Fixtures.i64(3) + Fixtures.i64(40) + Fixtures.i64(50) + Fixtures.i64(2) + Fixtures.i64(258)
                + Fixtures.i64(4) + Fixtures.i64(0) + Fixtures.i64(1) + Fixtures.i64(1) + Fixtures.i64(9))
        #expect(
            FrameCodec.encode(.acks([UnitSpec(configuration: 3, trees: 40 ..< 50)]))[1]
                == Fixtures.i64(1) + Fixtures.i64(3) + Fixtures.i64(40) + Fixtures.i64(50))
        let result = FrameCodec.encode(
            .result(
                unit: UnitSpec(configuration: 1, trees: 2 ..< 3), attempt: 1, status: .timeout,
                elapsedMicroseconds: 7, payload: [9, 9], detail: "x"))
        #expect(
            result == [
                FrameCodec.header(.result),
                Fixtures.i64(1) + Fixtures.i64(2) + Fixtures.i64(3) + Fixtures.i64(1) + [2] + Fixtures.i64(7) + [0, 0, 0, 1, 0x78],
                [9, 9]
            ])
        #expect(
            FrameCodec.encode(.hello(workerID: "w", host: "h", slots: 2, engineVersion: "e"))[1]
                == [0, 0, 0, 1, 0x77, 0, 0, 0, 1, 0x68] + Fixtures.i64(2) + [0, 0, 0, 1, 0x65])
        // load: the pid, a byte saying whether the CPU figure was measured, the figure when it was, resident bytes.
        #expect(
            FrameCodec.encode(.load(WorkerLoad(pid: 7, cpuPermille: 1500, residentBytes: 4096)))[1]
                == Fixtures.i64(7) + [1] + Fixtures.i64(1500) + Fixtures.i64(4096))
        #expect(
            FrameCodec.encode(.load(WorkerLoad(pid: 7, cpuPermille: nil, residentBytes: 4096)))[1]
                == Fixtures.i64(7) + [0] + Fixtures.i64(4096))
    }

    @Test func encodedSizesAreSmall() {
        func size(_ m: ProtocolMessage) -> Int { FrameCodec.encode(m).reduce(0) { $0 + $1.count } }
        #expect(size(.heartbeat(inflight: 3)) == 14)
        #expect(size(.credit(count: 16)) == 14)
        #expect(size(.statusRequest) == 6)
        #expect(size(.load(WorkerLoad(pid: 1, cpuPermille: 1, residentBytes: 1))) == 31)
        #expect(size(.ack(unit: UnitSpec(configuration: 0, trees: 0 ..< 10))) == 30)
        #expect(size(.assign(unit: UnitSpec(configuration: 0, trees: 0 ..< 10), attempt: 1, timeLimitMs: 1000)) == 46)
        // Two empty strings, ten counters, the finished flag, two empty lists: 6 + 8 + 80 + 1 + 16.
        #expect(size(.status(StatusReport.empty)) == 111)
        // A result's overhead beyond its payload and detail: header, unit, attempt, status, elapsed, detail length.
        let payload = [UInt8](repeating: 7, count: 1000)
        #expect(
            size(
                .result(
                    unit: UnitSpec(configuration: 0, trees: 0 ..< 1), attempt: 1, status: .ok,
                    elapsedMicroseconds: 0, payload: payload, detail: "")) == 1000 + 6 + 24 + 8 + 1 + 8 + 4)
        // The payload is its own frame, not copied into the body.
        let frames = FrameCodec.encode(
            .result(
                unit: UnitSpec(configuration: 0, trees: 0 ..< 1), attempt: 1, status: .ok,
                elapsedMicroseconds: 0, payload: payload, detail: ""))
        #expect(frames[2] == payload && frames[1].count == 45)
    }

    // MARK: Rejections, each with its one log line

    static func expect(_ frames: [[UInt8]], _ error: ProtocolError, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let found = Fixtures.decodeError(frames)
        #expect(found == error, sourceLocation: sourceLocation)
        #expect(found?.description == line, sourceLocation: sourceLocation)
    }

    static func body(_ build: (inout WireWriter) -> Void) -> [UInt8] {
        var w = WireWriter()
        build(&w)
        return w.bytes
    }

    @Test func wrongFrameCounts() {
        Self.expect([], .noFrames, "Empty message: no frames (expected a header frame and a body frame).")
        Self.expect(
            [FrameCodec.header(.heartbeat)], .frameCount(message: "heartbeat", found: 1, expected: 2),
            "Wrong frame count: a heartbeat message has 2 frames, found 1.")
        Self.expect(
            FrameCodec.encode(.heartbeat(inflight: 1)) + [[]], .frameCount(message: "heartbeat", found: 3, expected: 2),
            "Wrong frame count: a heartbeat message has 2 frames, found 3.")
        let result = FrameCodec.encode(Fixtures.samples[5])
        Self.expect(
            Array(result.prefix(2)), .frameCount(message: "result", found: 2, expected: 3),
            "Wrong frame count: a result message has 3 frames, found 2.")
    }

    @Test func badMagic() {
        Self.expect(
            [Array("GET / HTTP/1.1".utf8), []], .badMagic(found: [0x47, 0x45, 0x54]),
            "Bad magic 47 45 54 in the header frame (expected 53 57 50, \"SWP\"): not a sweep protocol message.")
        Self.expect(
            [[0x53, 0x57, 0x51, 0, 1, 1], []], .badMagic(found: [0x53, 0x57, 0x51]),
            "Bad magic 53 57 51 in the header frame (expected 53 57 50, \"SWP\"): not a sweep protocol message.")
    }

    @Test func wrongVersion() {
        var frames = FrameCodec.encode(.heartbeat(inflight: 0))
        // Version 1 (before the batched messages), 2 (before the full status report) and 3 (before `load`) are
        // refused like any other.
        for old: UInt16 in 1 ... 3 {
            frames[0] = FrameCodec.header(.heartbeat, version: old)
            Self.expect(frames, .version(found: old, expected: 4), "Unsupported protocol version \(old): this build speaks SWP/4 only.")
        }
        frames[0] = FrameCodec.header(.heartbeat, version: 0x0100)
        Self.expect(frames, .version(found: 256, expected: 4), "Unsupported protocol version 256: this build speaks SWP/4 only.")
        // A later version may lengthen the header or change the frame count: the version is still what is reported.
        Self.expect(
            [FrameCodec.header(.heartbeat, version: 5) + [1, 2, 3]], .version(found: 5, expected: 4),
            "Unsupported protocol version 5: this build speaks SWP/4 only.")
    }

    @Test func unknownTypes() {
        for code: UInt8 in [0, 16, 200, 255] {
            Self.expect([[0x53, 0x57, 0x50, 0, 4, code], []], .unknownType(code), "Unknown message type \(code) in the header frame.")
        }
    }

    @Test func truncatedHeadersAndBodies() {
        Self.expect(
            [[0x53, 0x57], []], .truncated(field: "header.magic", offset: 0, needed: 3, available: 2),
            "Truncated at byte 0 reading header.magic: needed 3 bytes, 2 left.")
        Self.expect(
            [[0x53, 0x57, 0x50, 0], []], .truncated(field: "header.version", offset: 3, needed: 2, available: 1),
            "Truncated at byte 3 reading header.version: needed 2 bytes, 1 left.")
        Self.expect(
            [[0x53, 0x57, 0x50, 0, 4], []], .truncated(field: "header.type", offset: 5, needed: 1, available: 0),
            "Truncated at byte 5 reading header.type: needed 1 bytes, 0 left.")
        Self.expect(
            [FrameCodec.header(.credit), [0, 0, 0, 0, 0, 0, 8]],
            .truncated(field: "credit.count", offset: 0, needed: 8, available: 7),
            "Truncated at byte 0 reading credit.count: needed 8 bytes, 7 left.")
        // A string whose declared length runs past the end of the frame.
        Self.expect(
            [FrameCodec.header(.refuse), [0, 0, 0, 10] + Array("short".utf8)],
            .truncated(field: "refuse.reason", offset: 4, needed: 10, available: 5),
            "Truncated at byte 4 reading refuse.reason: needed 10 bytes, 5 left.")
        let hello = Self.body {
            $0.string("w1"); $0.string("h")
        }
        Self.expect(
            [FrameCodec.header(.hello), hello], .truncated(field: "hello.slots", offset: 11, needed: 8, available: 0),
            "Truncated at byte 11 reading hello.slots: needed 8 bytes, 0 left.")
    }

    @Test func trailingBytes() {
        Self.expect(
            [FrameCodec.header(.heartbeat), Fixtures.i64(1) + [0]], .trailingBytes(part: "the heartbeat body", offset: 8, count: 1),
            "Trailing bytes: 1 unread at byte 8 after the end of the heartbeat body.")
        Self.expect(
            [FrameCodec.header(.statusRequest), [1, 2, 3]], .trailingBytes(part: "the statusRequest body", offset: 0, count: 3),
            "Trailing bytes: 3 unread at byte 0 after the end of the statusRequest body.")
        Self.expect(
            [FrameCodec.header(.heartbeat) + [0], Fixtures.i64(1)], .trailingBytes(part: "the header", offset: 6, count: 1),
            "Trailing bytes: 1 unread at byte 6 after the end of the header.")
    }

    @Test func negativeAndAbsurdCounts() {
        func one(_ m: ProtocolMessage, _ error: ProtocolError, _ line: String, sourceLocation: SourceLocation = #_sourceLocation) {
            Self.expect(FrameCodec.encode(m), error, line, sourceLocation: sourceLocation)
        }
        one(
            .credit(count: -1), .outOfRange(field: "credit.count", offset: 0, value: -1, allowed: 0 ... 1_048_576),
            "Value out of range at byte 0: credit.count is -1, allowed 0...1048576.")
        one(
            .credit(count: 1 << 40), .outOfRange(field: "credit.count", offset: 0, value: 1 << 40, allowed: 0 ... 1_048_576),
            "Value out of range at byte 0: credit.count is 1099511627776, allowed 0...1048576.")
        one(
            .credit(count: .min), .outOfRange(field: "credit.count", offset: 0, value: .min, allowed: 0 ... 1_048_576),
            "Value out of range at byte 0: credit.count is -9223372036854775808, allowed 0...1048576.")
        one(
            .hello(workerID: "w1", host: "h", slots: 0, engineVersion: "e"),
            .outOfRange(field: "hello.slots", offset: 11, value: 0, allowed: 1 ... 65536),
            "Value out of range at byte 11: hello.slots is 0, allowed 1...65536.")
        one(
            .welcome(sweepID: "s", configHash: "h", configText: "", heartbeatMs: 0, liveness: 3),
            .outOfRange(field: "welcome.heartbeatMs", offset: 14, value: 0, allowed: 1 ... 3_600_000),
            "Value out of range at byte 14: welcome.heartbeatMs is 0, allowed 1...3600000.")
        one(
            .welcome(sweepID: "s", configHash: "h", configText: "", heartbeatMs: 1000, liveness: -3),
            .outOfRange(field: "welcome.liveness", offset: 22, value: -3, allowed: 1 ... 1000),
            "Value out of range at byte 22: welcome.liveness is -3, allowed 1...1000.")
        let unit = UnitSpec(configuration: 0, trees: 0 ..< 1)
        one(
            .assign(unit: unit, attempt: 0, timeLimitMs: 10), .outOfRange(field: "assign.attempt", offset: 24, value: 0, allowed: 1 ... 1_000_000),
            "Value out of range at byte 24: assign.attempt is 0, allowed 1...1000000.")
        one(
            .assign(unit: unit, attempt: 1, timeLimitMs: -5), .outOfRange(field: "assign.timeLimitMs", offset: 32, value: -5, allowed: 1 ... 2_147_483_647),
            "Value out of range at byte 32: assign.timeLimitMs is -5, allowed 1...2147483647.")
        one(
            .result(unit: unit, attempt: 1, status: .ok, elapsedMicroseconds: -1, payload: [], detail: ""),
            .outOfRange(field: "result.elapsedMicroseconds", offset: 33, value: -1, allowed: 0 ... 1_000_000_000_000_000),
            "Value out of range at byte 33: result.elapsedMicroseconds is -1, allowed 0...1000000000000000.")
        one(
            .heartbeat(inflight: -2), .outOfRange(field: "heartbeat.inflight", offset: 0, value: -2, allowed: 0 ... 1_048_576),
            "Value out of range at byte 0: heartbeat.inflight is -2, allowed 0...1048576.")
        var report = StatusReport.empty
        report.treesDone = -1 // after two empty strings and two counters
        one(
            .status(report), .outOfRange(field: "status.treesDone", offset: 24, value: -1, allowed: 0 ... 9_007_199_254_740_992),
            "Value out of range at byte 24: status.treesDone is -1, allowed 0...9007199254740992.")
        one(
            .ack(unit: UnitSpec(configuration: -1, trees: 0 ..< 1)),
            .outOfRange(field: "ack.unit.configuration", offset: 0, value: -1, allowed: 0 ... 2_147_483_647),
            "Value out of range at byte 0: ack.unit.configuration is -1, allowed 0...2147483647.")
        // Batches hold 1 to 4096 entries; the count is checked before anything is reserved for them.
        one(
            .acks([]), .outOfRange(field: "acks.count", offset: 0, value: 0, allowed: 1 ... 4096),
            "Value out of range at byte 0: acks.count is 0, allowed 1...4096.")
        one(
            .acks(Array(repeating: unit, count: 4097)), .outOfRange(field: "acks.count", offset: 0, value: 4097, allowed: 1 ... 4096),
            "Value out of range at byte 0: acks.count is 4097, allowed 1...4096.")
        one(
            .assignments([]), .outOfRange(field: "assignments.count", offset: 0, value: 0, allowed: 1 ... 4096),
            "Value out of range at byte 0: assignments.count is 0, allowed 1...4096.")
        one(
            .assignments([Assignment(unit: unit, attempt: 1, timeLimitMs: 10), Assignment(unit: unit, attempt: 0, timeLimitMs: 10)]),
            .outOfRange(field: "assignments.attempt", offset: 72, value: 0, allowed: 1 ... 1_000_000),
            "Value out of range at byte 72: assignments.attempt is 0, allowed 1...1000000.")
        // A count that promises more entries than the body holds is a truncation, not an allocation.
        Self.expect(
            [FrameCodec.header(.acks), Fixtures.i64(4096)], .truncated(field: "acks.unit.configuration", offset: 8, needed: 8, available: 0),
            "Truncated at byte 8 reading acks.unit.configuration: needed 8 bytes, 0 left.")
    }

    @Test func unitIDsNameTheConfigurationAndTheFirstAndLastTree() {
        #expect(UnitSpec(configuration: 3, trees: 40 ..< 50).id == "c3:t40-49")
        #expect(UnitSpec(configuration: 0, trees: 0 ..< 1).id == "c0:t0-0")
        #expect(UnitSpec(configuration: 10, trees: 9 ..< 101).id == "c10:t9-100")
        #expect(UnitSpec(configuration: Int(Int32.max), trees: 999_999_999 ..< Int(Int32.max)).id == "c2147483647:t999999999-2147483646")
        #expect(UnitSpec(configuration: Int.max, trees: Int.min ..< Int.min + 1).id == "c9223372036854775807:t-9223372036854775808--9223372036854775808")
        var rng = Seeded(7)
        for _ in 0 ..< 500 {
            let u = rng.unit()
            #expect(u.id == "c\(u.configuration):t\(u.trees.lowerBound)-\(u.trees.upperBound - 1)")
        }
    }

    @Test func absurdLengths() {
        Self.expect(
            [FrameCodec.header(.refuse), Fixtures.u32(.max)],
            .tooLong(field: "refuse.reason", offset: 0, length: 4_294_967_295, limit: 65536),
            "Length out of range at byte 0: refuse.reason declares 4294967295 bytes, limit 65536.")
        let host = String(repeating: "h", count: 1025)
        Self.expect(
            FrameCodec.encode(.hello(workerID: "w1", host: host, slots: 1, engineVersion: "e")),
            .tooLong(field: "hello.host", offset: 6, length: 1025, limit: 1024),
            "Length out of range at byte 6: hello.host declares 1025 bytes, limit 1024.")
        // An oversize payload frame (what ZMQ_MAXMSGSIZE stops at the socket) is refused by the codec too.
        var frames = FrameCodec.encode(Fixtures.samples[5])
        frames[2] = [UInt8](repeating: 0, count: WireLimits.payloadBytes + 1)
        Self.expect(
            frames, .tooLong(field: "result.payload", offset: 0, length: 67_108_865, limit: 67_108_864),
            "Length out of range at byte 0: result.payload declares 67108865 bytes, limit 67108864.")
    }

    @Test func nonUTF8Strings() {
        // A lone continuation byte, a truncated sequence, an overlong "/", a UTF-16 surrogate, a 5-byte lead.
        for bad: [UInt8] in [[0x80], [0x61, 0xC3], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF]] {
            let body = Fixtures.u32(UInt32(bad.count)) + bad
            Self.expect(
                [FrameCodec.header(.disconnect), body], .invalidUTF8(field: "disconnect.reason", offset: 4),
                "Invalid UTF-8 at byte 4 in disconnect.reason.")
        }
        let hello = Self.body {
            $0.string("w1"); $0.raw(Fixtures.u32(1) + [0xFE]); $0.int(1); $0.string("e")
        }
        Self.expect([FrameCodec.header(.hello), hello], .invalidUTF8(field: "hello.host", offset: 10), "Invalid UTF-8 at byte 10 in hello.host.")
    }

    @Test func emptyOrNegativeUnitRanges() {
        func unit(_ c: Int64, _ lower: Int64, _ upper: Int64) -> [UInt8] { Fixtures.i64(c) + Fixtures.i64(lower) + Fixtures.i64(upper) }
        Self.expect(
            [FrameCodec.header(.ack), unit(1, 10, 10)], .badRange(field: "ack.unit.trees", offset: 8, lower: 10, upper: 10),
            "Bad tree range at byte 8 in ack.unit.trees: 10..<10 is empty.")
        Self.expect(
            [FrameCodec.header(.cancel), unit(1, 10, 4)], .badRange(field: "cancel.unit.trees", offset: 8, lower: 10, upper: 4),
            "Bad tree range at byte 8 in cancel.unit.trees: 10..<4 is negative.")
        Self.expect(
            [FrameCodec.header(.assign), unit(1, 0, -1) + Fixtures.i64(1) + Fixtures.i64(1)],
            .badRange(field: "assign.unit.trees", offset: 8, lower: 0, upper: -1),
            "Bad tree range at byte 8 in assign.unit.trees: 0..<-1 is negative.")
        Self.expect(
            [FrameCodec.header(.ack), unit(1, -3, 10)],
            .outOfRange(field: "ack.unit.trees.lowerBound", offset: 8, value: -3, allowed: 0 ... 2_147_483_647),
            "Value out of range at byte 8: ack.unit.trees.lowerBound is -3, allowed 0...2147483647.")
        Self.expect(
            [FrameCodec.header(.ack), unit(1, 0, 1 << 40)],
            .outOfRange(field: "ack.unit.trees.upperBound", offset: 16, value: 1 << 40, allowed: 0 ... 2_147_483_647),
            "Value out of range at byte 16: ack.unit.trees.upperBound is 1099511627776, allowed 0...2147483647.")
    }

    @Test func unknownUnitStatus() {
        var body = FrameCodec.encode(Fixtures.samples[5])
        body[1][32] = 9 // unit (24) + attempt (8), then the status byte
        Self.expect(body, .unknownValue(field: "result.status", offset: 32, value: 9), "Unknown value at byte 32: result.status is 9.")
    }

    @Test func aLoadSaysWhetherItsCPUFigureWasMeasuredWithOneByteThatIsZeroOrOne() {
        var frames = FrameCodec.encode(.load(WorkerLoad(pid: 1, cpuPermille: 5, residentBytes: 2)))
        frames[1][8] = 2 // after the pid
        Self.expect(frames, .unknownValue(field: "load.cpuMeasured", offset: 8, value: 2), "Unknown value at byte 8: load.cpuMeasured is 2.")
        // In a status report's worker row, the flag saying a load follows is checked the same way.
        var status = FrameCodec.encode(.status(StatusReport.sample))
        let flag = status[1].count - 1 // the second worker has no load: its flag is the last byte
        status[1][flag] = 3
        Self.expect(
            status, .unknownValue(field: "status.workers.reported", offset: flag, value: 3),
            "Unknown value at byte \(flag): status.workers.reported is 3.")
    }

    @Test func everyDescriptionIsOneLogLine() {
        var errors: [ProtocolError] = [
            .noFrames, .frameCount(message: "ack", found: 1, expected: 2), .badMagic(found: [0, 1, 2]),
            .version(found: 9, expected: 1), .unknownType(99), .truncated(field: "f", offset: 1, needed: 2, available: 1),
            .trailingBytes(part: "p", offset: 1, count: 1), .outOfRange(field: "f", offset: 0, value: -1, allowed: 0 ... 1),
            .tooLong(field: "f", offset: 0, length: 9, limit: 1), .invalidUTF8(field: "f", offset: 0),
            .badRange(field: "f", offset: 0, lower: 1, upper: 1), .unknownValue(field: "f", offset: 0, value: 7),
            .malformed(field: "f", offset: 0, reason: "r"), .resultFormat(found: 2, expected: 1),
            .sizeMismatch(field: "f", offset: 0, found: 1, expected: 2), .inconsistent(field: "f", offset: 0, reason: "r")
        ]
        errors += Fixtures.samples.flatMap { m in
            FrameCodec.encode(m).indices.compactMap { i in Fixtures.decodeError(Fixtures.replacing(FrameCodec.encode(m), i, with: [0xFF])) }
        }
        for e in errors {
            let line = e.description
            #expect(!line.contains("\n") && line.hasSuffix(".") && line.first!.isUppercase, "\(line)")
        }
    }
}
