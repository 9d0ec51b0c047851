import Foundation
import SweepCore
import SweepJournal
import SweepPlanning
import SweepProtocol
import SweepResultCodec

/// One shard file, read whole and checked against its own config.
public struct Shard {
    /// The file read.
    public let path: String
    public let configHash: String
    /// The config file's text as `sweep run --shard` read it.
    public let configText: String
    public let plan: SweepPlan
    /// Which shard (0-based) of how many.
    public let index: Int, count: Int
    /// The file's unit records, in shard order, and the units of the shard they must hold.
    let records: [JournalRecord]
    let units: [SweepPlan.WorkUnit]

    /// Decodes every unit's result and hands each to `body` in shard order: on every core, a chunk at a time, so only
    /// one chunk's results are held beside the file's bytes.
    /// - Throws: ``ShardError/damaged(path:reason:)`` for the first unit in file order whose result does not decode.
    public func forEachResult(_ body: (UnitResult) -> Void) throws {
        let chunk = 4096
        for first in stride(from: 0, to: units.count, by: chunk) {
            let n = min(chunk, units.count - first)
            let decoded = ParallelMap.map(n) { [records, units, path] k in
                ShardFile.decodeUnit(records[first + k], units[first + k], path: path)
            }
            for result in decoded { body(try result.get()) }
        }
    }
}

extension ShardFile {
    /// Reads the shard file at `argument` (a file, or a directory holding ``fileName``) and checks it: an intact
    /// journal, sealed, whose config text loads and matches the header's hash, holding as many units as its shard has
    /// (``Shard/forEachResult(_:)`` checks that each record is its unit's and decodes its result).
    /// - Throws: ``ShardError/unreadable(path:reason:)`` or ``ShardError/damaged(path:reason:)`` naming the file.
    public static func read(_ argument: String) throws -> Shard {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory)
        let path = exists && isDirectory.boolValue ? argument + "/" + fileName : argument
        let contents: JournalContents
        do { contents = try JournalReader.read(path: path) } catch let error as JournalError {
            switch error {
            case let .io(_, operation, code): throw ShardError.unreadable(path: path, reason: "cannot \(operation) it (\(String(cString: strerror(code))))")
            case let .notAJournal(_, reason): throw ShardError.unreadable(path: path, reason: "it is not a TouchSweep file (\(reason))")
            case let .corruptHeader(_, reason): throw ShardError.damaged(path: path, reason: reason)
            case let .notARegularFile(_, kind): throw ShardError.unreadable(path: path, reason: "it is not a regular file (it is \(kind))")
            case let .unsupportedVersion(_, found, supported):
                throw ShardError.damaged(path: path, reason: "it was written by another build: its journal format is \(found), this build reads \(supported)")
            default: throw ShardError.unreadable(path: path, reason: "\(error)")
            }
        }
        func damaged(_ reason: String) -> ShardError { .damaged(path: path, reason: reason) }
        if let tail = contents.tail { throw damaged("\(tail)") }
        guard let seal = contents.records.last, seal.key == sealKey else { throw damaged("it ends without its seal record") }
        var r = WireReader(seal.payload)
        let index: Int, count: Int, units: Int
        do {
            index = Int(try r.u32("seal.index"))
            count = Int(try r.u32("seal.count"))
            units = Int(try r.u32("seal.units"))
            try r.expectEnd("the seal")
        } catch { throw damaged("its seal record: \(error)") }
        guard count >= 1, index < count, units == contents.records.count - 1 else {
            throw damaged("its seal says shard \(index) of \(count) with \(units) units, and \(contents.records.count - 1) follow the header")
        }
        let plan: SweepPlan
        do { plan = SweepPlan(try SweepConfigLoader.load(yaml: contents.headerText, path: path)) } catch {
            throw damaged("its config text does not load: \(error)")
        }
        guard plan.configHash == contents.configHash else {
            throw damaged("its config text has hash \(plan.configHash), its header says \(contents.configHash)")
        }
        let expected = plan.shardUnits(index, of: count)
        guard expected.count == units else {
            throw damaged(
                "shard \(index) of \(count) has \(expected.count) units in this build's partition, the file \(units); "
                    + "was it written by another build (before shards were cut by scenarios)?")
        }
        return Shard(
            path: path, configHash: contents.configHash, configText: contents.headerText, plan: plan,
            index: index, count: count, records: Array(contents.records.prefix(units)), units: expected)
    }
}

extension ShardFile {
    /// The result of `unit` in `record` (the file at `path`), or why it is not there.
    static func decodeUnit(_ record: JournalRecord, _ unit: SweepPlan.WorkUnit, path: String) -> Result<UnitResult, ShardError> {
        let spec = UnitSpec(configuration: unit.configuration, trees: unit.trees)
        do {
            let (found, payload) = try UnitRecordCodec.decode(record.payload)
            guard record.kind == .committed, record.key == spec.id, found == spec else {
                return .failure(.damaged(path: path, reason: "record \(record.key) stands where unit \(spec.id) belongs"))
            }
            return .success(try ResultCodec.decode(payload, for: spec))
        } catch {
            if case let .resultFormat(found, expected)? = error as? ProtocolError {
                return .failure(
                    .damaged(
                        path: path,
                        reason: "it was written by another build: its results are in payload format \(found), this build reads format "
                            + "\(expected)"))
            }
            return .failure(.damaged(path: path, reason: "the result of unit \(spec.id) does not decode: \(error)"))
        }
    }
}

/// Merges the shard files of one split into the tallies of the whole sweep (`sweep merge`).
public enum ShardMerge {
    public struct Merged {
        public let plan: SweepPlan
        /// The config text of the first shard given (every shard's text has the same hash).
        public let configText: String
        public let tallies: SweepTallies
    }

    /// Reads every shard (see ``ShardFile/read(_:)``) and merges their results, after checking that they
    /// share one config and one N and that every shard 0..<N is there exactly once.
    /// - Precondition: `arguments` is not empty.
    /// `onShard` is called after each shard is merged, with the shard, how many shards are merged and the
    /// scenarios merged so far (for a progress display).
    /// - Throws: the first ``ShardError`` found, naming the file (or missing shards) at fault.
    public static func merge(_ arguments: [String], onShard: (_ shard: Shard, _ merged: Int, _ scenarios: Int) -> Void = { _, _, _ in }) throws -> Merged {
        precondition(!arguments.isEmpty, "merge needs at least one shard")
        var first: Shard?
        var tallies: SweepTallies?
        var seen: [Int: String] = [:]
        for argument in arguments {
            let shard = try ShardFile.read(argument)
            if let first {
                guard shard.configHash == first.configHash else {
                    throw ShardError.differentConfig(path: shard.path, hash: shard.configHash, first: first.path, firstHash: first.configHash)
                }
                guard shard.count == first.count else {
                    throw ShardError.differentCount(
                        path: shard.path, index: shard.index, count: shard.count, first: first.path,
                        firstCount: first.count)
                }
            }
            if let other = seen[shard.index] {
                throw ShardError.duplicate(index: shard.index, count: shard.count, path: shard.path, other: other)
            }
            seen[shard.index] = shard.path
            if tallies == nil { tallies = SweepTallies(plan: shard.plan) }
            try shard.forEachResult { tallies!.merge($0) }
            if first == nil { first = shard }
            onShard(shard, seen.count, tallies!.runs)
        }
        let shard = first!
        let missing = (0 ..< shard.count).filter { seen[$0] == nil }
        guard missing.isEmpty else { throw ShardError.missing(indices: missing, count: shard.count) }
        return Merged(plan: shard.plan, configText: shard.configText, tallies: tallies!)
    }
}
