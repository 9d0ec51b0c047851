import ArgumentParser
import Foundation
import ScenarioKit
import ScreenImport

extension SweepCommand {
    /// `sweep import FILE`: a real screen's `recursiveDescription` or accessibility tree as a scenario file.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn a view hierarchy dump or an accessibility tree into a scenario file.",
            discussion: """
                Reads the text lldb prints for `po view.recursiveDescription` (or `expr -l objc -O -- [[UIApp keyWindow] \
                recursiveDescription]`; Cycript, Frida and NSLog copies work too) and writes a scenario file \
                (docs/scenario-format.md) to standard output or --output: the nesting, frames, hidden, alpha, \
                userInteractionEnabled, clipsToBounds, scroll views' contentOffset, contentSize and \
                adjustedContentInset, and every view's class, mapped to a kind by UIKit's class table, the --map \
                file, the dump's baseClass or naming heuristics (each guess reported). It reads, by their content, \
                the accessibility trees QA and CI tools write too: XCUITest's debugDescription ("Element subtree:"), \
                Appium/WebDriverAgent page source (XML), idb ui describe-all and Maestro's hierarchy (JSON); --format \
                forces one. From a tree it takes the app's main window, leaves out what is hidden or off screen, and \
                gives each element type a UIKit class; trees carry no recognizers and no scroll state, so every \
                default it assumes is a warning. Recognizers are declared with --recognizers. A summary goes to \
                standard error. Odd lines give warnings with their line number and are skipped; a file no reader \
                can read is refused with exit status 2. See docs/real-screens.md.
                """
        )

        @Argument(help: "The dump or accessibility tree (a text, XML or JSON file).")
        var dump: String

        @Option(
            help: ArgumentHelp(
                "The file's format: \(ScreenFormat.allCases.map(\.rawValue).joined(separator: ", ")) (default: told by its content).",
                valueName: "format"))
        var format: String?

        @Option(name: .shortAndLong, help: ArgumentHelp("Write the scenario to this file instead of standard output.", valueName: "file"))
        var output: String?

        @Option(name: .long, help: "Class map: app classes (names or patterns) to view kinds (YAML).")
        var map: String?

        @Option(name: .long, help: "Recognizers to add, by view class, path or id (YAML).")
        var recognizers: String?

        @Option(name: .long, help: "The scenario's name (default: the dump's file name).")
        var name: String?

        @Flag(help: "Write nothing (exit status 2) when the dump looks caught mid-change: an animation, an alert, a swipe, a fade, a push.")
        var excludeTransient = false

        func validate() throws {
            if let format, ScreenFormat(rawValue: format) == nil {
                throw ValidationError(
                    "--format must be one of " + ScreenFormat.allCases.map(\.rawValue).joined(separator: ", ") + ", got '\(format)'.")
            }
        }

        func run() throws {
            let screen: ImportedScreen
            do {
                let classMap = try map.map { path throws(ScenarioError) in
                    try ClassMap.parse(yaml: try ScenarioLoader.readText(path: path, what: "class map"), file: path)
                }
                let overlay = try recognizers.map { path throws(ScenarioError) in
                    try RecognizerOverlay.parse(yaml: try ScenarioLoader.readText(path: path, what: "recognizers file"), file: path)
                }
                screen = try ScreenImporter.importScreen(
                    try ScenarioLoader.readText(path: dump, what: "dump"), file: dump, format: format.flatMap(ScreenFormat.init(rawValue:)),
                    name: name, map: classMap ?? ClassMap(), recognizers: overlay)
            } catch {
                printError("sweep import: \(error)")
                throw ExitStatus.badInput
            }
            if excludeTransient, let sign = screen.report.transient.first {
                printError("sweep import: \(dump) looks transient (\(sign)); --exclude-transient leaves it out: nothing was written")
                throw ExitStatus.badInput
            }
            let yaml = screen.scenarioYAML(source: (dump as NSString).lastPathComponent)
            if let output {
                try writeOutputFile(yaml, to: output, option: "--output", command: "sweep import")
            } else {
                print(yaml, terminator: "")
            }
            for line in screen.summary(source: dump) { printError(line) }
        }
    }
}
