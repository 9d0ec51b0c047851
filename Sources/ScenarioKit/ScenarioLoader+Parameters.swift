import TouchEngine
import Yams

extension ScenarioLoader {
    /// `parameters:` keys, in the order of docs/scenario-format.md.
    static let parameterKeys = [
        "contentTouchDelay", "scrollHysteresis", "scrollDelayEarlyRelease", "decelerationRate", "decelerationRateFast",
        "decelerationMinimumVelocity", "flightStartDelay", "flingRestInterval", "displayRefreshRate", "framePhase",
        "springBackRate", "edgeBounceRate", "bounceStopDistance", "bounceBackDuration", "rubberBandCoefficient", "iosVersion",
        "scrollTransferToParent",
        "panHysteresis", "panVelocitySmoothing", "tapAllowableMovement", "tapMaximumDuration", "multiTapInterval",
        "longPressDuration", "longPressAllowableMovement", "swipeMinimumPrimaryMovement",
        "swipeMaximumSecondaryMovement", "swipeMaximumDuration", "swipeMinimumMovementDecayRate",
        "swipeMaximumMovementDecayRate", "swipeMinimumRate", "pinchHysteresis", "rotationThreshold", "tapCountInterval", "tapCountDistance", "device",
        "controlTrackingTolerance", "controlMinimumHighlight",
        "edgeGateDelay", "edgeGateRegion", "topEdgeGateRegion", "topEdgeGateDelay", "hitTestAlphaThreshold",
        "combinedPrimaryActionDispatch", "edgeRegion", "edgeBackProjectionFactor", "edgeHysteresis", "edgeTimeLimit",
        "contentPopHysteresis", "contentPopVerticalBase", "contentPopVerticalSlope", "contentPopVerticalCap",
        "popFinishProjectionTime", "popFinishDistance", "popFinishMaximumProgress", "sheetLargeDetentTop", "sheetMediumDetentTop",
        "sheetDecelerationRate", "sheetQuickReswipeInterval", "sheetDismissDuration", "floatingPanelProjectionRate",
        "floatingPanelRemovalThreshold", "panModalSnapVelocity"
    ]

    static let windowKeys = ["size", "edgeGate"]
}

extension ScenarioLoader.Builder {
    /// `parameters:` — any field of the engine's `Parameters`; times in ms and distances in pt within
    /// `ScenarioLimits`, ratios within their own ranges (docs/scenario-format.md, "Ranges").
    func parseParameters(_ node: Node) throws(ScenarioError) -> Parameters {
        let map = try reader.map(node, for: "'parameters'")
        try map.checkKeys(ScenarioLoader.parameterKeys, in: "'parameters'")
        var p = Parameters()
        for entry in map.entries {
            let value = entry.value, label = "'\(entry.key)'"
            func ratio(_ range: ClosedRange<Double>) throws(ScenarioError) -> Double {
                try reader.number(value, in: range, for: label)
            }
            switch entry.key {
            case "contentTouchDelay": p.contentTouchDelay = try reader.milliseconds(value, for: label)
            case "scrollHysteresis": p.scrollHysteresis = try reader.length(value, for: label)
            case "scrollDelayEarlyRelease": p.scrollDelayEarlyRelease = try reader.bool(value, for: label)
            case "decelerationRate": p.decelerationRate = try ratio(ScenarioLimits.decelerationRate)
            case "decelerationRateFast": p.decelerationRateFast = try ratio(ScenarioLimits.decelerationRate)
            case "decelerationMinimumVelocity": p.decelerationMinimumVelocity = try ratio(ScenarioLimits.decelerationMinimumVelocity)
            case "flightStartDelay": p.flightStartDelay = try reader.milliseconds(value, for: label)
            case "flingRestInterval": p.flingRestInterval = try reader.milliseconds(value, for: label)
            case "displayRefreshRate":
                p.displayRefreshRate = try reader.number(value, in: ScenarioLimits.sampleRate, "a rate", unit: "Hz", for: label)
            case "framePhase": p.framePhase = try reader.milliseconds(value, for: label)
            case "springBackRate":
                p.springBackRate = try reader.number(value, in: ScenarioLimits.springRate, "a rate", unit: "per second", for: label)
            case "edgeBounceRate":
                p.edgeBounceRate = try reader.number(value, in: ScenarioLimits.springRate, "a rate", unit: "per second", for: label)
            case "bounceStopDistance":
                p.bounceStopDistance = try reader.number(value, in: ScenarioLimits.bounceStopDistance, "a distance", unit: "pt", for: label)
            case "bounceBackDuration": p.bounceBackDuration = try reader.milliseconds(value, for: label)
            case "rubberBandCoefficient": p.rubberBandCoefficient = try ratio(ScenarioLimits.rubberBandCoefficient)
            case "iosVersion":
                guard let text = value.scalar?.string, !reader.isNull(value), let version = OSVersion(parsing: text) else {
                    throw reader.mismatch(value, expected: "a version such as \"17.4\"", for: label)
                }
                p.iosVersion = version
            case "scrollTransferToParent": p.scrollTransferToParentOverride = try reader.bool(value, for: label)
            case "panHysteresis": p.panHysteresis = try reader.length(value, for: label)
            case "panVelocitySmoothing": p.panVelocitySmoothing = try ratio(ScenarioLimits.fraction)
            case "tapAllowableMovement": p.tapAllowableMovement = try reader.length(value, for: label)
            case "tapMaximumDuration": p.tapMaximumDuration = try reader.milliseconds(value, for: label)
            case "multiTapInterval": p.multiTapInterval = try reader.milliseconds(value, for: label)
            case "longPressDuration": p.longPressDuration = try reader.milliseconds(value, for: label)
            case "longPressAllowableMovement": p.longPressAllowableMovement = try reader.length(value, for: label)
            case "swipeMinimumPrimaryMovement": p.swipeMinimumPrimaryMovement = try reader.length(value, for: label)
            case "swipeMaximumSecondaryMovement": p.swipeMaximumSecondaryMovement = try reader.length(value, for: label)
            case "swipeMaximumDuration": p.swipeMaximumDuration = try reader.milliseconds(value, for: label)
            case "swipeMinimumMovementDecayRate": p.swipeMinimumMovementDecayRate = try ratio(ScenarioLimits.fraction)
            case "swipeMaximumMovementDecayRate": p.swipeMaximumMovementDecayRate = try ratio(ScenarioLimits.fraction)
            case "swipeMinimumRate":
                p.swipeMinimumRate = try reader.number(value, in: ScenarioLimits.speed, "a speed", unit: "pt/s", for: label)
            case "pinchHysteresis": p.pinchHysteresis = try reader.length(value, for: label)
            case "rotationThreshold":
                p.rotationThreshold = try reader.number(value, in: ScenarioLimits.angle, "an angle", unit: "rad", for: label)
            case "tapCountInterval": p.tapCountIntervalOverride = try reader.milliseconds(value, for: label)
            case "tapCountDistance": p.tapCountDistanceOverride = try reader.length(value, for: label)
            case "device": p.device = try reader.choice(value, as: DeviceIdiom.self, for: label)
            case "controlTrackingTolerance":
                p.controlTrackingToleranceOverride = try reader.length(value, for: label)
            case "controlMinimumHighlight": p.controlMinimumHighlight = try reader.milliseconds(value, for: label)
            case "edgeGateDelay": p.edgeGateDelay = try reader.milliseconds(value, for: label)
            case "edgeGateRegion": p.edgeGateRegion = try reader.length(value, for: label)
            case "topEdgeGateRegion": p.topEdgeGateRegion = try reader.length(value, for: label)
            case "topEdgeGateDelay": p.topEdgeGateDelay = try reader.milliseconds(value, for: label)
            case "hitTestAlphaThreshold": p.hitTestAlphaThreshold = try ratio(ScenarioLimits.fraction)
            case "combinedPrimaryActionDispatch": p.combinedPrimaryActionDispatch = try reader.bool(value, for: label)
            case "edgeRegion":
                p.edgeRegion = try reader.number(value, in: ScenarioLimits.edgeRegion, "a distance", unit: "pt", for: label)
            case "edgeBackProjectionFactor": p.edgeBackProjectionFactor = try ratio(ScenarioLimits.backProjectionFactor)
            case "edgeHysteresis": p.edgeHysteresis = try reader.length(value, for: label)
            case "edgeTimeLimit": p.edgeTimeLimit = try reader.milliseconds(value, for: label)
            case "contentPopHysteresis": p.contentPopHysteresis = try reader.length(value, for: label)
            case "contentPopVerticalBase": p.contentPopVerticalBase = try reader.length(value, for: label)
            case "contentPopVerticalSlope": p.contentPopVerticalSlope = try ratio(ScenarioLimits.rubberBandCoefficient)
            case "contentPopVerticalCap": p.contentPopVerticalCap = try reader.length(value, for: label)
            case "popFinishProjectionTime": p.popFinishProjectionTime = try reader.milliseconds(value, for: label)
            case "popFinishDistance": p.popFinishDistance = try reader.length(value, for: label)
            case "popFinishMaximumProgress": p.popFinishMaximumProgress = try ratio(ScenarioLimits.fraction)
            case "sheetLargeDetentTop":
                p.sheetLargeDetentTop = try reader.number(value, in: ScenarioLimits.sheetLargeDetentTop, "a window y", unit: "pt", for: label)
            case "sheetMediumDetentTop":
                p.sheetMediumDetentTop = try reader.number(value, in: ScenarioLimits.sheetMediumDetentTop, "a window y", unit: "pt", for: label)
            case "sheetDecelerationRate": p.sheetDecelerationRate = try ratio(ScenarioLimits.sheetDecelerationRate)
            case "sheetQuickReswipeInterval":
                p.sheetQuickReswipeInterval = .ms(try reader.number(value, in: ScenarioLimits.sheetInterval, "a duration", unit: "ms", for: label))
            case "sheetDismissDuration":
                p.sheetDismissDuration = .ms(try reader.number(value, in: ScenarioLimits.sheetInterval, "a duration", unit: "ms", for: label))
            case "floatingPanelProjectionRate": p.floatingPanelProjectionRate = try ratio(ScenarioLimits.sheetDecelerationRate)
            case "floatingPanelRemovalThreshold":
                p.floatingPanelRemovalThreshold = try reader.number(value, in: ScenarioLimits.panelRemovalThreshold, "a rate", unit: "per second", for: label)
            case "panModalSnapVelocity":
                p.panModalSnapVelocity = try reader.number(value, in: ScenarioLimits.panelSnapVelocity, "a speed", unit: "pt/s", for: label)
            default: break // unreachable: checkKeys rejected it
            }
        }
        return p
    }

    /// `window:` — `size: [w, h]` and `edgeGate: [edges]`, the edges whose system gestures the app does not defer
    /// (the gates are installed after the scroll views: `W.edgeGate` for bottom, left and right, `W.topEdgeGate`
    /// for the top, §8).
    mutating func parseWindow(_ node: Node) throws(ScenarioError) -> Size {
        let map = try reader.map(node, for: "'window'")
        try map.checkKeys(ScenarioLoader.windowKeys, in: "'window'")
        if let edgesNode = map["edgeGate"] { edgeGate = try parseScreenEdges(edgesNode, for: "'edgeGate'") }
        return try map.size("size") ?? Size(390, 844)
    }
}
