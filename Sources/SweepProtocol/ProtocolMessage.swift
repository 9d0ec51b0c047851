/// The protocol version every message carries ("SWP/4"). A peer with another version is refused.
///
/// Version 2 added the batched `assignments` and `acks` messages (types 13 and 14); a version-1 worker would
/// not understand them, so it is refused at its first message rather than left waiting for work. Version 3
/// made `status` a full report (``StatusReport``: sweep name, config hash, rate inputs, quarantined units, one
/// row per worker); a `sweep status` of version 2 gets a `refuse` it can read, and one of version 3 asking a
/// version-2 coordinator says so in one sentence. Version 4 added `load` (type 15: a worker's CPU and memory, sent
/// once a heartbeat interval) and the same figures in each worker row of `status`.
public enum ProtocolVersion {
    public static let current: UInt16 = 4
    /// How people see it: `SWP/4`.
    public static var name: String { "SWP/\(current)" }
}

/// A unit of work on the wire: one configuration × a range of trees of the plan (docs/protocol.md).
public struct UnitSpec: Hashable, Sendable {
    public var configuration: Int
    public var trees: Range<Int>
    public init(configuration: Int, trees: Range<Int>) { self.configuration = configuration; self.trees = trees }
    /// Stable id, e.g. `c3:t40-49` (configuration index, first and last tree).
    public var id: String {
        // Written byte by byte into the string's own storage: the coordinator makes one per committed unit
        // (the journal key), and interpolation costs several times as much.
        String(unsafeUninitializedCapacity: 3 + 3 * 21) { buffer in
            var n = 0
            func put(_ byte: UInt8) { buffer[n] = byte; n += 1 }
            func decimal(_ value: Int) {
                if value < 0 { put(UInt8(ascii: "-")) }
                var v = value.magnitude, divisor: UInt = 1
                while v / divisor >= 10 { divisor *= 10 }
                repeat {
                    put(UInt8(ascii: "0") + UInt8(v / divisor))
                    v %= divisor
                    divisor /= 10
                } while divisor > 0
            }
            put(UInt8(ascii: "c")); decimal(configuration)
            put(UInt8(ascii: ":")); put(UInt8(ascii: "t")); decimal(trees.lowerBound)
            put(UInt8(ascii: "-")); decimal(trees.upperBound - 1)
            return n
        }
    }
}

/// One lease in an `assignments` batch: the fields of an `assign` message.
public struct Assignment: Sendable, Equatable {
    public var unit: UnitSpec
    public var attempt: Int
    public var timeLimitMs: Int
    public init(unit: UnitSpec, attempt: Int, timeLimitMs: Int) { self.unit = unit; self.attempt = attempt; self.timeLimitMs = timeLimitMs }
}

/// How a unit ended on a worker.
public enum UnitStatus: UInt8, Sendable {
    case ok = 0
    /// The unit threw or the worker could not run it; `detail` says why.
    case error = 1
    /// The unit ran past its deadline.
    case timeout = 2
}

/// Every message of the sweep protocol. `W→C` are sent by workers, `C→W` by the coordinator; the rest both
/// ways. See docs/protocol.md for the frame layout.
public enum ProtocolMessage: Sendable {
    /// W→C: register. `engineVersion` must equal the coordinator's.
    case hello(workerID: String, host: String, slots: Int, engineVersion: String)
    /// C→W: accepted. The worker must rebuild the plan from `configText` and check `configHash`.
    case welcome(sweepID: String, configHash: String, configText: String, heartbeatMs: Int, liveness: Int)
    /// C→W: refused (wrong version, engine or sweep); the worker must not retry with the same settings.
    case refuse(reason: String)
    /// W→C: grant `count` more units (free slots plus a small prefetch).
    case credit(count: Int)
    /// C→W: run `unit` (attempt number from 1) within `timeLimitMs` milliseconds of starting it.
    case assign(unit: UnitSpec, attempt: Int, timeLimitMs: Int)
    /// W→C: a finished unit: its status, wall time and, when ok, the encoded `UnitResult`.
    case result(unit: UnitSpec, attempt: Int, status: UnitStatus, elapsedMicroseconds: Int64, payload: [UInt8], detail: String)
    /// C→W: the result of `unit` is committed (or was a duplicate); the worker may forget it.
    case ack(unit: UnitSpec)
    /// C→W: a speculative duplicate is no longer needed.
    case cancel(unit: UnitSpec)
    /// Both ways: liveness; `inflight` counts the units the sender is running.
    case heartbeat(inflight: Int)
    /// Both ways: the sender is leaving (`done` when the coordinator finished the sweep).
    case disconnect(reason: String)
    /// Any: ask for progress (`sweep status`); the coordinator answers with `status`.
    case statusRequest
    /// C→any: progress snapshot.
    case status(StatusReport)
    /// C→W: several `assign`s in one message, in order (the coordinator's outbox coalesces them, docs/protocol.md §3.3).
    case assignments([Assignment])
    /// C→W: several `ack`s in one message.
    case acks([UnitSpec])
    /// W→C: the worker's own CPU use and memory, once a heartbeat interval while it is registered.
    case load(WorkerLoad)
}
