import ScreenImport
import Testing
import TouchEngine
import TouchScenarios

/// iOS 7–10 tables hold their cells in a `UITableViewWrapperView` that keeps the unscrolled table's frame. When
/// the table is scrolled, the rows on screen lie outside the wrapper's frame, yet they take touches.
@Suite struct TableWrapperTests {
    /// An iOS 8 table scrolled to {0, 500}: rows at content y 500–1068 are on screen, the wrapper is (0 0; 320 568).
    static let scrolledTable = """
        <UIWindow: 0x7c0a1e40; frame = (0 0; 320 568); gestureRecognizers = <NSArray: 0x7c0a2f50>; layer = <UIWindowLayer: 0x7c0a1c20>>
           | <UITableView: 0x7d8b4600; frame = (0 0; 320 568); clipsToBounds = YES; autoresize = W+H; gestureRecognizers = <NSArray: 0x7c0b3e60>; layer = <CALayer: 0x7c0b2a40>; contentOffset: {0, 500}; contentSize: {320, 1408}>
           |    | <UITableViewWrapperView: 0x7c0b5d80; frame = (0 0; 320 568); gestureRecognizers = <NSArray: 0x7c0b6f90>; layer = <CALayer: 0x7c0b5ee0>; contentOffset: {0, 0}; contentSize: {320, 568}>
           |    |    | <UITableViewCell: 0x7d8c1a00; frame = (0 1012; 320 44); text = 'Row 23'; autoresize = W; layer = <CALayer: 0x7c0c7a10>>
           |    |    |    | <UITableViewCellContentView: 0x7c0c7b20; frame = (0 0; 320 43.5); gestureRecognizers = <NSArray: 0x7c0c8c30>; layer = <CALayer: 0x7c0c7c90>>
           |    |    |    |    | <UILabel: 0x7c0c8d40; frame = (15 0; 290 43.5); text = 'Row 23'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x7c0c8e50>>
           |    |    |    | <_UITableViewCellSeparatorView: 0x7c0c9f60; frame = (15 43.5; 305 0.5); layer = <CALayer: 0x7c0ca070>>
           |    |    | <UITableViewCell: 0x7d8c0600; frame = (0 780; 320 44); text = 'Row 18'; autoresize = W; layer = <CALayer: 0x7c0c3910>>
           |    |    |    | <UITableViewCellContentView: 0x7c0c3a20; frame = (0 0; 320 43.5); gestureRecognizers = <NSArray: 0x7c0c4b30>; layer = <CALayer: 0x7c0c3b90>>
           |    |    |    |    | <UILabel: 0x7c0c4c40; frame = (15 0; 290 43.5); text = 'Row 18'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x7c0c4d50>>
           |    |    | <UITableViewCell: 0x7d8bf200; frame = (0 484; 320 44); text = 'Row 11'; autoresize = W; layer = <CALayer: 0x7c0bf810>>
           |    |    |    | <UITableViewCellContentView: 0x7c0bf920; frame = (0 0; 320 43.5); gestureRecognizers = <NSArray: 0x7c0c0a30>; layer = <CALayer: 0x7c0bfa90>>
           |    | <UIImageView: 0x7c0d1b80; frame = (314.5 1058; 2.5 7); alpha = 0; opaque = NO; autoresize = LM; userInteractionEnabled = NO; layer = <CALayer: 0x7c0d1c90>>
        """

    func screen() throws -> ImportedScreen { try ScreenImporter.importDump(Self.scrolledTable, file: "scrolled.txt") }

    func view(_ s: ImportedScreen, line: Int) throws -> ViewID {
        try #require(s.scene.views.firstIndex { $0.name.hasSuffix("_L\(line)") })
    }

    @Test func theWrapperTakesItsSuperviewsPointInside() throws {
        let s = try screen()
        #expect(s.scene.views[try view(s, line: 3)].hitTestOverride == .deferToSuperview)
        #expect(s.scene.views[try view(s, line: 2)].hitTestOverride == HitTestOverride.none)
    }

    @Test func aTapOnARowBelowTheWrappersFrameReachesTheCell() throws {
        let s = try screen()
        var scene = s.scene
        // Window y 300 is content y 800: inside Row 18 (780–824), far below the wrapper's frame (0–568).
        let p = Point(160, 300)
        scene.script = [ScriptEvent(time: .ms(0), touch: 1, action: .down(p)), ScriptEvent(time: .ms(80), touch: 1, action: .up(p))]
        let hit = Engine.trace(scene).compactMap { event -> (ViewID?, [ViewID])? in
            if case let .hitTest(_, view, chain, _) = event.kind { return (view, chain) }
            return nil
        }.first
        let row18 = try view(s, line: 8), contentView = try view(s, line: 9)
        #expect(hit?.0 == contentView, "the row's content view, under the label that takes no touches")
        #expect(hit?.1.contains(row18) == true)
    }

    @Test func everyRowOnScreenIsATargetWithTheRectTheTableShowsOfIt() throws {
        let s = try screen()
        let cells = s.elements.filter { if case .cell = $0.kind { return true } else { return false } }
        #expect(cells.map { s.scene.views[$0.view].name } == ["UITableViewCell_L4", "UITableViewCell_L8", "UITableViewCell_L11"])
        // Row 23 at content 1012–1056 shows at window 512–556; Row 11 (484–528) shows its lower 28 points.
        #expect(cells.map(\.visibleRect) == [Rect(0, 512, 320, 44), Rect(0, 280, 320, 44), Rect(0, 0, 320, 28)])
    }

    @Test func withoutAPrintedContentSizeTheRowsInTheWrapperCount() throws {
        // iOS 7 prints no contentSize: the rows inside the wrapper (and the scroll indicator) give the extent.
        let iOS7 = Self.scrolledTable.replacingOccurrences(of: "; contentSize: {320, 1408}>", with: ">")
        let s = try ScreenImporter.importDump(iOS7, file: "ios7.txt")
        #expect(s.scene.views[try view(s, line: 2)].scroll?.contentSize == Size(320, 1065))
        #expect(s.report.notes.contains("UITableView_L2: contentSize is not in the dump; taken as {320, 1065}, the extent of its subviews"))
    }
}
