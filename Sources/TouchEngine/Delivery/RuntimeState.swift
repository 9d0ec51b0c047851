/// How far a touch has got towards its view (spec §10 `delivery`).
enum Delivery: UInt8 {
    /// Nothing sent yet.
    case none
    /// `began` withheld by a delaying recognizer (G5).
    case pending
    /// The view has seen `began`.
    case delivered
    /// The view got `touchesCancelled`; nothing more will be sent.
    case cancelled
    /// Withheld and discarded: the view never hears of the touch (G5, S3).
    case dropped
    /// Never sent because of the multi-touch filters (H5).
    case filtered
    /// The view got `touchesEnded`.
    case ended
}

/// One touch of a multi-touch script step (one `UIEvent`), in script order.
struct EventTouch {
    var slot: Int
    var phase: TouchPhase
}

/// A `touches…` call waiting while a multi-touch step collects the calls of one phase, so that the touches
/// of one view and phase go out in one call.
struct QueuedCall {
    var slot: Int
    var phase: TouchPhase
    var timestamp: VirtualTime
    var location: Point
}

/// One finger's state, in a reusable slot.
struct TouchSlot {
    var inUse = false
    /// Script touch number.
    var number = 0
    /// Hit-test view bound for life (P2); -1 when the touch hit nothing.
    var view: ViewID = -1
    var downTime = VirtualTime.zero
    var downLocation = Point.zero
    var location = Point.zero
    /// Timestamp of the latest event of this touch.
    var timestamp = VirtualTime.zero
    var phase = TouchPhase.began
    /// Down and not yet ended or cancelled.
    var isLive = false
    var delivery = Delivery.none
    /// `touchesEnded` withheld by a `delaysTouchesEnded` recognizer (G6).
    var heldEnd = false
    /// Range of this touch's recognizers in `Simulation.recsStorage` (sorted, P3/G2).
    var recsStart = 0
    var recsCount = 0
    /// The positions in that list (bit k: `recsStorage[recsStart + k]`) of the recognizers phase 1 may still give this
    /// touch to: all of them at touch-down, each cleared when phase 1 finds its recognizer no longer tracks the touch or
    /// in a terminal state. A recognizer starts tracking a touch only at its touch-down (P4) and leaves a terminal
    /// state only by a reset that lets its touches go (§4.1), so the set only shrinks and a later phase visits just
    /// these. Lists longer than 64 are scanned in full.
    var trackers: UInt64 = 0
    var tapCount = 1
}

/// One recognizer's runtime state.
struct RecognizerRuntime {
    var state = RecognizerState.possible
    var isEnabled = true
    /// Touch slots this recognizer tracks (bit i = slot i). Cleared at reset.
    var touches: UInt64 = 0
    /// Passed its threshold but waiting for failure requirements (G10): what it will become.
    var pending = PendingTransition.none
    /// While pending, its touches already ended (report began then ended when it commits).
    var pendingEnded = false
    /// Began or recognized during the current step (§10 phase 4).
    var committedThisStep = false
    /// Started tracking at least one touch since the last reset.
    var engaged = false

    // Gesture geometry.
    var start = Point.zero
    var startTime = VirtualTime.zero
    var translationOrigin = Point.zero
    var lastCentroid = Point.zero
    var lastSampleTime = VirtualTime.zero
    var velocity = Point.zero
    var hasVelocity = false
    var touchesDown = 0
    var maxTouchesDown = 0
    // Tap.
    var tapsDone = 0
    var waitingForNextTap = false
    var firstTapStart = Point.zero
    // Scroll pan: content offset when the drag began.
    var scrollStartOffset = Point.zero
    // Swipe: the centroid and time of the sample before the current instant's (minimum rate, §4.5).
    var previousCentroid = Point.zero
    var previousSampleTime = VirtualTime.zero
    /// The step in which it last reported `changed`: a multi-touch event changes it once, however many of its
    /// touches moved.
    var changedInStep = -1
    // Pinch and rotation: the span (pt) or angle (rad) of the two touches the measure is relative to, the last
    // angle seen (to unwrap across ±π), the measure (scale or rotation) and its velocity (per second).
    var baseSpan = 0.0
    var baseAngle = 0.0
    var lastAngle = 0.0
    var measure = 0.0
    var measureVelocity = 0.0
    // Screen-edge pans (touch-model-system N2.3): the edge test at the first move has run.
    var edgeTested = false
    /// A scroll view's pan: the back swipes it waits for under the leading-edge yield (N7.2), decided at touch-down;
    /// -1 when none.
    var yieldEdge: RecognizerID = -1
    var yieldContent: RecognizerID = -1
}

/// What a recognizer passed its threshold as, while waiting for failure requirements.
enum PendingTransition: UInt8 {
    case none
    case begin
    case recognize
}

/// One scroll view's runtime state (S10).
struct ScrollRuntime {
    var offset = Point.zero
    var isTracking = false
    var isDragging = false
    var isDecelerating = false
    /// When the motion starts; it ends when the scroll view's deceleration timer fires (`TimerOwner.deceleration`).
    var decelStart = VirtualTime.zero
    var decelFrom = Point.zero
    var decelTo = Point.zero
    /// Retention per ms: the flight's deceleration rate, or the settle's easing.
    var decelRate = 0.998
    /// Each axis's motion (`decelMotion == .axes`).
    var motionX = AxisMotion()
    var motionY = AxisMotion()
    var decelMotion = ScrollMotion.settle
    /// The offset the trace last showed for this motion (traced runs: frames show only changes).
    var shownOffset = Point.zero
    /// Zooming: the zoom scale, the scale when the pinch began, and the content size the zoom made (nil: the
    /// scene's `contentSize`, never zoomed).
    var zoomScale = 1.0
    var zoomStart = 1.0
    var zoomedContent: Size? = nil
    /// While its pinch is active: the point of the view for zooming (in its unzoomed points) that stays under the
    /// fingers, and where the fingers' centre last was in the scroll view (bounds point − contentOffset).
    var isZooming = false
    var zoomPinch = 0
    var zoomAnchor = Point.zero
    var zoomFocus = Point.zero
}

/// One control's or cell's runtime state (§5.1).
struct ControlRuntime {
    var isTracking = false
    var trackingSlot = -1
    var isTouchInside = false
    var isHighlighted = false
    var value = 0.0
    /// Slider: offset between the finger and the thumb centre along the track when tracking began.
    var grabOffset = 0.0
}

/// Outcome of feeding one event to one recognizer (the state machine's action).
///
/// A verdict names its reason by reference (`ReasonRef`), so that it is a plain value: copying one, or keeping one per
/// candidate, retains and releases nothing (a `Reason` holds text).
enum Verdict {
    case none
    case begin(ReasonRef)
    case recognize(ReasonRef)
    case fail(ReasonRef)
    case change
    case end(ReasonRef)
    case cancel(ReasonRef)
}

/// A verdict's reason: its position in the run's `Simulation.verdictReasons` when the run is traced, `untraced` (the
/// reason text `""`) when it is not, since only a trace shows a reason.
struct ReasonRef: Equatable {
    var index: Int
    static let untraced = ReasonRef(index: -1)
}
