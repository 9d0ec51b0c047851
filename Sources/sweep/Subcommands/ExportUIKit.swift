import ArgumentParser
import Foundation
import ScenarioKit
import UIKitExport

extension SweepCommand {
    /// `sweep export-uikit SCENARIO [-o FILE]`: a Swift file for iOS that rebuilds the scenario's screen.
    struct ExportUIKit: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export-uikit",
            abstract: "Write a UIKit view controller that rebuilds a scenario's screen, to compare on a device.",
            discussion: """
                The Swift file builds the same views, flags, recognizers, delegate answers and overrides, \
                logs every touch callback, control event, recognizer action and scroll offset with the prefix \
                [TouchSweep], and carries the touch script and the simulator's prediction in comments \
                (docs/uikit-export.md). A scenario that cannot be loaded is reported as file:line:column with \
                exit status 2, and nothing is written.
                """
        )

        @Argument(help: "A scenario file (YAML, docs/scenario-format.md), or with --replay one example id.")
        var scenario: String

        @Option(
            help: ArgumentHelp(
                "Replay an example of a sweep's examples.csv: the sweep's output directory, then the example id.",
                valueName: "output-dir"))
        var replay: String?

        @Option(name: .shortAndLong, help: ArgumentHelp("Write the Swift file here instead of standard output.", valueName: "file"))
        var output: String?

        func run() throws {
            let loaded: LoadedScenario
            var sourceText: String?
            if let replay {
                loaded = try Trace.replayScenario(outputDirectory: replay, exampleID: scenario, command: "sweep export-uikit")
            } else {
                do {
                    let text = try ScenarioLoader.readText(path: scenario, what: "scenario file")
                    loaded = try ScenarioLoader.load(yaml: text, path: scenario)
                    sourceText = text
                } catch {
                    printError("sweep export-uikit: \(error)")
                    throw ExitStatus.badInput
                }
            }
            let swift = UIKitExporter.export(loaded, sourceText: sourceText)
            guard let output else { print(swift, terminator: ""); return }
            try writeOutputFile(swift, to: output, option: "--output", command: "sweep export-uikit")
        }
    }
}
