import Foundation
import ScenarioKit
import TestSupport
import UIKitExport

/// The seed scenarios (configs/scenarios/seeds/*.yaml), as repository-relative paths, sorted.
let seedScenarios: [String] = {
    let dir = Repository.path + "/configs/scenarios/seeds"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: dir)) ?? []
    return names.filter { $0.hasSuffix(".yaml") }.sorted().map { "configs/scenarios/seeds/" + $0 }
}()

/// Exports a scenario file the way `sweep export-uikit` does (repository-relative path, its text quoted).
func exportFile(_ relativePath: String) throws -> String {
    let text = try String(contentsOfFile: Repository.path + "/" + relativePath, encoding: .utf8)
    return UIKitExporter.export(try ScenarioLoader.load(yaml: text, path: relativePath), sourceText: text)
}

/// Exports a scenario given as YAML text.
func export(yaml: String, path: String = "inline.yaml") throws -> String {
    UIKitExporter.export(try ScenarioLoader.load(yaml: yaml, path: path), sourceText: yaml)
}

/// `swiftc` on PATH, if any.
let swiftcPath: String? = {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { $0 + "/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}()

struct ParseResult { var status: Int32; var diagnostics: String }

/// Runs `swiftc -parse` on `source` (written to a temporary `.swift` file).
func swiftcParse(_ source: String, name: String) throws -> ParseResult {
    let dir = try TemporaryDirectory("uikit-export-tests")
    let file = try dir.write(source, to: name + ".swift")
    let result = try Program.run(URL(fileURLWithPath: swiftcPath!), ["-parse", file], mergingStandardError: true)
    return ParseResult(status: result.status, diagnostics: result.stdout)
}

/// A small scenario around a button `Btn` in a scroll view `SV` in root view `R` (controller `VC`), with
/// `extra` lines spliced into the button, the scroll view and a recognizer list. With `navigation`, `R` is the top
/// view controller's root inside a navigation view `NC` (that `navigation:` block, and a bar `NB`); `extraViews` are
/// more views under the window (a sheet).
func scenarioYAML(
    button: [String] = [], scrollView: [String] = [], recognizers: [String] = [],
    script: String = "0 down (60,132) · 80 up", navigation: String? = nil, extraViews: [String] = []
) -> String {
    var lines = ["name: feature", "views:"]
    let pad = navigation == nil ? "" : "    "
    if let navigation {
        lines += ["  - id: NC", "    frame: [0, 0, 390, 844]", "    navigation: \(navigation)", "    subviews:"]
    }
    var tree = [
        "  - id: R",
        "    controller: VC",
        "    frame: [0, 0, 390, 844]",
        "    subviews:",
        "      - id: SV",
        "        kind: scrollView",
        "        frame: [0, 0, 390, 844]",
        "        contentSize: [390, 2000]"
    ]
    tree += scrollView.map { "        " + $0 }
    tree += [
        "        subviews:",
        "          - id: Btn",
        "            kind: button",
        "            frame: [10, 110, 100, 44]"
    ]
    tree += button.map { "            " + $0 }
    tree += ["          - { id: Other, frame: [10, 300, 100, 44] }"]
    if navigation != nil { tree += ["  - { id: NB, frame: [0, 47, 390, 56] }"] }
    lines += tree.map { pad + $0 }
    lines += extraViews.map { "  - " + $0 }
    lines.append(recognizers.isEmpty ? "recognizers: []" : "recognizers:")
    lines += recognizers.map { "  - " + $0 }
    lines.append("script: \"\(script)\"")
    return lines.joined(separator: "\n") + "\n"
}
