import Foundation
import Logging
import SweepCore
import SweepDistributed
import SweepJournal
import SweepPlanning
import SweepProtocol
import SweepResultCodec
import TouchEngine

/// One coordinator's loop over a transport: each ``pass(nowMs:)`` polls the transport for what arrived, hands
/// it to the state machine (``CoordinatorStateMachine``) and performs the actions that come out — sends (batched
/// through ``CoordinatorOutbox``), journal records, tallies, log lines, progress. It never waits and never reads a
/// clock: `CoordinatorNode.run` waits on the transport and passes the time; tests pass virtual time over an
/// ``InMemoryNetwork`` (docs/ARCHITECTURE.md, "The node loops").
public final class CoordinatorLoop {
    let plan: SweepPlan
    let options: CoordinatorNode.Options
    let transport: any CoordinatorTransport
    let journal: JournalWriter
    /// The endpoint workers connect to.
    public let endpoint: String
    var machine: CoordinatorStateMachine
    var tallies: SweepTallies
    let resumed: Int, retried: Int
    var quarantined: [(unit: UnitSpec, reason: String)] = []
    /// Assigns and acks wait here until the end of a pass and leave in batches.
    var outbox = CoordinatorOutbox()
    /// Lines about peers: one a second per peer, four about its joining or leaving besides, 100 a second for all
    /// (docs/protocol.md §3).
    var peerLog = PeerLogThrottle()
    /// Peers answered with `refuse` for speaking another protocol version: once a second each, like log lines.
    var versionReplies = PeerLogThrottle()
    var dropLog = LogThrottle()
    /// The result decoded on arrival; the state machine commits it within the same `handle` call.
    var arrived: (unit: UnitSpec, result: UnitResult)?
    let scenariosTotal: Int
    let startMs: Int64
    let treesAtStart: Int
    /// How each pass reads, sends and ticks (the cluster simulation's too).
    let pass: CoordinatorPassPolicy
    var lastTick: Int64 = 0
    /// When progress and the live view were last reported (as if a second before the start at first; nil once the
    /// finished sweep's, the last, went out).
    var lastProgress: Int64? = -1000, lastLive: Int64? = -1000
    /// Every tree is committed or quarantined.
    public internal(set) var finished: Bool

    /// Binds `transport` and sets the state machine up from the opened journal.
    init(node: CoordinatorNode, opened: CoordinatorNode.OpenedJournal, transport: any CoordinatorTransport, nowMs: () -> Int64) throws {
        plan = node.plan
        options = node.options
        self.transport = transport
        journal = opened.writer
        tallies = opened.tallies
        (resumed, retried) = (opened.resumed, opened.retried)
        var settings = CoordinatorSettings(
            sweepID: plan.config.name, configHash: plan.configHash, configText: node.configText,
            engineVersion: EngineVersion.current)
        settings.heartbeatMs = options.heartbeatMs
        settings.liveness = options.liveness
        settings.retryBudget = options.retryBudget
        settings.targetUnitSeconds = options.targetUnitSeconds
        settings.maximumTreesPerUnit = options.maximumTreesPerUnit
        machine = CoordinatorStateMachine(
            settings: settings, configurationCount: plan.configurations.count,
            treeCount: plan.treeCount, covered: opened.coverage, formerLeases: opened.formerLeases)
        // Counted before the bind: a socket that is bound but not served (a large plan's count takes seconds) would
        // leave the workers that connect at once unanswered.
        scenariosTotal = options.scenariosTotal ?? plan.scenarioTotal(threads: ProcessInfo.processInfo.activeProcessorCount)
        endpoint = try transport.bind(options.listen)
        options.onListening?(endpoint)
        startMs = nowMs()
        treesAtStart = machine.committedTrees
        pass = CoordinatorPassPolicy(heartbeatMs: options.heartbeatMs)
        finished = machine.finished
        if finished { _ = machine.handle(.tick, nowMs: nowMs()) }
    }

    /// The sweep so far: tallies, quarantined units, what was resumed and retried.
    public var outcome: CoordinatorNode.Outcome {
        CoordinatorNode.Outcome(
            tallies: tallies, quarantined: quarantined, resumedUnits: resumed, retriedUnits: retried, endpoint: endpoint, finished: finished)
    }

    /// The units committed so far (this run's and the resumed ones).
    public var committedUnits: Int { machine.committedUnits }

    /// One turn: what arrived, then what time made due, then sends, the journal's batched fsync and progress.
    public func pass(nowMs now: Int64) throws {
        try transport.housekeeping(nowMs: now)
        for case let .dropped(endpoint) in try transport.connectionEvents(nowMs: now) where dropLog.allows("disconnected", nowMs: now) {
            // Nearly always a peer that closed its socket (a worker leaving, a `sweep status` answered): debug, at
            // most once a minute. libzmq 4.3.4 reports a frame over ZMQ_MAXMSGSIZE with the same event, so the line
            // names both (docs/operations.md, "Message limits").
            options.logger.log(
                .debug(
                    "a connection closed: its peer closed it, or libzmq dropped it for a frame over the limit",
                    ["endpoint": .text(endpoint), "limit_bytes": .number(Int(options.maxMessageBytes))]))
        }
        var drained = 0
        while drained < pass.messagesPerPass, let next = try transport.receive() {
            drained += 1
            try handle(next, now: now)
            if pass.flushes(afterHandling: drained) { try flush(now: now) }
        }
        if now - lastTick >= pass.tickMs {
            lastTick = now
            try perform(machine.handle(.tick, nowMs: now), now: now)
            for event in peerLog.endedWindows(nowMs: now) { options.logger.log(event) }
            _ = versionReplies.endedWindows(nowMs: now) // forgets peers; nothing to log
        }
        try flush(now: now)
        _ = try journal.flushIfDue(nowMs: now)
        report(now: now)
    }

    /// Logs the lines about peers held back in the windows still open (``PeerLogThrottle/remainingWindows()``): a
    /// coordinator calls it when it stops serving, so that a sweep shorter than a window still counts them.
    public func logHeldBackLines() {
        for event in peerLog.remainingWindows() { options.logger.log(event) }
    }

    /// Closes the journal (every record on disk) and the transport.
    public func close() {
        try? journal.close()
        transport.close()
    }
}
