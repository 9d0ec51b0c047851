import ArgumentParser
import Foundation
import SweepCore
import SweepPlanning
import SweepShrinker

extension SweepCommand {
    /// `sweep shrink OUTPUT_DIR EXAMPLE_ID`: the smallest scenario that still shows an example's defect.
    struct Shrink: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Shrink an example of a finished sweep to a minimal scenario with the same defect and cause.",
            discussion: """
                Removes subtrees, views, recognizers, controllers and flags, rounds frames, drops touch samples \
                and shortens holds while the example still shows the same defect class with the same cause \
                (docs/shrinking.md). Writes the scenario (sweep trace runs it) to standard output or --output, and \
                a one-line summary of the sizes before and after to standard error.
                """
        )

        @Argument(help: "The sweep's output directory (with config.yaml and plan.yaml).")
        var outputDirectory: String

        @Argument(help: "The example id, as in examples.csv (e.g. c001-t4-quickTap-p0).")
        var exampleID: String

        @Option(
            help: ArgumentHelp(
                "The defect class to keep (e.g. dead_button); default: the first one the example shows.",
                valueName: "class"))
        var defect: String?

        @Option(name: .shortAndLong, help: ArgumentHelp("Write the scenario to this file instead of standard output.", valueName: "file"))
        var output: String?

        @Option(help: OptionRanges.maxRuns.help("At most this many engine runs"))
        var maxRuns = Shrinker.defaultMaxRuns

        func validate() throws {
            if let defect, !DefectClass.allCases.contains(where: { $0.name == defect }) {
                throw ValidationError("--defect must be one of " + DefectClass.allCases.map(\.name).joined(separator: ", ") + ", got '\(defect)'.")
            }
            try OptionRanges.maxRuns.check(maxRuns)
        }

        func run() throws {
            try refuseUnwritableOutputFile(output, option: "--output", command: "sweep shrink")
            let plan = try loadFinishedSweepPlan(outputDirectory: outputDirectory, command: "sweep shrink")
            guard let scenario = Replay.scenario(plan: plan, exampleID: exampleID) else {
                throw ExitStatus.usageError(
                    "no scenario '\(exampleID)' in the sweep of \(outputDirectory); ids look like c001-t4-quickTap-p0 (see examples.csv)",
                    command: "sweep shrink")
            }
            let shown = Shrinker.defectsShown(scene: scenario.scene, gesture: scenario.gesture)
            let wanted = defect.flatMap { name in DefectClass.allCases.first { $0.name == name } } ?? shown.first
            guard let wanted, shown.contains(wanted) else {
                printError(
                    "sweep shrink: example \(exampleID) does not show " + (defect ?? "any defect")
                        + (shown.isEmpty ? "" : " (it shows " + shown.map(\.name).joined(separator: ", ") + ")") + ".")
                throw ExitCode(1)
            }
            let result: Shrinker.Result
            do {
                result = try Shrinker.shrink(scene: scenario.scene, gesture: scenario.gesture, defect: wanted, maxRuns: maxRuns)
            } catch {
                printError("sweep shrink: example \(exampleID) does not show \(wanted.name) when run again.")
                throw ExitCode(1)
            }
            let file = MinimalReproFile(
                exampleID: exampleID, defect: wanted, cause: result.cause, gesture: result.subject.gesture,
                scene: result.subject.scene,
                command: "sweep shrink \(outputDirectory) \(exampleID) --defect \(wanted.name)")
            let text = file.text(result)
            guard MinimalReproFile.reproduces(text, path: output ?? "<stdout>") else {
                printError("sweep shrink: the minimal scenario of \(exampleID) does not reproduce \(wanted.name) once written; this is a bug in sweep shrink.")
                throw ExitCode(1)
            }
            if let output {
                try writeOutputFile(text, to: output, option: "--output", command: "sweep shrink")
            } else {
                print(text, terminator: "")
            }
            printError(result.summary(exampleID: exampleID))
        }
    }
}
