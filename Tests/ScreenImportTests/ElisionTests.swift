import ScreenImport
import Testing
import TouchEngine

/// `...` and `…` where an author left part of a dump out: inside a record, at its end, or between records.
@Suite struct ElisionTests {
    @Test func anElisionInsideAMultiLineRecordIsReadPastAndTheRecordKept() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x7fe41c; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x600002a4>>
               | <UILabel: 0x7fe41d; frame = (20 100; 335 120); text = 'By continuing you agree to
               ...
            and the privacy policy.'; opaque = NO; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x600002a5>>
               | <UIButton: 0x7fe41e; frame = (20 300; 335 50); opaque = NO; layer = <CALayer: 0x600002a6>>
            """, file: "terms.txt")
        #expect(r.records.map(\.className) == ["UIView", "UILabel", "UIButton"])
        #expect(r.records[1].frame == Rect(20, 100, 335, 120) && !r.records[1].isUserInteractionEnabled)
        #expect(
            r.warnings.map(\.description) == [
                "line 3: an elision ('...') inside the record of UILabel stands for text that is not in the dump; read past"
            ])
    }

    @Test func aRecordItsAuthorCutWithDotsIsReadUpToThemWithItsSubviews() throws {
        let r = try DumpParser.parse(
            """
            <UIWindow: 0x7fa0b1; frame = (0 0; 375 812); gestureRecognizers = <NSArray: 0x6000031>; layer = <UIWindowLayer: 0x6000032>>
               | <MyApp.ProfileHeaderView: 0x7fa0b2; frame = (0 88; 375 180); autoresize = W; gestureRecognizers = <NSArray: 0x6000033>; layer = ...
               |    | <UIButton: 0x7fa0b3; frame = (315 20; 44 44); opaque = NO; layer = <CALayer: 0x6000034>>
               | <UILabel: 0x7fa0b4; frame = (16 280; 343 21); text = 'Posts from people you fo…
               | <UITableView: 0x7fa0b5; frame = (0 300; 375 512); clipsToBounds = YES; layer = <CALayer: 0x6000035>; contentOffset: {0, 0}; contentSize: {375, 900}>
            """, file: "profile.txt")
        #expect(r.records.map(\.className) == ["UIWindow", "MyApp.ProfileHeaderView", "UIButton", "UILabel", "UITableView"])
        #expect(r.records.map(\.parent) == [nil, 0, 1, 0, 0])
        #expect(r.records[1].frame == Rect(0, 88, 375, 180) && r.records[1].hasGestureRecognizers)
        #expect(r.records[3].frame == Rect(16, 280, 343, 21))
        #expect(
            r.warnings.map(\.description) == [
                "line 2: an elision ('...') cuts the record of MyApp.ProfileHeaderView short: it stands for text that is not "
                    + "in the dump; the record is read up to it",
                "line 4: an elision ('…') cuts the record of UILabel short: it stands for text that is not in the dump; the "
                    + "record is read up to it"
            ])
    }

    @Test func anElisionLineAfterAnOpenRecordIsAnElisionNotACut() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x15d0a2; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer: 0x15d0a3>>
               | <UITextView: 0x15d0a4; frame = (10 74; 300 200); text = 'Release notes:
               |    .......
               | <UIButton: 0x15d0a5; frame = (10 300; 300 44); opaque = NO; layer = <CALayer: 0x15d0a6>>
            """, file: "notes.txt")
        #expect(r.records.map(\.className) == ["UIView", "UITextView", "UIButton"])
        #expect(r.records[1].frame == Rect(10, 74, 300, 200))
        #expect(
            r.warnings.map(\.description) == [
                "line 3: an elision ('.......') cuts the record of UITextView short: it stands for text that is not in the dump; "
                    + "the record is read up to it"
            ])
        #expect(!r.warnings.contains { $0.message.contains("cut short") })
    }

    @Test func elisionLinesBetweenRecordsAreWarnedAboutInEveryForm() throws {
        let w = try DumpParser.parse(
            """
            <UIView: 0x1a; frame = (0 0; 320 480); layer = <CALayer: 0x1b>>
               | <UIButton: 0x1c; frame = (0 0; 44 44); opaque = NO; layer = <CALayer: 0x1d>>
               |    | ...
               | …
            .......
            """, file: "forms.txt"
        ).warnings.map(\.description)
        #expect(
            w == [
                "line 3: an elision ('...') stands for views that are not in the dump; skipped",
                "line 4: an elision ('…') stands for views that are not in the dump; skipped",
                "line 5: an elision ('.......') stands for views that are not in the dump; skipped"
            ])
    }
}

extension ElisionTests {
    @Test func dotsInTextThatGoesOnAreText() throws {
        let r = try DumpParser.parse(
            """
            <UIView: 0x2a; frame = (0 0; 320 480); layer = <CALayer: 0x2b>>
               | <UILabel: 0x2c; frame = (0 0; 320 40); text = 'Loading...
            please wait'; userInteractionEnabled = NO; layer = <_UILabelLayer: 0x2d>>
            """, file: "loading.txt")
        #expect(r.records.count == 2)
        #expect(r.warnings.isEmpty)
    }
}
