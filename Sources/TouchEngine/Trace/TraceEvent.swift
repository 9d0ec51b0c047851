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
    case didEndDragging(willDecelerate: Bool)
    case didEndDecelerating
    case tracking(Bool)
    case dragging(Bool)
    case decelerating(Bool)
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
    /// A recognizer's action was sent, with the state it reports and, for pans, the translation.
    case action(recognizer: RecognizerID, state: RecognizerState, translation: Point?)
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
    /// A `touches…` method ran on a responder. `timestamp` and `location` are the UITouch's as the
    /// responder sees them (a replayed began carries the original ones); `local` is in the hit view's space.
    case callback(responder: Responder, phase: TouchPhase, touch: Int, timestamp: VirtualTime,
                  location: Point, local: Point, hitView: ViewID, handling: CallbackHandling)
    /// A control sent an event to its targets.
    case control(view: ViewID, event: ControlEvent, value: Double?)
    /// A control or cell changed `isHighlighted`.
    case highlight(view: ViewID, on: Bool)
    /// A cell was selected (`didSelectRow`).
    case selected(view: ViewID)
    /// A scroll view's content offset changed.
    case offset(view: ViewID, offset: Point)
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
}

/// One timestamped trace entry.
public struct TraceEvent: Hashable, Sendable {
    public var time: VirtualTime
    public var kind: TraceEventKind
    @inlinable public init(time: VirtualTime, kind: TraceEventKind) { self.time = time; self.kind = kind }
}
