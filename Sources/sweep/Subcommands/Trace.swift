import ArgumentParser
import ScenarioKit
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

        @Argument(help: "Scenario files (YAML, docs/scenario-format.md).")
        var files: [String]

        @Flag(help: "Print a JSON document instead of text.")
        var json = false

        @Flag(help: "Also check each file's expect: block; exit 1 when an expectation fails.")
        var check = false

        func run() throws {
            // Load everything first: a bad file means no partial output.
            var loaded: [LoadedScenario] = []
            for file in files {
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
    }
}
