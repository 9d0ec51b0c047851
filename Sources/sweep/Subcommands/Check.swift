import ArgumentParser
import Foundation
import SweepCore
import SweepReporting

extension SweepCommand {
    /// `sweep check OUTPUT_DIR --max dead_button=0.01`: gate a CI job on a sweep's defect rates (docs/ci.md).
    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Fail (exit 1) when a configuration's defect rate is above its --max; for CI.",
            discussion: """
                Reads summary.csv of a sweep's output directory and checks, for every configuration and every \
                --max CLASS=RATE, that the class's rate (count / attempts) is at most RATE (a fraction such as \
                0.01, or a percentage such as 1%). The count is the class's hazards (settings apps ship); \
                --include designed,what-if adds UIKit's designed behaviour and what-if values (docs/defects.md). Prints one line per violation and exits 1 if there is any, 0 \
                otherwise; a configuration with no attempts of a class is skipped, not failed. --junit writes a \
                JUnit XML report (one test suite per class, one test case per configuration × class) for CI \
                servers. --baseline DIR fails instead (or as well) where a class's rate rose from another sweep's \
                beyond both runs' tree intervals: a regression rather than a level. A bad option is one sentence \
                with exit status 64, a directory that is not a sweep's output 2 (docs/ci.md).
                """
        )

        @Argument(help: "The output directory of a sweep (with summary.csv).")
        var outputDirectory: String

        @Option(
            name: .customLong("max"),
            help: ArgumentHelp(
                "The highest rate a class may have in any configuration (repeatable), e.g. dead_button=0.01 or dead_button=1%.",
                valueName: "class=rate"))
        var maximums: [String] = []

        @Option(
            help: ArgumentHelp(
                "Also fail where a rate rose from this sweep's (the same config, an earlier commit) beyond both runs' tree "
                    + "intervals; without --max, every class is compared.", valueName: "dir"))
        var baseline: String?

        @Option(help: ArgumentHelp("Write a JUnit XML report here (replaced atomically).", valueName: "file"))
        var junit: String?

        @Option(
            help: ArgumentHelp(
                "Count these categories besides hazards: designed, what-if, or both, comma-separated (docs/defects.md, "
                    + "\"What a count rests on\"). Default: hazards alone.", valueName: "categories"))
        var include: String?

        @Flag(
            help: ArgumentHelp(
                "Check every real screen on its own (by_screen_summary.csv): fail where a screen's rate is above its "
                    + "maximum in any configuration; the JUnit report has a case per screen × class."))
        var perScreen = false

        @Flag(name: .shortAndLong, help: QuietHelp.help(printing: "the violations"))
        var quiet = false

        func run() throws {
            if perScreen, baseline != nil {
                throw ExitStatus.usageError("--per-screen cannot be combined with --baseline; run the two checks apart.", command: "sweep check")
            }
            let limits = try Self.limits(maximums, baseline: baseline != nil)
            let included = try Self.included(include)
            try refuseUnwritableOutputFile(junit, option: "--junit", command: "sweep check")
            if perScreen { return try runPerScreen(limits: limits, included: included) }
            let summary = try Self.summary(in: outputDirectory)
            let before = try baseline.map { try Self.summary(in: $0, option: "--baseline ") }
            let checks: [RateGate.Check]
            var rises: [BaselineGate.Check] = []
            do {
                checks = try RateGate.evaluate(
                    summary: summary, name: outputDirectory + "/summary.csv", limits: limits, included: included)
                if let before, let baseline {
                    rises = try BaselineGate.evaluate(
                        summary: summary, baseline: before, names: (outputDirectory + "/summary.csv", baseline + "/summary.csv"),
                        classes: limits.isEmpty ? DefectClass.allCases : limits.map(\.defect), included: included)
                }
            } catch {
                printError("sweep check: \(error)")
                throw ExitStatus.badInput
            }
            if let junit { try Self.writeJUnit(checks, rises: rises, limits: limits, directory: outputDirectory, to: junit) }
            let failed = checks.filter { $0.outcome == .failed }
            let rose = rises.filter { $0.outcome == .rose }
            for check in failed { print(check.line) }
            for check in rose { print(check.line) }
            if !quiet { print(Self.lastLine(checks, rises: rises, limits: limits, configurations: summary.rows.count, baseline: baseline, junit: junit)) }
            if !failed.isEmpty || !rose.isEmpty { throw ExitStatus.failed }
        }

        /// `sweep check: 2 of 2 checks failed (1 configuration × 2 classes); 1 of 16 rates rose beyond the trees'
        /// variation from DIR (2 not compared); JUnit report FILE`.
        static func lastLine(
            _ checks: [RateGate.Check], rises: [BaselineGate.Check], limits: [RateGate.Limit], configurations: Int, baseline: String?,
            junit: String?
        ) -> String {
            var parts: [String] = []
            if !limits.isEmpty {
                let failed = checks.filter { $0.outcome == .failed }.count
                let skipped = checks.filter { $0.outcome == .skipped }.count
                parts.append(
                    "\(failed) of \(checks.count) checks failed (\(configurations) "
                        + "\(configurations == 1 ? "configuration" : "configurations") × "
                        + "\(limits.count) \(limits.count == 1 ? "class" : "classes")"
                        + (skipped > 0 ? ", \(skipped) skipped: no attempts" : "") + ")")
            }
            if let baseline {
                let rose = rises.filter { $0.outcome == .rose }.count
                let compared = rises.filter { $0.outcome == .rose || $0.outcome == .held }.count
                let new = rises.filter { $0.outcome == .new }.count
                let skipped = rises.count - compared - new
                var notes: [String] = []
                if skipped > 0 { notes.append("\(skipped) not compared") }
                if new > 0 { notes.append("\(new) new") }
                parts.append(
                    "\(rose) of \(compared) rates rose beyond the trees' variation from \(baseline)"
                        + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"))
            }
            return "sweep check: " + parts.joined(separator: "; ") + (junit.map { "; JUnit report \($0)" } ?? "")
        }

        /// The categories `--include` adds to hazards; a word it does not know is one sentence with exit status 64.
        static func included(_ text: String?) throws -> CategorySet {
            guard let text else { return .hazardOnly }
            switch CategorySet.including(text) {
            case .success(let set): return set
            case .failure(let error):
                throw ExitStatus.usageError(error.message, command: "sweep check")
            }
        }

        /// The parsed `--max` options; a bad one, or none, is one sentence with exit status 64 (a usage error).
        static func limits(_ options: [String], baseline: Bool = false) throws -> [RateGate.Limit] {
            guard !options.isEmpty || baseline else {
                throw ExitStatus.usageError(
                    "give at least one --max CLASS=RATE, e.g. --max dead_button=0.01, or --baseline DIR.", command: "sweep check")
            }
            var limits: [RateGate.Limit] = []
            do {
                for option in options {
                    let limit = try RateGate.Limit(parsing: option)
                    if let earlier = limits.first(where: { $0.defect == limit.defect }) {
                        throw RateGate.UsageError(
                            option: option,
                            message: "\(limit.defect.name) already has a maximum "
                                + "(--max \(earlier.option)); give each class once")
                    }
                    limits.append(limit)
                }
            } catch {
                throw ExitStatus.usageError("\(error)", command: "sweep check")
            }
            return limits
        }

        /// summary.csv of `directory`; a directory that is not a sweep's output is one sentence with exit status 2.
        static func summary(in directory: String, option: String = "", file: String = "summary.csv") throws -> CSVReader.Table {
            var isDirectory: ObjCBool = false
            let fileManager = FileManager.default
            func fail(_ message: String) throws -> Never {
                printError("sweep check: \(option)\(message)")
                throw ExitStatus.badInput
            }
            guard fileManager.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                try fail("\(directory) is not a directory; give the output directory of a sweep.")
            }
            let path = directory + "/summary.csv"
            guard fileManager.fileExists(atPath: path), fileManager.fileExists(atPath: directory + "/plan.yaml") else {
                if fileManager.fileExists(atPath: directory + "/shard.tsj") {
                    try fail("\(directory) holds a shard of a sweep (shard.tsj), not its reports; join the shards with `sweep merge` first.")
                }
                try fail("\(directory) is not the output directory of a sweep (it has no summary.csv and plan.yaml).")
            }
            let table = directory + "/" + file
            guard fileManager.fileExists(atPath: table) else {
                try fail(
                    "\(directory) has no \(file): its sweep has no real screens (trees.screens) to check one by one, or a build "
                        + "before by_screen_summary.csv wrote it; run the sweep again.")
            }
            guard let data = fileManager.contents(atPath: table), let text = String(data: data, encoding: .utf8) else {
                try fail("cannot read \(table) as UTF-8 text.")
            }
            do { return try CSVReader.parse(text, name: table) } catch { try fail("\(error)") }
        }

        /// A check's outcome as a JUnit test case's: a failure or a skip carries `message`.
        static func junitResult(_ outcome: RateGate.Check.Outcome, message: String) -> JUnitReport.TestCase.Result {
            switch outcome {
            case .passed: .passed
            case .failed: .failed(message: message)
            case .skipped: .skipped(message: message)
            }
        }

        /// One suite per class, one case per configuration × class; written to a temporary file then renamed
        /// (``OutputFile``: only a regular file is replaced, and the directory must exist).
        static func writeJUnit(
            _ checks: [RateGate.Check], rises: [BaselineGate.Check], limits: [RateGate.Limit], directory: String, to path: String
        ) throws {
            var suites = limits.map { limit in
                JUnitReport.Suite(
                    name: limit.defect.name,
                    cases: checks.filter { $0.limit == limit }.map { check in
                        JUnitReport.TestCase(
                            name: check.configurationLabel, className: "sweep.\(limit.defect.name)",
                            result: junitResult(check.outcome, message: check.verdict))
                    })
            }
            let baselineClasses = DefectClass.allCases.filter { d in rises.contains { $0.defect == d } }
            suites += baselineClasses.map { d in
                JUnitReport.Suite(
                    name: "baseline \(d.name)",
                    cases: rises.filter { $0.defect == d }.map { check in
                        let result: JUnitReport.TestCase.Result =
                            switch check.outcome {
                            case .held: .passed
                            case .rose: .failed(message: check.verdict)
                            case .skipped, .new: .skipped(message: check.verdict)
                            }
                        return JUnitReport.TestCase(name: check.configurationLabel, className: "sweep.baseline.\(d.name)", result: result)
                    })
            }
            let text = JUnitReport(name: "sweep check \(directory)", suites: suites).render()
            // Exit status 1 is kept for a rate above its maximum: a file that cannot be written is 2, like a bad option.
            try writeOutputFile(text, to: path, option: "--junit", command: "sweep check", failure: 2)
        }
    }
}
