/// The index of a gesture recognizer in a `Scene`.
public typealias RecognizerID = Int

/// Which gesture a recognizer detects, with its kind-specific configuration (§4.5, §6.1, §8).
public enum RecognizerKind: Hashable, Sendable {
    /// `UITapGestureRecognizer`: discrete.
    case tap(taps: Int, touches: Int)
    /// `UILongPressGestureRecognizer`: continuous.
    case longPress(touches: Int)
    /// `UIPanGestureRecognizer`: continuous.
    case pan(minimumTouches: Int, maximumTouches: Int)
    /// `UISwipeGestureRecognizer`: discrete.
    case swipe(directions: SwipeDirections, touches: Int)
    /// A scroll view's `UIScrollViewDelayedTouchesBeganGestureRecognizer` (S1–S4). Installed by the scene.
    case scrollDelay(scrollView: ViewID)
    /// A scroll view's `panGestureRecognizer` (S5–S11). Installed by the scene; may be hosted elsewhere (§6.5).
    case scrollPan(scrollView: ViewID)
    /// The window's system edge gate (§8): delays touches that start within the edge region.
    case edgeGate(edges: ScreenEdges)
    /// A zooming scroll view's `pinchGestureRecognizer` (§6.1). Installed by the scene when zooming is enabled.
    case scrollZoom(scrollView: ViewID)
    /// `UIPinchGestureRecognizer`: continuous, two touches; reports `scale` and `velocity` (§4.5 pinch).
    case pinch
    /// `UIRotationGestureRecognizer`: continuous, two touches; reports `rotation` and `velocity` (§4.5 rotation).
    case rotation
    /// A `UIGestureRecognizer` subclass declared by its behaviour (issue 15 §4); discrete or continuous.
    case custom(CustomBehavior)
    /// `UIScreenEdgePanGestureRecognizer` added by the app (touch-model-system N2.5): continuous, one touch, starts
    /// only within the edge region of one of `edges`. Create it with `delaysTouchesBegan` true, as UIKit does (N2.2).
    case screenEdgePan(edges: ScreenEdges)
    /// One of a navigation controller's back swipes (N1): installed by `Scene.installNavigation(_:)`.
    case navigationPop(NavigationSpec, role: NavigationPopRole)
    /// A sheet's dismiss pan `_UISheetInteractionBackgroundDismissRecognizer` (M1/M2): a plain pan that begins only
    /// vertically. Installed by `Scene.addSheet`; `sheet` indexes `Scene.sheets`.
    case sheetPan(sheet: Int)
    /// A library panel's pan (FloatingPanel's `FloatingPanelPanGestureRecognizer`, PanModal's container pan; K1, K2):
    /// a plain pan. Installed by `Scene.addPanel`; `panel` indexes `Scene.panels`.
    case panelPan(panel: Int)

    /// Continuous recognizers go possible → began → changed* → ended|cancelled (§4.1).
    @inlinable public var isContinuous: Bool {
        switch self {
        case .longPress, .pan, .scrollPan, .pinch, .rotation, .scrollZoom, .screenEdgePan, .navigationPop, .sheetPan, .panelPan:
            return true
        case .custom(let behavior): return behavior.isContinuous
        default: return false
        }
    }
    /// A `UIPanGestureRecognizer` or a subclass of it — the app's pans, a scroll view's pan, the screen-edge pans and
    /// back swipes (N1, N2), a sheet's dismiss pan (M1) and a library panel's pan (K1, K2) — which reports a
    /// translation and which views' `gestureRecognizerShouldBegin(_:)` answers for pans apply to (G11, §5.4).
    @inlinable public var isPan: Bool {
        switch self {
        case .pan, .scrollPan, .screenEdgePan, .navigationPop, .sheetPan, .panelPan: return true
        default: return false
        }
    }
    /// The UIKit class name, for traces.
    public var uikitClass: String {
        switch self {
        case .tap: return "UITapGestureRecognizer"
        case .longPress: return "UILongPressGestureRecognizer"
        case .pan: return "UIPanGestureRecognizer"
        case .swipe: return "UISwipeGestureRecognizer"
        case .scrollDelay: return "UIScrollViewDelayedTouchesBeganGestureRecognizer"
        case .scrollPan: return "UIScrollViewPanGestureRecognizer"
        case .edgeGate: return "UISystemGestureGateGestureRecognizer"
        case .scrollZoom: return "UIScrollViewPinchGestureRecognizer"
        case .pinch: return "UIPinchGestureRecognizer"
        case .rotation: return "UIRotationGestureRecognizer"
        case .custom: return "UIGestureRecognizer"
        case .screenEdgePan: return "UIScreenEdgePanGestureRecognizer"
        case .navigationPop: return "_UIParallaxTransitionPanGestureRecognizer"
        case .sheetPan: return "_UISheetInteractionBackgroundDismissRecognizer"
        case .panelPan: return "UIPanGestureRecognizer"
        }
    }
}

/// `UISwipeGestureRecognizer.Direction`.
public struct SwipeDirections: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let right = SwipeDirections(rawValue: 1)
    public static let left = SwipeDirections(rawValue: 2)
    public static let up = SwipeDirections(rawValue: 4)
    public static let down = SwipeDirections(rawValue: 8)
}

/// Screen edges watched by the system edge gate.
public struct ScreenEdges: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = ScreenEdges(rawValue: 1)
    public static let left = ScreenEdges(rawValue: 2)
    public static let bottom = ScreenEdges(rawValue: 4)
    public static let right = ScreenEdges(rawValue: 8)
}

/// A set of recognizers named by a delegate answer.
public enum RecognizerSet: Hashable, Sendable {
    case none
    case all
    case only([RecognizerID])
    case allExcept([RecognizerID])
    @inlinable public func contains(_ id: RecognizerID) -> Bool {
        switch self {
        case .none: return false
        case .all: return true
        case .only(let ids): return ids.contains(id)
        case .allExcept(let ids): return !ids.contains(id)
        }
    }
}

/// `gestureRecognizer(_:shouldReceive:)` implementations (G3).
public enum ShouldReceivePolicy: Hashable, Sendable {
    case always
    case never
    /// False when the touch's view is one of these views or inside one of them (seed 001's table filter).
    case notInViews([ViewID])
    /// True only when the touch's view is one of these views or inside one of them.
    case onlyInViews([ViewID])
    /// False when the touch's view is of one of these kinds (e.g. "not on buttons or cells").
    case notOnKinds([ViewKind])
}

/// `gestureRecognizerShouldBegin(_:)` implementations (G11).
public enum ShouldBeginPolicy: String, Sendable, CaseIterable {
    case always
    case never
    /// Begin only when the velocity is mostly horizontal, `|v.x| > |v.y|` (BUG-02 fix).
    case horizontal
    /// Begin only when the velocity is mostly vertical, `|v.y| > |v.x|`.
    case vertical
}

/// Delegate answers and subclass overrides that shape arbitration (G3, G8–G11).
public struct RecognizerPolicies: Hashable, Sendable {
    public var shouldReceive: ShouldReceivePolicy = .always
    public var shouldBegin: ShouldBeginPolicy = .always
    /// `shouldRecognizeSimultaneouslyWith`: true for these recognizers (G8; either side suffices).
    public var simultaneousWith: RecognizerSet = .none
    /// `require(toFail:)` (G10, static): this recognizer waits for these to fail.
    public var requireToFail: [RecognizerID] = []
    /// `canPrevent(_:)` (G9): which recognizers this one may exclude. Default all.
    public var canPrevent: RecognizerSet = .all
    /// `canBePrevented(by:)` (G9): which recognizers may exclude this one. Default all.
    public var canBePrevented: RecognizerSet = .all
    /// Recognizers whose `isEnabled` the action handler sets to false and back to true when this one begins
    /// (§6.5: a long press makes the scroll pan drop the finger that now drags an item).
    public var toggleEnabledOnBegin: [RecognizerID] = []
    /// The class's `shouldRequireFailure(of:)` (G10): true for these, so this one waits for them to fail (a
    /// dynamic requirement the delegate did not make). Only recognizers that can share a touch count.
    public var shouldRequireFailureOf: RecognizerSet = .none
    /// The class's `shouldBeRequiredToFail(by:)` (G10): true for these, so they wait for this one to fail.
    public var shouldBeRequiredToFailBy: RecognizerSet = .none
    /// The delegate's `gestureRecognizer(_:shouldRequireFailureOf:)` (G10, a dynamic requirement): true for these,
    /// so this one waits for them to fail. Only recognizers that can share a touch count, as for the class's.
    public var delegateRequiresFailureOf: RecognizerSet = .none
    /// The delegate's `gestureRecognizer(_:shouldBeRequiredToFailBy:)` (G10): true for these, so they wait for this
    /// one to fail.
    public var delegateRequiredToFailBy: RecognizerSet = .none
    public init() {}

    /// Some class override or delegate answer sets up a G10 requirement dynamically.
    public var hasDynamicRequirements: Bool {
        shouldRequireFailureOf != .none || shouldBeRequiredToFailBy != .none
            || delegateRequiresFailureOf != .none || delegateRequiredToFailBy != .none
    }
}

/// Per-recognizer overrides of the scene parameters (the recognizer's own properties in UIKit).
public struct RecognizerThresholds: Hashable, Sendable {
    /// Tap / long-press `allowableMovement`.
    public var allowableMovement: Double?
    /// Long-press `minimumPressDuration`.
    public var minimumPressDuration: Duration?
    /// Pan hysteresis.
    public var hysteresis: Double?
    /// Tap maximum duration per tap.
    public var maximumTapDuration: Duration?
    /// Tap `maximumIntervalBetweenSuccessiveTaps`.
    public var maximumIntervalBetweenTaps: Duration?
    public init() {}
}

/// One gesture recognizer of a scene.
public struct RecognizerSpec: Hashable, Sendable {
    public var name: String
    public var kind: RecognizerKind
    /// The view the recognizer is attached to (`view`); 0 is the window.
    public var view: ViewID
    public var cancelsTouchesInView: Bool = true
    public var delaysTouchesBegan: Bool = false
    public var delaysTouchesEnded: Bool = true
    public var isEnabled: Bool = true
    public var policies: RecognizerPolicies = RecognizerPolicies()
    public var thresholds: RecognizerThresholds = RecognizerThresholds()
    /// Order of `addGestureRecognizer` among recognizers of the same view (larger = added later, G2/G7).
    public var addOrder: Int = 0
    /// Its delegate implements every `UIGestureRecognizerDelegate` method and logs each question (the answers are
    /// the policies); traced runs record each question as an event (issue 15 §4).
    public var delegateLogs = false
    /// What its action handler does (issue 15 §4).
    public var actions = ActionEffects()

    public init(name: String, kind: RecognizerKind, view: ViewID) {
        self.name = name; self.kind = kind; self.view = view
    }
}
