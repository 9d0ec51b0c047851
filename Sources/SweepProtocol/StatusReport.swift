/// What a coordinator says about its sweep when asked (`sweep status`): the body of a `status` message
/// (docs/protocol.md, "status"). Counters only; rate and ETA are derived from them (``treesPerSecond``,
/// ``etaSeconds``), so every client computes them the same way.
public struct StatusReport: Sendable, Equatable {
    /// One live worker (a `hello` the coordinator accepted and has not lost since).
    public struct Worker: Sendable, Equatable {
        /// The worker's id (its routing id, as the coordinator logs it).
        public var id: String
        /// The host it named in its `hello`.
        public var host: String
        public var slots: Int
        /// Units of this sweep it delivered that were committed (since it joined).
        public var unitsDone: Int
        /// Units it holds now (running or queued behind its slots).
        public var unitsHeld: Int
        /// Milliseconds since the coordinator last heard from it.
        public var lastHeardMsAgo: Int
        /// Its CPU and memory as it last reported them (nil before its first `load`).
        public var load: WorkerLoad?
        public init(
            id: String, host: String, slots: Int, unitsDone: Int, unitsHeld: Int, lastHeardMsAgo: Int, load: WorkerLoad? = nil
        ) {
            self.id = id; self.host = host; self.slots = slots; self.unitsDone = unitsDone; self.unitsHeld = unitsHeld
            self.lastHeardMsAgo = lastHeardMsAgo; self.load = load
        }
    }

    /// A unit that gave up after its retry budget, and the last failure's reason.
    public struct Quarantined: Sendable, Equatable {
        public var unit: String
        public var reason: String
        public init(unit: String, reason: String) { self.unit = unit; self.reason = reason }
    }

    /// The sweep's `name` and the plan's config hash (what a worker checks after `welcome`).
    public var sweepID: String
    public var configHash: String
    public var unitsDone: Int
    /// An estimate: units are carved on demand at a size that follows the measured cost.
    public var unitsTotal: Int
    /// Trees × configurations committed (resumed from the journal included), and of the whole plan.
    public var treesDone: Int
    public var treesTotal: Int
    /// Scenario runs committed, and the plan's gesture slots (an upper bound: a gesture that does not fit its
    /// tree is not run).
    public var scenariosDone: Int
    public var scenariosTotal: Int
    /// Trees committed by this coordinator process (not resumed), over `elapsedMs`: the rate's inputs.
    public var treesThisRun: Int
    public var elapsedMs: Int
    public var retries: Int
    /// Every quarantined unit is counted here; ``quarantinedUnits`` lists at most ``listedQuarantined`` of them.
    public var quarantinedCount: Int
    public var quarantinedUnits: [Quarantined]
    public var finished: Bool
    public var workers: [Worker]

    /// Quarantined units a status message lists (the count is always exact).
    public static let listedQuarantined = 100

    public init(
        sweepID: String, configHash: String, unitsDone: Int, unitsTotal: Int, treesDone: Int, treesTotal: Int,
        scenariosDone: Int, scenariosTotal: Int, treesThisRun: Int, elapsedMs: Int, retries: Int,
        quarantinedCount: Int, quarantinedUnits: [Quarantined], finished: Bool, workers: [Worker]
    ) {
        self.sweepID = sweepID; self.configHash = configHash; self.unitsDone = unitsDone; self.unitsTotal = unitsTotal
        self.treesDone = treesDone; self.treesTotal = treesTotal; self.scenariosDone = scenariosDone
        self.scenariosTotal = scenariosTotal; self.treesThisRun = treesThisRun; self.elapsedMs = elapsedMs
        self.retries = retries; self.quarantinedCount = quarantinedCount; self.quarantinedUnits = quarantinedUnits
        self.finished = finished; self.workers = workers
    }

    /// Trees committed per second by this process, or nil before the first one.
    public var treesPerSecond: Double? {
        guard treesThisRun > 0, elapsedMs > 0 else { return nil }
        return Double(treesThisRun) * 1000 / Double(elapsedMs)
    }

    /// Scenario runs per second at the tree rate (each tree's share of the runs done so far), or nil.
    public var scenariosPerSecond: Double? {
        guard let rate = treesPerSecond, treesDone > 0 else { return nil }
        return rate * Double(scenariosDone) / Double(treesDone)
    }

    /// Seconds until every tree is done at the current rate: 0 when finished, nil while no rate is known.
    public var etaSeconds: Double? {
        if finished || treesDone >= treesTotal { return 0 }
        guard let rate = treesPerSecond else { return nil }
        return Double(treesTotal - treesDone) / rate
    }
}

extension StatusReport {
    func encode(_ w: inout WireWriter) {
        w.string(sweepID); w.string(configHash)
        for v in [
            unitsDone, unitsTotal, treesDone, treesTotal, scenariosDone, scenariosTotal, treesThisRun, elapsedMs,
            retries, quarantinedCount
        ] { w.int(v) }
        w.u8(finished ? 1 : 0)
        w.int(quarantinedUnits.count)
        for q in quarantinedUnits { w.string(q.unit); w.string(q.reason) }
        w.int(workers.count)
        for k in workers {
            w.string(k.id); w.string(k.host)
            for v in [k.slots, k.unitsDone, k.unitsHeld, k.lastHeardMsAgo] { w.int(v) }
            w.u8(k.load == nil ? 0 : 1)
            k.load?.encode(&w)
        }
    }

    static func decode(_ r: inout WireReader) throws(ProtocolError) -> StatusReport {
        let id = WireLimits.identifierBytes, p = WireLimits.progress
        let sweepID = try r.string("status.sweepID", maxBytes: id)
        let configHash = try r.string("status.configHash", maxBytes: id)
        let unitsDone = try r.int("status.unitsDone", in: p), unitsTotal = try r.int("status.unitsTotal", in: p)
        let treesDone = try r.int("status.treesDone", in: p), treesTotal = try r.int("status.treesTotal", in: p)
        let scenariosDone = try r.int("status.scenariosDone", in: p)
        let scenariosTotal = try r.int("status.scenariosTotal", in: p)
        let treesThisRun = try r.int("status.treesThisRun", in: p), elapsedMs = try r.int("status.elapsedMs", in: p)
        let retries = try r.int("status.retries", in: p), quarantinedCount = try r.int("status.quarantinedCount", in: p)
        let flagOffset = r.offset
        let flag = try r.u8("status.finished")
        guard flag <= 1 else { throw .unknownValue(field: "status.finished", offset: flagOffset, value: UInt64(flag)) }
        let listed = try r.int("status.quarantinedUnits.count", in: 0 ... Int64(listedQuarantined))
        var quarantined: [Quarantined] = []
        for _ in 0 ..< listed {
            quarantined.append(
                Quarantined(
                    unit: try r.string("status.quarantinedUnits.unit", maxBytes: id),
                    reason: try r.string("status.quarantinedUnits.reason", maxBytes: WireLimits.reasonBytes)))
        }
        let workerCount = try r.int("status.workers.count", in: WireLimits.statusWorkers)
        var workers: [Worker] = []
        for _ in 0 ..< workerCount {
            let wid = try r.string("status.workers.id", maxBytes: id), host = try r.string("status.workers.host", maxBytes: id)
            var worker = Worker(
                id: wid, host: host, slots: try r.int("status.workers.slots", in: WireLimits.slots),
                unitsDone: try r.int("status.workers.unitsDone", in: p),
                unitsHeld: try r.int("status.workers.unitsHeld", in: p),
                lastHeardMsAgo: try r.int("status.workers.lastHeardMsAgo", in: p))
            let loadOffset = r.offset
            let reported = try r.u8("status.workers.reported")
            guard reported <= 1 else { throw .unknownValue(field: "status.workers.reported", offset: loadOffset, value: UInt64(reported)) }
            if reported == 1 { worker.load = try WorkerLoad.decode(&r, "status.workers.load") }
            workers.append(worker)
        }
        return StatusReport(
            sweepID: sweepID, configHash: configHash, unitsDone: unitsDone, unitsTotal: unitsTotal,
            treesDone: treesDone, treesTotal: treesTotal, scenariosDone: scenariosDone, scenariosTotal: scenariosTotal,
            treesThisRun: treesThisRun, elapsedMs: elapsedMs, retries: retries, quarantinedCount: quarantinedCount,
            quarantinedUnits: quarantined, finished: flag == 1, workers: workers)
    }
}
