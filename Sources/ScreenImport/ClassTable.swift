import TouchEngine

/// How a class name became a `ViewKind`, from most to least certain (reported by `sweep import`).
public enum ClassResolution: String, Hashable, Sendable {
    /// The user's mapping file (`--map`) named it, exactly or by a pattern.
    case map
    /// UIKit's class table (`ClassTable.uikit`).
    case table
    /// The dump's `baseClass = …` is in the class table.
    case baseClass
    /// A naming heuristic (`ClassTable.heuristics`): a guess, reported.
    case heuristic
    /// A UIKit class the table does not list (`UI…`, `_UI…`, `__UI…`): a system container, a plain view.
    case system
    /// Nothing matched: a plain view (reported as unmapped).
    case unmapped
}

/// UIKit's public classes and system containers mapped to the engine's view kinds, and the naming heuristics
/// for app classes (docs/real-screens.md lists both tables).
public enum ClassTable {
    /// Exact class names. System containers and private views that only lay out or draw are `view` (they
    /// forward touches up the responder chain like any plain view); their entries are here so that they are
    /// not reported as unmapped.
    public static let uikit: [String: ViewKind] = {
        var t: [String: ViewKind] = [:]
        func set(_ kind: ViewKind, _ names: [String]) { for n in names { t[n] = kind } }
        set(
            .scrollView,
            [
                "UIScrollView", "WKScrollView", "_UIWebViewScrollView", "UIWebScrollView", "UIFieldEditor",
                "UITableViewCellScrollView", "_UIAlertControllerShadowedScrollView",
                "_UIInterfaceActionGroupHeaderScrollView", "_UIQueuingScrollView", "UIPickerTableView"
            ])
        set(.tableView, ["UITableView", "UISearchResultsTableView", "_UIPopoverBackgroundTableView"])
        set(.collectionView, ["UICollectionView", "_UICollectionViewOrthogonalScrollView"])
        set(.textView, ["UITextView", "_UITextViewContentView"])
        set(
            .button,
            [
                "UIButton", "UINavigationButton", "_UIModernBarButton", "UIToolbarButton", "UIRoundedRectButton",
                "UITableViewCellEditControl", "UIAlertControllerActionView"
            ])
        set(
            .control,
            [
                "UIControl", "UITabBarButton", "_UIButtonBarButton", "UIDatePicker", "UIRefreshControl", "UIColorWell",
                "UITableViewCellReorderControl", "_UIInterfaceActionCustomViewRepresentationView",
                "UIInterfaceActionRepresentationView", "UIAlertControllerActionView"
            ])
        set(.switch, ["UISwitch"])
        set(.slider, ["UISlider"])
        set(.stepper, ["UIStepper"])
        set(.segmentedControl, ["UISegmentedControl"])
        set(.pageControl, ["UIPageControl"])
        set(.textField, ["UITextField", "UISearchBarTextField", "UISearchTextField", "_UISearchBarSearchField"])
        set(.cell, ["UITableViewCell", "UICollectionViewCell", "UICollectionViewListCell", "_UICollectionViewListCell"])
        set(
            .label,
            [
                "UILabel", "UIButtonLabel", "UITableViewLabel", "UITextFieldLabel", "UISearchBarTextFieldLabel",
                "UITabBarButtonLabel", "UITableViewCellDetailLabel", "UITextLabel", "UINavigationItemButtonLabel"
            ])
        set(
            .imageView,
            [
                "UIImageView", "UITabBarSwappableImageView", "_UINavigationBarBackIndicatorView",
                "_UIBarBackgroundShadowContentImageView", "UISegment", "_UITableViewCellDisclosureView"
            ])
        set(
            .view,
            [
                "UIView", "UIWindow", "UITransitionView", "UILayoutContainerView", "UINavigationTransitionView",
                "UIViewControllerWrapperView", "UIDropShadowView", "UIDimmingView", "UINavigationBar", "UITabBar",
                "UIToolbar", "UISearchBar", "UIStackView", "UIVisualEffectView", "UITableViewCellContentView",
                "UITableViewHeaderFooterView", "UICollectionReusableView", "UITableViewWrapperView",
                "UIPickerView", "UIActivityIndicatorView", "UIProgressView", "WKWebView", "WKContentView",
                "UIWebView", "UIWebBrowserView", "UIInputSetContainerView", "UIInputSetHostView",
                "UITextSelectionView", "UINavigationItemView", "UINavigationItemButtonView", "UISearchBarBackground",
                "UITableViewCellDeleteConfirmationView", "UISearchDisplayControllerContainerView",
                "UITableViewIndex", "UIKBKeyplaneView", "UITextEffectsWindow", "UIRemoteKeyboardWindow"
            ])
        // The controls of a row's swipe actions and delete confirmation exist only mid-swipe: plain views, never
        // targets (`TransientState.transientControls`; a dump that shows them is warned about as transient).
        set(.view, Array(TransientState.transientControls))
        return t
    }()

    /// UIKit containers whose `point(inside:with:)` answers for their superview (imported with `hitTest:
    /// superview`). Only `UITableViewWrapperView` (iOS 7–10): a UIScrollView subclass between a table and its
    /// cells that overrides `pointInside:withEvent:` and `hitTest:withEvent:` (class-dump headers, e.g.
    /// nst/iOS-Runtime-Headers Frameworks/UIKit.framework/UITableViewWrapperView.h). It keeps the frame of the
    /// unscrolled table, so rows scrolled into view lie outside it, yet they take touches (KIF pull request 469:
    /// "cells … aren't always within its bounds"); docs/real-screens.md.
    public static let pointInsideFromSuperview: Set<String> = ["UITableViewWrapperView"]

    /// Whether a view of `className` (or of a subclass of `baseClass`) takes its superview's `point(inside:)`.
    public static func defersPointInside(_ className: String, baseClass: String?) -> Bool {
        pointInsideFromSuperview.contains(className) || baseClass.map(pointInsideFromSuperview.contains) == true
    }

    /// Private UIKit containers whose `hitTest(_:with:)` gives nil when a touch finds no subview of theirs to land
    /// on, so the touch goes on to the views behind them (imported with `hitTest: passThrough`, H3).
    /// `_UITouchPassthroughView` (class-dump: a direct `UIView` subclass) is the container UIKit lays over other
    /// content; iOS 26's floating tab bar sits in two subclasses of it, `_UITabBarContainerWrapperView` and
    /// `_UITabBarContainerView`, which cover the whole window above the app's screen (docs/real-screens.md).
    public static let passThrough: Set<String> = ["_UITouchPassthroughView", "_UITabBarContainerWrapperView", "_UITabBarContainerView"]

    /// The hit-test override UIKit gives a view of `className` (or of a subclass of `baseClass`): a table wrapper's
    /// `point(inside:)` answers for its superview; a pass-through container lets its empty area through.
    public static func hitTestOverride(_ className: String, baseClass: String?) -> HitTestOverride {
        if defersPointInside(className, baseClass: baseClass) { return .deferToSuperview }
        if passThrough.contains(className) || baseClass.map(passThrough.contains) == true { return .passThrough }
        return .none
    }

    /// UIKit classes that add gesture recognizers to their own views, so that a dump's `gestureRecognizers = …`
    /// on them says nothing about the app (docs/real-screens.md gives the reason for each): text input
    /// (`UITextInteraction`, text drag and drop), the navigation controller's view and bar
    /// (`interactivePopGestureRecognizer`), table cells and their content views, the table wrapper view (a
    /// UIScrollView), presentation views (dimming, sheets), web views and windows. Scroll views' own pan and
    /// pinch are implicit and not counted at all; private `_UI…` classes are UIKit's too.
    public static let ownRecognizers: Set<String> = [
        "UITextField", "UISearchBarTextField", "UISearchTextField", "UITextView", "UISearchBar",
        "UILayoutContainerView", "UINavigationBar", "UITableViewCell", "UITableViewCellContentView",
        "UITableViewWrapperView", "UIDimmingView", "UIDropShadowView", "UIWebView", "UIWebBrowserView", "WKWebView",
        "WKContentView", "UIWindow", "UITextEffectsWindow", "UIRemoteKeyboardWindow"
    ]

    /// Whether UIKit itself adds recognizers to views of `className`: a class of `ownRecognizers`, or a private one.
    public static func installsOwnRecognizers(_ className: String) -> Bool {
        ownRecognizers.contains(className) || isPrivate(className)
    }

    /// UIKit's private classes: `_UI…`, `__UI…`.
    public static func isPrivate(_ className: String) -> Bool {
        className.hasPrefix("_UI") || className.hasPrefix("__UI")
    }

    /// Suffix heuristics for app classes, most specific first: the first suffix the (module-less) name ends
    /// with decides.
    public static let heuristics: [(suffix: String, kind: ViewKind)] = [
        ("CollectionViewCell", .cell), ("TableViewCell", .cell), ("Cell", .cell),
        ("TableView", .tableView), ("CollectionView", .collectionView), ("TextView", .textView),
        ("ScrollView", .scrollView), ("WebView", .view),
        ("SegmentedControl", .segmentedControl), ("PageControl", .pageControl),
        ("TextField", .textField), ("SearchField", .textField), ("InputField", .textField),
        ("Button", .button), ("Switch", .switch), ("Toggle", .switch), ("Slider", .slider), ("Stepper", .stepper),
        ("Control", .control), ("Label", .label), ("ImageView", .imageView)
    ]

    /// The kind of a class: the user's map first, then UIKit's table, then the dump's `baseClass`, then the
    /// heuristics; otherwise a plain view.
    public static func resolve(_ className: String, baseClass: String?, map: ClassMap = ClassMap()) -> (kind: ViewKind, how: ClassResolution) {
        if let kind = map.kind(of: className) { return (kind, .map) }
        if let kind = uikit[className] { return (kind, .table) }
        if let base = baseClass, let kind = map.kind(of: base) ?? uikit[base] { return (kind, .baseClass) }
        if let kind = heuristic(className) { return (kind, .heuristic) }
        if isSystem(className) { return (.view, .system) }
        return (.view, .unmapped)
    }

    /// UIKit's naming: `UI…`, `_UI…`, `__UI…` (an app class would carry its own prefix or module).
    public static func isSystem(_ className: String) -> Bool {
        className.hasPrefix("UI") || className.hasPrefix("_UI") || className.hasPrefix("__UI")
    }

    /// The heuristic kind of `className`, ignoring a Swift module prefix (`MyApp.FeedCell` → `FeedCell`).
    /// Private UIKit classes (`_UI…`) get no guess: they are containers unless the table names them.
    public static func heuristic(_ className: String) -> ViewKind? {
        let name = className.split(separator: ".").last.map(String.init) ?? className
        if name.hasPrefix("_UI") { return nil }
        return heuristics.first { name.hasSuffix($0.suffix) }?.kind
    }
}
