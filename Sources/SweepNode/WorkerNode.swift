import Foundation
import Logging
import TouchEngine

/// Runs a worker: one I/O thread owns the transport (a DEALER socket, ``ZMQWorkerTransport``) and the loop
/// (``WorkerLoop``, the state machine's driver); Dispatch runs units on every slot (``DispatchUnitExecutor``);
/// finished units come back through a mutex-protected queue and an eventfd signal that wakes the I/O thread, so
/// heartbeats keep flowing while every core is busy.
public final class WorkerNode: Sendable {
    public struct Options: Sendable {
        public var connect: String
        public var slots: Int
        public var keepAlive = false
        public var workerID: String
        /// Where events worth logging go (joined a sweep, reconnects, failed handshakes). None by default.
        public var logger = Logger(label: "worker", factory: { _ in SwiftLogNoOpLogHandler() })
        /// Exit when this process's parent is no longer this pid (local workers die with their coordinator).
        public var parentPID: Int32?
        /// The engine version announced in hello (tests simulate a worker from another build with it).
        public var engineVersion = EngineVersion.current
        /// Fault injection for tests: a unit covering this tree of this configuration ends with an error
        /// instead of running, so the coordinator's retry budget and quarantine can be exercised.
        public var failingTree: (configuration: Int, tree: Int)?
        /// CURVE towards the coordinator, or plain.
        public var security = ClientSecurity.plain
        /// Report this process's CPU and memory to the coordinator once a heartbeat interval (`load`), read from
        /// `/proc`; off, or where `/proc` cannot be read, nothing is reported and the live view shows a dash.
        public var reportsLoad = true
        public init(connect: String, slots: Int, workerID: String) { self.connect = connect; self.slots = slots; self.workerID = workerID }
    }

    let options: Options
    let clock: any NodeClock

    /// `clock`: the real one, or a ``VirtualClock`` for a loop driven in virtual time.
    public init(options: Options, clock: any NodeClock = MonotonicClock()) throws {
        self.options = options
        self.clock = clock
    }

    /// A loop over `transport` (opened now, the first hello on its way) running units on `executor`: tests and
    /// benchmarks drive it with ``WorkerLoop/pass(nowMs:)`` in virtual time; `run` serves ZeroMQ with it.
    public func open(transport: any WorkerTransport, executor: any UnitExecutor) throws -> WorkerLoop {
        try WorkerLoop(options: options, transport: transport, executor: executor, nowMs: clock.nowMs)
    }

    /// Runs until the coordinator says the sweep is done (exit code 0) or refuses this worker (2).
    public func run() throws -> (code: Int32, reason: String) {
        let transport = try ZMQWorkerTransport(connect: options.connect, workerID: options.workerID, security: options.security)
        let executor = DispatchUnitExecutor(
            slots: options.slots, failingTree: options.failingTree.map { FailingTree(configuration: $0.configuration, tree: $0.tree) },
            wake: transport.waker)
        let loop = try open(transport: transport, executor: executor)
        while true {
            if let parent = options.parentPID, getppid() != parent {
                return (1, "the coordinator process that started this worker is gone")
            }
            if let exit = try loop.pass(nowMs: clock.nowMs) { return exit }
            // Wait for a message, a finished unit, or the next tick.
            try transport.wait(timeoutMs: 50)
        }
    }

    /// The most units run together: a window's configurations, at most 16, so a group (which reports all its
    /// units at its end) stays within the 20× expected time the coordinator allows each unit.
    static let maximumGroup = 16
}
