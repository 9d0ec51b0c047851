/// When `sweep submit` starts another local worker in place of one that ended (docs/operations.md, "Local
/// workers"): a value whose events return actions; ``LocalCluster`` performs them.
///
/// A local worker ends by itself with status 0 only when the coordinator has told it the sweep is done; any other
/// end (a signal such as the OOM killer's SIGKILL, a crash, a refusal) before the sweep is finished loses a slot,
/// so the slot gets a new worker after a short wait: 0.1 s, doubling with each failure in a row. A slot whose
/// workers ended ``restartsPerSlot`` + 1 times in a row, each within ``steadyMs`` of starting, is given up (a
/// worker that ran longer starts the count again); once every slot is given up the sweep cannot go on locally, and
/// the cause — the last worker's exit status or signal and the tail of what it wrote on standard error — is what
/// `sweep submit` exits 3 with.
public struct LocalWorkerRestarts: Sendable {
    /// How a local worker process ended.
    public struct Exit: Sendable, Equatable {
        public var slot: Int
        /// The exit status, or the signal's number when `signalled`.
        public var status: Int32
        public var signalled: Bool
        /// The last lines it wrote on standard error (at most ``LocalCluster/stderrTailBytes``).
        public var stderrTail: String
        /// How long it ran.
        public var ranMs: Int64

        public init(slot: Int, status: Int32, signalled: Bool, stderrTail: String, ranMs: Int64) {
            self.slot = slot; self.status = status; self.signalled = signalled; self.stderrTail = stderrTail; self.ranMs = ranMs
        }

        /// `exited with status 2` or `was killed by signal 9 (SIGKILL)`, then what it said last, if anything.
        public var cause: String {
            let how = signalled ? "was killed by signal \(status)\(Self.signalNames[status].map { " (\($0))" } ?? "")" : "exited with status \(status)"
            let said = stderrTail.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            return said.isEmpty ? how : "\(how) after writing '\(said)'"
        }

        static let signalNames: [Int32: String] = [
            1: "SIGHUP", 2: "SIGINT", 4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV",
            13: "SIGPIPE", 15: "SIGTERM"
        ]
    }

    public enum Action: Sendable, Equatable {
        /// Start another worker in `slot` after `afterMs` milliseconds.
        case restart(slot: Int, afterMs: Int64, restarts: Int)
        /// `slot` gets no more workers: its budget is spent.
        case retire(slot: Int)
        /// Every slot is retired; `cause` says why, in a few words.
        case giveUp(cause: String)
    }

    /// Restarts of one slot in a row before it is given up.
    public static let restartsPerSlot = 3
    /// A worker that ran at least this long before it ended starts its slot's count again.
    public static let steadyMs: Int64 = 60_000
    /// The wait before the first restart of a run of failures; it doubles with each, up to ``longestWaitMs``.
    public static let firstWaitMs: Int64 = 100
    public static let longestWaitMs: Int64 = 2000

    public let slots: Int
    private var failuresInARow: [Int]
    private var retired: Set<Int> = []
    private var finished = false
    /// Every restart so far, over all slots.
    public private(set) var restarts = 0

    public init(slots: Int) {
        self.slots = slots
        failuresInARow = Array(repeating: 0, count: slots)
    }

    /// Whether every slot is given up.
    public var allRetired: Bool { slots > 0 && retired.count == slots }

    /// The sweep is over (its reports are being written): workers that end from now on are not replaced.
    public mutating func sweepFinished() { finished = true }

    /// A worker ended.
    public mutating func ended(_ exit: Exit) -> [Action] {
        guard !finished, exit.slot >= 0, exit.slot < slots, !retired.contains(exit.slot) else { return [] }
        // Status 0: the coordinator told it the sweep is done.
        if exit.status == 0 && !exit.signalled { return [] }
        if exit.ranMs >= Self.steadyMs { failuresInARow[exit.slot] = 0 }
        failuresInARow[exit.slot] += 1
        let failures = failuresInARow[exit.slot]
        guard failures > Self.restartsPerSlot else {
            restarts += 1
            let wait = min(Self.longestWaitMs, Self.firstWaitMs << Int64(failures - 1))
            return [.restart(slot: exit.slot, afterMs: wait, restarts: restarts)]
        }
        retired.insert(exit.slot)
        guard allRetired else { return [.retire(slot: exit.slot)] }
        let started = slots + restarts
        return [
            .retire(slot: exit.slot),
            .giveUp(
                cause: "every local worker died: \(started) were started for \(slots) \(slots == 1 ? "slot" : "slots"), and each slot's "
                    + "workers ended \(Self.restartsPerSlot + 1) times in a row; the last \(exit.cause)")
        ]
    }
}
