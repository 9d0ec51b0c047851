/// One sheet's state during a run (M3, M4).
struct SheetRuntime {
    /// The sheet's top edge (window y) as shown now.
    var top: Double
    /// The selected detent (index into the spec's detents).
    var selected: Int
    /// The recognizer driving the sheet in the current drag (its dismiss pan or a scroll view's pan), -1 when none.
    var driver: RecognizerID = -1
    /// The scroll view whose pan drives the sheet (M3), -1 when the dismiss pan does.
    var list: ViewID = -1
    /// A scroll view's pan is in the drag with the sheet taking part (M3.1 passed), whether or not the sheet moved yet.
    var handoff = false
    /// The sheet moved in the current drag (M3.2: once it has, every later sample feeds it).
    var moving = false
    /// Where the sheet's top was when the drag began.
    var dragStartTop = 0.0
    /// The top the finger would give it at 1 : 1 (no rubber band): what the release projects (M4).
    var rawTop = 0.0
    /// Dismissal allowed in this drag: not modal and the delegate's `shouldDismiss` said yes (or is not implemented).
    var mayDismiss = true
    /// The sheet was dismissed (its view is off screen); `didDismiss` comes when its timer fires
    /// (`TimerOwner.sheetDismissal`).
    var dismissed = false
    /// When each scroll view's previous pan ended (M3.1 quick re-swipe), by view.
    var lastListPanEnd: [ViewID: VirtualTime] = [:]
}

/// What a sheet did, as a trace shows it (docs/trace-format.md, "Sheets").
public enum SheetEvent: Hashable, Sendable {
    /// The sheet's top edge moved to this window y (its view moved with it).
    case top(Double)
    /// A scroll view's drag in the sheet started; `drives` says whether the sheet takes part (M3.1), `why` the
    /// condition that kept it out.
    case handoff(list: ViewID, drives: Bool, why: String)
    /// At release the projection (`projected`, window y) chose this resting place (M4).
    case release(projected: Double, velocity: Double, target: SheetTarget)
    /// The selected detent changed.
    case detent(String)
    /// The release meant to dismiss, but dismissal is refused (modal or `shouldDismiss` false).
    case attemptRefused
    /// The sheet is being dismissed: its view goes off screen (the model value of the animation).
    case dismissing
    /// The dismissal animation finished.
    case dismissed
    /// The dimming view took a touch outside the sheet (the presenting view does not get it).
    case dimmingTook(touch: Int)
    /// A delegate call, with the answer for `shouldDismiss`.
    case delegate(SheetDelegateCall, answer: Bool?)
}

/// Where a released sheet goes (M4).
public enum SheetTarget: Hashable, Sendable {
    case detent(String)
    case dismissed
}

/// The sheet's delegate methods (`UIAdaptivePresentationControllerDelegate`, `UISheetPresentationControllerDelegate`).
public enum SheetDelegateCall: String, Hashable, Sendable, CaseIterable {
    case shouldDismiss = "presentationControllerShouldDismiss"
    case willDismiss = "presentationControllerWillDismiss"
    case didDismiss = "presentationControllerDidDismiss"
    case didAttemptToDismiss = "presentationControllerDidAttemptToDismiss"
    case didChangeSelectedDetentIdentifier = "sheetPresentationControllerDidChangeSelectedDetentIdentifier"
}

/// What a run did with a sheet, traced or not (``RunSummary/sheets``).
public struct SheetOutcome: Hashable, Sendable {
    /// The sheet was dismissed (interactively).
    public var dismissed = false
    /// The selected detent at the end (index into the spec's detents).
    public var finalDetent: Int
    /// The farthest the sheet's top got below where it started (points, ≥ 0): its displacement toward dismissal.
    public var maxDismissDisplacement = 0.0
    /// The farthest its top got above where a drag started (points, ≥ 0): toward a larger detent.
    public var maxRiseDisplacement = 0.0
    /// The sheet's top moved at some time in the run (a drag, a settling or dismissal animation's model value).
    public var moved = false
    /// A release meant to dismiss while dismissal was refused (`didAttemptToDismiss`).
    public var attempted = false
    /// In some sample both the sheet and a scroll view in it moved by more than 0.5 pt (the `double_motion` test of
    /// §B), the sample in which a growing sheet reaches its largest detent and hands the rest to the list excepted.
    public var doubleMotion = false
    public init(finalDetent: Int) { self.finalDetent = finalDetent }
}
