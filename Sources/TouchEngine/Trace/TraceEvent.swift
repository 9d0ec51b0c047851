/// Who received a `touches…` call: a view or a view controller (R2).
public enum Responder: Hashable, Sendable {
    case view(ViewID)
    case controller(Int)
}

/// `UIControl.Event`s the engine sends (§5.1), plus value changes.
public enum ControlEvent: String, Sendable, CaseIterable {
    case touchDown = "TouchDown"
    case touchDownRepeat = "TouchDownRepeat"
    case touchDragInside = "TouchDragInside"
    case touchDragOutside = "TouchDragOutside"
    case touchDragEnter = "TouchDragEnter"
    case touchDragExit = "TouchDragExit"
    case touchUpInside = "TouchUpInside"
    case touchUpOutside = "TouchUpOutside"
    case touchCancel = "TouchCancel"
    case valueChanged = "ValueChanged"
    /// The semantic action (§5.5): after TouchUpInside (UIButton) or ValueChanged (value controls). Sent, and
    /// traced, only by controls that declare actions, so scenarios without them keep their traces.
    case primaryActionTriggered = "PrimaryActionTriggered"
}

/// One `UITouch` of a `touches…` call, as the responder sees it.
public struct CallbackTouch: Hashable, Sendable {
    /// The script's touch number.
    public var touch: Int
    /// The UITouch's timestamp (a replayed began carries the original one).
    public var timestamp: VirtualTime
    /// Window location.
    public var location: Point
    /// Location in the hit view's space.
    public var local: Point
    /// `UITouch.tapCount` (1 unless the touch went down as a repeated tap).
    public var tapCount: Int
    @inlinable public init(touch: Int, timestamp: VirtualTime, location: Point, local: Point, tapCount: Int = 1) {
        self.touch = touch; self.timestamp = timestamp; self.location = location; self.local = local; self.tapCount = tapCount
    }
}

/// What a responder did with a `touches…` call it received.
public enum CallbackHandling: String, Sendable {
    /// Overridden without super, or handled by the class (control tracking, cell, scroll view): chain stops.
    case handled
    /// Overridden and called super: recorded, then the built-in behaviour ran.
    case observed
    /// Not overridden: forwarded to the next responder.
    case forwarded
}

/// Scroll view delegate calls and state flags (S10).
public enum ScrollNotification: Hashable, Sendable {
    case willBeginDragging
    /// `scrollViewWillEndDragging(_:withVelocity:targetContentOffset:)`: content velocity in pt/ms (zero after a
    /// rest) and the target offset UIKit reports.
    case willEndDragging(velocity: Point, target: Point)
    case didEndDragging(willDecelerate: Bool)
    case didEndDecelerating
    case tracking(Bool)
    case dragging(Bool)
    case decelerating(Bool)
    /// `scrollViewWillBeginZooming(_:with:)`.
    case willBeginZooming
    /// `scrollViewDidEndZooming(_:with:atScale:)`, after any bounce back.
    case didEndZooming(atScale: Double)
    /// `isZoomBouncing`.
    case zoomBouncing(Bool)
}

/// What one registration did when its event was sent (§5.5), decided when the scene is prepared: registrations,
/// the first responder and the responders' action methods do not change during a run.
public struct ActionDelivery: Hashable, Sendable {
    public var handler: ActionHandler
    /// The responder that performed the action: the target when it implements the action, the responder the chain
    /// found for a nil target; nil for a UIAction and when nobody performed it.
    public var receiver: Responder?
    /// Whether the action was performed: a UIAction's handler ran, or a receiver performed the action.
    public var performed: Bool
    /// For a nil-targeted action, the responders searched.
    public var chain: ChainResolution?
    public init(handler: ActionHandler, receiver: Responder?, performed: Bool, chain: ChainResolution?) {
        self.handler = handler; self.receiver = receiver; self.performed = performed; self.chain = chain
    }
}

/// Why a recognizer changed state, a touch was withheld, or a delivery happened. Rendered in traces.
public enum Reason: Hashable, Sendable {
    /// A finger lifted before the gesture completed.
    case touchesEnded
    /// The system cancelled the touch.
    case touchesCancelled
    /// Recognizer-specific threshold logic; the text says which threshold and by how much.
    case threshold(String)
    /// A timer the recognizer started fired (the text names it).
    case timer(String)
    /// Excluded by a recognizer that began or recognized first (G7).
    case excludedBy(RecognizerID)
    /// Tried to begin while an exclusive recognizer was active (G7).
    case blockedByActive(RecognizerID)
    /// Its failure requirement recognized (G10).
    case requirementRecognized(RecognizerID)
    /// A system gesture gate recognized: the system took the touch from the app (§8).
    case systemGesture(RecognizerID)
    /// Its failure requirements all failed (G10); it may now act.
    case requirementsFailed
    /// Waiting for these recognizers to fail before acting (G10).
    case waitingFor([RecognizerID])
    /// `gestureRecognizerShouldBegin` of the delegate returned NO (G11).
    case delegateShouldBegin
    /// A view's `gestureRecognizerShouldBegin` returned NO (G11, §5.4); the view that vetoed.
    case vetoedBy(ViewID, String)
    /// Scroll pan: content already has the touch and cannot be cancelled (S7, "contentTouchDelivery").
    case contentTouchDelivery(String)
    /// Scroll pan declined an axis on iOS ≥ 17.4 and leaves it to the parent (S11).
    case transfersToParent(ViewID)
    /// The recognizer was disabled while tracking (§4.1).
    case disabled
    /// The scroll view was decelerating and the touch caught it (S9).
    case caughtDeceleration
    /// `touchesShouldBegin(_:with:in:)` returned this for the view (S2/S4).
    case touchesShouldBegin(ViewID, Bool)
    /// Reset after its touches ended (and its failure-requirement partners were done, §4.1).
    case reset
    /// A plain explanation.
    case note(String)
}

/// One entry of a trace.
public enum TraceEventKind: Hashable, Sendable {
    /// A script sample: a touch changed phase or location (window coordinates).
    case touch(touch: Int, phase: TouchPhase, location: Point)
    /// Hit-test result at touch-down, with the responder chain above it and the recognizers collected (P2, P3).
    case hitTest(touch: Int, view: ViewID?, chain: [ViewID], recognizers: [RecognizerID])
    /// A recognizer moved between public states.
    case transition(recognizer: RecognizerID, from: RecognizerState, to: RecognizerState, reason: Reason)
    /// A recognizer stayed `possible` for a reason worth seeing (e.g. a scroll pan leaving an axis to its
    /// parent, S11).
    case held(recognizer: RecognizerID, reason: Reason)
    /// A recognizer passed its threshold but waits for failure requirements (G10).
    case pending(recognizer: RecognizerID, waitingFor: [RecognizerID])
    /// A recognizer's action was sent, with the state it reports and, for pans, the translation; for pinches and
    /// rotations, the scale or rotation and its velocity.
    case action(recognizer: RecognizerID, state: RecognizerState, translation: Point?, measure: GestureMeasure? = nil)
    /// A timer fired.
    case timer(String)
    /// A phase of a touch was withheld from its view by a delaying recognizer (G5, G6).
    case withheld(touch: Int, phase: TouchPhase, by: RecognizerID)
    /// Withheld touches released to the view: `began` replay plus at most one follow-up (G5).
    case released(touch: Int)
    /// A withheld touch was discarded: the view will never hear of it (G5, S3).
    case dropped(touch: Int, by: RecognizerID?)
    /// A touch was not sent to a view by the multi-touch filters (H5).
    case filtered(touch: Int, view: ViewID, reason: String)
    /// A `touches…` method ran on a responder with the set of touches of one view and phase (one touch unless a
    /// multi-touch step delivered several at once, R1 [DOC touchesBegan(_:with:)]); `allTouches` is the touch
    /// numbers of `event.allTouches`, ascending.
    case callback(
        responder: Responder, phase: TouchPhase, touches: [CallbackTouch], hitView: ViewID,
        handling: CallbackHandling, allTouches: [Int])
    /// A touch went down as a repeated tap: `UITouch.tapCount` is `count` (≥ 2), continuing the count of the touch
    /// numbered `after`, which lifted within the tap-count interval and distance.
    case tapCount(touch: Int, count: Int, after: Int)
    /// One `UIEvent` carried several touches at once (a multi-touch script step): these touch numbers changed in
    /// it, in phase order (began, moved, ended, cancelled) and script order within a phase, each in the phase at the
    /// same index of `phases`; `allTouches` is `event.allTouches`, ascending.
    case touchEvent(touches: [Int], phases: [TouchPhase], allTouches: [Int])
    /// A control sent an event to its targets.
    case control(view: ViewID, event: ControlEvent, value: Double?)
    /// A control invoked one of its registrations for an event it sent (§5.5): a UIAction ran, or an action
    /// went to its target or up the responder chain.
    case controlAction(view: ViewID, event: ControlEvent, delivery: ActionDelivery)
    /// A touch hit-tested to a UISwitch that private recognizers drive (iOS 26, §5.4): the engine models neither
    /// them nor the switch's answer to recognizers above it, so it sends no tracking events and the outcome is unknown.
    case privateRecognizers(view: ViewID)
    /// A control or cell changed `isHighlighted`.
    case highlight(view: ViewID, on: Bool)
    /// A cell was selected (`didSelectRow`).
    case selected(view: ViewID)
    /// A scroll view's content offset changed.
    case offset(view: ViewID, offset: Point)
    /// A released scroll view's offset at a display frame of its deceleration or bounce (traced runs only; the
    /// summary never sees frames). Shown like `offset`; set apart so tools that predict a device log can leave it out.
    case frame(view: ViewID, offset: Point)
    /// A zooming scroll view's `zoomScale` changed, and with it `contentSize` (the zoom view's frame size).
    case zoom(view: ViewID, scale: Double, contentSize: Size)
    /// A scroll view delegate call or state flag change.
    case scroll(view: ViewID, ScrollNotification)
    /// A recognizer's delegate was asked a question and gave this answer (issue 15 §4; only for delegates that log).
    case asked(recognizer: RecognizerID, question: DelegateQuestion, answer: Bool)
    /// A recognizer's action handler set a view's frame (moved or resized it; later touches hit-test it there).
    case frameSet(view: ViewID, frame: Rect, by: RecognizerID)
    /// A recognizer's action handler set a recognizer's `isEnabled`.
    case enabledSet(recognizer: RecognizerID, enabled: Bool, by: RecognizerID)
    /// A pan's action handler called `setTranslation(.zero, in:)`.
    case translationReset(recognizer: RecognizerID)
    /// A navigation controller's interactive pop transition began, moved, finished or was cancelled (N9).
    case pop(PopEvent)
    /// A sheet (spec M1–M7) moved, changed detent, was dismissed or called its delegate; `view` is the sheet view.
    case sheet(view: ViewID, SheetEvent)
    /// A library panel (spec K1, K2) moved, took a drag over, ignored its pan, changed state or was removed.
    case panel(view: ViewID, PanelEvent)
}

/// One timestamped trace entry.
public struct TraceEvent: Hashable, Sendable {
    public var time: VirtualTime
    public var kind: TraceEventKind
    /// The number of the `UIEvent` whose delivery was under way when this happened (1 for a run's first script
    /// step that carries a touch, then counting up; a multi-touch step is one UIEvent), or 0 when none was: a
    /// timer, a display frame, a script `disable`/`enable` (docs/trace-format.md, "UIEvent ids").
    public var event: Int
    @inlinable public init(time: VirtualTime, kind: TraceEventKind, event: Int = 0) {
        self.time = time; self.kind = kind; self.event = event
    }
}

/// What a pinch or a rotation reports with its action: `scale` (a factor) or `rotation` (radians, clockwise
/// positive), and `velocity` (scale per second, or radians per second).
public struct GestureMeasure: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case scale
        case rotation
    }
    public var kind: Kind
    public var value: Double
    public var velocity: Double
    public init(kind: Kind, value: Double, velocity: Double) {
        self.kind = kind; self.value = value; self.velocity = velocity
    }
}
