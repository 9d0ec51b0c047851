/// Every constant of touch-model §9 as a named, documented engine parameter.
///
/// Nothing in the engine is hard-wired: a sweep varies these, a scenario may override them. Values
/// marked *provisional* are the spec's best estimates with medium or low confidence; sweeps should treat
/// them as axes rather than facts.
public struct Parameters: Hashable, Sendable {
    // MARK: Hit testing
    /// Views with `alpha` below this are skipped by hit testing (H1). Default 0.01 [DOC].
    public var hitTestAlphaThreshold: Double = 0.01

    // MARK: Scroll views
    /// How long a scroll view withholds touches from its content (S1). Default 150 ms [RE][WWDC 2014-235].
    public var contentTouchDelay: Duration = .ms(150)
    /// Per-axis travel before the scroll pan begins (S5, §9 "scroll hysteresis"). Default 10 pt [RE].
    public var scrollHysteresis: Double = 10
    /// Optional S2 rule [RE, class condition unclear]: release delayed touches early when the finger travels
    /// the scroll hysteresis along an axis the scroll view cannot scroll. Default off (golden baseline).
    public var scrollDelayEarlyRelease: Bool = false
    /// Per-millisecond velocity retention while decelerating (§9, `UIScrollView.DecelerationRate.normal` = 0.998).
    public var decelerationRate: Double = 0.998
    /// The same for scroll views set to `.fast` (§9, 0.99).
    public var decelerationRateFast: Double = 0.99
    /// Speed (pt/ms) at which a flight stops, and at or below which a release does not fly. Default 0.01 pt/ms
    /// (10 pt/s) [REAL iOS 26.1, fitted to Vercantez/openuikit's scroll traces: a 0.75 and a 3 pt/ms flick fly
    /// 2.16 s and 2.85 s and land where this stopping speed puts them]. The earlier 0.05 was inferred and ended
    /// flights hundreds of ms early; it is not kept.
    public var decelerationMinimumVelocity: Double = 0.01
    /// How long after the lift a flight starts moving. Default 0.8 ms [REAL iOS 26.1, the same fit: the recorded
    /// frames match the flight's curve started 0.8 ms after the lift's timestamp].
    public var flightStartDelay: Duration = .ms(0.8)
    /// A finger that lifts this long or longer after its last movement releases a scroll view at rest: velocity
    /// zero, no flight (`willDecelerate` false unless it is past an edge). Default 100 ms — *provisional* [INF]:
    /// the iOS 26.1 recording (a 320 ms hold) shows velocity zero; flicks lifted 8–16 ms after their last move fly.
    public var flingRestInterval: Duration = .ms(100)
    /// Display refresh rate (Hz) at which a traced run shows a moving scroll view's offset, frame by frame.
    /// Default 60 [DOC: the iPhone display link's rate without ProMotion]. Traces only; summaries never read it.
    public var displayRefreshRate: Double = 60
    /// Time of the first display frame (frames fall at `framePhase + k / displayRefreshRate`). Default 0.
    public var framePhase: Duration = .zero
    /// How fast the content returns to an edge it was released past at rest: the overscroll the finger made
    /// (before the rubber band) decays by `e^(−rate·t)`, per second. Default 9.6 [REAL iOS 26.1, fitted to
    /// Vercantez/openuikit's rubberband_top: 235 pt shown past the top back in 0.69 s]. The earlier fixed 400 ms ease
    /// was inferred and is not kept for scroll offsets.
    public var springBackRate: Double = 9.6
    /// ω (per second) of the critically damped spring a moving scroll view bounces on at an edge: a flight that
    /// reaches the edge, or a release past it while moving. Default 11 [REAL iOS 26.1, fitted to edge_impact: a
    /// 3 pt/ms flick 60 pt from the bottom overshoots 100 pt and settles 0.81 s after the lift].
    public var edgeBounceRate: Double = 11
    /// A bounce or spring back stops when it is this close to the edge (pt). Default 0.4 [REAL iOS 26.1, the same
    /// fits: it puts both recordings' ends within 7 ms].
    public var bounceStopDistance: Double = 0.4
    /// Duration of a paging snap and of a zoom's bounce back to its limit [INF].
    public var bounceBackDuration: Duration = .ms(400)
    /// Rubber-band stiffness `c` in `(1 − 1/(x·c/d + 1))·d` [INF, widely used model].
    public var rubberBandCoefficient: Double = 0.55
    /// The iOS release whose behaviour is modelled. From 17.4 on, scroll views transfer scrolling to a
    /// containing scroll view at their edges (S11). Default 26.1, the build the spec's [RE] facts come from.
    public var iosVersion: OSVersion = OSVersion(26, 1)
    /// S11's transfer to a containing scroll view set on its own, whatever `iosVersion` says; nil (the default): on
    /// from 17.4, the release that added `transfersHorizontalScrollingToParent` [DOC].
    public var scrollTransferToParentOverride: Bool? = nil

    // MARK: Gesture recognizers
    /// UIPanGestureRecognizer per-axis hysteresis, `>=` (§4.5). Default 10 pt [RE].
    public var panHysteresis: Double = 10
    /// Weight of the newest sample in pan velocity smoothing (§4.5: 0.2·new + 0.8·previous) [RE].
    public var panVelocitySmoothing: Double = 0.2
    /// Tap allowable movement, Euclidean from the tap's start (§4.5). Default 45 pt — *provisional* [RE, medium].
    public var tapAllowableMovement: Double = 45
    /// Longest a tap's finger may stay down (§4.5). Default 750 ms — *provisional* [RE-partial][REPL].
    public var tapMaximumDuration: Duration = .ms(750)
    /// Longest gap between a touch-up and the next tap's touch-down (§4.5). Default 350 ms [RE].
    public var multiTapInterval: Duration = .ms(350)
    /// Long-press minimum press duration (§4.5). Default 500 ms [DOC].
    public var longPressDuration: Duration = .ms(500)
    /// Long-press allowable movement before it begins, `>` fails (§4.5). Default 10 pt [DOC].
    public var longPressAllowableMovement: Double = 10
    /// Swipe minimum travel along its direction at t → 0, of every required finger (§4.5). Default 50 pt [RE], as
    /// the iOS 26.1 recording (Vercantez/openuikit's swipe oracle) shows [REAL].
    public var swipeMinimumPrimaryMovement: Double = 50
    /// Swipe maximum travel across its direction at t → 0, of every required finger (§4.5). Default 50 pt, the
    /// iOS 26.1 recording (Vercantez/openuikit's swipe oracle) [REAL]; 200 pt is BackBoard's port of UIKit's
    /// recognizer (the value of an older UIKit, version not recorded) [RE].
    public var swipeMaximumSecondaryMovement: Double = 50
    /// Swipe maximum duration, inclusive (§4.5). Default 500 ms [RE][REAL iOS 26.1].
    public var swipeMaximumDuration: Duration = .ms(500)
    /// Decay rate of the minimum primary travel, `factor = 1 − min(t, 0.5 s)·(1 − rate)`. Default 0.06 — *provisional*.
    public var swipeMinimumMovementDecayRate: Double = 0.06
    /// Decay rate of the maximum secondary travel. Default 0.02 — *provisional*.
    public var swipeMaximumMovementDecayRate: Double = 0.02
    /// Swipe minimum rate (pt/s): the travel along the direction between the previous movement sample and this one,
    /// per second, that a sample needs for the swipe to recognize on it (§4.5 "current UIKit also checks a minimum
    /// rate (value unknown)"). Default 0, no check — *provisional* [INF]: UIKit keeps a `_minimumPrimaryMovementRate`
    /// with the previous sample's locations and time (runtime headers, iOS 16.5 SDK), whose value no public source
    /// gives; a device probe of iOS 26.1 (openuikit's swipe oracle) saw a 26.501 pt swipe in one 0.5 s sample
    /// recognize, so the rate is at most 53 pt/s if it is measured that way.
    public var swipeMinimumRate: Double = 0
    /// Change of the distance between a pinch's two touches (pt, window points, strict `>`) before it begins; at began
    /// the reference distance moves by this much, so the scale reported leaves it out (§4.5 pinch). Default 8 pt
    /// [RE iOS 26.1 `_UIPinchGestureRecognizerDriver`]. The spec's earlier 10 pt, inclusive and left in the scale, was
    /// inferred from the pan hysteresis and is not kept.
    public var pinchHysteresis: Double = 8
    /// A rotation's base threshold (radians): it begins when the line through its two touches has turned by more
    /// than `rotationThreshold · (1 + √min(|d − d0|/d0, 1))` — 5° while the fingers' distance holds, up to 10° as it
    /// changes — and the reference angle then moves by that much (§4.5 rotation). Default 0.0873 rad (5°)
    /// [RE iOS 26.1 `_UIRotationGestureRecognizerDriver`]; the spec's earlier fixed 5° (inclusive, left in the
    /// rotation) was inferred and is not kept.
    public var rotationThreshold: Double = 0.0873

    // MARK: Touches
    /// Longest gap between a finger's lift and the next touch-down for `UITouch.tapCount` to go on counting
    /// (1, 2, 3 … at the same place). `nil`: `multiTapInterval` (350 ms) — [INF]: Apple documents only "taps that
    /// occurred for this touch within a predefined period of time" (UITouch.tapCount).
    public var tapCountIntervalOverride: Duration? = nil
    /// Farthest a touch-down may land from the previous lift for `UITouch.tapCount` to go on counting. `nil`:
    /// `tapAllowableMovement` (45 pt) — [INF], like the interval.
    public var tapCountDistanceOverride: Double? = nil

    // MARK: Controls
    /// The device idiom; selects the default control tracking tolerance.
    public var device: DeviceIdiom = .phone
    /// How far outside its bounds a tracking control still counts the touch as inside (§5.2):
    /// 70 pt on iPhone, 25 pt on iPad — *provisional* [REPL Texture][WIDE]. `nil` means "by device".
    public var controlTrackingToleranceOverride: Double? = nil
    /// Minimum visible highlight when a control is highlighted only at touch-up (§5.1). Default 120 ms [RE].
    public var controlMinimumHighlight: Duration = .ms(120)

    // MARK: System
    /// How long the window's system edge gate withholds touches that start near an edge (§8). Default
    /// 1000 ms [WIDE]; the gate itself exists only where a scenario installs it.
    public var edgeGateDelay: Duration = .ms(1000)
    /// Depth of the edge region the gate watches, in points from the screen edge (§8, "bottom ~20 pt") [WIDE].
    public var edgeGateRegion: Double = 20
    /// Height of the top system-gesture area (§8): a swipe down that starts above this line opens Notification
    /// Center or Control Center. Default 47 pt, the status bar of the 390 × 844 pt phones the generator models —
    /// *provisional* [INF]: Apple documents the gesture ("swipe down from the top edge") but not the area.
    public var topEdgeGateRegion: Double = 47
    /// How long the top gate withholds a still touch in that area before letting it through (§8). Default
    /// 1000 ms, the bottom gate's — *provisional* [INF]: no source measures the top edge's delay.
    public var topEdgeGateDelay: Duration = .ms(1000)

    // MARK: Sheets (spec M1–M8, §T)
    /// Top edge (window y) of a sheet at `.large()`. Default 60 on the 390 × 844 pt phone [INF, spec §T "Large detent
    /// top"]. Range 0–200.
    public var sheetLargeDetentTop: Double = 60
    /// Top edge (window y) of a sheet at `.medium()`: about half the screen. Default 422 on 844 pt [DOC Detent.medium
    /// "approximately half the height of the screen"; exact value INF, spec §T "Medium detent"]. Range 100–800.
    public var sheetMediumDetentTop: Double = 422
    /// Per-millisecond retention with which a released sheet's position is projected, `v · r/(1 − r)` (spec M4).
    /// Default 0.99 [RE18+26 `SheetDecelerationFactor`; applying WWDC 2018-803's projection to sheets is INF].
    /// Range 0.9–0.999.
    public var sheetDecelerationRate: Double = 0.99
    /// A list's drag that starts less than this after its previous drag ended does not drive the sheet (spec M3.1).
    /// Default 400 ms [RE18+26 `MinimumSheetSwipeInterval`]. Range 0–2000 ms.
    public var sheetQuickReswipeInterval: Duration = .ms(400)
    /// How long a sheet's dismissal animation lasts: `didDismiss` comes this long after `willDismiss` (spec M4).
    /// Default 350 ms [INF: no public measurement]. Range 0–2000 ms.
    public var sheetDismissDuration: Duration = .ms(350)

    // MARK: Library panels (spec K1, K2, §T)
    /// FloatingPanel's momentum projection rate: a released panel's top is projected `v · r/(1 − r)` (K1.7). Default
    /// 0.998 [REPL FloatingPanel `Behavior.momentumProjectionRate` (`.normal`)]. Range 0.9–0.999.
    public var floatingPanelProjectionRate: Double = 0.998
    /// FloatingPanel's removal threshold: a downward release velocity over the distance to the bottom (per second) at
    /// or above this removes a panel that allows removal (K1.7). Default 5.5 [REPL
    /// `removalInteractionVelocityThreshold`]. Range 0–100.
    public var floatingPanelRemovalThreshold: Double = 5.5
    /// PanModal's release velocity threshold, pt/s: faster releases snap by direction (K2.6). Default 300
    /// [REPL `snapMovementSensitivity` 0.7: 1000 × (1 − 0.7)]. Range 0–10000.
    public var panModalSnapVelocity: Double = 300

    // MARK: Target-action (§5.5)
    /// How a control sends `.primaryActionTriggered` after its trigger event (TouchUpInside, ValueChanged). Off (the
    /// default, [INF]): as an event of its own right after the trigger's actions, so a registration for both events
    /// runs twice. On: in one pass over the registrations for either event, each run once, as a single
    /// `sendActions(for: [trigger, .primaryActionTriggered])` would. Apple documents neither.
    public var combinedPrimaryActionDispatch: Bool = false

    // MARK: Navigation back swipe (touch-model-system N2–N9; defaults in Parameters+Navigation.swift's notes)
    /// Depth of a screen-edge pan's edge region (N2.3): a touch must start within it. Default 35 pt, range 13–55
    /// [RE-partial: 13 pt, or 9–10 % of a screen dimension on some iPhones; INF 35; sweep 13–55].
    public var edgeRegion: Double = 35
    /// Back-projection factor `f` of the edge test at the first move, `p* = p0 − f·(p1 − p0)` (N2.3). Default 1,
    /// range 1–2 [RE-partial: 1, or clamp(backProjectTime/Δt, 1, 2) on some devices].
    public var edgeBackProjectionFactor: Double = 1
    /// Travel inward a screen-edge pan needs to begin (N2.3). Default 15 pt [RE18+26].
    public var edgeHysteresis: Double = 15
    /// A screen-edge pan that has neither begun nor failed this long after touch-down fails (N2.3). Default 250 ms
    /// [RE-partial: `maximumSwipeDuration` 0.25 s, the timer's body lost].
    public var edgeTimeLimit: Duration = .ms(250)
    /// Leading travel the content pop needs to begin, and trailing travel that fails it (N6). Default 30 pt [RE26].
    public var contentPopHysteresis: Double = 30
    /// The content pop fails when `|ty| ≥ min(base + slope·|tx|, cap)` (N6). Defaults 10 pt, 0.8, 25 pt [RE26].
    public var contentPopVerticalBase: Double = 10
    public var contentPopVerticalSlope: Double = 0.8
    public var contentPopVerticalCap: Double = 25
    /// The pop finishes iff `p + v·T > min(popFinishDistance / W, popFinishMaximumProgress)` (N9): T here.
    /// Default 350 ms [INF: the transition's duration].
    public var popFinishProjectionTime: Duration = .ms(350)
    /// The distance and the cap of the pop's finish threshold (N9). Defaults 187.5 pt and 0.5 [RE18+26].
    public var popFinishDistance: Double = 187.5
    public var popFinishMaximumProgress: Double = 0.5

    public init() {}

    /// The effective control tracking tolerance: the override, else 70 pt (phone) or 25 pt (pad).
    @inlinable public var controlTrackingTolerance: Double {
        controlTrackingToleranceOverride ?? (device == .phone ? 70 : 25)
    }
    /// The effective `UITouch.tapCount` interval: the override, else `multiTapInterval`.
    @inlinable public var tapCountInterval: Duration { tapCountIntervalOverride ?? multiTapInterval }
    /// The effective `UITouch.tapCount` distance: the override, else `tapAllowableMovement`.
    @inlinable public var tapCountDistance: Double { tapCountDistanceOverride ?? tapAllowableMovement }
    /// Whether the iOS 17.4 transfer-to-parent rule (S11) applies: the override, else from 17.4 on.
    @inlinable public var scrollViewsTransferToParent: Bool { scrollTransferToParentOverride ?? (iosVersion >= OSVersion(17, 4)) }
    /// Whether UISwitch is driven by private recognizers on an internal subview and sends no UIControl tracking
    /// events (§5.4: iOS 26 [RE]). The engine does not model those recognizers: a touch that hit-tests to such a
    /// switch is traced as unmodelled, the switch tracks nothing, and the run's outcome is unknown.
    @inlinable public var switchesUsePrivateRecognizers: Bool { iosVersion >= OSVersion(26) }
}

/// The device idiom, which changes the control tracking tolerance (§5.2).
public enum DeviceIdiom: String, Sendable, CaseIterable {
    case phone
    case pad
}

/// An iOS release, compared by (major, minor).
public struct OSVersion: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    @inlinable public init(_ major: Int, _ minor: Int = 0) { self.major = major; self.minor = minor }
    @inlinable public static func < (a: OSVersion, b: OSVersion) -> Bool {
        (a.major, a.minor) < (b.major, b.minor)
    }
    public var description: String { "\(major).\(minor)" }
    /// Parses "17.4" or "26". Returns nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1 ... 2).contains(parts.count), let major = Int(parts[0]), major >= 0 else { return nil }
        var minor = 0
        if parts.count == 2 { guard let m = Int(parts[1]), m >= 0 else { return nil }; minor = m }
        self.init(major, minor)
    }
}
