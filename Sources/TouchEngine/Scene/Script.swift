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
    /// This touch changes in the same `UIEvent` as the script event before it (same time, another finger):
    /// a multi-touch step, delivered as one event with a set of touches (`touchesBegan` once per view). The
    /// fingers of one event may change in different ways (one moves while another lifts): the engine runs them
    /// in phase order, began, moved, ended, cancelled (`phaseRank`), keeping script order within a phase.
    public var sameEvent: Bool
    public init(time: VirtualTime, touch: Int = 1, action: ScriptAction, sameEvent: Bool = false) {
        self.time = time; self.touch = touch; self.action = action; self.sameEvent = sameEvent
    }
}

extension ScriptAction {
    /// Where the action's touch phase comes in one UIEvent: code 0 (runs first, on its own), down 1, move 2, up 3,
    /// cancel 4 — the order of `UITouch.Phase` (began, moved, ended, cancelled), in which a mixed event's
    /// touches reach recognizers and views [INF: UIKit passes each phase's touches as a set, one call per phase].
    public var phaseRank: Int {
        switch self {
        case .setRecognizerEnabled: return 0
        case .down: return 1
        case .move: return 2
        case .up: return 3
        case .cancel: return 4
        }
    }
}
