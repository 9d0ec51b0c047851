import Foundation
import Logging
import SweepJournal
import SweepNode
import SweepPlanning
import SweepReporting

/// Whose results an output directory holds, so that a sweep does not replace another sweep's (`sweep run`, `submit`):
/// the config hash in its journal's header or its plan.yaml, against the sweep's own.
public enum OutputOwnership {
    /// The directory holds the results of another sweep, and the command was not told to replace them.
    public struct AnotherSweep: Error, CustomStringConvertible {
        /// The directory as the user named it.
        public var requested: String
        /// The file that says so (the journal or plan.yaml) and the config hash it holds.
        public var file: String
        public var hash: String
        /// This sweep's config hash.
        public var ours: String
        public var description: String {
            "\(requested) holds the results of another sweep (its \(file) is of config hash \(hash), this sweep's is \(ours)); "
                + "run with --force to replace them, or choose another --output."
        }
    }

    /// Claims the output directory before a sweep starts (``OutputDirectory/claim(_:keeping:create:)``): a path that
    /// cannot be written, a directory another running sweep uses, or a name too long is refused now rather than after
    /// the sweep. What was done with the copies a killed sweep left beside the directory is a notice event of `logger`.
    public static func claim(_ directory: String, keeping: [String], create: Bool, logger: Logger) throws -> OutputClaim {
        let claim = try OutputDirectory.claim(directory, keeping: keeping, create: create)
        if let recovered = claim.recovered {
            logger.notice("cleaned up after a killed sweep", metadata: ["output": "\(directory)", "detail": "\(recovered)"])
        }
        return claim
    }

    /// Refuses to replace the results of another sweep: a claimed directory whose plan.yaml (or, with `journal`, whose
    /// journal) is of another config hash than `plan`'s, unless `force`.
    public static func refuseAnotherSweep(in claim: OutputClaim, plan: SweepPlan, journal: Bool, force: Bool) throws(AnotherSweep) {
        guard !force, let (file, hash) = otherSweep(in: claim.path, hash: plan.configHash, journal: journal) else { return }
        throw AnotherSweep(requested: claim.requested, file: file, hash: hash, ours: plan.configHash)
    }

    /// The file and config hash that show `directory` holds the results of a sweep other than the one of `hash`: its
    /// journal's header (with `journal`), else its plan.yaml; nil when neither says so.
    public static func otherSweep(in directory: String, hash: String, journal: Bool) -> (file: String, hash: String)? {
        if journal, let header = try? JournalReader.header(path: directory + "/" + Journal.defaultFileName), header.configHash != hash {
            return (Journal.defaultFileName, header.configHash)
        }
        guard let text = try? String(contentsOfFile: directory + "/plan.yaml", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("configHash: ") })
        else { return nil }
        let found = line.dropFirst("configHash: ".count).trimmingCharacters(in: CharacterSet(charactersIn: "\" \r"))
        return found == hash ? nil : ("plan.yaml", found)
    }

    /// Whether a coordinator starts the sweep in `claim` over: `restart`, or `force` over a journal of another sweep.
    /// Without a journal, results of another sweep in the directory are refused unless `force` or `restart`.
    public static func startsOver(_ claim: OutputClaim, plan: SweepPlan, restart: Bool, force: Bool) throws(AnotherSweep) -> Bool {
        guard FileManager.default.fileExists(atPath: claim.path + "/" + CoordinatorNode.journalName) else {
            try refuseAnotherSweep(in: claim, plan: plan, journal: false, force: force || restart)
            return restart
        }
        // The journal says which sweep the directory holds; the coordinator refuses another's unless told.
        return restart || (force && otherSweep(in: claim.path, hash: plan.configHash, journal: true)?.file == Journal.defaultFileName)
    }

    /// The number of committed and quarantined records (leases left out) in the journal of the output directory
    /// `directory`: nil when it has no readable journal.
    public static func journalRecords(in directory: String) -> Int? {
        (try? JournalReader.read(path: directory + "/" + CoordinatorNode.journalName))?.resultRecords.count
    }
}
