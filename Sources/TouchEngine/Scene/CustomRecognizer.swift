/// A `UIGestureRecognizer` subclass declared by its behaviour (issue 15 §4): when it leaves `possible`, whether
/// it is discrete or continuous, and when it gives up. Its class overrides (`canPrevent`, `canBePrevented`,
/// `shouldRequireFailure(of:)`, `shouldBeRequiredToFail(by:)`) are in `RecognizerPolicies`.
///
/// The state machine follows Apple's rules for subclasses [DOC "About the Gesture Recognizer State Machine"]: a
/// discrete recognizer goes `possible → recognized` or `possible → failed`; a continuous one `possible → began →
/// changed* → ended | cancelled`, or `possible → failed`. UIKit resets it (`reset()`) once its touches are over.
public struct CustomBehavior: Hashable, Sendable {
    /// When the subclass sets `.began` (continuous) or `.recognized` (discrete).
    public var begins: CustomBegin = .touchDown
    /// Continuous: `.began`, then `.changed` on every move, `.ended` when the last touch lifts.
    public var isContinuous = false
    /// While `possible`, a touch that moves farther than this from where it went down makes it fail (nil: never).
    public var allowableMovement: Double?
    /// A timer started with the delay's, when its first touch goes down, that sets `.failed` if it is still
    /// `possible` then (nil: none), as WWDC 2014-235's touch-delay recognizer does after 0.15 s. With `begins:
    /// .delay` only the earlier of the two timers matters: a recognizer that has begun no longer fails on a timer.
    public var failsAfter: Duration?

    public init(begins: CustomBegin = .touchDown, isContinuous: Bool = false, allowableMovement: Double? = nil, failsAfter: Duration? = nil) {
        self.begins = begins; self.isContinuous = isContinuous; self.allowableMovement = allowableMovement
        self.failsAfter = failsAfter
    }

    /// Whether its timer, when it fires, fails it rather than makes it leave `possible`: the failure timer is
    /// set and comes before any delay to begin (equal times are refused by the loader; a scene built in code
    /// that has them begins).
    public var timerFails: Bool {
        guard let f = failsAfter else { return false }
        if case .delay(let d) = begins { return f < d }
        return true
    }

    /// The recognizer's one timer from its first touch-down: the earlier of the delay to begin and the failure
    /// timer (nil: none). A recognizer that leaves `possible` at touch-down sets none.
    public var timer: Duration? {
        switch begins {
        case .touchDown: return nil
        case .delay(let d): return failsAfter.map { min($0, d) } ?? d
        case .touchUp, .never: return failsAfter
        }
    }
}

/// When a custom recognizer tries to leave `possible`. Whatever it is, the recognizer fails when its touches end
/// (or are cancelled) before that, "fail fast" [WWDC 2017-219].
public enum CustomBegin: Hashable, Sendable {
    /// In `touchesBegan` of its first touch: a "touch-down" recognizer (press feedback).
    case touchDown
    /// When its first touch has been down this long (a timer started at touch-down).
    case delay(Duration)
    /// In `touchesEnded` of its last touch (discrete only).
    case touchUp
    /// Never: it watches and fails when its touches end (WWDC 2014-235's touch-delay recognizer without a timer).
    case never
}

/// What a recognizer's action handler does besides being called (issue 15 §4, "action handlers that act").
///
/// The pan effects run on the actions whose state their `ActionStates` lists (by default every `began` and
/// `changed`); the one-shot effects on the action that reports the recognition (`began` of a continuous
/// recognizer, `recognized` of a discrete one).
public struct ActionEffects: Hashable, Sendable {
    /// Pan, on the actions of these states: `setTranslation(.zero, in:)` after reading the translation, so the next
    /// action reports the movement since this one. Changing the translation resets the velocity [DOC
    /// setTranslation(_:in:)]. Empty: never.
    public var resetsTranslation: ActionStates = []
    /// Pan: `view.center += translation(in: …)` on the actions of the states it lists. Without `resetsTranslation`
    /// the total translation is added every time (Apple: "don't concatenate the value each time the handler is
    /// called", [DOC translation(in:)]), and the view runs ahead of the finger.
    public var movesView: ViewMove?
    /// On the recognition: `view.frame = frame` (moves and resizes a view; later touches hit-test it there).
    public var setsFrame: FrameChange?
    /// On the recognition: `isEnabled.toggle()` on these recognizers (an enabled one that is tracking drops its
    /// touches: cancelled if active, failed if possible, §4.1).
    public var togglesEnabled: [RecognizerID] = []

    public init() {}

    /// Nothing to do: the handler only logs.
    @inlinable public var isEmpty: Bool {
        resetsTranslation.isEmpty && movesView == nil && setsFrame == nil && togglesEnabled.isEmpty
    }
}

/// The states of the actions a handler's effect runs on (`ActionEffects`): a pan's handler that tests
/// `pan.state` before it acts.
public struct ActionStates: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let began = ActionStates(rawValue: 1)
    public static let changed = ActionStates(rawValue: 2)
    public static let ended = ActionStates(rawValue: 4)
    public static let cancelled = ActionStates(rawValue: 8)
    /// Every `began` and `changed` action: what `setTranslationZero: true` and `moveView: V` act on.
    public static let perChange: ActionStates = [.began, .changed]
    /// The states an action can report, in this order.
    public static let all: [(RecognizerState, ActionStates)] = [(.began, .began), (.changed, .changed), (.ended, .ended), (.cancelled, .cancelled)]

    /// The set of one action state; nil for `possible` and `failed`, which send no action.
    @inlinable public init?(_ state: RecognizerState) {
        switch state {
        case .began: self = .began
        case .changed: self = .changed
        case .ended: self = .ended
        case .cancelled: self = .cancelled
        case .possible, .failed: return nil
        }
    }

    /// The states, in action order.
    public var states: [RecognizerState] { Self.all.filter { contains($0.1) }.map(\.0) }
}

/// A pan handler's `view.center += pan.translation(in: space)`, on the actions of the states `on` lists.
public struct ViewMove: Hashable, Sendable {
    /// The view moved.
    public var view: ViewID
    /// The view whose coordinates the translation is read in (`translation(in:)`); nil: the moved view's
    /// superview, what keeps it under the finger. Another view reads the same movement in its own points (through
    /// its transforms), which the moved view's centre then takes as its superview's points.
    public var translationIn: ViewID?
    /// The states of the actions it moves on.
    public var on: ActionStates
    public init(view: ViewID, translationIn: ViewID? = nil, on: ActionStates = .perChange) {
        self.view = view; self.translationIn = translationIn; self.on = on
    }
}

/// A view's new frame (in its superview's space) set by an action handler.
public struct FrameChange: Hashable, Sendable {
    public var view: ViewID
    public var frame: Rect
    public init(view: ViewID, frame: Rect) { self.view = view; self.frame = frame }
}

/// A `UIGestureRecognizerDelegate` question, as a trace event records it (issue 15 §4). The engine traces the
/// questions of recognizers whose delegate logs (`RecognizerSpec.delegateLogs`).
public enum DelegateQuestion: Hashable, Sendable {
    /// `gestureRecognizer(_:shouldReceive:)` at touch-down, before the recognizer sees the touch (G3).
    case shouldReceive(touch: Int)
    /// `gestureRecognizerShouldBegin(_:)` when the recognizer tries to leave `possible` (G11).
    case shouldBegin
    /// `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)`, asked only when one of the pair would exclude the
    /// other (G8, after `canPrevent`/`canBePrevented` allowed it, G9).
    case shouldRecognizeSimultaneously(with: RecognizerID)
    /// `gestureRecognizer(_:shouldRequireFailureOf:)`: does this recognizer wait for the other to fail (G10)? Asked
    /// when a touch goes down, of each pair that comes to share it (see `Simulation.askFailureRequirements`).
    case shouldRequireFailure(of: RecognizerID)
    /// `gestureRecognizer(_:shouldBeRequiredToFailBy:)`: does the other wait for this recognizer to fail (G10)?
    case shouldBeRequiredToFail(by: RecognizerID)

    /// The method's name as UIKit spells it, with the other party.
    public var methodName: String {
        switch self {
        case .shouldReceive: return "gestureRecognizer(_:shouldReceive:)"
        case .shouldBegin: return "gestureRecognizerShouldBegin(_:)"
        case .shouldRecognizeSimultaneously: return "gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)"
        case .shouldRequireFailure: return "gestureRecognizer(_:shouldRequireFailureOf:)"
        case .shouldBeRequiredToFail: return "gestureRecognizer(_:shouldBeRequiredToFailBy:)"
        }
    }

    /// The other recognizer the question is about, if any.
    public var other: RecognizerID? {
        switch self {
        case .shouldReceive, .shouldBegin: return nil
        case .shouldRecognizeSimultaneously(let id), .shouldRequireFailure(let id), .shouldBeRequiredToFail(let id): return id
        }
    }
}
