import Foundation
import Synchronization
import TestSupport
import Testing

/// Issue 30 §6–7: no option value crashes or hangs the binary. Every option of every subcommand — enumerated from
/// the command definitions themselves (``OptionCatalog``), so an option added later is fuzzed too — is given
/// hostile values on a valid invocation that ends quickly (``BaseInvocation``), and the real binary must:
///
/// - end on its own within the limit (no hang), by exiting (no signal), with a documented status (0, 1, 2, 3 or 64: docs/cli.md);
/// - when the value is refused (exit 2, or any status the base invocation does not end with), say so in one line
///   that names the option or shows the value;
/// - for a numeric option (one whose value `abc` is refused as not a number), refuse every value outside any
///   sensible range (2⁶³ − 1, −2⁶³, 2⁶⁴, NaN, ±∞, 1e300) with exit 2 and the one sentence of its range
///   (`--liveness must be a whole number from 1 to 1000, got 1e300.`), a range its `--help` states too. A numeric
///   option added without a range fails here: ArgumentParser's own sentence for `abc` names no range.
@Suite struct OptionFuzzCLITests {
    /// Options this test leaves alone, each with why: every value of them is valid by design.
    static let notFuzzed: [String: String] = [
        // Test hook: waits up to a minute for the file it names to exist; any path is a valid value.
        "submit --hold-reports-until": "a test hook that waits for a file",
        // Test hook: the engine version a worker announces; any text is a version (the coordinator refuses it).
        "submit --engine-version": "a test hook whose every value is valid",
        "worker --engine-version": "a test hook whose every value is valid"
    ]

    static let numericValues = ["0", "-1", "9223372036854775807", "-9223372036854775808", "18446744073709551616", "nan", "inf", "-inf", "1e300", ""]
    /// The values no numeric option may accept.
    static let outOfEveryRange: Set<String> = ["9223372036854775807", "-9223372036854775808", "18446744073709551616", "nan", "inf", "-inf", "1e300"]
    static let textValues = [
        "", String(repeating: "x", count: 100_000), "a b c", "tab\there\u{1}\u{1B}[31mred\nnext line", "\u{FEFF}\u{FFFD}é\u{202E}\u{10FFFF}", "-1"
    ]

    /// A workspace with a tiny config, a finished sweep of it (`done`) and a shard of it (`shard`).
    struct Workspace {
        let directory: TemporaryDirectory
        var path: String { directory.path }
        let exampleID: String

        init() throws {
            directory = try TemporaryDirectory("sweep-option-fuzz")
            let path = directory.path
            try TinySweep.yaml.write(toFile: path + "/tiny.yaml", atomically: true, encoding: .utf8)
            for arguments in [
                ["run", path + "/tiny.yaml", "--output", path + "/done", "--threads", "1", "--quiet"],
                ["run", path + "/tiny.yaml", "--shard", "0/1", "--output", path + "/shard", "--threads", "1", "--quiet"]
            ] {
                let made = try Program.sweep(arguments)
                guard made.status == 0 else { throw OptionCatalog.CatalogError(description: "\(arguments): \(made.transcript)") }
            }
            let examples = try String(contentsOfFile: path + "/done/examples.csv", encoding: .utf8)
            exampleID = String(examples.split(whereSeparator: \.isNewline).dropFirst().first?.split(separator: ",").first ?? "")
        }

        /// The valid, quick invocation of each command that has options.
        var bases: [String: BaseInvocation] {
            let tiny = path + "/tiny.yaml", done = path + "/done", nobody = "ipc://\(path)/nobody"
            let scenario = Repository.path + "/configs/scenarios/golden/SV-01-quick-tap-button.yaml"
            let dump = Repository.path + "/configs/screens/34-chisel-pviews-sample-button-320x568.txt"
            return [
                "trace": BaseInvocation(positionals: [scenario], options: [], status: 0),
                "export-uikit": BaseInvocation(positionals: [scenario], options: [], status: 0),
                "import": BaseInvocation(positionals: [dump], options: [], status: 0),
                "plan": BaseInvocation(positionals: [tiny], options: [], status: 0),
                "run": BaseInvocation(positionals: [tiny], options: [("--output", "{fresh}"), ("--threads", "1"), ("--quiet", nil)], status: 0),
                "merge": BaseInvocation(positionals: [path + "/shard"], options: [("--output", "{fresh}"), ("--quiet", nil)], status: 0),
                "check": BaseInvocation(positionals: [done], options: [("--max", "dead_button=1")], status: 0),
                "shrink": BaseInvocation(positionals: [done, exampleID], options: [("--max-runs", "50")], status: 0),
                "trees": BaseInvocation(positionals: [tiny], options: [("--index", "0")], status: 0),
                "submit": BaseInvocation(
                    positionals: [tiny], options: [("--workers", "1"), ("--output", "{fresh}"), ("--unit-seconds", "0.05"), ("--quiet", nil)],
                    status: 0),
                // Its parent is not pid 1: it exits 1 at once ("the coordinator process that started this worker is gone").
                "worker": BaseInvocation(positionals: [], options: [("--connect", nobody), ("--parent-pid", "1")], status: 1),
                "status": BaseInvocation(positionals: [nobody], options: [("--timeout", "0.2")], status: 1),
                "keys generate": BaseInvocation(positionals: [], options: [("--output", "{fresh}"), ("--workers", "1")], status: 0)
            ]
        }
    }

    /// One run of a command with one option set to one value.
    struct Case: Sendable {
        var option: CatalogOption
        var value: String
        var arguments: [String]
        /// How the base invocation alone ends.
        var base: Int32
        /// Whether the option takes a number.
        var numeric: Bool
    }

    @Test func everyOptionOfEveryCommandRefusesHostileValuesInOneLineAndNeverCrashesOrHangs() throws {
        let workspace = try Workspace()
        defer { workspace.directory.remove() }
        let directory = workspace.path, bases = workspace.bases
        let fresh = Atomic<Int>(0)
        @Sendable func freshPath() -> String { directory + "/fresh-\(fresh.wrappingAdd(1, ordering: .relaxed).oldValue)" }

        // The bases themselves end as expected, so a refusal below is the fuzzed value's.
        let baseRuns = bases.sorted { $0.key < $1.key }
        let baseEnds = Self.inParallel(baseRuns) { command, base in
            try? TimedRun.sweep(
                base.arguments(command: command.split(separator: " ").map(String.init), option: "", value: nil, fresh: freshPath()),
                in: directory, seconds: 60)
        }
        for ((command, base), ended) in zip(baseRuns, baseEnds) {
            #expect(ended?.status == base.status, "the base invocation of sweep \(command): \(ended?.stderr ?? "did not start")")
        }

        var fuzzed: [(option: CatalogOption, base: BaseInvocation)] = []
        for option in try OptionCatalog.options() where !["--help", "--version"].contains(option.name) {
            let command = option.command.joined(separator: " ")
            if Self.notFuzzed[command + " " + option.name] != nil { continue }
            guard let base = bases[command] else {
                Issue.record("\(option) has no base invocation in OptionFuzzCLITests.Workspace.bases: add one")
                continue
            }
            fuzzed.append((option, base))
        }
        #expect(fuzzed.count > 40, "the catalog lists \(fuzzed.count) options to fuzz")

        // Whether each takes a number: `abc` is refused as not one, in the sentence of its range.
        let probes = Self.inParallel(fuzzed) { option, base in
            try? TimedRun.sweep(base.arguments(command: option.command, option: option.name, value: "abc", fresh: freshPath()), in: directory, seconds: 60)
        }
        var cases: [Case] = []
        for ((option, base), probe) in zip(fuzzed, probes) {
            let said = probe?.stderr ?? ""
            if said.contains("The value 'abc' is invalid for '\(option.name)") {
                Issue.record("\(option) takes a number but has no documented range (OptionRanges): \(said)")
            }
            let numeric = said.contains("\(option.name) must be a whole number from") || said.contains("\(option.name) must be a number from")
            for value in numeric ? Self.numericValues : Self.textValues {
                let arguments = base.arguments(command: option.command, option: option.name, value: value, fresh: freshPath())
                cases.append(Case(option: option, value: value, arguments: arguments, base: base.status, numeric: numeric))
            }
        }
        let numericOptions = Set(cases.filter(\.numeric).map(\.option.description))
        #expect(numericOptions.count >= 15, "numeric options found: \(numericOptions.sorted())")

        let findings = Self.inParallel(cases) { c -> [String] in
            guard let ended = try? TimedRun.sweep(c.arguments, in: directory, seconds: 60) else { return ["could not start"] }
            return Self.problems(ended, case: c)
        }
        for (c, problems) in zip(cases, findings) where !problems.isEmpty {
            Issue.record(Comment(rawValue: "\(c.option) = '\(c.value.prefix(40))': " + problems.joined(separator: "; ")))
        }
        print("OptionFuzzCLITests: \(cases.count) runs over \(fuzzed.count) options, \(numericOptions.count) of them numeric")
    }

    /// `body` of every item, four at a time (most runs are refusals of a few milliseconds; the accepted ones run the
    /// tiny sweep), in the items' order.
    static func inParallel<Item: Sendable, Result: Sendable>(_ items: [Item], _ body: @Sendable (Item) -> Result) -> [Result] {
        let next = Atomic<Int>(0)
        let results = Mutex<[Int: Result]>([:])
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            while true {
                let i = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard i < items.count else { return }
                let result = body(items[i])
                results.withLock { $0[i] = result }
            }
        }
        return results.withLock { all in items.indices.map { all[$0]! } }
    }

    /// What is wrong with how one run ended; empty when nothing is.
    static func problems(_ ended: TimedRun.Ended, case c: Case) -> [String] {
        guard let status = ended.status else { return ["still running after 60 s (killed)"] }
        if ended.signalled { return ["ended by signal \(status): \(ended.stderr.suffix(300))"] }
        var problems: [String] = []
        if ![0, 1, 2, 3, 64].contains(status) { problems.append("exit status \(status) is not a documented one (0, 1, 2, 3, 64)") }
        let lines = ended.stderr.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        if status == 2 || status == 64 || status != c.base {
            let shownValue = String(escaped(c.value).prefix(20))
            if lines.count != 1 || !ended.stderr.hasSuffix("\n") {
                problems.append("exit \(status) with \(lines.count) lines on standard error, not one: \(ended.stderr.prefix(300))")
            } else if !(lines[0].hasPrefix("sweep")) || !(lines[0].contains(c.option.name) || (!shownValue.isEmpty && lines[0].contains(shownValue))) {
                problems.append("exit \(status), and the line names neither the option nor the value: \(lines[0].prefix(300))")
            }
        }
        guard c.numeric, outOfEveryRange.contains(c.value) else { return problems }
        // `sweep: --liveness must be a whole number from 1 to 1000, got 1e300.`, and the help says `(1 to 1000)`.
        let sentence = lines.first.map(String.init) ?? ""
        let marker = "\(c.option.name) must be a "
        guard status == 64, sentence.hasPrefix("sweep: " + marker), let from = sentence.range(of: " from "),
            let got = sentence.range(of: ", got ", options: .backwards), from.upperBound < got.lowerBound
        else {
            problems.append("a value outside every range was not refused with exit 64 and the option's range: exit \(status) \(sentence.prefix(300))")
            return problems
        }
        let range = String(sentence[from.upperBound ..< got.lowerBound])
        if !c.option.abstract.contains("(" + range + ")") {
            problems.append("the help of \(c.option.name) does not state its range (\(range)): '\(c.option.abstract)'")
        }
        return problems
    }

    /// The value as the binary shows it in a sentence: control characters as `\u{…}` escapes.
    static func escaped(_ value: String) -> String {
        var out = ""
        for scalar in value.unicodeScalars {
            if scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
