import NIOCore
import SweepHTMLReport
import SweepNode
import SweepReporting
import Synchronization

/// The live view of a running sweep on the metrics port: the latest ``LiveSnapshot`` the coordinator's loop handed
/// over (``update(_:)``, on its thread), served as `/live` (``LivePage``) and `/live.json` (``LiveJSON``) from the
/// HTTP server's threads. Only immutable snapshots cross threads; nothing here touches the coordinator's state.
///
/// Each page is drawn once per snapshot, by the first request that asks for it after the snapshot changed; every
/// other request is answered from that drawing (a page of 4,800 configurations is megabytes, and
/// eight clients must not draw it eight times a second while the sweep computes).
public final class LiveView: Sendable {
    /// The snapshot and, per page, the drawing of it (nil until a request asks for it).
    struct Served {
        var snapshot: LiveSnapshot?
        var generation = 0
        /// Scenarios done about once a second (``historyIntervalMs``), the last ``historyLength`` samples.
        var history: [ThroughputSample] = []
        var processes: [ProcessUsage] = []
        var drawn: [Kind: (generation: Int, body: ByteBuffer)] = [:]
    }

    enum Kind: Hashable { case html, json }

    let served = Mutex(Served())
    /// How many times each page was drawn (for tests: once per snapshot at most).
    let drawings = Atomic<Int>(0)

    /// Samples the coordinator's and local workers' CPU and memory with the throughput history; nil: none.
    let sampler: ProcessSampler?
    static let historyIntervalMs = 1000
    static let historyLength = 120

    public init(sampler: ProcessSampler? = nil) { self.sampler = sampler }

    /// Replaces the snapshot served. About once a second of the sweep's elapsed time (and at its end) it adds a
    /// throughput sample and samples the processes; the snapshot served carries both.
    public func update(_ snapshot: LiveSnapshot) {
        let status = snapshot.status
        let due = served.withLock { served in
            guard let last = served.history.last else { return true }
            return status.elapsedMs - last.elapsedMs >= Self.historyIntervalMs || (status.finished && last.scenariosDone != status.scenariosDone)
        }
        // /proc is read outside the lock: a page being drawn never waits for it.
        let processes = due ? sampler?.sample(at: Double(status.elapsedMs) / 1000) : nil
        served.withLock {
            if due {
                $0.history.append(ThroughputSample(elapsedMs: status.elapsedMs, scenariosDone: status.scenariosDone))
                if $0.history.count > Self.historyLength { $0.history.removeFirst($0.history.count - Self.historyLength) }
                if let processes { $0.processes = processes }
            }
            var served = snapshot
            served.throughput = $0.history
            served.processes = $0.processes
            $0.snapshot = served
            $0.generation += 1
        }
    }

    /// The snapshot served now; nil until the coordinator has bound its endpoint and made the first.
    public var snapshot: LiveSnapshot? { served.withLock { $0.snapshot } }

    /// Pages drawn so far (each page counted once per snapshot it was drawn for).
    public var pagesDrawn: Int { drawings.load(ordering: .relaxed) }

    /// `/live` and `/live.json` for ``MetricsServer``: each answers 503 until the first snapshot.
    public var pages: [MetricsServer.Page] {
        [
            MetricsServer.Page(path: "/live", contentType: "text/html; charset=utf-8", requiresToken: true) { [self] in body(.html) },
            MetricsServer.Page(path: "/live.json", contentType: "application/json", requiresToken: true) { [self] in body(.json) }
        ]
    }

    /// The page of the current snapshot, drawn now if it has not been for this snapshot. The drawing is made outside
    /// the lock, so the coordinator's ``update(_:)`` never waits for it; the server makes pages on one worker
    /// thread, so requests that arrive meanwhile wait their turn and find the drawing made.
    func body(_ kind: Kind) -> ByteBuffer? {
        let current = served.withLock { served -> (snapshot: LiveSnapshot, generation: Int, drawn: ByteBuffer?)? in
            guard let snapshot = served.snapshot else { return nil }
            let drawn = served.drawn[kind].flatMap { $0.generation == served.generation ? $0.body : nil }
            return (snapshot, served.generation, drawn)
        }
        guard let current else { return nil }
        if let drawn = current.drawn { return drawn }
        let text: String
        switch kind {
        case .html:
            let s = current.snapshot
            text = LivePage.render(
                status: s.status, endpoint: s.endpoint, table: s.table, runs: s.runs, processes: sampler == nil ? nil : s.processes,
                throughput: s.throughput)
        case .json: text = LiveJSON.render(current.snapshot)
        }
        let body = ByteBuffer(string: text)
        drawings.wrappingAdd(1, ordering: .relaxed)
        served.withLock { served in
            if (served.drawn[kind]?.generation ?? -1) < current.generation { served.drawn[kind] = (current.generation, body) }
        }
        return body
    }
}
