import SweepProtocol
import Testing

/// The primitives: big-endian integers, shortest varints, length-prefixed strings, bounds-checked reads.
@Suite struct WireTests {
    @Test func integersAreBigEndian() throws {
        var w = WireWriter()
        w.u8(0xAB); w.u16(0x0102); w.u32(0x0304_0506); w.u64(0x0708_090A_0B0C_0D0E); w.i64(-2)
        #expect(w.bytes == [0xAB, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE])
        var r = WireReader(w.bytes)
        #expect(try r.u8("a") == 0xAB)
        #expect(try r.u16("b") == 0x0102)
        #expect(try r.u32("c") == 0x0304_0506)
        #expect(try r.u64("d") == 0x0708_090A_0B0C_0D0E)
        #expect(try r.i64("e") == -2)
        #expect(r.isAtEnd)
        try r.expectEnd("x")
    }

    @Test func varintsAreShortestLEB128() throws {
        let cases: [(UInt64, Int)] = [(0, 1), (1, 1), (127, 1), (128, 2), (16383, 2), (16384, 3), (1 << 48, 7), (UInt64(Int64.max), 9)]
        for (v, size) in cases {
            var w = WireWriter()
            w.varint(v)
            #expect(w.count == size, "\(v)")
            var r = WireReader(w.bytes)
            #expect(try r.varint("v") == v)
            #expect(r.isAtEnd)
        }
        var w = WireWriter()
        w.varint(300)
        #expect(w.bytes == [0xAC, 0x02])
        // A negative Int is written (encoding never fails) and refused on reading.
        w = WireWriter()
        w.varint(-1)
        #expect(w.count == 10)
        var r = WireReader(w.bytes)
        #expect(throws: ProtocolError.malformed(field: "n", offset: 0, reason: "varint above 2^63 - 1")) { try r.varint("n") }
    }

    @Test func stringsAndByteArraysCarryAU32Length() throws {
        var w = WireWriter()
        w.string("")
        w.string("héllo 🙂")
        w.byteArray([1, 2, 3])
        var r = WireReader(w.bytes)
        #expect(try r.string("a", maxBytes: 0) == "")
        #expect(try r.string("b", maxBytes: 100) == "héllo 🙂")
        #expect(try r.byteArray("c", maxBytes: 3) == [1, 2, 3])
        #expect(r.isAtEnd)
        var tight = WireReader(w.bytes)
        _ = try tight.string("a", maxBytes: 0)
        #expect(throws: ProtocolError.tooLong(field: "b", offset: 4, length: 11, limit: 10)) { try tight.string("b", maxBytes: 10) }
    }

    @Test func readsPastTheEndThrowAndLeaveTheOffset() {
        var r = WireReader([1, 2, 3])
        #expect(throws: ProtocolError.truncated(field: "x", offset: 0, needed: 4, available: 3)) { try r.u32("x") }
        #expect(r.offset == 0)
        #expect(throws: ProtocolError.trailingBytes(part: "p", offset: 0, count: 3)) { try r.expectEnd("p") }
    }

    @Test func rangedReadsReportTheValueAndWhereItStarts() throws {
        var w = WireWriter()
        w.u8(0); w.i64(-7); w.varint(500)
        var r = WireReader(w.bytes)
        _ = try r.u8("pad")
        #expect(throws: ProtocolError.outOfRange(field: "n", offset: 1, value: -7, allowed: 0 ... 10)) { try r.int("n", in: 0 ... 10) }
        #expect(throws: ProtocolError.outOfRange(field: "m", offset: 9, value: 500, allowed: 0 ... 10)) { try r.varint("m", in: 0 ... 10) }
    }

    @Test func fieldNamesAreOnlyBuiltWhenAReadFails() throws {
        nonisolated(unsafe) var built = 0
        func name() -> String { built += 1; return "f" }
        var r = WireReader([0, 0, 0, 1, 0x41, 5])
        _ = try r.string(name(), maxBytes: 10)
        _ = try r.varint(name(), in: 0 ... 10)
        #expect(built == 0)
        #expect(throws: ProtocolError.self) { try r.u8(name()) }
        #expect(built == 1)
    }
}
