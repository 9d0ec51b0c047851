import Foundation
import SweepCore
import SweepDistributed
import SweepJournal
import SweepPlanning
import SweepProtocol
import SweepResultCodec

/// A journal's records taken, in file order, into where a resumed coordinator starts (docs/protocol.md, "The
/// journal"): the trees covered and their tallies, the units an earlier run quarantined, and the leases of units
/// still open. Each record is checked against the plan as the journal is opened (``take(_:journal:)``); the first
/// that fails is damage, and the journal is cut there.
struct JournalReplay {
    let plan: SweepPlan
    private(set) var tallies: SweepTallies
    private(set) var coverage: [TreeCoverage]
    /// Committed records that covered trees (a second record of the same trees counts once).
    private(set) var resumed = 0
    /// Units an earlier run quarantined: tried again, with a fresh retry budget.
    private var quarantined: Set<UnitSpec> = []
    /// The workers each unit was leased to, until a record commits it.
    private var leases: [UnitSpec: Set<WorkerID>] = [:]
    /// The gestures of each tree (`SweepPlan.gestureCounts`), counted when the first committed record is checked.
    private var gestureCounts: [Int]?

    init(plan: SweepPlan) {
        self.plan = plan
        tallies = SweepTallies(plan: plan)
        coverage = Array(repeating: TreeCoverage(), count: plan.configurations.count)
    }

    /// The units an earlier run quarantined whose trees no record covers since: this run tries them again.
    var retried: Int { quarantined.filter { !coverage[$0.configuration].covers($0.trees) }.count }

    /// The leases of units whose trees are not all covered: their workers' results still count after the restart.
    var formerLeases: [UnitSpec: Set<WorkerID>] { leases.filter { !coverage[$0.key.configuration].covers($0.key.trees) } }

    /// Checks one record against the plan and takes it: nil when it is what it claims to be, else why not. Throws
    /// when the record is from another build (its result payload format), which no cut can mend.
    ///
    /// Its key must name the unit its payload holds and the unit must be in the plan; a lease must name a worker;
    /// a committed result must belong to its unit (`ResultCodec.decode(_:for:)`) and hold exactly the runs of its
    /// trees' gestures, so a record whose tree range was widened or narrowed (its CRC made right again) is refused
    /// like one relabelled to another unit.
    mutating func take(_ record: JournalRecord, journal path: String) throws -> String? {
        let unit: UnitSpec, payload: [UInt8]
        do { (unit, payload) = try UnitRecordCodec.decode(record.payload) } catch { return "its unit does not decode: \(error)" }
        guard record.key == unit.id else { return "its key \(record.key) does not name the unit it holds, \(unit.id)" }
        guard unit.configuration < plan.configurations.count, !unit.trees.isEmpty, unit.trees.upperBound <= plan.treeCount else {
            return "unit \(unit.id) is not in this sweep's plan"
        }
        switch record.kind {
        case .leased:
            // A routing id: 1 to 255 bytes.
            guard (1 ... 255).contains(payload.count) else { return "the lease of unit \(unit.id) names no worker" }
            leases[unit, default: []].insert(WorkerID(payload))
        case .quarantined:
            // Tried again by this run: the cause may be fixed (a bad worker, a memory limit). Its record stays in the
            // journal; if it fails again, another follows it, and once it is committed the committed record counts.
            quarantined.insert(unit)
        case .committed:
            let result: UnitResult
            do { result = try ResultCodec.decode(payload, for: unit) } catch {
                if case let .resultFormat(found, expected) = error {
                    throw CoordinatorNode.NodeError.message(
                        "\(path) holds results of another build (result payload format \(found); this build reads "
                            + "format \(expected)): it cannot be resumed; run with --restart to start the sweep over")
                }
                return "its result does not belong to unit \(unit.id): \(error)"
            }
            if gestureCounts == nil { gestureCounts = plan.gestureCounts(threads: ProcessInfo.processInfo.activeProcessorCount) }
            let gestures = gestureCounts![unit.trees].reduce(0, +)
            guard result.tallies.total.runs == gestures else {
                return "unit \(unit.id) holds \(result.tallies.total.runs) runs, but its trees have \(gestures) gestures"
            }
            leases[unit] = nil
            guard !coverage[unit.configuration].overlaps(unit.trees) else { return nil }
            coverage[unit.configuration].insert(unit.trees)
            tallies.merge(result)
            resumed += 1
        }
        return nil
    }
}
