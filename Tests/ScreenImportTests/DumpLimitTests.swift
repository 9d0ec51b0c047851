import ScenarioKit
import Testing
import TouchEngine

@testable import ScreenImport

/// Issue 14 §3: `sweep import` never writes a file the scenario loader (`sweep trace`) rejects: it refuses dumps
/// nested deeper than scenario files' views may be, and reads numbers a scenario cannot hold as zero, with a warning.
@Suite struct DumpLimitTests {
    /// A window with a chain of `depth` plain views, each inside the one before.
    static func chain(_ depth: Int, root: String = "UIWindow") -> String {
        var lines = ["<\(root): 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>"]
        for level in 1 ... depth {
            lines.append(String(repeating: "   | ", count: level) + "<UIView: 0x\(level + 16); frame = (0 0; 10 10); layer = <CALayer: 0x2>>")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Imports `text` and loads the scenario file `sweep import` writes for it.
    static func importAndLoad(_ text: String) throws -> (ImportedScreen, LoadedScenario) {
        let screen = try ScreenImporter.importDump(text, file: "d.txt")
        return (screen, try ScenarioLoader.load(yaml: screen.scenarioYAML(source: "d.txt"), path: "d.yaml"))
    }

    @Test func aWindowWithViews200DeepImportsAndItsFileLoads() throws {
        let (_, scenario) = try Self.importAndLoad(Self.chain(200))
        #expect(scenario.scene.views.count == 201)
    }

    @Test func aWindowWithViews201DeepIsRefusedAtTheLineOfTheFirstTooDeepRecord() {
        #expect(
            throws: DumpRefusal(
                file: "d.txt", line: 202,
                message: "UIView is nested 201 views deep, deeper than the 200 "
                    + "levels a scenario file's views may nest; refused")
        ) {
            try ScreenImporter.importDump(Self.chain(250), file: "d.txt")
        }
        let refusal = DumpRefusal(file: "d.txt", line: 202, message: "m")
        #expect(refusal.description == "d.txt:202: m")
    }

    @Test func aRootThatIsNotAWindowCountsAsTheFirstLevel() throws {
        let (_, scenario) = try Self.importAndLoad(Self.chain(199, root: "UIView"))
        #expect(scenario.scene.views.count == 201)
        #expect(throws: DumpRefusal.self) { try ScreenImporter.importDump(Self.chain(200, root: "UIView"), file: "d.txt") }
    }

    @Test func numbersBeyondTheScenarioRangesAreReadAsZeroWithAWarningAndTheFileLoads() throws {
        let dump = """
            <UIWindow: 0x1; frame = (0 0; 390 844); layer = <CALayer: 0x2>>
               | <UIButton: 0x3; frame = (1e300 0; 44 44); layer = <CALayer: 0x2>>
               | <UIScrollView: 0x4; frame = (0 0; 390 844); contentOffset: {1e16, nan}; contentSize: {inf, 1e7}; adjustedContentInset: {1e300, 0, 0, 0}; layer = <CALayer: 0x2>>
               |    | <UIView: 0x5; frame = (0 0; 2e6 2e6); layer = <CALayer: 0x2>>
               |    | <UIView: 0x6; frame = (0 0; 390 1000); layer = <CALayer: 0x2>>

            """
        let (screen, scenario) = try Self.importAndLoad(dump)
        let warnings = screen.report.warnings.map(\.description)
        #expect(
            warnings.contains(
                "line 2: the frame of UIButton is beyond what a scenario file holds (coordinates from "
                    + "-1000000 to 1000000 pt, sizes from 0 to 1000000 pt); read as zero"))
        #expect(
            warnings.contains(
                "line 3: the contentOffset of UIScrollView is outside what a scenario file holds (from -1000000 to "
                    + "1000000 pt); read as zero"))
        #expect(
            warnings.contains(
                "line 3: the contentSize of UIScrollView is outside what a scenario file holds (from 0 to 1000000 "
                    + "pt); taken from its subviews instead"))
        #expect(
            warnings.contains(
                "line 3: the content inset of UIScrollView is outside what a scenario file holds (from -1000000 to "
                    + "1000000 pt); ignored"))
        let scroll = scenario.scene.views.first { $0.className == "UIScrollView" }
        #expect(scroll?.scroll?.contentSize == Size(390, 1000))
        #expect(scroll?.boundsOrigin == Point(0, 0))
    }
}
