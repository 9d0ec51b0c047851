import Foundation
import Testing

@testable import SweepPlanning

/// `trees.screens`: a relative path starts at the directory of the config file itself, whatever the current
/// directory; an absolute path is used as is.
@Suite struct ScreenPathTests {
    static let dump = """
        <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
           | <UIButton: 0x3; frame = (10 10; 100 44); layer = <CALayer: 0x4>>

        """

    /// A scratch directory holding `sub/sweep.yaml` (with `screens`) and `sub/dumps/a.txt`.
    static func scratch(_ label: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("screen-paths-\(getpid())-\(label)").path
    }

    func workspace(_ label: String, screens: String) throws -> (dir: String, config: String) {
        let dir = Self.scratch(label)
        try? FileManager.default.removeItem(atPath: dir)
        try FileManager.default.createDirectory(atPath: dir + "/sub/dumps", withIntermediateDirectories: true)
        try Self.dump.write(toFile: dir + "/sub/dumps/a.txt", atomically: true, encoding: .utf8)
        let config = dir + "/sub/sweep.yaml"
        try "name: paths\ntrees: {screens: [\(screens)]}\n".write(toFile: config, atomically: true, encoding: .utf8)
        return (dir, config)
    }

    @Test func relativePathsStartAtTheConfigFilesDirectory() throws {
        let (dir, config) = try workspace("relative", screens: "\"dumps/*.txt\"")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let loaded = try SweepConfigLoader.load(yaml: try String(contentsOfFile: config, encoding: .utf8), path: config)
        #expect(loaded.trees.screens.map(\.file) == ["dumps/a.txt"])
        #expect(loaded.trees.screens.first?.name == "a")
        #expect(SweepConfigLoader.screensBase(configPath: config) == dir + "/sub")
        #expect(SweepConfigLoader.screensBase(configPath: "/x/configs/real-screens.yaml") == "/x/configs")
    }

    @Test func aConfigPathGivenRelativeStartsAtTheCurrentDirectory() {
        let cwd = FileManager.default.currentDirectoryPath
        #expect(SweepConfigLoader.screensBase(configPath: "configs/real-screens.yaml") == cwd + "/configs")
    }

    @Test func absolutePathsAreUsedAsTheyAre() throws {
        let (dir, config) = try workspace("absolute", screens: "\"\(Self.scratch("absolute"))/sub/dumps/a.txt\"")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let loaded = try SweepConfigLoader.load(yaml: try String(contentsOfFile: config, encoding: .utf8), path: config)
        #expect(loaded.trees.screens.map(\.file) == [dir + "/sub/dumps/a.txt"])
    }

    @Test func aPatternThatMatchesNothingNamesTheDirectoryItSearched() throws {
        let (dir, config) = try workspace("missing", screens: "\"../dumps/*.txt\"")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        do {
            _ = try SweepConfigLoader.load(yaml: try String(contentsOfFile: config, encoding: .utf8), path: config)
            Issue.record("a pattern that matches nothing was accepted")
        } catch {
            #expect(
                "\(error)".contains(
                    "the screens pattern '../dumps/*.txt' matches no file (relative paths start at \(dir)/sub, "
                        + "the config file's directory)"), "\(error)")
        }
    }
}
