import Foundation
import Logging
import SweepCore
import SweepJournal
import SweepLogging
import SweepNode
import SweepPlanning
import SweepProtocol
import TestSupport

/// A coordinator and its workers in one thread, over an ``InMemoryNetwork``, in virtual time: each ``step(ms:)``
/// moves the clock on and gives every live worker, then the coordinator, one pass. The coordinator is the real
/// one (its journal in a temporary directory); the workers run their units with the real unit runner at once,
/// their results due `unitMs` of virtual time later. Every node logs into ``lines`` with virtual timestamps
/// (`00:00:01.250 warning coordinator: …`), so a test reads what happened like a log.
final class InProcessCluster {
    struct Worker {
        let id: String
        let loop: WorkerLoop
        let executor: InlineUnitExecutor
        var exit: WorkerLoop.Exit?
    }

    let network = InMemoryNetwork()
    let clock = VirtualClock()
    let endpoint = "mem://coordinator"
    let plan: SweepPlan
    let configText: String
    let output: String
    let heartbeatMs: Int
    var coordinator: CoordinatorLoop?
    var workers: [Worker] = []
    let recorded = Recorded()

    final class Recorded: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: [String] = []
        func append(_ line: String) { lock.withLock { stored.append(line) } }
        var all: [String] { lock.withLock { stored } }
    }

    /// The log lines so far, each `HH:MM:SS.mmm level component: message key=value …` in virtual time.
    var lines: [String] { recorded.all }

    /// Workers that vanished (``drop(_:)``): they take no more passes.
    var dropped: Set<String> = []
    /// The temporary directory holding `output` when the cluster made its own, removed with the cluster.
    let scratch: TemporaryDirectory?

    /// `output`: another cluster's output directory (its journal), to run the same sweep again there.
    init(config: String = TinySweep.yaml, heartbeatMs: Int = 200, name: String = #function, output: String? = nil) throws {
        configText = config
        plan = SweepPlan(try SweepConfigLoader.load(yaml: config, path: "tiny.yaml"))
        self.heartbeatMs = heartbeatMs
        scratch = output == nil ? try TemporaryDirectory("sweep-node-\(name.prefix { $0 != "(" })") : nil
        self.output = output ?? scratch!.file("out")
    }

    /// A raw peer `id` connected to the coordinator with a status key (`--status-keys`), read and written by the test.
    func statusKeyPeer(_ id: String) throws -> InMemoryWorkerTransport {
        let peer = network.worker(id, connectingTo: endpoint)
        peer.isStatusKey = true
        try peer.open()
        return peer
    }

    /// Worker `id` vanishes (its process died): its connection is gone, and it takes no more passes.
    func drop(_ id: String) {
        network.drop(id)
        dropped.insert(id)
    }

    func logger(_ component: String) -> Logger {
        let clock = clock, recorded = recorded
        let output = LogOutput(
            clock: { Date(timeIntervalSince1970: Double(clock.nowMs) / 1000) },
            write: { line in
                // The time of day only (the date is 1970-01-01 for every line), without the zone's Z.
                let rest = line.dropFirst(11).dropLast()
                recorded.append(String(rest.prefix(12)) + String(rest.dropFirst(13)))
            })
        return Logger(label: component) { SweepLogHandler(component: $0, level: .info, format: .text, output: output) }
    }

    /// Starts a coordinator (again, from its journal, when one ran before) on the cluster's endpoint.
    func startCoordinator(retryBudget: Int = 3) throws {
        var options = CoordinatorNode.Options(listen: endpoint, outputDirectory: output)
        options.heartbeatMs = heartbeatMs
        options.liveness = 3
        options.retryBudget = retryBudget
        options.targetUnitSeconds = 0.2
        options.scenariosTotal = 0
        options.logger = logger("coordinator")
        coordinator = try CoordinatorNode(plan: plan, configText: configText, options: options, clock: clock)
            .open(transport: network.coordinator())
    }

    /// The coordinator dies (SIGKILL): its transport goes, its journal keeps what was written.
    func killCoordinator() {
        coordinator?.close()
        coordinator = nil
    }

    /// A worker `id` with `slots` slots whose units take `unitMs` each.
    func addWorker(_ id: String, slots: Int = 1, unitMs: Int64 = 20, failingTree: (configuration: Int, tree: Int)? = nil) throws {
        var options = WorkerNode.Options(connect: endpoint, slots: slots, workerID: id)
        options.logger = logger("worker-\(id)")
        let executor = InlineUnitExecutor(slots: slots, clock: clock, unitMs: unitMs, failingTree: failingTree)
        let loop = try WorkerNode(options: options, clock: clock).open(transport: network.worker(id, connectingTo: endpoint), executor: executor)
        workers.append(Worker(id: id, loop: loop, executor: executor))
    }

    func worker(_ id: String) -> Worker { workers.first { $0.id == id }! }

    /// `ms` of virtual time pass; then each live worker that is not frozen, and the coordinator, take a pass.
    func step(ms: Int64 = 10) throws {
        clock.advance(by: ms)
        for i in workers.indices where workers[i].exit == nil && !network.isFrozen(workers[i].id) && !dropped.contains(workers[i].id) {
            workers[i].exit = try workers[i].loop.pass(nowMs: clock.nowMs)
        }
        try coordinator?.pass(nowMs: clock.nowMs)
    }

    /// Steps until `done` holds, at most `virtualMs`; whether it held.
    @discardableResult
    func run(atMostMs virtualMs: Int64 = 600_000, until done: () -> Bool) throws -> Bool {
        let end = clock.nowMs + virtualMs
        while !done() {
            guard clock.nowMs < end else { return false }
            try step()
        }
        return true
    }

    /// Steps until the coordinator finished and every worker has left; whether that happened.
    @discardableResult
    func runToTheEnd(atMostMs virtualMs: Int64 = 600_000) throws -> Bool {
        try run(atMostMs: virtualMs) {
            coordinator?.finished == true && workers.allSatisfy { $0.exit != nil || network.isFrozen($0.id) || dropped.contains($0.id) }
        }
    }

    /// The report files (name, a newline, the contents) of `tallies`.
    func files(_ tallies: SweepTallies) -> [String] {
        Reports.files(plan: plan, tallies: tallies, configText: configText, outputDirectory: "OUT").map { $0.name + "\n" + $0.contents }
    }

    /// The report files of the coordinator's tallies, and those of `sweep run` (ParallelSweep) on the same plan.
    func reports() -> (cluster: [String], run: [String]) {
        (files(coordinator!.outcome.tallies), files(ParallelSweep.run(plan, threads: 2)))
    }

    /// The names of the report files whose bytes differ from `sweep run`'s (`reference`: an earlier `reports().run`).
    func filesDifferingFromSweepRun(reference: [String]? = nil) -> [String] {
        let cluster = files(coordinator!.outcome.tallies)
        let run = reference ?? files(ParallelSweep.run(plan, threads: 2))
        return zip(cluster, run).filter { $0.0 != $0.1 }.map { String($0.0.prefix { $0 != "\n" }) }
            + (cluster.count == run.count ? [] : ["(a different number of files)"])
    }

    /// The journal's keys (one per committed or quarantined unit) and whether any tree of a configuration is in two.
    func journal() throws -> (keys: [String], treeTwice: Bool) {
        let keys = try JournalReader.read(path: output + "/journal.tsj").resultRecords.map(\.key)
        var trees: [Int: [Int]] = [:]
        for key in keys {
            // c<configuration>:t<first>-<last>
            let parts = key.dropFirst().split(separator: ":")
            let range = parts[1].dropFirst().split(separator: "-").compactMap { Int($0) }
            trees[Int(parts[0])!, default: []] += Array(range[0] ... range[1])
        }
        return (keys, trees.values.contains { Set($0).count != $0.count })
    }
}
