/// The engine parameters whose values no recording or readable source fixes ([INF], [RE-partial] or [WIDE] in the
/// spec) and that a verdict can turn on, each with the range its sources leave open (docs/parameters.md).
///
/// A run notes in its summary (``RunSummary/inferredReads``) each of these its decisions read where the outcome would
/// differ somewhere in the range: a threshold compared with a quantity that lies inside the range, a timer still
/// armed when the range's low end had passed, a projection whose decision differs at the range's ends. A run that
/// notes none gives the same verdict wherever in the ranges the values lie; a run that notes one is run again at
/// the range's ends (SweepCore's model bands).
public enum InferredParameter: Int, CaseIterable, Sendable, Comparable {
    case tapMaximumDuration
    case pinchHysteresis
    case edgeRegion
    case edgeBackProjectionFactor
    case edgeGateRegion
    case edgeGateDelay
    case topEdgeGateRegion
    case topEdgeGateDelay
    case swipeMinimumRate
    case flingRestInterval
    case sheetDecelerationRate
    case popFinishProjectionTime

    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// The `Parameters` key (a scenario's `parameters:` key and a sweep axis of the same name).
    public var name: String { "\(self)" }

    /// What it is, in a few words ("the tap's maximum duration").
    public var words: String {
        switch self {
        case .tapMaximumDuration: return "the tap's maximum duration"
        case .pinchHysteresis: return "the pinch's hysteresis"
        case .edgeRegion: return "the back swipe's edge region"
        case .edgeBackProjectionFactor: return "the edge test's back projection"
        case .edgeGateRegion: return "the system edge gate's depth"
        case .edgeGateDelay: return "the system edge gate's delay"
        case .topEdgeGateRegion: return "the top system-gesture area"
        case .topEdgeGateDelay: return "the top edge gate's delay"
        case .swipeMinimumRate: return "the swipe's minimum rate"
        case .flingRestInterval: return "the rest that stops a fling"
        case .sheetDecelerationRate: return "the sheet's release projection"
        case .popFinishProjectionTime: return "the back swipe's finish projection"
        }
    }

    /// The unit the range is in: "ms", "pt", "pt/s", or "" for a factor.
    public var unit: String {
        switch self {
        case .tapMaximumDuration, .edgeGateDelay, .topEdgeGateDelay, .flingRestInterval, .popFinishProjectionTime: return "ms"
        case .pinchHysteresis, .edgeRegion, .edgeGateRegion, .topEdgeGateRegion: return "pt"
        case .swipeMinimumRate: return "pt/s"
        case .edgeBackProjectionFactor, .sheetDecelerationRate: return ""
        }
    }

    /// The values its sources leave open, in `unit` (docs/parameters.md gives each one's grounds).
    public var range: ClosedRange<Double> {
        switch self {
        case .tapMaximumDuration: return 650 ... 850
        case .pinchHysteresis: return 8 ... 10
        case .edgeRegion: return 13 ... 55
        case .edgeBackProjectionFactor: return 1 ... 2
        case .edgeGateRegion: return 15 ... 25
        case .edgeGateDelay, .topEdgeGateDelay: return 500 ... 1000
        case .topEdgeGateRegion: return 44 ... 59
        case .swipeMinimumRate: return 0 ... 53
        case .flingRestInterval: return 20 ... 300
        case .sheetDecelerationRate: return 0.99 ... 0.998
        case .popFinishProjectionTime: return 250 ... 500
        }
    }

    /// Its value in `p`, in `unit`.
    public func value(in p: Parameters) -> Double {
        switch self {
        case .tapMaximumDuration: return p.tapMaximumDuration.milliseconds
        case .pinchHysteresis: return p.pinchHysteresis
        case .edgeRegion: return p.edgeRegion
        case .edgeBackProjectionFactor: return p.edgeBackProjectionFactor
        case .edgeGateRegion: return p.edgeGateRegion
        case .edgeGateDelay: return p.edgeGateDelay.milliseconds
        case .topEdgeGateRegion: return p.topEdgeGateRegion
        case .topEdgeGateDelay: return p.topEdgeGateDelay.milliseconds
        case .swipeMinimumRate: return p.swipeMinimumRate
        case .flingRestInterval: return p.flingRestInterval.milliseconds
        case .sheetDecelerationRate: return p.sheetDecelerationRate
        case .popFinishProjectionTime: return p.popFinishProjectionTime.milliseconds
        }
    }

    /// `p` with this parameter set to `value` (in `unit`).
    public func setting(_ value: Double, in p: Parameters) -> Parameters {
        var q = p
        switch self {
        case .tapMaximumDuration: q.tapMaximumDuration = .ms(value)
        case .pinchHysteresis: q.pinchHysteresis = value
        case .edgeRegion: q.edgeRegion = value
        case .edgeBackProjectionFactor: q.edgeBackProjectionFactor = value
        case .edgeGateRegion: q.edgeGateRegion = value
        case .edgeGateDelay: q.edgeGateDelay = .ms(value)
        case .topEdgeGateRegion: q.topEdgeGateRegion = value
        case .topEdgeGateDelay: q.topEdgeGateDelay = .ms(value)
        case .swipeMinimumRate: q.swipeMinimumRate = value
        case .flingRestInterval: q.flingRestInterval = .ms(value)
        case .sheetDecelerationRate: q.sheetDecelerationRate = value
        case .popFinishProjectionTime: q.popFinishProjectionTime = .ms(value)
        }
        return q
    }

    /// The range as text with its unit: "650–850 ms", "1–2".
    public var rangeText: String {
        let text = Self.number(range.lowerBound) + "–" + Self.number(range.upperBound)
        return unit.isEmpty ? text : text + " " + unit
    }

    /// A range end as text: whole numbers without a fraction ("650"), others in their shortest form ("0.998").
    public static func number(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
}

/// A set of ``InferredParameter``s, one bit each.
public struct InferredParameterSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public init(_ p: InferredParameter) { rawValue = 1 << UInt32(p.rawValue) }

    /// The members, in declaration order.
    public var members: [InferredParameter] { InferredParameter.allCases.filter { contains(Self($0)) } }
}
