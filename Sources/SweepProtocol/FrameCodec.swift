/// The message type byte of the header frame (docs/protocol.md). Values are never reused.
public enum MessageType: UInt8, Sendable, CaseIterable {
    case hello = 1
    case welcome = 2
    case refuse = 3
    case credit = 4
    case assign = 5
    case result = 6
    case ack = 7
    case cancel = 8
    case heartbeat = 9
    case disconnect = 10
    case statusRequest = 11
    case status = 12
    case assignments = 13
    case acks = 14
    case load = 15

    /// The name used in field names and log lines, e.g. `hello`, `statusRequest`.
    public var name: String {
        switch self {
        case .hello: return "hello"
        case .welcome: return "welcome"
        case .refuse: return "refuse"
        case .credit: return "credit"
        case .assign: return "assign"
        case .result: return "result"
        case .ack: return "ack"
        case .cancel: return "cancel"
        case .heartbeat: return "heartbeat"
        case .disconnect: return "disconnect"
        case .statusRequest: return "statusRequest"
        case .status: return "status"
        case .assignments: return "assignments"
        case .acks: return "acks"
        case .load: return "load"
        }
    }

    /// Frames in a message of this type: header and body, plus the payload for `result`.
    public var frameCount: Int { self == .result ? 3 : 2 }
}

/// What a decoder accepts: lengths and numbers beyond these are rejected as absurd (docs/protocol.md).
public enum WireLimits {
    /// Worker id, host, engine version, sweep id, config hash.
    public static let identifierBytes = 1024
    /// Refuse and disconnect reasons, a result's detail (an error message or a stderr tail).
    public static let reasonBytes = 64 * 1024
    /// The config text in `welcome`.
    public static let configTextBytes = 16 * 1024 * 1024
    /// A result's payload frame; also the recommended `ZMQ_MAXMSGSIZE`.
    public static let payloadBytes = 64 * 1024 * 1024
    /// `hello.slots`.
    public static let slots: ClosedRange<Int64> = 1 ... 65_536
    /// `welcome.heartbeatMs`: 1 ms to one hour.
    public static let heartbeatMs: ClosedRange<Int64> = 1 ... 3_600_000
    /// `welcome.liveness`: silent intervals before a peer is declared dead.
    public static let liveness: ClosedRange<Int64> = 1 ... 1_000
    /// `credit.count` and `heartbeat.inflight`.
    public static let units: ClosedRange<Int64> = 0 ... 1_048_576
    /// `assign.attempt` and `result.attempt` (attempts count from 1).
    public static let attempt: ClosedRange<Int64> = 1 ... 1_000_000
    /// `assign.timeLimitMs`: 1 ms to about 24.8 days.
    public static let timeLimitMs: ClosedRange<Int64> = 1 ... Int64(Int32.max)
    /// `result.elapsedMicroseconds`: up to about 31.7 years.
    public static let elapsedMicroseconds: ClosedRange<Int64> = 0 ... 1_000_000_000_000_000
    /// A unit's configuration index and tree bounds.
    public static let index: ClosedRange<Int64> = 0 ... Int64(Int32.max)
    /// Entries in one `assignments` or `acks` message.
    public static let batchEntries: ClosedRange<Int64> = 1 ... 4096
    /// The counters of `status` (exact in a `Double`, for rates and ETAs).
    public static let progress: ClosedRange<Int64> = 0 ... (1 << 53)
    /// `load.cpuPermille`: up to 65,536 cores busy.
    public static let cpuPermille: ClosedRange<Int64> = 0 ... 65_536_000
    /// Worker rows in one `status` message.
    public static let statusWorkers: ClosedRange<Int64> = 0 ... 65_536
}

extension ProtocolMessage {
    public var type: MessageType {
        switch self {
        case .hello: return .hello
        case .welcome: return .welcome
        case .refuse: return .refuse
        case .credit: return .credit
        case .assign: return .assign
        case .result: return .result
        case .ack: return .ack
        case .cancel: return .cancel
        case .heartbeat: return .heartbeat
        case .disconnect: return .disconnect
        case .statusRequest: return .statusRequest
        case .status: return .status
        case .assignments: return .assignments
        case .acks: return .acks
        case .load: return .load
        }
    }
}

extension ProtocolMessage: Equatable {
    public static func == (a: ProtocolMessage, b: ProtocolMessage) -> Bool {
        switch (a, b) {
        case let (.hello(w1, h1, s1, e1), .hello(w2, h2, s2, e2)):
            return w1 == w2 && h1 == h2 && s1 == s2 && e1 == e2
        case let (.welcome(i1, h1, t1, b1, l1), .welcome(i2, h2, t2, b2, l2)):
            return i1 == i2 && h1 == h2 && t1 == t2 && b1 == b2 && l1 == l2
        case let (.refuse(r1), .refuse(r2)):
            return r1 == r2
        case let (.credit(c1), .credit(c2)):
            return c1 == c2
        case let (.assign(u1, a1, d1), .assign(u2, a2, d2)):
            return u1 == u2 && a1 == a2 && d1 == d2
        case let (.result(u1, a1, s1, e1, p1, d1), .result(u2, a2, s2, e2, p2, d2)):
            return u1 == u2 && a1 == a2 && s1 == s2 && e1 == e2 && p1 == p2 && d1 == d2
        case let (.ack(u1), .ack(u2)), let (.cancel(u1), .cancel(u2)):
            return u1 == u2
        case let (.heartbeat(i1), .heartbeat(i2)):
            return i1 == i2
        case let (.disconnect(r1), .disconnect(r2)):
            return r1 == r2
        case (.statusRequest, .statusRequest):
            return true
        case let (.status(a), .status(b)):
            return a == b
        case let (.assignments(a), .assignments(b)):
            return a == b
        case let (.acks(a), .acks(b)):
            return a == b
        case let (.load(a), .load(b)):
            return a == b
        default:
            return false
        }
    }
}

/// Multipart frames <-> ``ProtocolMessage`` (docs/protocol.md has the layout of every message).
///
/// Frame 0 is the 6-byte header: magic "SWP", the protocol version (`u16` big-endian), the message type
/// (`u8`). Frame 1 is the body: the message's fields in a fixed order, integers as `i64` big-endian,
/// strings as `u32` length + UTF-8. A `result` carries its encoded `UnitResult` (``ResultCodec``) as
/// frame 2, untouched. The routing-id frame a ROUTER socket adds is not part of the message.
public enum FrameCodec {
    public static let magic: [UInt8] = [0x53, 0x57, 0x50] // "SWP"
    public static let headerBytes = 6

    /// The header frame of a message of `type`.
    public static func header(_ type: MessageType, version: UInt16 = ProtocolVersion.current) -> [UInt8] {
        if version == ProtocolVersion.current { return currentHeaders[Int(type.rawValue)] }
        return magic + [UInt8(truncatingIfNeeded: version >> 8), UInt8(truncatingIfNeeded: version), type.rawValue]
    }

    /// This version's header frames, by type code (shared storage: a message's header is never rebuilt).
    static let currentHeaders: [[UInt8]] = (0 ... Int(MessageType.allCases.map(\.rawValue).max()!)).map {
        magic + [UInt8(truncatingIfNeeded: ProtocolVersion.current >> 8), UInt8(truncatingIfNeeded: ProtocolVersion.current), UInt8($0)]
    }

    public static func encode(_ m: ProtocolMessage) -> [[UInt8]] {
        var w = WireWriter()
        switch m {
        case let .hello(workerID, host, slots, engineVersion):
            w.string(workerID); w.string(host); w.int(slots); w.string(engineVersion)
        case let .welcome(sweepID, configHash, configText, heartbeatMs, liveness):
            w = WireWriter(capacity: configText.utf8.count + 64)
            w.string(sweepID); w.string(configHash); w.string(configText); w.int(heartbeatMs); w.int(liveness)
        case let .refuse(reason), let .disconnect(reason):
            w.string(reason)
        case let .credit(count):
            w.int(count)
        case let .assign(unit, attempt, timeLimitMs):
            unitSpec(unit, &w); w.int(attempt); w.int(timeLimitMs)
        case let .result(unit, attempt, status, elapsed, payload, detail):
            unitSpec(unit, &w); w.int(attempt); w.u8(status.rawValue); w.i64(elapsed); w.string(detail)
            return [header(.result), w.bytes, payload]
        case let .ack(unit), let .cancel(unit):
            unitSpec(unit, &w)
        case let .heartbeat(inflight):
            w.int(inflight)
        case .statusRequest:
            break
        case let .status(report):
            report.encode(&w)
        case let .assignments(list):
            w = WireWriter(capacity: 9 + list.count * 45)
            w.int(list.count)
            for a in list { unitSpec(a.unit, &w); w.int(a.attempt); w.int(a.timeLimitMs) }
        case let .acks(units):
            w = WireWriter(capacity: 9 + units.count * 27)
            w.int(units.count)
            for u in units { unitSpec(u, &w) }
        case let .load(load):
            load.encode(&w)
        }
        return [header(m.type), w.bytes]
    }

    /// The message in `frames`, or the first thing wrong with them. Checks, in order: at least one frame;
    /// the header (magic, version, type, length); the frame count for that type; the body, field by field,
    /// and that nothing follows its last field; for `result`, the payload's size (its contents are
    /// ``ResultCodec``'s business).
    public static func decode(_ frames: [[UInt8]]) throws(ProtocolError) -> ProtocolMessage {
        guard let first = frames.first else { throw .noFrames }
        let type = try decodeHeader(first)
        guard frames.count == type.frameCount else {
            throw .frameCount(message: type.name, found: frames.count, expected: type.frameCount)
        }
        var r = WireReader(frames[1])
        let message: ProtocolMessage
        switch type {
        case .hello:
            let workerID = try r.string("hello.workerID", maxBytes: WireLimits.identifierBytes)
            let host = try r.string("hello.host", maxBytes: WireLimits.identifierBytes)
            let slots = try r.int("hello.slots", in: WireLimits.slots)
            let engineVersion = try r.string("hello.engineVersion", maxBytes: WireLimits.identifierBytes)
            message = .hello(workerID: workerID, host: host, slots: slots, engineVersion: engineVersion)
        case .welcome:
            let sweepID = try r.string("welcome.sweepID", maxBytes: WireLimits.identifierBytes)
            let configHash = try r.string("welcome.configHash", maxBytes: WireLimits.identifierBytes)
            let configText = try r.string("welcome.configText", maxBytes: WireLimits.configTextBytes)
            let heartbeatMs = try r.int("welcome.heartbeatMs", in: WireLimits.heartbeatMs)
            let liveness = try r.int("welcome.liveness", in: WireLimits.liveness)
            message = .welcome(
                sweepID: sweepID, configHash: configHash, configText: configText,
                heartbeatMs: heartbeatMs, liveness: liveness)
        case .refuse:
            message = .refuse(reason: try r.string("refuse.reason", maxBytes: WireLimits.reasonBytes))
        case .credit:
            message = .credit(count: try r.int("credit.count", in: WireLimits.units))
        case .assign:
            let unit = try unitSpec(&r, "assign")
            let attempt = try r.int("assign.attempt", in: WireLimits.attempt)
            let timeLimitMs = try r.int("assign.timeLimitMs", in: WireLimits.timeLimitMs)
            message = .assign(unit: unit, attempt: attempt, timeLimitMs: timeLimitMs)
        case .result:
            message = try result(&r, payload: frames[2])
        case .ack:
            message = .ack(unit: try unitSpec(&r, "ack"))
        case .cancel:
            message = .cancel(unit: try unitSpec(&r, "cancel"))
        case .heartbeat:
            message = .heartbeat(inflight: try r.int("heartbeat.inflight", in: WireLimits.units))
        case .disconnect:
            message = .disconnect(reason: try r.string("disconnect.reason", maxBytes: WireLimits.reasonBytes))
        case .statusRequest:
            message = .statusRequest
        case .status:
            message = .status(try StatusReport.decode(&r))
        case .load:
            message = .load(try WorkerLoad.decode(&r, "load"))
        case .assignments:
            message = .assignments(try assignments(&r))
        case .acks:
            let count = try r.int("acks.count", in: WireLimits.batchEntries)
            var units: [UnitSpec] = []
            units.reserveCapacity(count)
            for _ in 0 ..< count { units.append(try unitSpec(&r, "acks")) }
            message = .acks(units)
        }
        try r.expectEnd("the \(type.name) body")
        return message
    }

    /// A `result`'s body (its end checked here, before the payload's size) and its payload frame.
    static func result(_ r: inout WireReader, payload: [UInt8]) throws(ProtocolError) -> ProtocolMessage {
        let unit = try unitSpec(&r, "result")
        let attempt = try r.int("result.attempt", in: WireLimits.attempt)
        let statusOffset = r.offset
        let statusByte = try r.u8("result.status")
        guard let status = UnitStatus(rawValue: statusByte) else {
            throw .unknownValue(field: "result.status", offset: statusOffset, value: UInt64(statusByte))
        }
        let elapsed = Int64(try r.int("result.elapsedMicroseconds", in: WireLimits.elapsedMicroseconds))
        let detail = try r.string("result.detail", maxBytes: WireLimits.reasonBytes)
        try r.expectEnd("the result body")
        guard payload.count <= WireLimits.payloadBytes else {
            throw .tooLong(field: "result.payload", offset: 0, length: payload.count, limit: WireLimits.payloadBytes)
        }
        return .result(unit: unit, attempt: attempt, status: status, elapsedMicroseconds: elapsed, payload: payload, detail: detail)
    }

    /// An `assignments` body: its count, then each unit with its attempt and deadline.
    static func assignments(_ r: inout WireReader) throws(ProtocolError) -> [Assignment] {
        let count = try r.int("assignments.count", in: WireLimits.batchEntries)
        var list: [Assignment] = []
        list.reserveCapacity(count)
        for _ in 0 ..< count {
            let unit = try unitSpec(&r, "assignments")
            let attempt = try r.int("assignments.attempt", in: WireLimits.attempt)
            let timeLimitMs = try r.int("assignments.timeLimitMs", in: WireLimits.timeLimitMs)
            list.append(Assignment(unit: unit, attempt: attempt, timeLimitMs: timeLimitMs))
        }
        return list
    }

    /// The type in a header frame, after checking its magic, version and length.
    public static func decodeHeader(_ frame: [UInt8]) throws(ProtocolError) -> MessageType {
        var r = WireReader(frame)
        guard frame.count >= magic.count else {
            throw .truncated(field: "header.magic", offset: 0, needed: magic.count, available: frame.count)
        }
        guard frame[0] == magic[0], frame[1] == magic[1], frame[2] == magic[2] else {
            throw .badMagic(found: Array(frame[0 ..< 3]))
        }
        _ = try r.u8("header.magic"); _ = try r.u8("header.magic"); _ = try r.u8("header.magic")
        let version = try r.u16("header.version")
        guard version == ProtocolVersion.current else {
            throw .version(found: version, expected: ProtocolVersion.current)
        }
        let code = try r.u8("header.type")
        guard let type = MessageType(rawValue: code) else { throw .unknownType(code) }
        try r.expectEnd("the header")
        return type
    }

    // UnitSpec: configuration, first tree, end of the tree range (exclusive), each i64.
    static func unitSpec(_ unit: UnitSpec, _ w: inout WireWriter) {
        w.int(unit.configuration); w.int(unit.trees.lowerBound); w.int(unit.trees.upperBound)
    }

    static func unitSpec(_ r: inout WireReader, _ message: String) throws(ProtocolError) -> UnitSpec {
        let configuration = try r.int("\(message).unit.configuration", in: WireLimits.index)
        let start = r.offset
        let lower = try r.i64("\(message).unit.trees")
        let upper = try r.i64("\(message).unit.trees")
        guard WireLimits.index.contains(lower) else {
            throw .outOfRange(field: "\(message).unit.trees.lowerBound", offset: start, value: lower, allowed: WireLimits.index)
        }
        guard upper > lower else { throw .badRange(field: "\(message).unit.trees", offset: start, lower: lower, upper: upper) }
        guard WireLimits.index.contains(upper) else {
            throw .outOfRange(field: "\(message).unit.trees.upperBound", offset: start + 8, value: upper, allowed: WireLimits.index)
        }
        return UnitSpec(configuration: configuration, trees: Int(lower) ..< Int(upper))
    }
}
