import Foundation
import TestSupport
import Testing

@testable import SweepPlanning

/// `trees.screens`: a relative path starts at the directory of the config file itself, whatever the current
/// directory; an absolute path is used as is.
@Suite struct ScreenPathTests {
    static let dump = """
        <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
           | <UIButton: 0x3; frame = (10 10; 100 44); layer = <CALayer: 0x4>>

        """

    /// A scratch directory holding `sub/sweep.yaml` (with `screens`, given the directory's path) and `sub/dumps/a.txt`.
    func workspace(_ label: String, screens: (String) -> String) throws -> (dir: TemporaryDirectory, config: String) {
        let dir = try TemporaryDirectory("screen-paths-\(label)")
        try dir.directory("sub/dumps")
        try dir.write(Self.dump, to: "sub/dumps/a.txt")
        let config = try dir.write("name: paths\ntrees: {screens: [\(screens(dir.path))]}\n", to: "sub/sweep.yaml")
        return (dir, config)
    }

    @Test func relativePathsStartAtTheConfigFilesDirectory() throws {
        let (dir, config) = try workspace("relative") { _ in "\"dumps/*.txt\"" }
        defer { dir.remove() }
        let loaded = try SweepConfigLoader.load(yaml: try String(contentsOfFile: config, encoding: .utf8), path: config)
        #expect(loaded.trees.screens.map(\.file) == ["dumps/a.txt"])
        #expect(loaded.trees.screens.first?.name == "a")
        #expect(SweepConfigLoader.screensBase(configPath: config) == dir.file("sub"))
        #expect(SweepConfigLoader.screensBase(configPath: "/x/configs/real-screens.yaml") == "/x/configs")
    }

    @Test func aConfigPathGivenRelativeStartsAtTheCurrentDirectory() {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(SweepConfigLoader.screensBase(configPath: "configs/real-screens.yaml") == cwd + "/configs")
    }

    @Test func absolutePathsAreUsedAsTheyAre() throws {
        let (dir, config) = try workspace("absolute") { "\"\($0)/sub/dumps/a.txt\"" }
        defer { dir.remove() }
        let loaded = try SweepConfigLoader.load(yaml: try String(contentsOfFile: config, encoding: .utf8), path: config)
        #expect(loaded.trees.screens.map(\.file) == [dir.file("sub/dumps/a.txt")])
    }

    @Test func aPatternThatMatchesNothingNamesTheDirectoryItSearched() throws {
        let (dir, config) = try workspace("missing") { _ in "\"../dumps/*.txt\"" }
        defer { dir.remove() }
        do {
            _ = try SweepConfigLoader.load(yaml: try String(contentsOfFile: config, encoding: .utf8), path: config)
            Issue.record("a pattern that matches nothing was accepted")
        } catch {
            #expect(
                "\(error)".contains(
                    "the screens pattern '../dumps/*.txt' matches no file (relative paths start at \(dir.path)/sub, "
                        + "the config file's directory)"), "\(error)")
        }
    }
}
