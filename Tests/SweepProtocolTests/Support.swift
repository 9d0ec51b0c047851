import SweepCore
import SweepProtocol
import SweepReporting
import SweepResultCodec
import TestSupport
import TouchEngine

/// Random protocol values drawn from the library's seeded generator (SplitMix64), so every "random" test is
/// reproducible from its seed.
struct Seeded: RandomNumberGenerator {
    var source: SplitMix64
    init(_ seed: UInt64) { source = SplitMix64(seed: seed) }
    mutating func next() -> UInt64 { source.next() }

    /// Often a bound of `range` (the edges are where codecs break), otherwise uniform.
    mutating func int(_ range: ClosedRange<Int64>) -> Int {
        switch Int.random(in: 0 ..< 8, using: &self) {
        case 0: return Int(range.lowerBound)
        case 1: return Int(range.upperBound)
        case 2: return Int(Int64.random(in: range.lowerBound ... min(range.upperBound, range.lowerBound + 300), using: &self))
        default: return Int(Int64.random(in: range, using: &self))
        }
    }

    mutating func chance(_ p: Double) -> Bool { Double.random(in: 0 ..< 1, using: &self) < p }

    /// A string mixing ASCII, accents, CJK, emoji (4-byte UTF-8), combining marks, NUL and newlines.
    mutating func string(maxCount: Int = 40) -> String {
        let pool: [String] = ["a", "Z", "0", " ", "-", ":", "/", "é", "ß", "中", "文", "🙂", "👩‍💻", "e\u{301}", "\u{0}", "\n", "\t", "\"", "\\"]
        let n = Int.random(in: 0 ... maxCount, using: &self)
        var s = ""
        for _ in 0 ..< n { s += pool.randomElement(using: &self)! }
        return s
    }

    mutating func unit() -> UnitSpec {
        let lower = int(0 ... Int64(Int32.max) - 1)
        let upper = Int.random(in: lower + 1 ... min(Int(Int32.max), lower + 1000), using: &self)
        return UnitSpec(configuration: int(WireLimits.index), trees: lower ..< upper)
    }

    mutating func message(_ type: MessageType) -> ProtocolMessage {
        switch type {
        case .hello:
            return .hello(workerID: string(), host: string(), slots: int(WireLimits.slots), engineVersion: string())
        case .welcome:
            return .welcome(
                sweepID: string(), configHash: string(), configText: string(maxCount: 2000),
                heartbeatMs: int(WireLimits.heartbeatMs), liveness: int(WireLimits.liveness))
        case .refuse: return .refuse(reason: string(maxCount: 200))
        case .credit: return .credit(count: int(WireLimits.units))
        case .assign: return .assign(unit: unit(), attempt: int(WireLimits.attempt), timeLimitMs: int(WireLimits.timeLimitMs))
        case .result:
            let status = UnitStatus(rawValue: UInt8.random(in: 0 ... 2, using: &self))!
            var payload: [UInt8] = []
            for _ in 0 ..< Int.random(in: 0 ... 300, using: &self) { payload.append(UInt8.random(in: 0 ... 255, using: &self)) }
            return .result(
                unit: unit(), attempt: int(WireLimits.attempt), status: status,
                elapsedMicroseconds: Int64(int(WireLimits.elapsedMicroseconds)), payload: payload, detail: string())
        case .ack: return .ack(unit: unit())
        case .cancel: return .cancel(unit: unit())
        case .heartbeat: return .heartbeat(inflight: int(WireLimits.units))
        case .disconnect: return .disconnect(reason: string())
        case .statusRequest: return .statusRequest
        case .status:
            let p = WireLimits.progress
            let quarantined = (0 ..< Int.random(in: 0 ... 3, using: &self)).map { _ in
                StatusReport.Quarantined(unit: unit().id, reason: string(maxCount: 100))
            }
            let workers = (0 ..< Int.random(in: 0 ... 4, using: &self)).map { _ in
                StatusReport.Worker(
                    id: string(), host: string(), slots: int(WireLimits.slots), unitsDone: int(p), unitsHeld: int(p),
                    lastHeardMsAgo: int(p), load: Bool.random(using: &self) ? load() : nil)
            }
            return .status(
                StatusReport(
                    sweepID: string(), configHash: string(), unitsDone: int(p), unitsTotal: int(p), treesDone: int(p),
                    treesTotal: int(p), scenariosDone: int(p), scenariosTotal: int(p), treesThisRun: int(p),
                    elapsedMs: int(p), retries: int(p), quarantinedCount: int(p), quarantinedUnits: quarantined,
                    finished: Bool.random(using: &self), workers: workers))
        case .assignments:
            // Short batches (the fuzz tests cut every prefix); FrameCodecTests round-trips the largest one.
            let n = Int.random(in: 1 ... 20, using: &self)
            return .assignments(
                (0 ..< n).map { _ in
                    Assignment(unit: unit(), attempt: int(WireLimits.attempt), timeLimitMs: int(WireLimits.timeLimitMs))
                })
        case .acks:
            let n = Int.random(in: 1 ... 20, using: &self)
            return .acks((0 ..< n).map { _ in unit() })
        case .load:
            return .load(load())
        }
    }

    /// A worker's load, its CPU figure present or not.
    mutating func load() -> WorkerLoad {
        WorkerLoad(
            pid: int(WireLimits.index), cpuPermille: Bool.random(using: &self) ? int(WireLimits.cpuPermille) : nil,
            residentBytes: int(WireLimits.progress))
    }

    /// A latency in ms: exact zeros, whole and fractional ms, the 2000 ms edge and overflow values.
    mutating func latency() -> Double {
        switch Int.random(in: 0 ..< 6, using: &self) {
        case 0: return 0
        case 1: return Double(Int.random(in: 0 ... 2000, using: &self))
        case 2: return 2000.0005
        case 3: return Double.random(in: 2000 ... 1e7, using: &self)
        default: return Double.random(in: 0 ... 400, using: &self)
        }
    }

    /// A unit result built the way the runner builds one (through `ConfigurationTallies.add`), so every
    /// invariant holds, with random verdicts and examples.
    mutating func unitResult(scenarios: Int, examples: Int) -> UnitResult {
        var result = UnitResult(configuration: int(0 ... 5000))
        for _ in 0 ..< scenarios {
            var verdict = ScenarioVerdict()
            for c in DefectClass.allCases where chance(0.5) {
                verdict.applicable.insert(c)
                if chance(0.3) { verdict.defects.insert(c) }
            }
            if chance(0.4) { verdict.highlightLatency = latency() }
            if chance(0.4) { verdict.actionLatency = latency() }
            if chance(0.1) { verdict.notCounted = NotCounted.allCases.randomElement(using: &self) }
            result.tallies.add(
                verdict, template: Fixtures.templates.randomElement(using: &self)!,
                family: Fixtures.families.randomElement(using: &self)!)
        }
        if scenarios > 0 && chance(0.5) {
            // Model-band changes (format 5): a few keys anywhere, with changes of either sign.
            var bands = ModelBandCounts()
            for _ in 0 ..< int(1 ... 6) {
                bands.add(
                    InferredParameter.allCases.randomElement(using: &self)!, RangeEnd.allCases.randomElement(using: &self)!,
                    DefectClass.allCases.randomElement(using: &self)!, chance(0.5) ? int(1 ... 300) : -int(1 ... 300))
            }
            result.tallies.addModelBands(bands)
        }
        for _ in 0 ..< examples {
            result.examples.append(
                DefectExample(
                    configuration: result.configuration, defect: DefectClass.allCases.randomElement(using: &self)!,
                    treeIndex: int(WireLimits.index), family: Fixtures.families.randomElement(using: &self)!,
                    placement: int(0 ... 100), gestureIndex: int(0 ... 1000),
                    template: Fixtures.templates.randomElement(using: &self)!, treeSeed: next(), target: string(maxCount: 30)))
        }
        return result
    }
}

enum Fixtures {
    static func allCases<T: CaseIterable>(of _: KeyPath<DefectExample, T>) -> [T] { Array(T.allCases) }
    static let templates = allCases(of: \DefectExample.template)
    static let families = allCases(of: \DefectExample.family)

    /// One message of each type with small fixed values (for the exact-bytes and error tests).
    static let samples: [ProtocolMessage] = [
        .hello(workerID: "w1", host: "h", slots: 4, engineVersion: "e1"),
        .welcome(sweepID: "s", configHash: "abc", configText: "name: x\n", heartbeatMs: 1000, liveness: 3),
        .refuse(reason: "engine e2 differs from e1"),
        .credit(count: 8),
        .assign(unit: UnitSpec(configuration: 3, trees: 40 ..< 50), attempt: 1, timeLimitMs: 30_000),
        .result(
            unit: UnitSpec(configuration: 3, trees: 40 ..< 50), attempt: 2, status: .ok, elapsedMicroseconds: 1234,
            payload: [1, 2, 3], detail: ""),
        .ack(unit: UnitSpec(configuration: 3, trees: 40 ..< 50)),
        .cancel(unit: UnitSpec(configuration: 0, trees: 0 ..< 1)),
        .heartbeat(inflight: 2),
        .disconnect(reason: "done"),
        .statusRequest,
        .status(StatusReport.sample),
        .assignments([
            Assignment(unit: UnitSpec(configuration: 3, trees: 50 ..< 60), attempt: 1, timeLimitMs: 30_000),
            Assignment(unit: UnitSpec(configuration: 4, trees: 0 ..< 10), attempt: 2, timeLimitMs: 60_000)
        ]),
        .acks([UnitSpec(configuration: 3, trees: 40 ..< 50), UnitSpec(configuration: 3, trees: 50 ..< 60)]),
        .load(WorkerLoad(pid: 4242, cpuPermille: 995, residentBytes: 60_817_408))
    ]

    /// `frames` with frame `i` replaced.
    static func replacing(_ frames: [[UInt8]], _ i: Int, with frame: [UInt8]) -> [[UInt8]] {
        var f = frames
        f[i] = frame
        return f
    }

    static func decodeError(_ frames: [[UInt8]]) -> ProtocolError? {
        do {
            _ = try FrameCodec.decode(frames)
            return nil
        } catch {
            return error
        }
    }

    static func resultError(_ bytes: [UInt8]) -> ProtocolError? {
        do {
            _ = try ResultCodec.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    static func i64(_ v: Int64) -> [UInt8] { var w = WireWriter(); w.i64(v); return w.bytes }
    static func u32(_ v: UInt32) -> [UInt8] { var w = WireWriter(); w.u32(v); return w.bytes }
    static func varint(_ v: UInt64) -> [UInt8] { var w = WireWriter(); w.varint(v); return w.bytes }
}

extension StatusReport {
    /// A report with every field set and distinct: one worker, one quarantined unit.
    static let sample = StatusReport(
        sweepID: "quickstart", configHash: "abc123", unitsDone: 1, unitsTotal: 2, treesDone: 3, treesTotal: 4, scenariosDone: 5,
        scenariosTotal: 6, treesThisRun: 7, elapsedMs: 8, retries: 9, quarantinedCount: 10,
        quarantinedUnits: [Quarantined(unit: "c0:t1-1", reason: "it crashed")], finished: false,
        workers: [
            Worker(
                id: "w1", host: "node-1", slots: 4, unitsDone: 11, unitsHeld: 12, lastHeardMsAgo: 13,
                load: WorkerLoad(pid: 14, cpuPermille: nil, residentBytes: 15)),
            Worker(id: "w2", host: "node-2", slots: 1, unitsDone: 16, unitsHeld: 17, lastHeardMsAgo: 18)
        ])

    /// A report with nothing in it.
    static let empty = StatusReport(
        sweepID: "", configHash: "", unitsDone: 0, unitsTotal: 0, treesDone: 0, treesTotal: 0, scenariosDone: 0, scenariosTotal: 0,
        treesThisRun: 0, elapsedMs: 0, retries: 0, quarantinedCount: 0, quarantinedUnits: [], finished: false, workers: [])
}
