import ScreenImport
import Testing
import TouchEngine

/// Whose recognizers a dump's `gestureRecognizers = <NSArray: …>` are: the app's (listed for `--recognizers`)
/// or UIKit's own (counted, not modelled).
@Suite struct RecognizerOwnerTests {
    static let profile = """
        <UIWindow: 0x15e50a10; frame = (0 0; 320 568); gestureRecognizers = <NSArray: 0x15e51b20>; layer = <UIWindowLayer: 0x15e50c30>>
           | <UILayoutContainerView: 0x15d3e2f0; frame = (0 0; 320 568); autoresize = W+H; gestureRecognizers = <NSArray: 0x15d40120>; layer = <CALayer: 0x15d3e3a0>>
           |    | <UINavigationTransitionView: 0x15d42340; frame = (0 0; 320 568); clipsToBounds = YES; autoresize = W+H; layer = <CALayer: 0x15d42400>>
           |    |    | <UIViewControllerWrapperView: 0x15d4f810; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer: 0x15d4f8d0>>
           |    |    |    | <UIView: 0x15d52a30; frame = (0 64; 320 504); autoresize = W+H; gestureRecognizers = <NSArray: 0x15d53b40>; layer = <CALayer: 0x15d52b00>>
           |    |    |    |    | <UIImageView: 0x15d54c50; frame = (110 20; 100 100); opaque = NO; gestureRecognizers = <NSArray: 0x15d55d60>; layer = <CALayer: 0x15d54d20>>
           |    |    |    |    | <UILabel: 0x15d56e70; frame = (20 140; 280 21); text = 'Tap to copy'; gestureRecognizers = <NSArray: 0x15d57f80>; layer = <_UILabelLayer: 0x15d56f40>>
           |    |    |    |    | <UITextField: 0x15d58f90; frame = (20 180; 280 30); text = ''; clipsToBounds = YES; opaque = NO; gestureRecognizers = <NSArray: 0x15d5a0a0>; layer = <CALayer: 0x15d59060>>
           |    | <UINavigationBar: 0x15d41230; frame = (0 20; 320 44); opaque = NO; autoresize = W; gestureRecognizers = <NSArray: 0x15d5b1b0>; layer = <CALayer: 0x15d41300>>
           |    |    | <_UINavigationBarBackground: 0x15d5c2c0; frame = (0 -20; 320 64); opaque = NO; autoresize = W; userInteractionEnabled = NO; layer = <CALayer: 0x15d5c390>>
        """

    @Test func plainUIKitViewsCarryTheAppsRecognizersAndTextFieldsBarsAndWindowsCarryUIKits() throws {
        let s = try ScreenImporter.importDump(Self.profile, file: "profile.txt")
        #expect(s.report.undeclaredRecognizers == ["UIView_L5", "UIImageView_L6", "UILabel_L7"])
        // The navigation controller's view is not among them: its back swipes are installed (issue 32).
        #expect(s.report.systemRecognizerViews == 3, "the window, the text field, the bar")
        #expect(
            s.scenarioYAML(source: "profile.txt").contains(
                "# Recognizers the dump does not describe (declare them with --recognizers): UIView_L5, UIImageView_L6, UILabel_L7"))
    }

    @Test func declaringThemTakesThemOffTheList() throws {
        let overlay = try RecognizerOverlay.parse(
            yaml: "recognizers:\n  - {path: \"UIView/UIImageView\", id: avatar, kind: tap}\n",
            file: "profile.recognizers.yaml")
        let s = try ScreenImporter.importDump(Self.profile, file: "profile.txt", recognizers: overlay)
        #expect(s.report.undeclaredRecognizers == ["UIView_L5", "UILabel_L7"])
        #expect(s.scene.recognizer(named: "UIImageView_L6.avatar") != nil)
    }

    @Test func aPlainViewThatAPrivateUIKitComponentBuiltCarriesUIKitsRecognizers() throws {
        // UIAlertController's view on iOS 8/9: the view that dismisses on a tap outside is a plain UIView.
        let s = try ScreenImporter.importDump(
            """
            <_UIAlertControllerShimPresenterWindow: 0x18e1c0; frame = (0 0; 320 568); opaque = NO; gestureRecognizers = <NSArray: 0x18e2d0>; layer = <UIWindowLayer: 0x18e3e0>>
               | <UITransitionView: 0x18e4f0; frame = (0 0; 320 568); clipsToBounds = YES; autoresize = H; layer = <CALayer: 0x18e600>>
               |    | <_UIAlertControllerView: 0x18e710; frame = (0 0; 320 568); autoresize = W+H; layer = <CALayer: 0x18e820>>
               |    |    | <UIView: 0x18e930; frame = (0 0; 320 568); gestureRecognizers = <NSArray: 0x18ea40>; layer = <CALayer: 0x18eb50>>
               |    |    | <UIView: 0x18ec60; frame = (25 235; 270 98); layer = <CALayer: 0x18ed70>>
            """, file: "alert.txt")
        #expect(s.report.undeclaredRecognizers.isEmpty)
        #expect(s.report.systemRecognizerViews == 2)
    }
}
