import Foundation
import ScenarioKit
import TestSupport
import Testing

/// `sweep import` on accessibility trees and `sweep run configs/accessibility-screens.yaml`, through the binary.
@Suite(.serialized) struct AccessibilityImportCLITests {
    let cli = SweepCLITests()
    static let trees = Repository.path + "/configs/accessibility-trees"

    /// A fresh scratch directory (`ScreenCLITests`'s, named for this suite).
    func temporaryDirectory(_ name: String) throws -> TemporaryDirectory { try ScreenCLITests().temporaryDirectory("ax-" + name) }

    @Test func eachFormatImportsByItsContentAndTheScenarioLoads() throws {
        for (name, summary) in [
            ("04-xquitestdemo-tableview-elided-xcui-debugdesc.txt", "29 views, 7 interactive elements, 1 scroll view (1 scrollable)"),
            ("13-uiautodev-settings-zh-wda-xml.xml", "93 views, 16 interactive elements, 1 scroll view (1 scrollable)"),
            ("19-mint-flutter-rente-capital-form-idb-json.json", "27 views, 19 interactive elements, 1 scroll view (0 scrollable)"),
            ("22-solidi-rn-addressbook-form-maestro-json.json", "82 views, 2 interactive elements, 2 scroll views (1 scrollable)")
        ] {
            let path = Self.trees + "/" + name
            let result = try cli.sweep("import", path)
            #expect(result.status == 0, "\(name): \(result.stderr)")
            #expect(result.stderr.hasPrefix("\(path): \(summary), 0 guesses, "), "\(result.stderr.prefix(200))")
            _ = try ScenarioLoader.load(yaml: result.stdout, path: name + ".yaml")
        }
    }

    @Test func formatForcesAReaderAndAnUnknownFormatIsOneSentence() throws {
        let path = Self.trees + "/17-mint-flutter-onboarding-idb-json.json"
        let forced = try cli.sweep("import", path, "--format", "idb-json")
        #expect(forced.status == 0 && forced.stderr.hasPrefix("\(path): 13 views, 2 interactive elements"))
        let wrong = try cli.sweep("import", path, "--format", "appium-xml")
        #expect(wrong.status == 2)
        #expect(
            wrong.stderr == "sweep import: \(path):1: column 1: not well-formed page-source XML: text outside the root element\n")
        let bogus = try cli.sweep("import", path, "--format", "plist")
        #expect(bogus.status == 64)
        #expect(
            bogus.stderr
                == "sweep: --format must be one of recursive-description, xcui, appium-xml, idb-json, maestro-json, got 'plist'.\n")
    }

    @Test func aMalformedTreeIsRefusedWithItsLineAndNothingIsWritten() throws {
        let scratch = try temporaryDirectory("malformed")
        let dir = scratch.path
        try "[{\"AXFrame\":\"{{0, 0}, {402, 874}}\",\"type\":\"Application\"},\n {\"type\":\"Button\" \"frame\":{}}]"
            .write(toFile: dir + "/t.json", atomically: true, encoding: .utf8)
        let result = try cli.sweep("import", dir + "/t.json", "--output", dir + "/t.yaml")
        #expect(result.status == 2)
        #expect(
            result.stderr == "sweep import: \(dir)/t.json:2: column 19 ($[1]): not valid JSON: expected ',' or '}' after a member of the object\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/t.yaml"))
    }

    @Test func theAccessibilityScreensConfigRuns() throws {
        let scratch = try temporaryDirectory("run")
        let dir = scratch.path
        let result = try cli.sweep("run", Repository.path + "/configs/accessibility-screens.yaml", "--output", dir + "/out", "--threads", "2", "--quiet")
        #expect(result.status == 0 || result.status == 1, "\(result.stderr)")
        let byScreen = try String(contentsOfFile: dir + "/out/by_screen.csv", encoding: .utf8)
        // Every one of the 16 trees is swept (by_screen.csv's rows name their screen first).
        let screens = Set(byScreen.split(whereSeparator: \.isNewline).dropFirst().compactMap { $0.split(separator: ",").first })
        #expect(screens.count == 16, "\(screens.sorted())")
    }
}
