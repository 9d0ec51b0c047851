import ScreenImport
import Testing
import TouchEngine

/// Dumps as they are printed today (issue 33 §1): swift-snapshot-testing's records of app subclasses, iOS 26's
/// insets, address-less sublayer lines, floating-point noise, a class map entry that maps nothing, UIKit's
/// pass-through containers, dumps caught mid-change and SwiftUI-hosted screens.
@Suite struct CurrentDumpTests {
    /// swift-snapshot-testing prints an app subclass without its address, with `baseClass` (or `identifier`) before
    /// its frame: the record and its subtree are read.
    static let appSubclasses = """
        <UIView; frame = (0 0; 390 844); layer = <CALayer>>
           | <MyApp.FormView; baseClass = UIScrollView; frame = (0 0; 390 844); clipsToBounds = YES; gestureRecognizers = <NSArray>; layer = <CALayer>; contentOffset: {0, 0}; contentSize: {390, 1200}; adjustedContentInset: {0, 0, 0, 0}>
           |    | <MyApp.SubmitButton; identifier = 'submit'; frame = (20 700; 350 50); baseClass = UIButton; opaque = NO; layer = <CALayer>>
           |    |    | <UIButtonLabel; frame = (150 15; 50 20); text = 'Send'; userInteractionEnabled = NO; layer = <_UILabelLayer>>
        """

    @Test func appSubclassRecordsWhoseFirstAttributeIsNotTheFrameKeepTheirSubtree() throws {
        let r = try DumpParser.parse(Self.appSubclasses, file: "form.txt")
        #expect(r.records.map(\.className) == ["UIView", "MyApp.FormView", "MyApp.SubmitButton", "UIButtonLabel"])
        #expect(r.records.map(\.parent) == [nil, 0, 1, 2])
        #expect(r.records[1].baseClass == "UIScrollView" && r.records[2].frame == Rect(20, 700, 350, 50))
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        let screen = try ScreenImporter.importDump(Self.appSubclasses, file: "form.txt")
        #expect(screen.report.scrollViews == 1 && screen.report.interactive == 1)
    }

    @Test func iOS26ScrollEdgeEffectsAfterTheInsetAreReadPast() throws {
        let dump = """
            <UICollectionView: 0x11ca03320; frame = (0 0; 428 879); clipsToBounds = YES; gestureRecognizers = <NSArray: 0x11ca03320>; layer = <CALayer: 0x110a65e00>; contentOffset: {0, -74}; contentSize: {428, 466.83333333333337}; adjustedContentInset: {74, 0, 34, 0} topEdge=<style=automatic backgroundCapture=color<<UIDynamicSystemColor: 0x10472dd80; name = systemBackgroundColor>>>; layout: <UICollectionViewCompositionalLayout: 0x11cb80f00>>
            """
        let r = try DumpParser.parse(dump, file: "ios26.txt")
        #expect(r.warnings.isEmpty, "\(r.warnings)")
        #expect(r.records[0].contentInset == EdgeInsets(top: 74, left: 0, bottom: 34, right: 0))
        #expect(r.records[0].contentSize == Size(428, 466.833333))
    }

    @Test func addressLessSublayerLinesAreSkippedWithoutAWarning() throws {
        let dump = """
            <UIView; frame = (0 0; 100 100); layer = <CALayer>>
               | <CALayer; position = CGPoint (50 50); bounds = CGRect (0 0; 100 100); delegate = <UIView>; sublayers = (<CALayer>); backgroundColor = <CGColor>> (layer)
               | <UIButton; frame = (10 10; 80 30); opaque = NO; layer = <CALayer>>
            """
        let r = try DumpParser.parse(dump, file: "layers.txt")
        #expect(r.records.map(\.className) == ["UIView", "UIButton"])
        #expect(r.warnings.isEmpty, "\(r.warnings)")
    }

    @Test func floatingPointNoiseIsRoundedOffInTheScenarioFile() throws {
        let dump = "<UIView: 0x1; frame = (0 34.33330000000001; 390 100.00000000000001); layer = <CALayer: 0x2>>\n"
        let screen = try ScreenImporter.importDump(dump, file: "noise.txt")
        let yaml = screen.scenarioYAML(source: "noise.txt")
        #expect(yaml.contains("390, 100]") && !yaml.contains("00000000001"), "\(yaml)")
        let r = try DumpParser.parse(dump, file: "noise.txt")
        #expect(r.records[0].frame == Rect(0, 34.3333, 390, 100))
    }

    @Test func aClassMapEntryThatMatchesNoClassWarnsWithItsLine() throws {
        let map = try ClassMap.parse(yaml: "classes:\n  MyApp.FormView: scrollView\n  MyApp.Typo*: button\n", file: "classes.yaml")
        let screen = try ScreenImporter.importDump(Self.appSubclasses, file: "form.txt", map: map)
        #expect(
            screen.report.warnings.map(\.description) == ["classes.yaml:3: the class map entry 'MyApp.Typo*' matches no class of the dump"])
    }

    /// iOS 26's tab bar sits in `_UITabBarContainerWrapperView` over the whole window: a tap on the screen's button
    /// passes through it; a tap on the tab button does not.
    @Test func uikitsPassThroughContainersLetATapReachTheButtonBehindThem() throws {
        let dump = """
            <UIWindow: 0x1; frame = (0 0; 402 874); gestureRecognizers = <NSArray: 0x2>; layer = <UIWindowLayer: 0x3>>
               | <UIButton: 0x4; frame = (100 300; 200 50); opaque = NO; layer = <CALayer: 0x5>>
               | <_UITabBarContainerWrapperView: 0x6; frame = (0 0; 402 874); layer = <CALayer: 0x7>>
               |    | <_UITabBarContainerView: 0x8; frame = (0 0; 402 874); layer = <CALayer: 0x9>>
               |    |    | <UITabBarButton: 0xa; frame = (20 800; 100 50); layer = <CALayer: 0xb>>
            """
        let screen = try ScreenImporter.importDump(dump, file: "tabbar.txt")
        #expect(screen.scene.views.filter { $0.hitTestOverride == .passThrough }.count == 2)
        #expect(screen.report.notes.contains { $0.contains("hitTest: passThrough") })
        func hit(_ p: Point) -> String? {
            var scene = screen.scene
            scene.script = [ScriptEvent(time: .zero, action: .down(p))]
            return Engine.trace(scene).compactMap { event -> String? in
                if case .hitTest(_, let v?, _, _) = event.kind { return scene.views[v].className }
                return nil
            }.first
        }
        #expect(hit(Point(200, 325)) == "UIButton")
        #expect(hit(Point(70, 825)) == "UITabBarButton")
        #expect(ClassTable.passThrough.contains("_UITouchPassthroughView"))
    }

    /// A dump caught mid-change is warned about with what looks transient; a row's delete confirmation is no
    /// target; an animated image or a blinking caret is no sign.
    @Test func transientDumpsAreWarnedAboutAndTheirPrivateControlsAreNoTargets() throws {
        let pushed = """
            <UIView: 0x1; frame = (0 0; 375 667); layer = <CALayer: 0x2>>
               | <UIViewControllerWrapperView: 0x3; frame = (0 0; 375 667); layer = <CALayer: 0x4>>
               |    | <UIView: 0x5; frame = (-112 0; 375 667); userInteractionEnabled = NO; animations = { position=<CASpringAnimation: 0x6>; }; layer = <CALayer: 0x7>>
               |    |    | <UIButton: 0x8; frame = (10 10; 100 40); opaque = NO; layer = <CALayer: 0x9>>
               | <UIImageView: 0xa; frame = (0 600; 40 40); animations = { UIImageAnimation=<CAKeyframeAnimation: 0xb>; }; layer = <CALayer: 0xc>>
               | <UIView: 0xd; frame = (60 600; 2 22); animations = { opacity=<CABasicAnimation: 0xe>; }; layer = <CALayer: 0xf>>
            """
        let screen = try ScreenImporter.importDump(pushed, file: "pushed.txt")
        #expect(screen.report.transient.map(\.description) == ["line 3: UIView has an animation of its position in flight"])
        #expect(screen.report.warnings.count == 1 && screen.report.warnings[0].message.hasPrefix("the dump looks transient: "))
        let swiped = """
            <UITableViewCell: 0x1; frame = (0 0; 375 44); layer = <CALayer: 0x2>>
               | <UITableViewCellDeleteConfirmationView: 0x3; frame = (293 0; 82 44); layer = <CALayer: 0x4>>
               |    | <_UITableViewCellActionButton: 0x5; frame = (0 0; 82 44); opaque = NO; layer = <CALayer: 0x6>>
            """
        let row = try ScreenImporter.importDump(swiped, file: "swiped.txt")
        #expect(row.report.transient.count == 1 && row.report.interactive == 1, "only the cell is a target")
        #expect(row.scene.views.first { $0.className == "_UITableViewCellActionButton" }?.kind == .view)
    }

    /// SwiftUI's own scroll views bounce along their axis even when the content fits (ScrollBounceBehavior's
    /// default is `.always`); a hosting view warns that what SwiftUI draws without views cannot be targets.
    @Test func swiftUIScrollViewsBounceAndHostingViewsWarn() throws {
        let dump = """
            <_UIHostingView<ContentView>: 0x1; frame = (0 0; 390 844); gestureRecognizers = <NSArray: 0x2>; layer = <CALayer: 0x3>>
               | <SwiftUI.UpdateCoalescingCollectionView: 0x4; baseClass = UICollectionView; frame = (0 100; 390 744); clipsToBounds = YES; layer = <CALayer: 0x5>; contentOffset: {0, 0}; contentSize: {390, 300}; adjustedContentInset: {0, 0, 0, 0}>
               |    | <SwiftUI.ListCollectionViewCell: 0x6; baseClass = UICollectionViewCell; frame = (0 0; 390 44); layer = <CALayer: 0x7>>
               | <SwiftUI.HostingScrollView: 0x8; baseClass = UIScrollView; frame = (0 0; 390 100); clipsToBounds = YES; layer = <CALayer: 0x9>; contentOffset: {0, 0}; contentSize: {800, 100}; adjustedContentInset: {0, 0, 0, 0}>
            """
        let screen = try ScreenImporter.importDump(dump, file: "swiftui.txt")
        let list = try #require(screen.scene.views.first { $0.className == "SwiftUI.UpdateCoalescingCollectionView" }?.scroll)
        #expect(list.alwaysBounceVertical && !list.alwaysBounceHorizontal)
        let shelf = try #require(screen.scene.views.first { $0.className == "SwiftUI.HostingScrollView" }?.scroll)
        #expect(shelf.alwaysBounceHorizontal && !shelf.alwaysBounceVertical)
        #expect(screen.report.scrollable == 2, "the short list can be dragged: it bounces")
        #expect(screen.report.warnings.count == 1 && screen.report.warnings[0].message.contains("hosts SwiftUI content"))
        #expect(screen.report.warnings[0].message.contains("(1 UIKit control or cell inside it are)"))
    }
}
