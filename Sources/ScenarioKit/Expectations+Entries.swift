import TouchEngine

// The entries of the `expect:` block, each with its text form (the notation of docs/scenario-format.md).
// `description` renders an entry the way a scenario file writes it, so failure messages can be pasted back.

/// `<phase>@<t> [ts=<ms>] [at (x,y)] [local (x,y)] [touch <n>] [touches (n,m)] [tapCount <n>] [allTouches (n,m)]` — one
/// `touches…` call.
public struct CallbackEntry: Hashable, Sendable, CustomStringConvertible {
    public var phase: TouchPhase
    /// Delivery time, ms.
    public var time: Double
    /// The UITouch timestamp the responder saw, ms; nil: not checked.
    public var timestamp: Double?
    /// The window location the responder saw; nil: not checked.
    public var location: Point?
    /// `location(in: touch.view)`, in the hit view's bounds space; nil: not checked.
    public var local: Point?
    /// A touch number the call carries; nil: any.
    public var touch: Int?
    /// Exactly the touches of the call (a multi-touch step's set), ascending; nil: not checked.
    public var touches: [Int]?
    /// `UITouch.tapCount` of every touch of the call; nil: not checked.
    public var tapCount: Int?
    /// Exactly `event.allTouches`, ascending; nil: not checked.
    public var allTouches: [Int]?
    /// The number of the UIEvent the call belongs to (`e<n>` in the trace); nil: not checked.
    public var event: Int?

    public init(
        phase: TouchPhase, time: Double, timestamp: Double? = nil, location: Point? = nil, touch: Int? = nil,
        touches: [Int]? = nil, tapCount: Int? = nil, allTouches: [Int]? = nil
    ) {
        self.phase = phase; self.time = time; self.timestamp = timestamp; self.location = location; self.touch = touch
        self.touches = touches; self.tapCount = tapCount; self.allTouches = allTouches
    }

    public var description: String {
        var text = "\(phase.rawValue)@\(formatNumber(time))"
        if let timestamp { text += " ts=\(formatNumber(timestamp))" }
        if let location { text += " at \(formatPoint(location))" }
        if let local { text += " local \(formatPoint(local))" }
        if let touch { text += " touch \(touch)" }
        if let touches { text += " touches \(formatTouchSet(touches))" }
        if let tapCount { text += " tapCount \(tapCount)" }
        if let allTouches { text += " allTouches \(formatTouchSet(allTouches))" }
        if let event { text += " event e\(event)" }
        return text
    }
}

/// `(1,2)`: a set of touch numbers as entries write it.
func formatTouchSet(_ list: [Int]) -> String { "(" + list.map(String.init).joined(separator: ",") + ")" }

/// `<n>` — the `UITouch.tapCount` of one touch-down (`tapCounts:`).
public struct TapCountEntry: Hashable, Sendable, CustomStringConvertible {
    public var count: Int
    public init(count: Int) { self.count = count }
    public var description: String { "\(count)" }
}

/// `<Event>@<t>` — one control event, e.g. `TouchUpInside@100`.
public struct ControlEntry: Hashable, Sendable, CustomStringConvertible {
    public var event: ControlEvent
    public var time: Double
    public init(event: ControlEvent, time: Double) { self.event = event; self.time = time }
    public var description: String { "\(event.rawValue)@\(formatNumber(time))" }
}

/// `on@<t>` / `off@<t>` — an `isHighlighted` change.
public struct HighlightEntry: Hashable, Sendable, CustomStringConvertible {
    public var on: Bool
    public var time: Double
    public init(on: Bool, time: Double) { self.on = on; self.time = time }
    public var description: String { "\(on ? "on" : "off")@\(formatNumber(time))" }
}

/// `<t>` — a time at which something happened (cell selections).
public struct TimeEntry: Hashable, Sendable, CustomStringConvertible {
    public var time: Double
    public init(time: Double) { self.time = time }
    public var description: String { formatNumber(time) }
}

/// `<n>` — a touch number (`dropped:`).
public struct TouchNumberEntry: Hashable, Sendable, CustomStringConvertible {
    public var touch: Int
    public init(touch: Int) { self.touch = touch }
    public var description: String { "\(touch)" }
}

/// `<state>@<t> [translation=(x,y)] [scale=<n>] [rotation=<rad>]` — a recognizer transition or action.
///
/// `recognized` is the discrete name of `.ended`; both spellings match either way.
public struct RecognizerEntry: Hashable, Sendable, CustomStringConvertible {
    public var state: RecognizerState
    public var time: Double
    /// The pan translation reported with the state; nil: not checked.
    public var translation: Point?
    /// The pinch scale reported with the state (within `Expectations.measureTolerance`); nil: not checked.
    public var scale: Double?
    /// The rotation (radians) reported with the state (within `Expectations.measureTolerance`); nil: not checked.
    public var rotation: Double?
    /// Written `recognized` rather than `ended` (rendering only).
    public var spelledRecognized: Bool

    public init(state: RecognizerState, time: Double, translation: Point? = nil, spelledRecognized: Bool = false) {
        self.state = state; self.time = time; self.translation = translation; self.spelledRecognized = spelledRecognized
    }

    public var description: String {
        var text = "\(spelledRecognized && state == .ended ? "recognized" : state.rawValue)@\(formatNumber(time))"
        if let translation { text += " translation=\(formatPoint(translation))" }
        if let scale { text += " scale=\(formatNumber(scale))" }
        if let rotation { text += " rotation=\(formatNumber(rotation))" }
        return text
    }
}

/// A numeric comparison of a scroll assertion.
public enum Comparison: String, Hashable, Sendable, CaseIterable {
    case equal = "="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="

    /// `lhs op rhs` with the expectation tolerance: `=` within it, strict comparisons beyond it.
    public func holds(_ lhs: Double, _ rhs: Double, tolerance: Double = Expectations.tolerance) -> Bool {
        switch self {
        case .equal: return abs(lhs - rhs) <= tolerance
        case .less: return lhs < rhs - tolerance
        case .lessOrEqual: return lhs <= rhs + tolerance
        case .greater: return lhs > rhs + tolerance
        case .greaterOrEqual: return lhs >= rhs - tolerance
        }
    }
}

/// A scroll-view state flag (S10).
public enum ScrollFlag: String, Hashable, Sendable, CaseIterable {
    case tracking, dragging, decelerating
}

/// A scroll-view delegate call (S10).
public enum ScrollDelegateCall: String, Hashable, Sendable, CaseIterable {
    case willBeginDragging, didEndDragging, didEndDecelerating, willBeginZooming, didEndZooming
}

/// `willEndDragging@<t>[±<ms>] [velocity=(x,y)[±<tol>]] [target=(x,y)[±<tol>]]`: the delegate call, its content
/// velocity (pt/ms) and its `targetContentOffset`, each within its tolerance (default `Expectations.tolerance`).
public struct WillEndDraggingEntry: Hashable, Sendable, CustomStringConvertible {
    public var time: Double
    public var timeTolerance: Double?
    public var velocity: Point?
    public var velocityTolerance: Double?
    public var target: Point?
    public var targetTolerance: Double?

    public init(
        time: Double, timeTolerance: Double? = nil, velocity: Point? = nil, velocityTolerance: Double? = nil,
        target: Point? = nil, targetTolerance: Double? = nil
    ) {
        self.time = time; self.timeTolerance = timeTolerance; self.velocity = velocity
        self.velocityTolerance = velocityTolerance; self.target = target; self.targetTolerance = targetTolerance
    }

    public var description: String {
        var text = "willEndDragging@\(formatNumber(time))" + plusMinus(timeTolerance)
        if let velocity { text += " velocity=\(formatPoint(velocity))" + plusMinus(velocityTolerance) }
        if let target { text += " target=\(formatPoint(target))" + plusMinus(targetTolerance) }
        return text
    }
}

/// `±<tol>`, or nothing without a tolerance.
func plusMinus(_ tolerance: Double?) -> String { tolerance.map { "±\(formatNumber($0))" } ?? "" }

/// One `scroll:` entry.
public enum ScrollAssertion: Hashable, Sendable, CustomStringConvertible {
    /// `<axis><op><value>[±<tol>]@<t>`: the offset after everything processed at `time`, compared within `tolerance`
    /// (points; nil: `Expectations.tolerance`).
    case offset(axis: Axis, comparison: Comparison, value: Double, tolerance: Double?, time: Double)
    /// `final <axis><op><value>[±<tol>]`: the last offset of the run.
    case final(axis: Axis, comparison: Comparison, value: Double, tolerance: Double?)
    /// `<axis>@<t1><op><axis>@<t2>`: the offset at one time compared with the offset at another.
    case between(axis: Axis, time: Double, comparison: Comparison, otherTime: Double)
    /// `unchanged`: the offset never differed from the initial one.
    case unchanged
    /// `never dragging`: `isDragging` never became true.
    case neverDragging
    /// `<flag>@<t>` (`value` true) or `not <flag>@<t>` (false): the flag after everything processed at `time`.
    case flag(ScrollFlag, value: Bool, time: Double)
    /// `<call>@<t>[±<ms>]`: the delegate method ran at `time` (within `tolerance` ms).
    case delegateCall(ScrollDelegateCall, time: Double, tolerance: Double?)
    /// `willEndDragging@<t> …`: the delegate call with its velocity and target.
    case willEndDragging(WillEndDraggingEntry)
    /// `zoom<op><value>@<t>`: `zoomScale` after everything processed at `time`.
    case zoom(comparison: Comparison, value: Double, time: Double)
    /// `final zoom<op><value>`: the last `zoomScale` of the run.
    case finalZoom(comparison: Comparison, value: Double)

    public var description: String {
        switch self {
        case let .offset(axis, comparison, value, tolerance, time):
            return "\(axisName(axis))\(comparison.rawValue)\(formatNumber(value))\(plusMinus(tolerance))@\(formatNumber(time))"
        case let .final(axis, comparison, value, tolerance):
            return "final \(axisName(axis))\(comparison.rawValue)\(formatNumber(value))\(plusMinus(tolerance))"
        case let .between(axis, time, comparison, otherTime):
            return "\(axisName(axis))@\(formatNumber(time))\(comparison.rawValue)\(axisName(axis))@\(formatNumber(otherTime))"
        case .unchanged: return "unchanged"
        case .neverDragging: return "never dragging"
        case let .flag(flag, value, time): return "\(value ? "" : "not ")\(flag.rawValue)@\(formatNumber(time))"
        case let .delegateCall(call, time, tolerance): return "\(call.rawValue)@\(formatNumber(time))\(plusMinus(tolerance))"
        case let .willEndDragging(entry): return entry.description
        case let .zoom(comparison, value, time): return "zoom\(comparison.rawValue)\(formatNumber(value))@\(formatNumber(time))"
        case let .finalZoom(comparison, value): return "final zoom\(comparison.rawValue)\(formatNumber(value))"
        }
    }
}

/// One event of an `order:` chain: `"<recognizer> action@<t>"`, `"<recognizer> <state>@<t>"`,
/// `"<responder> <phase>@<t>"`, `"<control> <Event>@<t>"` or `"<view> on@<t>"` / `"<view> off@<t>"`.
public struct OrderEvent: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// The recognizer sent an action (any state).
        case action(RecognizerID)
        /// The recognizer moved to this public state.
        case transition(RecognizerID, RecognizerState)
        /// The responder received this `touches…` call.
        case callback(Responder, TouchPhase)
        /// The control sent this event.
        case control(ViewID, ControlEvent)
        /// The view's highlight turned on or off.
        case highlight(ViewID, Bool)
    }
    public var kind: Kind
    public var time: Double
    /// The entry as written.
    public var text: String

    public var description: String { text }
}

// MARK: - Number formatting

/// A number as a scenario file writes it: no trailing zeros, at most 6 decimals (`150`, `99.9`, `16.667`).
func formatNumber(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let scaled = (abs(value) * 1_000_000).rounded()
    guard scaled < 9e18 else { return "\(value)" }
    let micro = Int64(scaled)
    let whole = micro / 1_000_000, fraction = micro % 1_000_000
    let sign = value < 0 && micro != 0 ? "-" : ""
    guard fraction != 0 else { return "\(sign)\(whole)" }
    var digits = String(fraction)
    digits = String(repeating: "0", count: 6 - digits.count) + digits
    while digits.hasSuffix("0") { digits.removeLast() }
    return "\(sign)\(whole).\(digits)"
}

/// `(x,y)` with `formatNumber` coordinates.
func formatPoint(_ p: Point) -> String { "(\(formatNumber(p.x)),\(formatNumber(p.y)))" }

func axisName(_ axis: Axis) -> String { axis == .horizontal ? "x" : "y" }
