import Foundation
import Testing

/// Golden files: text a test makes, compared byte for byte with a file kept in the repository (trace timelines,
/// imported scenarios, UIKit exports, the generated parts of the docs and the config schema).
///
/// One environment variable re-records them all: `TOUCHSWEEP_RECORD=1 swift test --filter <Suite>`. Each golden
/// the run reaches is then written and its test FAILS, naming the file ("recorded …; run again without
/// TOUCHSWEEP_RECORD"), so a recording is never mistaken for a pass. Review the diff (`git diff`), then run again
/// without the variable: that run is the one that passes.
public enum Golden {
    /// The one variable that re-records goldens.
    public static let recordVariable = "TOUCHSWEEP_RECORD"

    /// Whether this run records (`TOUCHSWEEP_RECORD=1`) instead of comparing.
    public static var isRecording: Bool { ProcessInfo.processInfo.environment[recordVariable] == "1" }

    /// Expects `text` to be the golden `file`'s contents, byte for byte; records an issue naming the file and the first
    /// line that differs when not. When recording, writes `text` to `file` and records an issue (the test fails).
    /// Returns true when the text matched the golden.
    @discardableResult
    public static func expect(_ text: String, matches file: URL, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let name = displayName(file)
        let golden = FileManager.default.contents(atPath: file.path).map { String(decoding: $0, as: UTF8.self) }
        if isRecording {
            do {
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: file, atomically: true, encoding: .utf8)
                let change = golden == text ? "unchanged" : golden == nil ? "new" : "changed"
                Issue.record(
                    Comment(rawValue: "recorded \(name) (\(change)); run again without \(recordVariable)"),
                    sourceLocation: sourceLocation)
            } catch {
                Issue.record(Comment(rawValue: "could not record \(name): \(error)"), sourceLocation: sourceLocation)
            }
            return false
        }
        guard let golden else {
            Issue.record(
                Comment(rawValue: "no golden \(name); record it with \(recordVariable)=1 and review the file"),
                sourceLocation: sourceLocation)
            return false
        }
        if text == golden { return true }
        Issue.record(
            Comment(
                rawValue: "\(name) differs from the golden at \(firstDifference(text, golden)); if the change "
                    + "is meant, re-record with \(recordVariable)=1 and review the diff"), sourceLocation: sourceLocation)
        return false
    }

    /// The first line where `text` and `golden` differ, both shown (`<end>` past the last line).
    public static func firstDifference(_ text: String, _ golden: String) -> String {
        let now = text.split(separator: "\n", omittingEmptySubsequences: false)
        let recorded = golden.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0 ..< max(now.count, recorded.count) {
            let a = i < now.count ? String(now[i]) : "<end>"
            let b = i < recorded.count ? String(recorded[i]) : "<end>"
            if a != b { return "line \(i + 1):\n  now:    \(a)\n  golden: \(b)" }
        }
        return "no line (the texts differ only in line endings)"
    }

    /// A golden's path relative to the repository root when it lies under it.
    static func displayName(_ file: URL) -> String {
        let root = Repository.path + "/"
        return file.path.hasPrefix(root) ? String(file.path.dropFirst(root.count)) : file.path
    }
}
