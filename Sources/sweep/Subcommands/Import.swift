import ArgumentParser
import Foundation
import ScenarioKit
import ScreenImport

extension SweepCommand {
    /// `sweep import DUMP.txt`: a real screen's `recursiveDescription` as a scenario file.
    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Turn a view hierarchy dump (recursiveDescription) into a scenario file.",
            discussion: """
                Reads the text lldb prints for `po view.recursiveDescription` (or `expr -l objc -O -- [[UIApp keyWindow] \
                recursiveDescription]`; Cycript, Frida and NSLog copies work too) and writes a scenario file \
                (docs/scenario-format.md) to standard output or --out: the nesting, frames, hidden, alpha, \
                userInteractionEnabled, clipsToBounds, scroll views' contentOffset, contentSize and \
                adjustedContentInset, and every view's class, mapped to a kind by UIKit's class table, the --map \
                file, the dump's baseClass or naming heuristics (each guess reported). Recognizers the dump only \
                mentions are declared with --recognizers. A summary goes to standard error. Odd lines give \
                warnings with their line number and are skipped; a file that is not a dump is refused with exit \
                status 2. See docs/real-screens.md.
                """
        )

        @Argument(help: "The dump (a text file).")
        var dump: String

        @Option(name: .long, help: "Write the scenario to this file instead of standard output.")
        var out: String?

        @Option(name: .long, help: "Class map: app classes (names or patterns) to view kinds (YAML).")
        var map: String?

        @Option(name: .long, help: "Recognizers to add, by view class, path or id (YAML).")
        var recognizers: String?

        @Option(name: .long, help: "The scenario's name (default: the dump's file name).")
        var name: String?

        func run() throws {
            let screen: ImportedScreen
            do {
                let classMap = try map.map { path throws(ScenarioError) in
                    try ClassMap.parse(yaml: try ScenarioLoader.readText(path: path, what: "class map"), file: path)
                }
                let overlay = try recognizers.map { path throws(ScenarioError) in
                    try RecognizerOverlay.parse(yaml: try ScenarioLoader.readText(path: path, what: "recognizers file"), file: path)
                }
                screen = try ScreenImporter.importDump(
                    try ScenarioLoader.readText(path: dump, what: "dump"), file: dump,
                    name: name, map: classMap ?? ClassMap(), recognizers: overlay)
            } catch {
                printError("sweep import: \(error)")
                throw ExitCode(2)
            }
            let yaml = screen.scenarioYAML(source: (dump as NSString).lastPathComponent)
            if let out {
                try writeOutputFile(yaml, to: out, option: "--out", command: "sweep import")
            } else {
                print(yaml, terminator: "")
            }
            for line in screen.summary(source: dump) { printError(line) }
        }
    }
}
