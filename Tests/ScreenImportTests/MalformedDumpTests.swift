import ScreenImport
import Testing
import TouchEngine

/// Damaged dumps: what is read, what is skipped, and the warning each gives.
@Suite struct MalformedDumpTests {
    func warnings(_ text: String) throws -> [String] {
        try DumpParser.parse(text, file: "d.txt").warnings.map(\.description)
    }

    @Test func aRecordCutMidLineIsSkippedWithItsLine() throws {
        let r = try DumpParser.parse(
            """
            <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
               | <UIButton: 0x3; frame = (10 10; 100 44); opaque = NO; layer = <CALayer: 0x4>>
               | <UIButton: 0x5; frame = (10 60; 100 44); gestureRecogni
            """, file: "d.txt")
        #expect(r.records.map(\.className) == ["UIWindow", "UIButton"])
        #expect(
            r.warnings.map(\.description) == [
                "line 3: the record of UIButton is cut short (the dump ends before its closing '>'); skipped"
            ])
    }

    @Test func aCutRecordTakesItsSubviewsWithIt() throws {
        let w = try warnings(
            """
            <UIView: 0x1; frame = (0 0; 320 480)>
               | <UIView: 0x2; frame = (0 0; 10 10); text = 'half
               |    | <UIButton: 0x3; frame = (0 0; 5 5)>
               | <UILabel: 0x4; frame = (0 0; 5 5)>
            """)
        #expect(
            w == [
                "line 2: the record of UIView is cut short (the next line starts another view before its closing '>'); skipped",
                "line 2: 1 subview of the view skipped at this line skipped with it"
            ])
    }

    @Test func tooDeepAnIndentAttachesToTheNearestShallowerViewWithAWarning() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x1; frame = (0 0; 320 480)>
               |    |    | <UIButton: 0x3; frame = (0 0; 5 5)>
            <UILabel: 0x4; frame = (0 0; 5 5)>
            """, file: "d.txt")
        #expect(r.records.count == 2)
        #expect(r.records[1].parent == 0 && r.records[1].depth == 1)
        #expect(
            r.warnings.map(\.description) == [
                "line 2: UIButton is indented 3 levels below UIView (line 1), the nearest view above it that is indented less; "
                    + "attached to that view",
                "line 3: a second top-level view (UILabel); a dump has one root; skipped"
            ])
    }

    @Test func elisionsGarbageAndUnknownAttributesAreWarnedAbout() throws {
        let w = try warnings(
            """
            (lldb) po [[UIApp keyWindow] recursiveDescription]
            (id) $1 = 0x7f8 <UIWindow: 0x1; frame = (0 0; 320 480); wobble = 3; alpha = lots>
               | ...
               | <UIView: 0x2; frame = (0 0; 10 10)> - (null)
            """)
        #expect(
            w == [
                "line 1: not a view record ((lldb) po [[UIApp keyWindow] recursiv...); skipped",
                "line 2: text before the view record ('(id) $1 = 0x7f8') ignored",
                "line 2: unknown attribute 'wobble' of UIWindow ignored",
                "line 2: unreadable value 'lots' of 'alpha' of UIWindow ignored",
                "line 3: an elision ('...') stands for views that are not in the dump; skipped"
            ])
    }

    @Test func quotedTextMayHoldSeparatorsApostrophesAndLineBreaks() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x1; frame = (0 0; 320 480)>
               | <UILabel: 0x2; frame = (1 2; 3 4); text = 'Texas Hold'em; <b>
            - two'; hidden = YES; layer = <CALayer: 0x3>>
               | <UIButton: 0x4; frame = (0 0; 5 5); alpha = 0.5>
            """, file: "d.txt")
        #expect(r.warnings.isEmpty)
        #expect(r.records.map(\.className) == ["UIView", "UILabel", "UIButton"])
        #expect(r.records[1].isHidden && r.records[1].frame == Rect(1, 2, 3, 4))
        #expect(r.records[2].alpha == 0.5)
    }

    @Test func indentVariantsAllCountPipes() throws {
        for (child, grandchild) in [("\t| ", "\t|    | "), ("  | ", "  |    | "), ("   | ", "   |    | "), ("| ", "|| ")] {
            let r = try DumpParser.parse(
                "<UIView: 0x1; frame = (0 0; 9 9)>\n\(child)<UIView: 0x2; frame = (0 0; 1 1)>\n"
                    + "\(grandchild)<UIView: 0x3; frame = (0 0; 1 1)>", file: "d")
            #expect(r.records.map(\.depth) == [0, 1, 2], "\(child.debugDescription)")
        }
    }

    @Test func aDumpWhoseLineBreaksWereLostIsSplitAtItsPipes() throws {
        let r = try DumpParser.parse(
            "<UIWebView: 0x1; frame = (0 0; 320 460); > | <UIScrollView: 0x2; frame = (0 0; 320 460); > "
                + "| | <UIImageView: 0x3; frame = (0 0; 54 54); > | | <UIWebBrowserView: 0x4; frame = (0 0; 320 460); >", file: "d")
        #expect(r.records.map(\.className) == ["UIWebView", "UIScrollView", "UIImageView", "UIWebBrowserView"])
        #expect(r.records.map(\.depth) == [0, 1, 2, 2])
        #expect(r.records.map(\.line) == [1, 1, 1, 1])
        #expect(r.warnings.isEmpty)
    }

    @Test func annotationsAndMarkersAroundARecordAreReadPast() throws {
        let r = try DumpParser.parse(
            """
            <MyViewController: 0x7f1> <UIView: 0x1; frame = (0 0; 320 480)>
               | XX (<UIButton: 0x2; frame = (0 0; 5 5)>)
               | <UICollectionView: 0x3; frame = (0 0; 320 400); contentSize: {320, 900}> collection view layout: <UICollectionViewFlowLayout: 0x4>
            """, file: "d.txt")
        #expect(r.records.map(\.className) == ["UIView", "UIButton", "UICollectionView"])
        #expect(r.records[2].contentSize == Size(320, 900))
        #expect(r.warnings.isEmpty)
        #expect(
            r.notes == [
                "a view controller is named in front of 1 view record (MyViewController at line 1): read past; the views are "
                    + "kept with their subviews",
                "1 view marked 'XX (…)' (from line 2), iOS 5 and 6's mark of a view that does not show: imported as their "
                    + "records say (their alpha, hidden and superviews decide the hit test)"
            ])
    }

    @Test func escapedLineBreaksAreReadWithAWarningAndAScaleAsATransform() throws {
        let r = try DumpParser.parse(
            #"Optional(<UIView: 0x1; frame = (0 0; 320 480)>\n   | <UIButton: 0x2; frame = (0 0; 9 9); transform = [0.5, 0, 0, 0.5, 0, 0]>)"#,
            file: "d.txt")
        #expect(r.records.map(\.className) == ["UIView", "UIButton"])
        #expect(
            r.warnings.map(\.description) == [
                "the dump's line breaks are written as \\n (a debugger's string escape); read as line breaks",
                "line 1: text before the view record ('Optional(') ignored"
            ])
        #expect(r.records[1].axisScale == Point(0.5, 0.5))
    }

    @Test func textThatIsNoDumpIsRefusedInOneSentence() {
        let message = errorText { _ = try DumpParser.parse("hello\nworld <b>\n", file: "notes.txt") }
        #expect(
            message == "notes.txt: not a recursiveDescription dump: no line holds a view record such as "
                + "'<UIView: 0x7f8e1c40; frame = (0 0; 390 844); …>'")
    }

    @Test func scrollGeometryIsInferredWhereOldSystemsDoNotPrintIt() throws {
        let screen = try ScreenImporter.importDump(
            """
            <UIWindow: 0x1; frame = (0 0; 320 480)>
               | <UITableView: 0x2; frame = (0 0; 320 480); contentOffset: {0, -64}>
               |    | <UITableViewCell: 0x3; frame = (0 0; 320 900)>
            """, file: "old.txt")
        let table = screen.scene.views[1]
        #expect(table.scroll?.contentSize == Size(320, 900))
        #expect(table.scroll?.contentInset == EdgeInsets(top: 64, left: 0, bottom: 0, right: 0))
        #expect(table.boundsOrigin == Point(0, -64))
        #expect(screen.report.notes.count == 2)
    }
}
