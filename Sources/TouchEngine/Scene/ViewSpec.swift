/// The index of a view in a `Scene`. Index 0 is always the window.
public typealias ViewID = Int

/// How a responder implements one of the four `touches…` methods (R1–R5).
public enum TouchMethodImplementation: String, Sendable, CaseIterable {
    /// Not overridden: the class's built-in behaviour runs (a plain view forwards to `next`, a control
    /// tracks, a scroll view or cell handles it).
    case inherit
    /// Overridden without calling super: the responder records the call and the chain stops here.
    case consume
    /// Overridden and calls super: the responder records the call, then the built-in behaviour runs.
    case observe
}

/// A responder's implementation of the four `touches…` methods.
public struct TouchMethods: Hashable, Sendable {
    public var began: TouchMethodImplementation
    public var moved: TouchMethodImplementation
    public var ended: TouchMethodImplementation
    public var cancelled: TouchMethodImplementation
    public init(
        began: TouchMethodImplementation = .inherit, moved: TouchMethodImplementation = .inherit,
        ended: TouchMethodImplementation = .inherit, cancelled: TouchMethodImplementation = .inherit
    ) {
        self.began = began; self.moved = moved; self.ended = ended; self.cancelled = cancelled
    }
    /// All four methods the same way.
    public init(all: TouchMethodImplementation) { self.init(began: all, moved: all, ended: all, cancelled: all) }
    /// The "[logs]" view of the golden cases: overrides all four, records, does not call super.
    public static let logs = TouchMethods(all: .consume)
    public static let inherit = TouchMethods(all: .inherit)

    @inlinable public subscript(phase: TouchPhase) -> TouchMethodImplementation {
        switch phase {
        case .began: return began
        case .moved: return moved
        case .ended: return ended
        case .cancelled: return cancelled
        }
    }
}

/// The phase of a touch event (P1).
public enum TouchPhase: String, Sendable, CaseIterable {
    case began, moved, ended, cancelled
}

/// A `hitTest(_:with:)` / `point(inside:with:)` override (H3).
public enum HitTestOverride: Hashable, Sendable {
    /// No override.
    case none
    /// Pass-through container: returns nil when `super.hitTest` would return the view itself.
    case passThrough
    /// Enlarged hit area: `point(inside:)` tests the bounds grown by these insets (H3, H2 still applies).
    case enlarged(EdgeInsets)
    /// `point(inside:)` answers for the superview: a point is inside when it is inside the superview (converted to
    /// its coordinates). UIKit's `UITableViewWrapperView` (iOS 7–10) behaves so: it keeps the frame it had when
    /// the table was not scrolled, yet the rows it holds take touches wherever the table shows them.
    case deferToSuperview
}

/// Scroll-view configuration (§6). Present only on scroll-view kinds.
public struct ScrollConfig: Hashable, Sendable {
    public var contentSize: Size = .zero
    /// `adjustedContentInset` (S5): extends the scrollable range beyond the content.
    public var contentInset: EdgeInsets = .zero
    public var delaysContentTouches: Bool = true
    public var canCancelContentTouches: Bool = true
    public var touchesShouldCancel: TouchesShouldCancelPolicy = .default
    public var touchesShouldBegin: TouchesShouldBeginPolicy = .always
    public var bounces: Bool = true
    public var alwaysBounceHorizontal: Bool = false
    public var alwaysBounceVertical: Bool = false
    public var isScrollEnabled: Bool = true
    public var isPagingEnabled: Bool = false
    /// `decelerationRate = .fast` (uses `Parameters.decelerationRateFast`); default `.normal`.
    public var fastDeceleration: Bool = false
    /// Already decelerating when the scenario starts (S9), with this velocity in pt/ms (content motion).
    public var initialDeceleration: Point? = nil
    /// iOS 17.4+ `transfersHorizontalScrollingToParent` (S11), default true.
    public var transfersHorizontalScrollingToParent: Bool = true
    /// iOS 17.4+ `transfersVerticalScrollingToParent` (S11), default true.
    public var transfersVerticalScrollingToParent: Bool = true
    /// The view the scroll view's `panGestureRecognizer` is attached to (§6.5); nil = the scroll view.
    public var panHost: ViewID? = nil
    /// Delegate policies of the scroll view's own pan (the scroll view is its delegate, or a subclass overrides).
    public var pan: RecognizerPolicies = RecognizerPolicies()
    /// `refreshControl` is set (spec M3.1: such a list never drives a sheet).
    public var hasRefreshControl: Bool = false
    /// Zooming (§6.1, issue 15 §2): `minimumZoomScale`, `maximumZoomScale` (both default 1 [DOC]), the initial
    /// `zoomScale`, `bouncesZoom` (default true [DOC]) and the view `viewForZooming(in:)` returns (a subview).
    public var minimumZoomScale: Double = 1
    public var maximumZoomScale: Double = 1
    public var zoomScale: Double = 1
    public var bouncesZoom: Bool = true
    public var viewForZooming: ViewID? = nil
    /// Zooming is enabled, and the scroll view has its pinch recognizer, when the maximum exceeds the minimum and
    /// the delegate returns a view for zooming [DOC maximumZoomScale "must be greater than the minimum zoom scale
    /// for zooming to be enabled"; viewForZooming(in:) "Return nil if you don't want zooming to occur"].
    public var zoomEnabled: Bool { minimumZoomScale < maximumZoomScale && viewForZooming != nil }
    public init() {}
}

/// `touchesShouldCancel(in:)` implementations (S7).
public enum TouchesShouldCancelPolicy: String, Sendable, CaseIterable {
    /// UIKit's default: true unless the view is a `UIControl` [DOC].
    case `default`
    /// Always true (the B2 fix: "return true for UIControl").
    case always
    /// Always false: content keeps every touch it started tracking.
    case never
    /// Seed 004's fix: true for controls except text inputs, sliders and switches; true for other views.
    case controlsExceptTextInputsSlidersSwitches
}

/// `touchesShouldBegin(_:with:in:)` implementations (S2).
public enum TouchesShouldBeginPolicy: Hashable, Sendable {
    /// UIKit's default: true.
    case always
    /// Always false: content never receives touches.
    case never
    /// False when the content view is one of these views (or inside one of them).
    case rejectViews([ViewID])
}

/// One view of a scene.
public struct ViewSpec: Hashable, Sendable {
    public var name: String
    public var kind: ViewKind
    /// Frame in the superview's bounds coordinates (for content of a scroll view: content coordinates).
    public var frame: Rect
    /// `bounds.origin`; for scroll views this is the initial `contentOffset`.
    public var boundsOrigin: Point = .zero
    /// `UIView.transform`, applied about the centre of the bounds. `frame` is the frame the view had before
    /// it (`view.frame = frame` then `view.transform = transform`): its centre is the view's `center` and its size
    /// the bounds size. A transform whose determinant is 0 is refused by the scenario loader (what UIKit
    /// hit-tests then is not documented); a scene built in code with one gets a view no touch can hit.
    public var transform: AffineTransform = .identity
    public var isHidden: Bool = false
    public var alpha: Double = 1
    public var isUserInteractionEnabled: Bool
    /// `UIControl.isEnabled` (controls only).
    public var isEnabled: Bool = true
    /// Stored for fidelity: it plays no role in hit testing (H2).
    public var clipsToBounds: Bool = false
    public var isMultipleTouchEnabled: Bool = false
    /// In the middle of an animation: not hit-testable unless `allowsUserInteractionWhileAnimating` (H1).
    public var isAnimating: Bool = false
    /// The animation was started with `.allowUserInteraction` (H1).
    public var allowsUserInteractionWhileAnimating: Bool = false
    public var isExclusiveTouch: Bool = false
    public var touches: TouchMethods = .inherit
    public var hitTestOverride: HitTestOverride = .none
    /// Scroll configuration for scroll-view kinds, nil otherwise.
    public var scroll: ScrollConfig?
    /// Whether this is a scroll view (has a scroll configuration): a pattern, not `scroll != nil`, which copied the
    /// configuration to compare it.
    @inlinable public var isScrollView: Bool {
        if case .none = scroll { return false }
        return true
    }
    /// Initial value for sliders (0…1), switches (0 or 1), steppers, segmented and page controls.
    public var value: Double = 0
    /// The original class name (e.g. from an imported dump); informational.
    public var className: String?
    /// Index of the superview; nil only for the window.
    public var parent: ViewID?
    /// Controls: the `UIAction` a `primaryAction` initializer registers for `.primaryActionTriggered`, by name.
    public var primaryAction: String? = nil
    /// Controls: the target-action and `UIAction` calls of the app's setup, in order (``Scene/registrations(of:)``).
    public var actionSetup: [ActionSetupCall] = []
    /// The action methods this view implements (and refuses in `canPerformAction`), for target-action.
    public var actions = ResponderActions()
    /// `UIView.gestureRecognizerShouldBegin(_:)` returns false for pans of other views (spec M2 per-view veto, G11):
    /// a drawing or signature view that keeps a sheet's (or any foreign) pan from starting on touches in it.
    public var vetoesForeignPans: Bool = false

    /// Inlinable: a builder in another module (the tree generator adds thousands of views per sweep) initializes
    /// the spec in place instead of receiving a copy of it.
    @inlinable public init(name: String, kind: ViewKind, frame: Rect, parent: ViewID?) {
        self.name = name; self.kind = kind; self.frame = frame; self.parent = parent
        self.isUserInteractionEnabled = kind.defaultUserInteractionEnabled
        if kind.isScrollView {
            var config = ScrollConfig()
            if kind == .tableView { config.alwaysBounceVertical = true }
            scroll = config
        }
    }
}

/// A view controller whose root view is `rootView` (R2).
public struct ControllerSpec: Hashable, Sendable {
    public var name: String
    public var rootView: ViewID
    public var touches: TouchMethods = .inherit
    /// The action methods this controller implements (and refuses in `canPerformAction`), for target-action.
    public var actions = ResponderActions()
    public init(name: String, rootView: ViewID) { self.name = name; self.rootView = rootView }
}
