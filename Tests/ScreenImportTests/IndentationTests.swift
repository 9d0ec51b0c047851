import ScreenImport
import Testing
import TouchEngine

/// Indentation alone decides a view's superview, also after a line was skipped or indented oddly.
@Suite struct IndentationTests {
    /// Class names with the class name of each one's superview (`-` for the root).
    func tree(_ r: DumpParser.Result) -> [String] {
        r.records.map { "\($0.className)<\($0.parent.map { r.records[$0].className } ?? "-")" }
    }

    @Test func theSiblingsOfACutRecordStayItsSiblingsAndItsSubviewsGoWithIt() throws {
        let r = try DumpParser.parse(
            """
            <UIWindow: 0x7fa1c0c0a6b0; frame = (0 0; 375 667); gestureRecognizers = <NSArray: 0x600000c54f30>; layer = <UIWindowLayer: 0x600000c54d80>>
               | <UIView: 0x7fa1c0e04f10; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x6000002d2a40>>
               |    | <UILabel: 0x7fa1c0e05a20; frame = (16 80; 343 21); text = 'Sign in to conti
               |    |    | <UIView: 0x7fa1c0e05f00; frame = (0 0; 1 1); layer = <CALayer: 0x6000002d2b00>>
               |    | <UIButton: 0x7fa1c0e06330; frame = (16 120; 343 44); opaque = NO; layer = <CALayer: 0x6000002d3b20>>
               |    |    | <UIButtonLabel: 0x7fa1c0e06ba0; frame = (140 12; 63 20); text = 'Sign In'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x600002b8c0a0>>
               |    | <UIButton: 0x7fa1c0e07040; frame = (16 180; 343 44); opaque = NO; layer = <CALayer: 0x6000002d3c40>>
            """, file: "signin.txt")
        #expect(tree(r) == ["UIWindow<-", "UIView<UIWindow", "UIButton<UIView", "UIButtonLabel<UIButton", "UIButton<UIView"])
        #expect(
            r.warnings.map(\.description) == [
                "line 3: the record of UILabel is cut short (the next line starts another view before its closing '>'); skipped",
                "line 3: 1 subview of the view skipped at this line skipped with it"
            ])
    }

    @Test func aViewIndentedTooDeepKeepsItsSiblingsBesideItAndItsSubviewsUnderIt() throws {
        // The author dropped two levels of containers when pasting: the cells are printed three levels down.
        let r = try DumpParser.parse(
            """
            <UITableView: 0x7f8b2a00; frame = (0 0; 320 568); clipsToBounds = YES; layer = <CALayer: 0x7f8b2b10>; contentOffset: {0, 0}; contentSize: {320, 600}>
               |    |    | <UITableViewCell: 0x7f8c0100; frame = (0 0; 320 44); layer = <CALayer: 0x7f8c0200>>
               |    |    |    | <UITableViewCellContentView: 0x7f8c0300; frame = (0 0; 320 43.5); layer = <CALayer: 0x7f8c0400>>
               |    |    | <UITableViewCell: 0x7f8c0500; frame = (0 44; 320 44); layer = <CALayer: 0x7f8c0600>>
               | <UIImageView: 0x7f8c0700; frame = (314 561; 3 7); alpha = 0; opaque = NO; layer = <CALayer: 0x7f8c0800>>
            """, file: "cells.txt")
        #expect(
            tree(r) == [
                "UITableView<-", "UITableViewCell<UITableView", "UITableViewCellContentView<UITableViewCell",
                "UITableViewCell<UITableView", "UIImageView<UITableView"
            ])
        #expect(r.records.map(\.depth) == [0, 1, 2, 1, 1])
        #expect(
            r.warnings.map(\.description) == [
                "line 2: UITableViewCell is indented 3 levels below UITableView (line 1), the nearest view above it that is "
                    + "indented less; attached to that view",
                "line 4: UITableViewCell is indented 3 levels below UITableView (line 1), the nearest view above it that is "
                    + "indented less; attached to that view"
            ])
    }

    @Test func anUnreadableViewLineTakesTheLinesNestedUnderItAlong() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x14be0c40; frame = (0 0; 320 480); autoresize = W+H; layer = <CALayer: 0x14be0d00>>
               | <FeedHeaderView 0x14be1a20 frame (0 0; 320 120)>
               |    | <UIButton: 0x14be1c80; frame = (10 10; 44 44); opaque = NO; layer = <CALayer: 0x14be1d10>>
               | <UIButton: 0x14be2000; frame = (10 200; 300 44); opaque = NO; layer = <CALayer: 0x14be2090>>
            """, file: "feed.txt")
        #expect(tree(r) == ["UIView<-", "UIButton<UIView"])
        #expect(r.records[1].line == 4)
        #expect(
            r.warnings.map(\.description) == [
                "line 2: not a view record (<FeedHeaderView 0x14be1a20 frame (0 0...); skipped",
                "line 2: 1 subview of the view skipped at this line skipped with it"
            ])
    }

    @Test func aSkipThatRunsToTheEndOfTheDumpReportsItsCountAsOneInTheMiddleDoes() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x7b8f2e10; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer: 0x7b8f2ee0>>
               | <UIButton: 0x7b8f3000; frame = (20 20; 100 44); opaque = NO; layer = <CALayer: 0x7b8f30a0>>
            <UIView: 0x7b900000; frame = (0 0; 320 568); layer = <CALayer: 0x7b9000a0>>
               | <UIButton: 0x7b900200; frame = (20 80; 100 44); opaque = NO; layer = <CALayer: 0x7b9002a0>>
               |    | <UIButtonLabel: 0x7b900400; frame = (10 12; 80 20); text = 'Next'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x7b9004a0>>
            """, file: "two-roots.txt")
        #expect(tree(r) == ["UIView<-", "UIButton<UIView"])
        #expect(
            r.warnings.map(\.description) == [
                "line 3: a second top-level view (UIView); a dump has one root; skipped",
                "line 3: 2 subviews of the view skipped at this line skipped with it"
            ])
    }

    @Test func aCutTableTakesItsWrapperAndCellsAlong() throws {
        let w = try DumpParser.parse(
            """
            <UIWindow: 0x1; frame = (0 0; 320 480); layer = <UIWindowLayer: 0x2>>
               | <MMTableView: 0x3; baseClass = UITableView; frame = (0 0; 320 480); gestureRecogni
               |    | <UITableViewWrapperView: 0x4; frame = (0 0; 320 480); layer = <CALayer: 0x5>>
               |    |    | <UITableViewCell: 0x6; frame = (0 0; 320 44); layer = <CALayer: 0x7>>
            """, file: "cut.txt"
        ).warnings.map(\.description)
        #expect(
            w == [
                "line 2: the record of MMTableView is cut short (the next line starts another view before its closing '>'); skipped",
                "line 2: 2 subviews of the view skipped at this line skipped with it"
            ])
    }

    @Test func viewsNestedUnderAnElisionBelongToViewsThatAreNotInTheDump() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x7fd1; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x7fd2>>
               | <UIStackView: 0x7fd3; frame = (16 100; 343 200); layer = <CATransformLayer: 0x7fd4>>
               |    | ...
               |    |    | <UIButton: 0x7fd5; frame = (0 0; 100 44); opaque = NO; layer = <CALayer: 0x7fd6>>
               |    | <UISwitch: 0x7fd7; frame = (290 150; 51 31); opaque = NO; layer = <CALayer: 0x7fd8>>
               | ...
               |    | <UILabel: 0x7fd9; frame = (0 0; 100 20); text = 'Footer'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x7fda>>
            """, file: "elided.txt")
        #expect(tree(r) == ["UIView<-", "UIStackView<UIView", "UISwitch<UIStackView"])
        #expect(
            r.warnings.map(\.description) == [
                "line 3: an elision ('...') stands for views that are not in the dump; skipped",
                "line 3: 1 view nested under the elision at this line skipped (their superview is not in the dump)",
                "line 6: an elision ('...') stands for views that are not in the dump; skipped",
                "line 6: 1 view nested under the elision at this line skipped (their superview is not in the dump)"
            ])
    }
}
