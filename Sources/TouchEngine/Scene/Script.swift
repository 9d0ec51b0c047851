/// What happens at one instant of a touch script.
public enum ScriptAction: Hashable, Sendable {
    /// A finger touches down at a window point.
    case down(Point)
    /// The finger moves to a window point.
    case move(Point)
    /// The finger lifts; nil keeps the last location.
    case up(Point?)
    /// The system cancels the touch (e.g. an incoming call).
    case cancel
    /// Code sets `isEnabled` on a recognizer (G: "enabled toggling").
    case setRecognizerEnabled(RecognizerID, Bool)
}

/// One timestamped step of a touch script.
public struct ScriptEvent: Hashable, Sendable {
    public var time: VirtualTime
    /// The finger number (touch #1, #2, …); ignored by `setRecognizerEnabled`.
    public var touch: Int
    public var action: ScriptAction
    public init(time: VirtualTime, touch: Int = 1, action: ScriptAction) {
        self.time = time; self.touch = touch; self.action = action
    }
}
