import Foundation
import SweepCore
import SweepJournal
import SweepPlanning
import SweepProtocol
import SweepReporting
import SweepResultCodec
import Synchronization

/// A shard's results, written by `sweep run --shard I/N` and read by `sweep merge` (docs/sharding.md).
///
/// A shard file (``fileName`` in the shard's output directory) is a TouchSweep journal (SweepJournal's
/// `Journal.swift`) holding:
/// - header: the config hash and the config file's text, as read;
/// - one committed record per unit of the shard (``SweepPlan/shardUnits(_:of:)``), in that order, with the key
///   and payload of the coordinator's journal: the unit id (`c3:t40-47`) and ``UnitRecordCodec``'s bytes
///   (configuration, first tree, tree count, then the ``ResultCodec`` payload);
/// - last, the seal: a committed record keyed ``sealKey`` whose payload is three big-endian u32s: I, N and
///   the number of unit records before it.
/// The file is written under a temporary name and renamed into place once sealed and fsync'd, so it is
/// either absent or complete. Its bytes depend only on the config text, I and N.
public enum ShardFile {
    /// The shard file's name inside the directory given to `sweep run --shard I/N --output DIR`.
    public static let fileName = "shard.tsj"
    /// The key of the last record, which says which shard the file is and how many units it holds.
    static let sealKey = "shard"

    /// What ``run(plan:configText:shard:of:threads:directory:progress:)`` did.
    public struct Written: Sendable {
        /// The shard file's path.
        public var path: String
        public var units: Int
        /// Scenarios run.
        public var runs: Int
    }

    /// Runs shard `index` of `count` on `threads` threads and writes its shard file into `directory`
    /// (created if missing), replacing an earlier one atomically. `progress` gets the trees (configuration × tree)
    /// and the scenarios run so far. The caller holds the directory (`OutputDirectory.claim`, as `sweep run` does).
    /// - Throws: ``ShardError/cannotWrite(path:reason:)`` naming the file or directory, or `OutputFileError` when
    ///   the shard file's path is something other than a regular file (a FIFO, a device, a link to one), checked
    ///   before the run and again before the rename; nothing is left behind.
    public static func run(
        plan: SweepPlan, configText: String, shard index: Int, of count: Int, threads: Int,
        directory: String, progress: ParallelSweep.Progress? = nil
    ) throws -> Written {
        let path = directory + "/" + fileName
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw ShardError.cannotWrite(path: directory, reason: "the directory cannot be created (\(error.localizedDescription)).")
        }
        try OutputFile.replaceable(path)
        let temporary = directory + "/.\(fileName).tmp-\(getpid())-\(UInt32.random(in: .min ... .max))"
        let units = plan.shardUnits(index, of: count)
        do {
            // Nothing needs to be durable before the end: one fsync, when the file is sealed.
            let writer = try JournalWriter.create(
                path: temporary, configHash: plan.configHash, headerText: configText,
                syncPolicy: JournalSyncPolicy(maxPendingRecords: .max))
            let sink = Mutex(OrderedSink(writer))
            let trees = Atomic<Int>(0)
            ParallelSweep.forEachResult(plan, units: units, threads: threads) { i, unit, result in
                let spec = UnitSpec(configuration: unit.configuration, trees: unit.trees)
                let payload = UnitRecordCodec.encode(unit: spec, payload: ResultCodec.encode(result))
                let (runs, done) = sink.withLock {
                    (
                        $0.add(i, key: spec.id, payload: payload, runs: result.tallies.total.runs),
                        trees.wrappingAdd(unit.trees.count, ordering: .relaxed).newValue
                    )
                }
                progress?(done, runs)
            }
            let runs = try sink.withLock { sink in
                try sink.seal(index: index, count: count)
                try OutputFile.replaceable(path)
                try sink.writer.close(movingTo: path)
                return sink.runs
            }
            return Written(path: path, units: units.count, runs: runs)
        } catch let error as OutputFileError {
            _ = unlink(temporary)
            throw error
        } catch {
            _ = unlink(temporary)
            throw ShardError.cannotWrite(path: path, reason: "\(error)")
        }
    }

    /// The seal's payload: I, N and the number of unit records.
    static func seal(index: Int, count: Int, units: Int) -> [UInt8] {
        var w = WireWriter(capacity: 12)
        for v in [index, count, units] { w.u32(UInt32(v)) }
        return w.bytes
    }

    /// Writes results to the journal in unit order, whatever order the threads finish them in.
    final class OrderedSink {
        let writer: JournalWriter
        /// The position of the next unit to write, and the results that finished before it.
        private var next = 0
        private var waiting: [Int: (key: String, payload: [UInt8])] = [:]
        private var failure: Error?
        private(set) var runs = 0

        init(_ writer: JournalWriter) { self.writer = writer }

        /// Takes unit `i`'s record; returns the scenarios run so far.
        func add(_ i: Int, key: String, payload: [UInt8], runs: Int) -> Int {
            self.runs += runs
            guard failure == nil else { return self.runs }
            waiting[i] = (key, payload)
            while let record = waiting.removeValue(forKey: next) {
                do { try writer.append(kind: .committed, key: record.key, payload: record.payload) } catch {
                    failure = error
                    break
                }
                next += 1
            }
            return self.runs
        }

        /// Appends the seal after every unit, or throws the first append's failure.
        func seal(index: Int, count: Int) throws {
            if let failure { throw failure }
            precondition(waiting.isEmpty, "every unit is written before the seal")
            try writer.append(kind: .committed, key: ShardFile.sealKey, payload: ShardFile.seal(index: index, count: count, units: next))
        }
    }
}
