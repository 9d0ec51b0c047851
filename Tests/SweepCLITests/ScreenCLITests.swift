import Foundation
import ScenarioKit
import TestSupport
import Testing

/// `sweep import` and sweeps of real screens end to end: the binary, its files, its exit statuses, and
/// `sweep run` / `sweep submit` agreeing byte for byte on dumps carried in the config text.
@Suite(.serialized) struct ScreenCLITests {
    let cli = SweepCLITests()

    /// The public dumps the repository keeps.
    static let screens = Repository.path + "/configs/screens"

    /// The path of the dump `name` in configs/screens; an error naming that path when it is not there.
    static func dump(_ name: String) throws -> String {
        let path = screens + "/" + name
        guard FileManager.default.isReadableFile(atPath: path) else { throw MissingDump(path: path) }
        return path
    }

    struct MissingDump: Error, CustomStringConvertible {
        var path: String
        var description: String { "missing test fixture \(path): it belongs to the repository (restore it with git)" }
    }

    /// A fresh directory for one test, removed with its last use.
    func temporaryDirectory(_ name: String) throws -> TemporaryDirectory { try TemporaryDirectory("sweep-screen-cli-\(name)") }

    @Test func importWritesAScenarioAndASummary() throws {
        let dump = try Self.dump("04-storyboards-tutorial-players-table-lldb.txt")
        let result = try cli.sweep("import", dump)
        #expect(result.status == 0, "\(result.stderr)")
        // A row's delete confirmation shows mid-swipe: its two controls are no targets, and the dump is transient.
        #expect(result.stderr.hasPrefix("\(dump): 36 views, 3 interactive elements, 1 scroll view (1 scrollable), 0 guesses, 1 warning\n"))
        let scenario = try ScenarioLoader.load(yaml: result.stdout, path: "stdout.yaml")
        #expect(scenario.scene.views.count == 37)
        #expect(scenario.scene.views[1].className == "UITableView")

        let scratch = try temporaryDirectory("out")
        let dir = scratch.path
        let written = try cli.sweep("import", dump, "--output", dir + "/players.yaml", "--name", "players")
        #expect(written.status == 0 && written.stdout.isEmpty)
        let file = try String(contentsOfFile: dir + "/players.yaml", encoding: .utf8)
        #expect(file.contains("\nname: \"players\"\n"))
    }

    /// A dump caught mid-swipe: imported with its warning, or, with --exclude-transient, refused in one sentence
    /// with nothing written.
    @Test func excludeTransientWritesNothingForADumpCaughtMidSwipe() throws {
        let dump = try Self.dump("10-ios7-swipeable-cell-delete-nslog.txt")
        let scratch = try temporaryDirectory("transient")
        let dir = scratch.path
        let kept = try cli.sweep("import", dump, "--output", dir + "/kept.yaml")
        #expect(kept.status == 0 && kept.stderr.contains("warning: line 3: the dump looks transient: "))
        let left = try cli.sweep("import", dump, "--output", dir + "/left.yaml", "--exclude-transient")
        #expect(left.status == 2)
        #expect(left.stderr.hasPrefix("sweep import: \(dump) looks transient (line 3: ") && left.stderr.hasSuffix("nothing was written\n"))
        #expect(left.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/left.yaml"))
    }

    /// `sweep plan` and `sweep run` on configs/real-screens.yaml name each screen's warnings and the screens that
    /// yield no gesture; --strict refuses the sweep (exit status 2) and runs nothing.
    @Test func planAndRunNameEveryScreensFindingsAndStrictRefuses() throws {
        let config = Repository.path + "/configs/real-screens.yaml"
        let plan = try cli.sweep("plan", config)
        #expect(plan.status == 0)
        #expect(
            plan.stderr.contains(
                "sweep plan: warning: screen screens/10-ios7-swipeable-cell-delete-nslog.txt: 1 import warning: line 3: the dump looks transient"))
        #expect(plan.stderr.contains("sweep plan: warning: screen screens/12-sample-navcontroller-428x926-lldb.txt yields no gesture: "))
        let scratch = try temporaryDirectory("strict")
        let dir = scratch.path
        let strict = try cli.sweep("run", config, "--output", dir + "/out", "--strict")
        #expect(strict.status == 2)
        #expect(strict.stderr.contains("sweep run: error: screen screens/12-sample-navcontroller-428x926-lldb.txt yields no gesture: "))
        #expect(strict.stderr.hasSuffix("screen findings above; nothing was run\n"), "\(strict.stderr.suffix(200))")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out/summary.csv"))
    }

    @Test func aFileThatIsNoDumpIsRefusedWithStatus2AndNoOutput() throws {
        let scratch = try temporaryDirectory("refuse")
        let dir = scratch.path
        try "hello\nworld\n".write(toFile: dir + "/notes.txt", atomically: true, encoding: .utf8)
        let result = try cli.sweep("import", dir + "/notes.txt", "--output", dir + "/out.yaml")
        #expect(result.status == 2)
        #expect(
            result.stderr == "sweep import: \(dir)/notes.txt: not a recursiveDescription dump: no line holds a view record "
                + "such as '<UIView: 0x7f8e1c40; frame = (0 0; 390 844); …>'\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.yaml"))
        let missing = try cli.sweep("import", dir + "/absent.txt")
        #expect(missing.status == 2 && missing.stderr == "sweep import: \(dir)/absent.txt: cannot read the dump: no such file\n")
    }

    @Test func mapAndRecognizersFilesShapeTheScreenAndTheirErrorsNameTheirLines() throws {
        let dump = try Self.dump("03-wechat-contacts-cycript.txt")
        let scratch = try temporaryDirectory("overlay")
        let dir = scratch.path
        try "classes:\n  MMHeadImageView: button\n  \"*ItemView\": view\n".write(toFile: dir + "/classes.yaml", atomically: true, encoding: .utf8)
        try """
        recognizers:
          - class: NewContactsItemCell
            kind: longPress
            minimumPressDuration: 400
          - path: "MMMainTableView/UITableViewWrapperView"
            id: dismiss
            kind: tap
            cancelsTouchesInView: false
        """.write(toFile: dir + "/overlay.yaml", atomically: true, encoding: .utf8)
        let result = try cli.sweep("import", dump, "--map", dir + "/classes.yaml", "--recognizers", dir + "/overlay.yaml")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains(", 0 guesses, "))
        #expect(result.stderr.contains("recognizers declared from the overlay: 3"))
        let scene = try ScenarioLoader.load(yaml: result.stdout, path: "out.yaml").scene
        #expect(scene.views.filter { $0.className == "MMHeadImageView" }.allSatisfy { $0.kind == .button })
        #expect(scene.recognizer(named: "NewContactsItemCell_L12.longPress") != nil)
        #expect(scene.recognizer(named: "NewContactsItemCell_L23.longPress") != nil)
        #expect(scene.recognizer(named: "UITableViewWrapperView_L11.dismiss") != nil)

        try "recognizers:\n  - class: NewContactsItemCell\n    kind: tap\n    taps: 0\n".write(toFile: dir + "/bad.yaml", atomically: true, encoding: .utf8)
        let bad = try cli.sweep("import", dump, "--recognizers", dir + "/bad.yaml")
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("sweep import: \(dir)/bad.yaml:4:11: "), "\(bad.stderr)")
    }

    @Test func runAndSubmitSweepScreensAlikeAndReplaysNeedNoDumps() throws {
        let scratch = try temporaryDirectory("sweep")
        let dir = scratch.path
        try FileManager.default.createDirectory(atPath: dir + "/dumps", withIntermediateDirectories: true)
        for name in [
            "04-storyboards-tutorial-players-table-lldb.txt", "10-ios7-swipeable-cell-delete-nslog.txt",
            "22-wechat-iphone4-login-cycript-TRUNCATED.txt"
        ] {
            try FileManager.default.copyItem(atPath: try Self.dump(name), toPath: dir + "/dumps/" + name)
        }
        // Relative screen paths start at the config file's own directory (not at the current directory).
        let config = dir + "/screens.yaml"
        try """
        name: screens-cli
        axes: {scrollViews.delaysContentTouches: [true, false]}
        trees: {screens: ["dumps/*.txt"], templates: [feed], perConfiguration: 2}
        gestures: {placements: 1}
        """.write(toFile: config, atomically: true, encoding: .utf8)
        let run = try cli.sweep("run", config, "--output", dir + "/run", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        let submit = try cli.sweep("submit", config, "--output", dir + "/submit", "--workers", "2", "--quiet")
        #expect(submit.status == 0, "\(submit.stderr)")
        for name in ["summary.csv", "by_template.csv", "by_gesture.csv", "effects.csv", "by_screen.csv", "by_screen_config.csv", "plan.yaml", "config.yaml"] {
            let a = try String(contentsOfFile: dir + "/run/" + name, encoding: .utf8)
            let b = try String(contentsOfFile: dir + "/submit/" + name, encoding: .utf8)
            #expect(a == b, "\(name) differs between run and submit")
        }
        let byScreen = try String(contentsOfFile: dir + "/run/by_screen.csv", encoding: .utf8)
        #expect(byScreen.contains("\r\n04-storyboards-tutorial-players-table-lldb,1,"))
        #expect(byScreen.contains(",FixTitleColorButton,button,"))
        let byTemplate = try String(contentsOfFile: dir + "/run/by_template.csv", encoding: .utf8)
        #expect(byTemplate.contains(",feed,") && byTemplate.contains(",screen,"))

        // The dumps travel in config.yaml: with them gone, an example still replays.
        try FileManager.default.removeItem(atPath: dir + "/dumps")
        let examples = try String(contentsOfFile: dir + "/run/examples.csv", encoding: .utf8).split(separator: "\r\n")
        let id = try #require(examples.dropFirst().first { $0.contains(",screen,") }).split(separator: ",")[0]
        let replay = try cli.sweep("trace", "--replay", dir + "/run", String(id))
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains(": screen "))

        // A changed dump is another config: the journal of the old one is refused.
        try FileManager.default.createDirectory(atPath: dir + "/dumps", withIntermediateDirectories: true)
        let edited = try String(contentsOfFile: try Self.dump("10-ios7-swipeable-cell-delete-nslog.txt"), encoding: .utf8)
            .replacingOccurrences(of: "contentOffset: {82, 0}", with: "contentOffset: {0, 0}")
        try edited.write(toFile: dir + "/dumps/10.txt", atomically: true, encoding: .utf8)
        let again = try cli.sweep("submit", config, "--output", dir + "/submit", "--workers", "1", "--quiet")
        #expect(again.status != 0)
        #expect(again.stderr.contains("use --restart to start over"), "\(again.stderr)")
    }

    @Test func aScreensMapAndRecognizersTravelWithItAndReplaysNeedNoFiles() throws {
        let scratch = try temporaryDirectory("overlays")
        let dir = scratch.path
        try """
        <UIWindow: 0x7f9e1c00; frame = (0 0; 320 568); layer = <UIWindowLayer: 0x6000012d>>
           | <UIView: 0x7f9e2d10; frame = (0 0; 320 568); gestureRecognizers = <NSArray: 0x60000160>; layer = <CALayer: 0x60000171>>
           |    | <ShopTile: 0x7f9e3e20; frame = (20 100; 280 120); layer = <CALayer: 0x60000182>>
        """.write(toFile: dir + "/shop.txt", atomically: true, encoding: .utf8)
        try "classes:\n  ShopTile: button\n".write(toFile: dir + "/shop.map.yaml", atomically: true, encoding: .utf8)
        try "recognizers:\n  - {class: UIView, id: dismiss, kind: tap}\n".write(
            toFile: dir + "/shop.recognizers.yaml",
            atomically: true, encoding: .utf8)
        try """
        name: overlays-cli
        trees:
          screens: [{dump: "\(dir)/shop.txt", map: "\(dir)/shop.map.yaml", recognizers: "\(dir)/shop.recognizers.yaml"}]
        gestures: {families: [quickTap], placements: 1}
        """.write(toFile: dir + "/sweep.yaml", atomically: true, encoding: .utf8)
        let run = try cli.sweep("run", dir + "/sweep.yaml", "--output", dir + "/out", "--quiet")
        #expect(run.status == 0, "\(run.stderr)")
        let written = try String(contentsOfFile: dir + "/out/config.yaml", encoding: .utf8)
        #expect(written.contains("    map:\n      file: \"\(dir)/shop.map.yaml\"\n      text: \"classes:\\n  ShopTile: button\\n\"\n"))
        for name in ["shop.txt", "shop.map.yaml", "shop.recognizers.yaml"] { try FileManager.default.removeItem(atPath: dir + "/" + name) }
        let replay = try cli.sweep("trace", "--replay", dir + "/out", "c001-t0-quickTap-p0")
        #expect(replay.status == 0, "\(replay.stderr)")
        #expect(replay.stdout.contains("UIView_L2.dismiss"), "the overlay's recognizer is in the replayed scene")
        #expect(replay.stdout.contains("quickTap on ShopTile_L3"))
    }
}
