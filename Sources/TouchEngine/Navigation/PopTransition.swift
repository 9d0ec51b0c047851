/// The interactive pop transition a back swipe drives (touch-model-system N9), as the trace and the run summary
/// keep it.
public enum PopPhase: String, Hashable, Sendable {
    /// The back swipe began: the navigation controller started an interactive pop.
    case began
    /// The back swipe changed: the transition's progress moved.
    case changed
    /// The back swipe ended and the projected progress passed the threshold: the top view controller is popped.
    case finished
    /// The back swipe ended short of the threshold, or was cancelled: the pop is undone.
    case cancelled
}

/// One step of a pop transition (trace event `pop`).
public struct PopEvent: Hashable, Sendable {
    /// The navigation controller's view.
    public var navigation: ViewID
    /// The back swipe that drives it.
    public var recognizer: RecognizerID
    public var phase: PopPhase
    /// `p = translation / W` along the leading-to-trailing direction, clamped to 0…1 (N9).
    public var progress: Double
    /// At the end of a swipe that ended (not cancelled): the release velocity as progress per second, and the
    /// threshold `p + v·T` was compared with (N9).
    public var velocity: Double? = nil
    public var threshold: Double? = nil
    public init(navigation: ViewID, recognizer: RecognizerID, phase: PopPhase, progress: Double) {
        self.navigation = navigation; self.recognizer = recognizer; self.phase = phase; self.progress = progress
    }
}

/// What a run summary keeps of the run's first pop transition (``RunSummary/pop``).
public struct PopRecord: Hashable, Sendable {
    /// The navigation controller's view, and the back swipe (edge or content) that began the pop.
    public var navigation: ViewID
    public var recognizer: RecognizerID
    /// When the back swipe began (the "go back" intent is achieved, §0.2).
    public var began: VirtualTime
    /// How it ended: `.began` while it runs at the end of the script, else `.finished` or `.cancelled`.
    public var outcome: PopPhase
    /// When it finished or was cancelled (`.never` while it runs).
    public var ended: VirtualTime
    /// The progress at the end (or the last one while it runs).
    public var progress: Double
}
