import ScreenImport
import Testing
import TouchEngine

/// `--recognizers`: which views an entry selects, how the recognizers are named, and what goes wrong.
@Suite struct RecognizerOverlayTests {
    static let dump = """
        <UIWindow: 0x1; frame = (0 0; 320 480)>
           | <UITableView: 0x2; frame = (0 0; 320 480); gestureRecognizers = <NSArray: 0x9>; contentOffset: {0, 0}; contentSize: {320, 900}>
           |    | <MyApp.FeedCell: 0x3; frame = (0 0; 320 60); gestureRecognizers = <NSArray: 0x9>>
           |    |    | <MyApp.LikeButton: 0x4; frame = (270 10; 40 40)>
           |    | <MyApp.FeedCell: 0x5; frame = (0 60; 320 60); gestureRecognizers = <NSArray: 0x9>>
           | <MyApp.FeedCell: 0x6; frame = (0 400; 320 60)>
        """

    func screen(_ overlay: String) throws -> ImportedScreen {
        try ScreenImporter.importDump(
            Self.dump, file: "feed.txt",
            recognizers: try RecognizerOverlay.parse(yaml: overlay, file: "overlay.yaml"))
    }

    func names(_ s: ImportedScreen) -> [String] {
        s.scene.recognizers.filter {
            switch $0.kind {
            case .scrollDelay, .scrollPan: return false
            default: return true
            }
        }.map(\.name)
    }

    @Test func aClassPatternSelectsEveryViewOfTheClass() throws {
        let s = try screen("recognizers:\n  - {class: \"*FeedCell\", kind: longPress, minimumPressDuration: 400}\n")
        #expect(names(s) == ["MyApp.FeedCell_L3.longPress", "MyApp.FeedCell_L5.longPress", "MyApp.FeedCell_L6.longPress"])
        #expect(s.scene.recognizers.last?.thresholds.minimumPressDuration == .ms(400))
        // The dump's recognizers of the cells are now declared; the table's own are implicit.
        #expect(s.report.undeclaredRecognizers.isEmpty)
        #expect(s.report.declaredRecognizers == 3)
    }

    @Test func aPathSelectsByTheSuperviewsAndAnAnchorStartsAtTheRoot() throws {
        let inTable = try screen("recognizers:\n  - {path: \"UITableView/*Cell\", id: like, kind: tap, taps: 2}\n")
        #expect(names(inTable) == ["MyApp.FeedCell_L3.like", "MyApp.FeedCell_L5.like"])
        let anchored = try screen("recognizers:\n  - {path: \"/UIWindow/*Cell\", kind: tap}\n")
        #expect(names(anchored) == ["MyApp.FeedCell_L6.tap"])
    }

    @Test func aViewIDSelectsOneViewAndPoliciesMayNameTheScrollViewsPan() throws {
        let s = try screen(
            """
            recognizers:
              - view: MyApp.LikeButton_L4
                kind: pan
                simultaneousWith: [UITableView_L2.pan]
            """)
        #expect(names(s) == ["MyApp.LikeButton_L4.pan"])
        let pan = try #require(s.scene.recognizer(named: "UITableView_L2.pan"))
        #expect(s.scene.recognizers.last?.policies.simultaneousWith == .only([pan]))
    }

    @Test func anEntryThatMatchesNothingWarnsAndBadEntriesAreOneSentence() throws {
        let s = try screen("recognizers:\n  - {class: NoSuchView, kind: tap}\n")
        #expect(s.report.warnings.map(\.description) == ["overlay.yaml:2: this recognizer matches no view of the dump"])
        #expect(s.report.undeclaredRecognizers == ["MyApp.FeedCell_L3", "MyApp.FeedCell_L5"])

        let both = errorText { _ = try RecognizerOverlay.parse(yaml: "recognizers:\n  - {class: A, view: B, kind: tap}\n", file: "o.yaml") }
        #expect(both == "o.yaml:2:5: a recognizer takes only one of 'class', 'path' and 'view', but this one has class and view")
        let unknown = errorText { _ = try screen("recognizers:\n  - {class: \"*FeedCell\", kind: tap, colour: red}\n") }
        #expect(unknown?.hasPrefix("overlay.yaml:2:37: unknown key 'colour' in recognizer 'MyApp.FeedCell_L3.tap'") == true, "\(unknown ?? "")")
    }
}
