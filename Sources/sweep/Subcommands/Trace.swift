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

        @Flag(help: "Also check each file's expect: block; exit 1 when an expectation fails.")
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
                    throw ExitCode(2)
                }
            }
            var runs: [(path: String, scene: Scene, trace: [TraceEvent])] = []
            var failures: [String] = []
            for scenario in loaded {
                let trace = Engine.trace(scenario.scene)
                runs.append((scenario.path, scenario.scene, trace))
                if check, let expectations = scenario.expectations {
                    let outcome = Outcome(scene: scenario.scene, trace: trace)
                    for failure in expectations.check(scene: scenario.scene, trace: trace, outcome: outcome) {
                        failures.append("\(scenario.path): \(failure)")
                    }
                }
            }
            if json {
                print(TraceJSON.document(runs), terminator: "")
            } else {
                print(runs.map { TraceText.render(scene: $0.scene, trace: $0.trace) }.joined(separator: "\n"), terminator: "")
            }
            if !failures.isEmpty {
                for failure in failures { printError(failure) }
                throw ExitCode(1)
            }
        }

        /// Rebuilds an example of a finished sweep from its output directory (config.yaml + plan.yaml).
        static func replayScenario(outputDirectory: String, exampleID: String, command: String = "sweep trace") throws
            -> LoadedScenario
        {
            let plan = try loadFinishedSweepPlan(outputDirectory: outputDirectory, command: command)
            guard let scenario = Replay.scenario(plan: plan, exampleID: exampleID) else {
                printError(
                    "\(command): no scenario '\(exampleID)' in the sweep of \(outputDirectory); "
                        + "ids look like c001-t4-quickTap-p0 (see examples.csv)")
                throw ExitCode(2)
            }
            return LoadedScenario(
                path: outputDirectory + "#" + exampleID, scene: scenario.scene,
                description: "replayed example \(exampleID)")
        }
    }
}
