import Foundation
import Testing

/// `sweep submit` stopped by SIGTERM or SIGINT (a `kill`, `scancel`, a Slurm requeue, a pod's termination, Ctrl-C):
/// it stops serving with its journal flushed, ends its local workers, says how to resume and exits 128 + the
/// signal; the same command then resumes to the reports of `sweep run`.
extension DistributedFaultTests {
    @Test func aSIGTERMStopsSubmitWithItsJournalFlushedAndTheSameCommandResumes() throws {
        let f = try fixture("sigterm")
        let out = f.dir + "/out"
        let arguments = ["submit", f.config, "--output", out, "--workers", "1", "--listen", f.endpoint, "--unit-seconds", "0.05"]
        let first = try start(arguments, stderr: f.dir + "/first.log")
        var done = 0
        for _ in 0 ..< 600 where done == 0 {
            usleep(50_000)
            let answer = try? cli.sweep("status", f.endpoint, "--json", "--timeout", "1")
            let document = answer.flatMap { try? JSONSerialization.jsonObject(with: Data($0.stdout.utf8)) as? [String: Any] }
            done = (document?["trees"] as? [String: Int])?["done"] ?? 0
        }
        #expect(done > 0)
        kill(first.processIdentifier, SIGTERM)
        #expect(wait(first) == 143)
        let said = try String(contentsOfFile: f.dir + "/first.log", encoding: .utf8)
        let line = said.split(separator: "\n").last.map(String.init) ?? ""
        #expect(line.hasPrefix("sweep submit: stopped by SIGTERM with "), "\(said)")
        #expect(line.hasSuffix(" units committed to \(out)/journal.tsj; run the same command again to resume"), "\(line)")
        let committed = Int(line.dropFirst("sweep submit: stopped by SIGTERM with ".count).prefix { $0.isNumber }) ?? 0
        #expect(committed > 0, "\(line)")
        #expect(!FileManager.default.fileExists(atPath: out + "/summary.csv"), "no reports from a stopped sweep")

        let again = try start(arguments, stderr: f.dir + "/again.log")
        #expect(wait(again) == 0)
        let resumed = try String(contentsOfFile: f.dir + "/again.log", encoding: .utf8)
        // Every unit the message counted is taken from the journal, none run again.
        #expect(resumed.contains("resumed units from the journal units=\(committed)"), "\(resumed)")
        try expectSameReports(out, f)
    }

}
