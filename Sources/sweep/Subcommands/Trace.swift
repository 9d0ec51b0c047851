import ArgumentParser
import Foundation
import ScenarioKit
import SweepCore
import SweepPlanning
import TouchEngine

extension SweepCommand {
    /// `sweep trace FILE...`: run scenario files and print their timelines.
    struct Trace: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Run scenario files through the engine and print each timeline.",
            discussion: """
                Prints touch samples, hit tests, recognizer transitions with their reasons, withheld, \
                replayed and dropped deliveries, view callbacks, control events and scroll offsets. \
                --json prints the same as a machine-readable document (docs/trace-format.md). \
                A file that cannot be loaded is reported as file:line:column with exit status 2.
                """
        )

        @Argument(help: "Scenario files (YAML, docs/scenario-format.md), or with --replay one example id.")
        var files: [String] = []

        @Option(
            help: ArgumentHelp(
                "Replay an example of a sweep's examples.csv: the sweep's output directory, then the example id.",
                valueName: "output-dir"))
        var replay: String?

        @Flag(help: "Print a JSON document instead of text.")
        var json = false

        @Flag(
            help: ArgumentHelp(
                "Check each file's expect: block instead: print the timelines of the files that fail, each failure, "
                    + "and a last line 'N passed, M failed'; exit 1 when one fails."))
        var check = false

        func validate() throws {
            if replay != nil && files.count != 1 {
                throw ValidationError("--replay takes an output directory and exactly one example id (e.g. c001-t4-quickTap-p0).")
            }
            if replay == nil && files.isEmpty { throw ValidationError("Missing expected argument '<files> ...'.") }
        }

        func run() throws {
            // Load everything first: a bad file means no partial output.
            var loaded: [LoadedScenario] = []
            if let replay {
                loaded.append(try Self.replayScenario(outputDirectory: replay, exampleID: files[0]))
            }
            for file in replay == nil ? files : [] {
                do { loaded.append(try ScenarioLoader.load(path: file)) } catch {
                    printError("sweep trace: \(error)")
                    throw ExitStatus.badInput
                }
            }
            var runs: [(path: String, scene: Scene, trace: [TraceEvent])] = []
            var verdicts = CheckVerdicts()
            for scenario in loaded {
                let trace = Engine.trace(scenario.scene)
                guard check else {
                    runs.append((scenario.path, scenario.scene, trace))
                    continue
                }
                guard let expectations = scenario.expectations else {
                    verdicts.unchecked += 1
                    continue
                }
                let outcome = Outcome(scene: scenario.scene, trace: trace)
                let failed = expectations.check(scene: scenario.scene, trace: trace, outcome: outcome)
                if failed.isEmpty {
                    verdicts.passed += 1
                } else {
                    // Only a failing file's timeline is printed: it is what explains the failure.
                    runs.append((scenario.path, scenario.scene, trace))
                    verdicts.failures += failed.map { "\(scenario.path): \($0)" }
                    verdicts.failed += 1
                }
            }
            if json {
                print(TraceJSON.document(runs), terminator: "")
            } else if !runs.isEmpty {
                print(runs.map { TraceText.render(scene: $0.scene, trace: $0.trace) }.joined(separator: "\n"), terminator: "")
            }
            guard check else { return }
            for failure in verdicts.failures { printError(failure) }
            if json { printError(verdicts.line) } else { print(verdicts.line) }
            if verdicts.failed > 0 { throw ExitStatus.failed }
        }

        /// What `--check` found: files whose expectations all held, files with a failure, files without an `expect:`.
        struct CheckVerdicts {
            var passed = 0, failed = 0, unchecked = 0
            var failures: [String] = []
            /// The last line: `183 passed, 0 failed`, and the files that had nothing to check when there are any.
            var line: String {
                var text = "\(passed) passed, \(failed) failed"
                if unchecked > 0 { text += " (\(unchecked) file\(unchecked == 1 ? "" : "s") without an expect: block)" }
                return text
            }
        }

        /// Rebuilds an example of a finished sweep from its output directory (config.yaml + plan.yaml).
        static func replayScenario(outputDirectory: String, exampleID: String, command: String = "sweep trace") throws
            -> LoadedScenario
        {
            let plan = try loadFinishedSweepPlan(outputDirectory: outputDirectory, command: command)
            guard let scenario = Replay.scenario(plan: plan, exampleID: exampleID) else {
                throw ExitStatus.usageError(
                    "no scenario '\(exampleID)' in the sweep of \(outputDirectory); ids look like c001-t4-quickTap-p0 (see examples.csv)",
                    command: command)
            }
            return LoadedScenario(
                path: outputDirectory + "#" + exampleID, scene: scenario.scene,
                description: "replayed example \(exampleID)")
        }
    }
}
