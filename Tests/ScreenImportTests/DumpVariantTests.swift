import ScreenImport
import Testing
import TouchEngine

/// Variants of the dump text that real sources print: address-less records (swift-snapshot-testing), names
/// whose `_` a markdown file escaped, and instance-variable names in front of records (HOURecursiveDescription).
@Suite struct DumpVariantTests {
    /// swift-snapshot-testing's `.recursiveDescription` strategy strips every address so that snapshots compare.
    static let snapshotTesting = """
        <UITableView; frame = (0 0; 320 568); clipsToBounds = YES; autoresize = W+H; gestureRecognizers = <NSArray>; layer = <CALayer>; contentOffset: {0, -20}; contentSize: {320, 880}; adjustedContentInset: {20, 0, 0, 0}>
           | <UITableViewCell; frame = (0 0; 320 44); text = '1'; autoresize = W; layer = <CALayer>>
           |    | <UITableViewCellContentView; frame = (0 0; 320 43.5); gestureRecognizers = <NSArray>; layer = <CALayer>>
           |    |    | <UITableViewLabel; frame = (16 0; 288 43.5); text = '1'; userInteractionEnabled = NO; layer = <_UILabelLayer>>
           |    | <_UITableViewCellSeparatorView; frame = (16 43.5; 304 0.5); layer = <CALayer>>
           | <UITableViewCell; frame = (0 44; 320 44); text = '2'; autoresize = W; layer = <CALayer>>
           |    | <UITableViewCellContentView; frame = (0 0; 320 43.5); gestureRecognizers = <NSArray>; layer = <CALayer>>
        """

    @Test func addressLessRecordsOfSnapshotTestingReadLikeAnyOther() throws {
        let r = try DumpParser.parse(Self.snapshotTesting, file: "snapshot.txt")
        #expect(
            r.records.map(\.className) == [
                "UITableView", "UITableViewCell", "UITableViewCellContentView", "UITableViewLabel",
                "_UITableViewCellSeparatorView", "UITableViewCell", "UITableViewCellContentView"
            ])
        #expect(r.records.map(\.depth) == [0, 1, 2, 3, 2, 1, 2])
        #expect(r.records[0].contentOffset == Point(0, -20) && r.records[0].contentSize == Size(320, 880))
        #expect(r.records[5].frame == Rect(0, 44, 320, 44))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let screen = try ScreenImporter.importDump(Self.snapshotTesting, file: "snapshot.txt")
        #expect(screen.report.interactive == 2 && screen.report.scrollViews == 1 && screen.report.scrollable == 1)
    }

    @Test func aBareClassWithoutAFrameIsStillNoRecord() throws {
        // `<NSArray>` and `<CALayer>` inside a record, and a line of only `<Foo; bar = 1>`, are not views.
        #expect(throws: DumpRefusal.self) { try DumpParser.parse("<Foo; bar = 1>\n<CALayer> (layer)\n", file: "x.txt") }
    }

    /// A CTF write-up kept in a markdown file escapes the `_` of private class names.
    @Test func markdownEscapedUnderscoresAreReadAsUnderscores() throws {
        let dump = """
            <UIWindow: 0x113d0e8e0; frame = (0 0; 375 667); gestureRecognizers = <NSArray: 0x1c4246e70>; layer = <UIWindowLayer: 0x1c4028b60>>
               | <UIView: 0x113e0b2a0; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x1c4029f40>>
               |    | <\\_UILayoutGuide: 0x113d73b90; frame = (0 0; 0 20); hidden = YES; layer = <CALayer: 0x1c402a1a0>>
               |    | <UIButton: 0x113d6e620; frame = (150 300; 75 30); opaque = NO; layer = <CALayer: 0x1c402a3e0>>
            """
        let r = try DumpParser.parse(dump, file: "writeup.txt")
        #expect(r.records.map(\.className) == ["UIWindow", "UIView", "_UILayoutGuide", "UIButton"])
        #expect(r.records[2].isHidden && r.records[3].parent == 1)
        #expect(r.warnings.isEmpty, "\(r.warnings)")
    }

    /// HOURecursiveDescription names the instance variables that hold a view in front of its record.
    @Test func instanceVariableNamesInFrontOfRecordsAreOneNoteNotAWarningPerLine() throws {
        let dump = """
            <UIWindow: 0xde15700; frame = (0 0; 320 568); gestureRecognizers = <NSArray: 0xde17dc0>; layer = <UIWindowLayer: 0xde18620>>
            | 'RootViewController:0xde189b0' <UIView: 0x8a23390; frame = (0 0; 320 568); autoresize = RM+BM; layer = <CALayer: 0x8a233f0>>
            |    | _header <UIView: 0x8a23220; frame = (0 20; 320 60); layer = <CALayer: 0x8a23280>>
            |    |    | _saveButton, _button <UIButton: 0x8a22a30; frame = (240 10; 70 40); opaque = NO; layer = <CALayer: 0x8a22b10>>
            |    | _titleLabel <UILabel: 0x8a24a10; frame = (20 100; 280 21); userInteractionEnabled = NO; layer = <_UILabelLayer: 0x8a24b00>>
            """
        let r = try DumpParser.parse(dump, file: "hou.txt")
        #expect(r.records.map(\.className) == ["UIWindow", "UIView", "UIView", "UIButton", "UILabel"])
        #expect(r.records.map(\.depth) == [0, 1, 2, 3, 2])
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(
            r.notes.contains(
                "3 view records follow the names of the instance variables that hold them (from line 3, as "
                    + "HOURecursiveDescription prints them): read past"))
    }

    @Test func otherTextInFrontOfARecordStillWarns() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x1; frame = (0 0; 320 480); layer = <CALayer: 0x2>>
               | header: <UIView: 0x3; frame = (0 0; 320 44); layer = <CALayer: 0x4>>
            """, file: "odd.txt")
        #expect(r.records.count == 2)
        #expect(r.warnings.map(\.description) == ["line 2: text before the view record ('header:') ignored"])
    }
}
