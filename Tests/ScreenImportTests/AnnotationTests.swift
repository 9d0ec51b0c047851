import ScreenImport
import Testing
import TouchEngine
import TouchScenarios

/// View-controller annotations and marks in front of a view record: the view is kept with its subviews.
@Suite struct AnnotationTests {
    /// iOS 6's `po [controller.view recursiveDescription]`: a controller's view carries `'Controller:0x…'` (and
    /// `N child[…]` for its child controllers) in front of it, and views that do not show carry `XX (…)`.
    static let ios6Login = """
        (id) $1 = 0x0a6c3d90 'LoginRootController:0x8a3b2c0' 1 child[LoginFormController:0x8a3e150 ] <UILayoutContainerView: 0x8a41f20; frame = (0 0; 320 480); autoresize = W+H; layer = <CALayer: 0x8a41f80>>
           | <UINavigationTransitionView: 0x8a42b70; frame = (0 0; 320 480); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x8a42c10>>
           |    | <UIViewControllerWrapperView: 0x8a44a40; frame = (0 64; 320 416); autoresize = W+H; layer = <CALayer: 0x8a44aa0>>
           |    |    | 'LoginFormController:0x8a3e150' <UIView: 0x8a45310; frame = (0 0; 320 416); autoresize = W+H; layer = <CALayer: 0x8a45370>>
           |    |    |    | <UITextField: 0x8a46020; frame = (20 20; 280 31); text = ''; clipsToBounds = YES; opaque = NO; layer = <CALayer: 0x8a460f0>>
           |    |    |    | <UIRoundedRectButton: 0x8a47a80; frame = (20 70; 280 44); opaque = NO; layer = <CALayer: 0x8a47b60>>
           |    |    |    |    | <UIButtonLabel: 0x8a48d10; frame = (115 12; 50 19); text = 'Log In'; clipsToBounds = YES; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x8a48d80>>
           |    |    |    | XX (<UILabel: 0x8a49230; frame = (20 130; 280 21); text = 'Wrong password'; alpha = 0; clipsToBounds = YES; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x8a492a0>>)
           |    |    |    | 'LoginFormFooterControllerForTheForgottenPasswordLink:0x8a4a000' <UIView: 0x8a4a4c0; frame = (0 356; 320 60); layer = <CALayer: 0x8a4a520>>
           |    |    |    |    | <UIButton: 0x8a4b030; frame = (100 8; 120 44); opaque = NO; layer = <CALayer: 0x8a4b0c0>>
           |    |    |    |    |    | XX (<UIImageView: 0x8a4b5e0; frame = (0 0; 120 44); alpha = 0; opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x8a4b650>>) - (null)
           | <UINavigationBar: 0x8a43210; frame = (0 20; 320 44); autoresize = W; layer = <CALayer: 0x8a432d0>>
           |    | <UINavigationBarBackground: 0x8a43690; frame = (0 0; 320 44); opaque = NO; autoresize = W; userInteractionEnabled = NO; layer = <CALayer: 0x8a43720>> - (null)
           |    | <UINavigationItemView: 0x8a4c120; frame = (118 8; 84 27); opaque = NO; userInteractionEnabled = NO; layer = <CALayer: 0x8a4c190>>
        """

    @Test func iOS6ControllerAnnotationsKeepTheRootTheControllersViewsAndTheirButtons() throws {
        let r = try DumpParser.parse(Self.ios6Login, file: "login.txt")
        #expect(r.records.count == 14)
        #expect(r.records.first?.className == "UILayoutContainerView")
        // The annotated view keeps its place and its subviews.
        let form = try #require(r.records.firstIndex { $0.line == 4 })
        #expect(r.records[form].className == "UIView" && r.records[r.records[form].parent!].className == "UIViewControllerWrapperView")
        #expect(r.records.filter { $0.parent == form }.map(\.className) == ["UITextField", "UIRoundedRectButton", "UILabel", "UIView"])
        #expect(r.records.last?.parent.map { r.records[$0].className } == "UINavigationBar")
        #expect(r.warnings.map(\.description) == ["line 1: text before the view record ('(id) $1 = 0x0a6c3d90') ignored"])
        #expect(
            r.notes == [
                "a view controller is named in front of 3 view records (LoginRootController at line 1, …): read past; the views "
                    + "are kept with their subviews",
                "2 views marked 'XX (…)' (from line 8), iOS 5 and 6's mark of a view that does not show: imported as their "
                    + "records say (their alpha, hidden and superviews decide the hit test)"
            ])

        let screen = try ScreenImporter.importDump(Self.ios6Login, file: "login.txt")
        let targets = screen.elements.map { screen.scene.views[$0.view].name }
        #expect(targets == ["UITextField_L5", "UIRoundedRectButton_L6", "UIButton_L10"])
        #expect(screen.report.notes.prefix(2) == r.notes[...])
    }

    @Test func printHierarchyLinesKeepTheViewRecordTheyName() throws {
        let r = try DumpParser.parse(
            """
            <MyApp.SettingsViewController 0x7fd3e2c0a400>, state: appeared, view: <UIView: 0x7fd3e2d05b10; frame = (0 0; 375 667); autoresize = W+H; layer = <CALayer: 0x600001e4c2a0>>
               | <UISwitch: 0x7fd3e2d06c20; frame = (308 120; 51 31); opaque = NO; layer = <CALayer: 0x600001e4c3c0>>
               | <ProfileViewController: 0x7fd3e2c0b200>, state: appeared, view: <UIView: 0x7fd3e2d07d30; frame = (0 200; 375 300); layer = <CALayer: 0x600001e4c4e0>>
               |    | <UIButton: 0x7fd3e2d08e40; frame = (16 16; 120 44); opaque = NO; layer = <CALayer: 0x600001e4c600>>
            """, file: "settings.txt")
        #expect(r.records.map(\.className) == ["UIView", "UISwitch", "UIView", "UIButton"])
        #expect(r.records.map(\.parent) == [nil, 0, 0, 2])
        #expect(r.warnings.isEmpty)
        #expect(r.notes.first?.hasPrefix("a view controller is named in front of 2 view records (MyApp.SettingsViewController at line 1, …)") == true)
    }

    @Test func aRecordInsideTheChildBracketsIsTheView() throws {
        let r = try DumpParser.parse(
            """
            'MyViewController:0x8a3b2c0' 1 child[<UIView: 0x8a3c4d0; frame = (0 0; 320 480); autoresize = W+H; layer = <CALayer: 0x8a3c530>>]
               | <UIButton: 0x8a3d110; frame = (20 400; 280 44); opaque = NO; layer = <CALayer: 0x8a3d1a0>>
            """, file: "bracket.txt")
        #expect(r.records.map(\.className) == ["UIView", "UIButton"])
        #expect(r.records[1].parent == 0)
        #expect(r.warnings.isEmpty)
    }

    @Test func controllerLinesWithoutAViewRecordAreOneWarningAndLeaveTheTreeAlone() throws {
        let r = try DumpParser.parse(
            """
            <UIWindow: 0x7f9b1e40; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x6000012c>; layer = <UIWindowLayer: 0x6000013d>>
               | <UIView: 0x7f9b2f50; frame = (0 0; 390 844); autoresize = W+H; layer = <CALayer: 0x6000014e>>
            <UINavigationController 0x7f9c0000>, state: appeared, view: <UILayoutContainerView 0x7f9c1100>
               | <MyApp.FeedViewController 0x7f9c2200>, state: appeared, view: <UIView 0x7f9b2f50>
               + <MyApp.ComposeViewController 0x7f9c3300>, state: disappeared, view: <UIView 0x7f9c4400> not in the window
            """, file: "with-pvc.txt")
        #expect(r.records.map(\.className) == ["UIWindow", "UIView"])
        #expect(
            r.warnings.map(\.description) == [
                "line 3: view-controller lines without a view record (_printHierarchy or Chisel's pvc output): 3 from this line on; skipped"
            ])
    }

    @Test func aFramelessControllerRecordBeforeTheViewIsAnAnnotation() throws {
        let r = try DumpParser.parse(
            """
            <LoginViewController: 0x7fb0c1d0>, state: appeared, view: <UIView: 0x7fb0c2e0; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer: 0x7fb0c3f0>>
               | <UIButton: 0x7fb0c500; frame = (20 300; 280 44); opaque = NO; layer = <CALayer: 0x7fb0c610>>
            """, file: "colon.txt")
        #expect(r.records.map(\.className) == ["UIView", "UIButton"])
        #expect(r.records[0].frame == Rect(0, 0, 320, 568))
        #expect(r.warnings.isEmpty)
        #expect(r.notes.count == 1)
    }
}
