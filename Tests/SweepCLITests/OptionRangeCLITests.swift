import Foundation
import TestSupport
import Testing

/// Issue 30 §6 and §7, the reproductions: option values the protocol refuses stalled for ever (workers rejected the
/// welcome in a loop), and numeric values crashed the binary (exit 132/139). Each is now refused before anything
/// starts, in one sentence naming the option, the value and the range, with exit status 2, and nothing is written.
@Suite struct OptionRangeCLITests {
    /// What the issue ran, and the one line each now gets.
    static let reproductions: [(arguments: [String], said: String)] = [
        // §6: values a worker would refuse in the welcome.
        (["submit", "{config}", "--liveness", "1001"], "--liveness must be a whole number from 1 to 1000, got 1001."),
        (["submit", "{config}", "--heartbeat-ms", "3600001"], "--heartbeat-ms must be a whole number from 10 to 3600000 ms, got 3600001."),
        (["worker", "--connect", "{endpoint}", "--slots", "65537"], "--slots must be a whole number from 1 to 65536, got 65537."),
        // §7: values that crashed.
        (["submit", "{config}", "--unit-seconds", "nan"], "--unit-seconds must be a number from 0.001 to 3600 seconds, got nan."),
        (["submit", "{config}", "--unit-seconds", "inf"], "--unit-seconds must be a number from 0.001 to 3600 seconds, got inf."),
        (["submit", "{config}", "--unit-seconds", "1e300"], "--unit-seconds must be a number from 0.001 to 3600 seconds, got 1e+300."),
        (
            ["submit", "{config}", "--heartbeat-ms", "9223372036854775807"],
            "--heartbeat-ms must be a whole number from 10 to 3600000 ms, got 9223372036854775807."
        ),
        (["submit", "{config}", "--liveness", "9223372036854775807"], "--liveness must be a whole number from 1 to 1000, got 9223372036854775807."),
        (
            ["worker", "--connect", "{endpoint}", "--slots", "9223372036854775807"],
            "--slots must be a whole number from 1 to 65536, got 9223372036854775807."
        ),
        (["status", "{endpoint}", "--timeout", "inf"], "--timeout must be a number from 0.001 to 3600 seconds, got inf."),
        (
            ["run", "{config}", "--shard", "0/9223372036854775807"],
            "--shard 0/9223372036854775807 has too many shards: N must be from 1 to 1000000."
        ),
        // A value ArgumentParser cannot read as the option's number gets the same sentence.
        (["submit", "{config}", "--liveness", "18446744073709551616"], "--liveness must be a whole number from 1 to 1000, got 18446744073709551616.")
    ]

    @Test func theIssuesReproductionsAreRefusedAtOnceInOneSentenceWithExitStatus2AndNothingWritten() throws {
        let scratch = try TemporaryDirectory("sweep-option-range")
        let dir = scratch.path
        // The config names no output directory: the default (out/tiny, under the working directory) must not appear.
        try TinySweep.yaml.write(toFile: dir + "/tiny.yaml", atomically: true, encoding: .utf8)
        for (arguments, said) in Self.reproductions {
            let filled = arguments.map {
                $0.replacingOccurrences(of: "{config}", with: dir + "/tiny.yaml").replacingOccurrences(of: "{endpoint}", with: "ipc://\(dir)/nobody")
            }
            let started = Date()
            let ended = try TimedRun.sweep(filled, in: dir, seconds: 30)
            #expect(ended.status == 64 && !ended.signalled, "\(arguments): exit \(ended.status.map(String.init) ?? "none: still running")")
            #expect(ended.stderr == "sweep: \(said)\n", "\(arguments)")
            #expect(Date().timeIntervalSince(started) < 10, "\(arguments): refused before anything starts")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir).filter { !$0.hasPrefix(".stderr-") }
        #expect(left == ["tiny.yaml"], "nothing written: \(left)")
    }

    /// `--help` states each range, as docs/operations.md lists them.
    @Test func helpStatesTheRangeOfEachNumericOption() throws {
        let cases: [([String], String)] = [
            (["submit", "--help"], "(1 to 1000)"), (["submit", "--help"], "(10 to 3600000 ms)"), (["submit", "--help"], "(0.001 to 3600 seconds)"),
            (["submit", "--help"], "(0 to 1024)"), (["worker", "--help"], "(1 to 65536)"), (["status", "--help"], "(0.001 to 3600 seconds)"),
            (["run", "--help"], "N from 1 to 1000000")
        ]
        for (arguments, range) in cases {
            let help = try Program.sweep(arguments)
            // The help screen wraps lines; the range is read with the wrapping undone.
            let text = help.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
            #expect(help.status == 0 && text.contains(range), "\(arguments) does not say \(range)")
        }
    }
}
