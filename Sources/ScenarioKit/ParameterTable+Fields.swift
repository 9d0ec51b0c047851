import TouchEngine

/// The rows of ``ParameterTable``: one per field of ``Parameters``, in the order of docs/scenario-format.md. A row
/// with an axis is a sweep axis of the same name (docs/sweep-config.md gives the same summary); `shrinks` marks the
/// fields the shrinker sets back to their defaults.
extension ParameterTable {
    /// Scroll views: delays, hysteresis, deceleration, bounce (touch-model S1–S11).
    static let scrolling: [ParameterField] = [
        ms("contentTouchDelay", \.contentTouchDelay, axis: axis("Scroll views' delayed content touches (S1), default 150 ms."), shrinks: true),
        pt("scrollHysteresis", \.scrollHysteresis, axis: axis("Scroll views' pan hysteresis (S5), default 10 pt."), shrinks: true),
        bool(
            "scrollDelayEarlyRelease", \.scrollDelayEarlyRelease,
            axis: axis("Optional S2 rule: release delayed touches early on a non-scrollable axis."), shrinks: true),
        number("decelerationRate", .ratio(ScenarioLimits.decelerationRate), \.decelerationRate, shrinks: true),
        number("decelerationRateFast", .ratio(ScenarioLimits.decelerationRate), \.decelerationRateFast, shrinks: true),
        number("decelerationMinimumVelocity", .ratio(ScenarioLimits.decelerationMinimumVelocity), \.decelerationMinimumVelocity, shrinks: true),
        ms("flightStartDelay", \.flightStartDelay, shrinks: true),
        ms("flingRestInterval", \.flingRestInterval, shrinks: true),
        number("displayRefreshRate", .quantity(ScenarioLimits.sampleRate, noun: "a rate", unit: "Hz"), \.displayRefreshRate),
        ms("framePhase", \.framePhase),
        number("springBackRate", .quantity(ScenarioLimits.springRate, noun: "a rate", unit: "per second"), \.springBackRate, shrinks: true),
        number("edgeBounceRate", .quantity(ScenarioLimits.springRate, noun: "a rate", unit: "per second"), \.edgeBounceRate, shrinks: true),
        number(
            "bounceStopDistance", .quantity(ScenarioLimits.bounceStopDistance, noun: "a distance", unit: "pt"), \.bounceStopDistance, shrinks: true),
        ms("bounceBackDuration", \.bounceBackDuration, shrinks: true),
        number("rubberBandCoefficient", .ratio(ScenarioLimits.rubberBandCoefficient), \.rubberBandCoefficient, shrinks: true),
        field(
            "iosVersion", .version, \.iosVersion,
            axis: axis("The iOS release modelled; from 17.4 scroll views transfer scrolling to a parent at their edges (S11)."), shrinks: true,
            wrap: { .version($0) }, unwrap: { if case .version(let v) = $0 { v } else { nil } }),
        override(
            "scrollTransferToParent", .bool, \.scrollTransferToParentOverride,
            axis: axis("S11's transfer of scrolling to a containing scroll view, on or off whatever iosVersion says (default: on from 17.4)."),
            shrinks: true, wrap: { .bool($0) }, unwrap: flag)
    ]

    /// Gesture recognizers' thresholds (touch-model §4.5) and the touch's tap count.
    static let recognizers: [ParameterField] = [
        pt("panHysteresis", \.panHysteresis, axis: axis("UIPanGestureRecognizer per-axis hysteresis (§4.5), default 10 pt."), shrinks: true),
        number("panVelocitySmoothing", .ratio(ScenarioLimits.fraction), \.panVelocitySmoothing, shrinks: true),
        pt("tapAllowableMovement", \.tapAllowableMovement, axis: axis("Tap allowable movement (§4.5), default 45 pt."), shrinks: true),
        ms("tapMaximumDuration", \.tapMaximumDuration, axis: axis("Longest a tap's finger may stay down (§4.5), default 750 ms."), shrinks: true),
        ms("multiTapInterval", \.multiTapInterval, axis: axis("Longest gap between taps of a multi-tap (§4.5), default 350 ms."), shrinks: true),
        ms("longPressDuration", \.longPressDuration, axis: axis("Long-press minimum press duration (§4.5), default 500 ms."), shrinks: true),
        pt("longPressAllowableMovement", \.longPressAllowableMovement, axis: axis("Long-press allowable movement (§4.5), default 10 pt."), shrinks: true),
        pt("swipeMinimumPrimaryMovement", \.swipeMinimumPrimaryMovement, axis: axis("Swipe minimum travel (§4.5), default 50 pt."), shrinks: true),
        pt(
            "swipeMaximumSecondaryMovement", \.swipeMaximumSecondaryMovement,
            axis: axis("Swipe maximum cross travel of each finger (§4.5), default 50 pt (iOS 26.1); 200 pt is an older UIKit's.", 1000), shrinks: true
        ),
        ms("swipeMaximumDuration", \.swipeMaximumDuration, axis: axis("Swipe maximum duration (§4.5), default 500 ms."), shrinks: true),
        number("swipeMinimumMovementDecayRate", .ratio(ScenarioLimits.fraction), \.swipeMinimumMovementDecayRate, shrinks: true),
        number("swipeMaximumMovementDecayRate", .ratio(ScenarioLimits.fraction), \.swipeMaximumMovementDecayRate, shrinks: true),
        number(
            "swipeMinimumRate", .quantity(ScenarioLimits.speed, noun: "a speed", unit: "pt/s"), \.swipeMinimumRate,
            axis: axis("Swipe minimum rate between movement samples (§4.5, value unknown), default 0 (no check).", 5000), shrinks: true),
        pt(
            "pinchHysteresis", \.pinchHysteresis,
            axis: axis("How far the distance between a pinch's two touches must change (strictly) before it begins (§4.5 pinch), default 8 pt.")),
        number(
            "rotationThreshold", .quantity(ScenarioLimits.angle, noun: "an angle", unit: "rad"), \.rotationThreshold,
            axis: axis(
                "How far the line through a rotation's touches must turn before it begins (§4.5 rotation), default 0.0873 rad (5°), more as they spread.",
                3)),
        override(
            "tapCountInterval", .milliseconds, \.tapCountIntervalOverride,
            axis: axis("Longest gap from a lift to the next touch-down for UITouch.tapCount to go on counting, default 350 ms."), shrinks: true,
            wrap: { .duration($0) }, unwrap: duration),
        override(
            "tapCountDistance", .length, \.tapCountDistanceOverride,
            axis: axis("Farthest a touch-down may land from the last lift for UITouch.tapCount to go on counting, default 45 pt."), shrinks: true,
            wrap: { .number($0) }, unwrap: number),
        field(
            "device", .device, \.device, axis: axis("Device idiom: phone (70 pt control tolerance) or pad (25 pt)."), shrinks: true,
            wrap: { .device($0) }, unwrap: { if case .device(let d) = $0 { d } else { nil } })
    ]

    /// Controls (§5), the system gesture gates (§8) and hit-testing.
    static let controlsAndGates: [ParameterField] = [
        override(
            "controlTrackingTolerance", .length, \.controlTrackingToleranceOverride,
            axis: axis("How far outside a tracking control still counts as inside (§5.2), default 70 pt (phone)."), shrinks: true,
            wrap: { .number($0) }, unwrap: number),
        ms(
            "controlMinimumHighlight", \.controlMinimumHighlight,
            axis: axis("Minimum highlight when a control lights up only at touch-up (§5.1), default 120 ms."), shrinks: true),
        ms("edgeGateDelay", \.edgeGateDelay, axis: axis("How long the system edge gate withholds edge touches (§8), default 1000 ms."), shrinks: true),
        pt("edgeGateRegion", \.edgeGateRegion, shrinks: true),
        pt(
            "topEdgeGateRegion", \.topEdgeGateRegion,
            axis: axis("Height of the top system-gesture area, where a swipe down is the system's (§8), default 47 pt.")),
        ms("topEdgeGateDelay", \.topEdgeGateDelay, axis: axis("How long the top edge gate withholds a still touch in the top area (§8), default 1000 ms.")),
        number("hitTestAlphaThreshold", .ratio(ScenarioLimits.fraction), \.hitTestAlphaThreshold, shrinks: true),
        bool("combinedPrimaryActionDispatch", \.combinedPrimaryActionDispatch, shrinks: true)
    ]

    /// The back swipe and the content pop (touch-model-system §N).
    static let navigation: [ParameterField] = [
        number(
            "edgeRegion", .quantity(ScenarioLimits.edgeRegion, noun: "a distance", unit: "pt"), \.edgeRegion,
            axis: axis("How far from the leading edge a back swipe may start (N2.1 [INF]), default 35 pt; documented range 13–55.", 100)),
        number("edgeBackProjectionFactor", .ratio(ScenarioLimits.backProjectionFactor), \.edgeBackProjectionFactor),
        pt("edgeHysteresis", \.edgeHysteresis),
        ms("edgeTimeLimit", \.edgeTimeLimit, axis: axis("How long after touch-down an edge pan may still begin (N2.4 [RE-partial]), default 250 ms.", 2000)),
        pt("contentPopHysteresis", \.contentPopHysteresis),
        pt("contentPopVerticalBase", \.contentPopVerticalBase),
        number("contentPopVerticalSlope", .ratio(ScenarioLimits.rubberBandCoefficient), \.contentPopVerticalSlope),
        pt("contentPopVerticalCap", \.contentPopVerticalCap),
        ms("popFinishProjectionTime", \.popFinishProjectionTime),
        pt("popFinishDistance", \.popFinishDistance),
        number("popFinishMaximumProgress", .ratio(ScenarioLimits.fraction), \.popFinishMaximumProgress)
    ]

    /// Sheets and floating panels (touch-model-system §M, §K).
    static let presentation: [ParameterField] = [
        number("sheetLargeDetentTop", .quantity(ScenarioLimits.sheetLargeDetentTop, noun: "a window y", unit: "pt"), \.sheetLargeDetentTop),
        number("sheetMediumDetentTop", .quantity(ScenarioLimits.sheetMediumDetentTop, noun: "a window y", unit: "pt"), \.sheetMediumDetentTop),
        number(
            "sheetDecelerationRate", .ratio(ScenarioLimits.sheetDecelerationRate), \.sheetDecelerationRate,
            axis: axis("The deceleration rate a released sheet's velocity is projected with (M4 [INF]), default 0.99.", range: 0.9 ... 0.999)),
        field(
            "sheetQuickReswipeInterval", .millisecondsIn(ScenarioLimits.sheetInterval), \.sheetQuickReswipeInterval, axis: nil, shrinks: false,
            wrap: { .duration($0) }, unwrap: duration),
        field(
            "sheetDismissDuration", .millisecondsIn(ScenarioLimits.sheetInterval), \.sheetDismissDuration, axis: nil, shrinks: false,
            wrap: { .duration($0) }, unwrap: duration),
        number("floatingPanelProjectionRate", .ratio(ScenarioLimits.sheetDecelerationRate), \.floatingPanelProjectionRate),
        number(
            "floatingPanelRemovalThreshold", .quantity(ScenarioLimits.panelRemovalThreshold, noun: "a rate", unit: "per second"),
            \.floatingPanelRemovalThreshold),
        number("panModalSnapVelocity", .quantity(ScenarioLimits.panelSnapVelocity, noun: "a speed", unit: "pt/s"), \.panModalSnapVelocity)
    ]
}
