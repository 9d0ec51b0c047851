import ScreenImport
import Testing
import TouchEngine

@Suite struct ClassTableTests {
    @Test func uikitClassesMapToTheirKinds() {
        let expected: [(String, ViewKind)] = [
            ("UIScrollView", .scrollView), ("UITableView", .tableView), ("UICollectionView", .collectionView),
            ("UITextView", .textView), ("WKScrollView", .scrollView), ("UIButton", .button), ("UISwitch", .switch),
            ("UISlider", .slider), ("UIStepper", .stepper), ("UISegmentedControl", .segmentedControl),
            ("UIPageControl", .pageControl), ("UITextField", .textField), ("UISearchBarTextField", .textField),
            ("UITableViewCell", .cell), ("UICollectionViewCell", .cell), ("UILabel", .label), ("UIImageView", .imageView),
            ("UIWindow", .view), ("UITransitionView", .view), ("UILayoutContainerView", .view), ("UINavigationBar", .view),
            ("UITabBar", .view), ("UITabBarButton", .control), ("_UIButtonBarButton", .control)
        ]
        for (name, kind) in expected {
            let r = ClassTable.resolve(name, baseClass: nil)
            #expect(r.kind == kind && r.how == .table, "\(name)")
        }
    }

    @Test func privateUIKitViewsArePlainViewsWithoutAGuess() {
        #expect(ClassTable.resolve("_UIBarBackground", baseClass: nil) == (.view, .system))
        #expect(ClassTable.resolve("_UIScrollViewScrollIndicator", baseClass: nil) == (.view, .system))
        #expect(ClassTable.heuristic("_UIFancyButton") == nil)
    }

    @Test func appClassesUseTheBaseClassThenTheHeuristics() {
        #expect(ClassTable.resolve("FixTitleColorButton", baseClass: "UIButton") == (.button, .baseClass))
        #expect(ClassTable.resolve("MMMainTableView", baseClass: "UITableView") == (.tableView, .baseClass))
        #expect(ClassTable.resolve("MyApp.FeedCell", baseClass: nil) == (.cell, .heuristic))
        #expect(ClassTable.resolve("MyApp.LikeButton", baseClass: nil) == (.button, .heuristic))
        #expect(ClassTable.resolve("PhotoScrollView", baseClass: nil) == (.scrollView, .heuristic))
        #expect(ClassTable.resolve("CommentsTableView", baseClass: nil) == (.tableView, .heuristic))
        #expect(ClassTable.resolve("SearchTextField", baseClass: nil) == (.textField, .heuristic))
        #expect(ClassTable.resolve("ContactsItemView", baseClass: nil) == (.view, .unmapped))
    }

    @Test func theMapWinsAndExactNamesBeatPatterns() throws {
        let map = try ClassMap.parse(
            yaml: """
                classes:
                  "MyApp.*": view
                  MyApp.FeedCell: button
                  "*HookView": scrollView
                """, file: "classes.yaml")
        #expect(ClassTable.resolve("MyApp.FeedCell", baseClass: nil, map: map) == (.button, .map))
        #expect(ClassTable.resolve("MyApp.OtherCell", baseClass: nil, map: map) == (.view, .map))
        #expect(ClassTable.resolve("MMUIHookView", baseClass: nil, map: map) == (.scrollView, .map))
        #expect(ClassTable.resolve("UIButton", baseClass: nil, map: map) == (.button, .table))
    }

    @Test func aBadMapIsOneSentenceWithItsPlace() {
        let message = errorText { _ = try ClassMap.parse(yaml: "classes:\n  MyApp.FeedCell: knob\n", file: "classes.yaml") }
        #expect(message?.hasPrefix("classes.yaml:2:19: expected a view kind") == true, "\(message ?? "no error")")
    }

    @Test func patternsMatchLikeShellGlobs() {
        #expect(ClassPattern("*Cell").matches("MyApp.FeedCell"))
        #expect(ClassPattern("MM?Label").matches("MMCLabel"))
        #expect(!ClassPattern("MM?Label").matches("MMCPLabel"))
        #expect(ClassPattern("*").matches(""))
        #expect(!ClassPattern("Feed*").matches("MyFeedCell"))
    }
}

/// The description of the error `body` throws, or nil.
func errorText(_ body: () throws -> Void) -> String? {
    do { try body(); return nil } catch { return "\(error)" }
}
