/// What an untraced run leaves behind: counters and final states, cheap enough for sweeps.
///
/// The engine fills it whatever the recorder; with `NoTrace` it is the only output of a run. Entries are
/// indexed by view or recognizer id. Resetting touches only the entries the last run changed, so a
/// reused simulation pays for what a run did, not for the size of the tree.
public struct RunSummary: Hashable, Sendable {
    /// `controlEvents[view * ControlEvent.caseCount + event.index]`: how many times each control event
    /// was sent (flat, one allocation per run).
    public private(set) var controlEvents: SummaryColumn<Int>
    /// How many times each cell was selected.
    public private(set) var selections: SummaryColumn<Int>
    /// Actions sent by each recognizer.
    public private(set) var actions: SummaryColumn<Int>
    /// Whether each recognizer began or recognized at least once.
    public private(set) var recognized: SummaryColumn<Bool>
    /// When each recognizer first began or recognized (`.never` if it did not).
    public private(set) var firstRecognized: SummaryColumn<VirtualTime>
    /// Final content offset of each scroll view (the initial offset for other views).
    public internal(set) var finalOffsets: SummaryColumn<Point>
    /// Whether each scroll view was dragged.
    public private(set) var dragged: SummaryColumn<Bool>
    /// `touches…` calls handled by each view (by the view itself, not forwarded).
    public private(set) var handledCallbacks: SummaryColumn<Int>
    /// Touches dropped unseen.
    public private(set) var droppedTouches: Int
    /// When each view first became highlighted (`.never` if it did not).
    public private(set) var firstHighlight: SummaryColumn<VirtualTime>
    /// When that first highlight ended (`.never` if it did not, or never began): with `firstHighlight`, how long
    /// the first highlight was on (the invisible-feedback class, docs/defects.md).
    public private(set) var firstUnhighlight: SummaryColumn<VirtualTime>
    /// When each view first performed its primary action: a control's TouchUpInside or ValueChanged, a
    /// cell's selection (`.never` if it did not).
    public private(set) var firstPrimaryAction: SummaryColumn<VirtualTime>
    /// Primary actions of each view (TouchUpInside + ValueChanged + selections).
    public private(set) var primaryActions: SummaryColumn<Int>
    /// The farthest each scroll view got from its initial offset, per axis (absolute points).
    public private(set) var maxDisplacement: SummaryColumn<Point>
    /// The farthest each zooming scroll view's `zoomScale` got from its initial value, as a ratio ≥ 1:
    /// `max(scale / initial, initial / scale)` over every zoom of the run (1 for a view that never zoomed), so a
    /// zoom to ×2 and one to ×½ count alike (the `swallowed_zoom` class, docs/defects.md).
    public private(set) var maxZoomRatio: SummaryColumn<Double>
    /// Controls that declare actions (§5.5): how many of their judged actions were performed (a UIAction ran, or an
    /// action reached a responder that implements it), and when the first was (`.never` if none was). Judged are
    /// the actions sent for TouchUpInside, ValueChanged or PrimaryActionTriggered, or every action of a control
    /// that registers none for those events (`PreparedScene.judgedEvents`).
    public private(set) var performedActions: SummaryColumn<Int>
    public private(set) var firstPerformedAction: SummaryColumn<VirtualTime>

    // What decided the run: the first of each kind of event that can take a touch or a gesture away, so that a
    // defect's cause can be named without a trace (SweepCore's `CauseAnalysis`). Each is recorded where the
    // engine decides it; `nil` when it did not happen.
    /// The view the first touch-down hit (P2); `.some(nil)` when it hit no view, `nil` when no touch went down.
    public private(set) var firstHit: ViewID??
    /// The first touch dropped unseen (G5, S3): by this recognizer, or `.some(nil)` by the system's cancel.
    public private(set) var firstDropBy: RecognizerID??
    /// The first delivered touch cancelled (G4, S7, R4): its view and the recognizer that took it (`nil`: the system).
    public private(set) var firstCancel: (view: ViewID, by: RecognizerID?)?
    /// The view of the first touch the multi-touch filters kept from its view (H5).
    public private(set) var firstFilteredView: ViewID?
    /// The recognizer that first withheld a touch's began (G5, S1, §8), and its ended (G6).
    public private(set) var firstWithheldBeganBy: RecognizerID?
    public private(set) var firstWithheldEndedBy: RecognizerID?
    /// The run's first pop transition (touch-model-system N9): which navigation controller, when its back swipe
    /// began, how it ended. `nil` when no back swipe began.
    public private(set) var pop: PopRecord?
    /// The inferred parameters (`InferredParameter`) whose range holds a value at which one of this run's decisions
    /// would have come out otherwise: the run's verdict may depend on them.
    public internal(set) var inferredReads = InferredParameterSet()
    /// The first UISwitch a touch hit-tested to while switches use private recognizers the engine does not model
    /// (`Parameters.switchesUsePrivateRecognizers`, §5.4): what that touch led to is unknown.
    public private(set) var firstPrivateSwitch: ViewID?
    /// Whether each recognizer was collected for a touch (P3).
    public private(set) var collected: SummaryColumn<Bool>
    /// What first ended each recognizer's chance (`.none` while it never failed), and the recognizer that
    /// caused it where there is one (G7, G10).
    public private(set) var decisions: SummaryColumn<RecognizerDecision>
    public private(set) var decidedBy: SummaryColumn<RecognizerID>
    /// What each presented sheet did (spec M1–M7), in `Scene.sheets` order; empty in scenes without a sheet.
    public internal(set) var sheets: [SheetOutcome] = []
    /// What each library panel did (spec K1, K2), in `Scene.panels` order; empty in scenes without a panel.
    public internal(set) var panels: [PanelOutcome] = []

    /// Views and recognizers whose entries changed since the last reset (each listed once).
    private var dirtyViews: [ViewID] = []
    private var viewIsDirty: SummaryColumn<Bool>
    private var dirtyRecognizers: [RecognizerID] = []
    private var recognizerIsDirty: SummaryColumn<Bool>

    init(views: Int, recognizers: Int, initialOffsets: [Point]) {
        controlEvents = SummaryColumn(repeating: 0, count: views * ControlEvent.caseCount)
        selections = SummaryColumn(repeating: 0, count: views)
        actions = SummaryColumn(repeating: 0, count: recognizers)
        recognized = SummaryColumn(repeating: false, count: recognizers)
        firstRecognized = SummaryColumn(repeating: .never, count: recognizers)
        finalOffsets = SummaryColumn(initialOffsets)
        dragged = SummaryColumn(repeating: false, count: views)
        handledCallbacks = SummaryColumn(repeating: 0, count: views)
        droppedTouches = 0
        firstHighlight = SummaryColumn(repeating: .never, count: views)
        firstUnhighlight = SummaryColumn(repeating: .never, count: views)
        firstPrimaryAction = SummaryColumn(repeating: .never, count: views)
        primaryActions = SummaryColumn(repeating: 0, count: views)
        maxDisplacement = SummaryColumn(repeating: .zero, count: views)
        maxZoomRatio = SummaryColumn(repeating: 1, count: views)
        performedActions = SummaryColumn(repeating: 0, count: views)
        firstPerformedAction = SummaryColumn(repeating: .never, count: views)
        collected = SummaryColumn(repeating: false, count: recognizers)
        decisions = SummaryColumn(repeating: .none, count: recognizers)
        decidedBy = SummaryColumn(repeating: -1, count: recognizers)
        viewIsDirty = SummaryColumn(repeating: false, count: views)
        recognizerIsDirty = SummaryColumn(repeating: false, count: recognizers)
        dirtyViews.reserveCapacity(16)
        dirtyRecognizers.reserveCapacity(8)
    }

    /// Sizes the summary for another scene and returns every entry to its initial value, reusing the buffers
    /// (`EngineRunner` moving on to another prepared scene): the summary `init(views:recognizers:initialOffsets:)`
    /// makes, without allocating when the new scene is no larger.
    mutating func rebind(views: Int, recognizers: Int, initialOffsets: [Point]) {
        // Right after a reset every entry is at its initial value, which is the same in every scene but the final
        // offsets: columns of the new scene's size need only those (their refill gives the column entries of its own).
        if dirtyViews.isEmpty && dirtyRecognizers.isEmpty && selections.count == views && actions.count == recognizers {
            finalOffsets.refill(initialOffsets)
            droppedTouches = 0
            clearFirsts()
            return
        }
        func refill<T>(_ column: inout SummaryColumn<T>, _ value: T, _ count: Int) {
            column.refill(repeating: value, count: count)
        }
        refill(&controlEvents, 0, views * ControlEvent.caseCount)
        refill(&selections, 0, views)
        refill(&actions, 0, recognizers)
        refill(&recognized, false, recognizers)
        refill(&firstRecognized, .never, recognizers)
        finalOffsets.refill(initialOffsets)
        refill(&dragged, false, views)
        refill(&handledCallbacks, 0, views)
        droppedTouches = 0
        refill(&firstHighlight, .never, views)
        refill(&firstUnhighlight, .never, views)
        refill(&firstPrimaryAction, .never, views)
        refill(&primaryActions, 0, views)
        refill(&maxDisplacement, .zero, views)
        refill(&maxZoomRatio, 1, views)
        refill(&performedActions, 0, views)
        refill(&firstPerformedAction, .never, views)
        clearFirsts()
        refill(&collected, false, recognizers)
        refill(&decisions, .none, recognizers)
        refill(&decidedBy, -1, recognizers)
        dirtyViews.removeAllKeepingStorage()
        refill(&viewIsDirty, false, views)
        dirtyRecognizers.removeAllKeepingStorage()
        refill(&recognizerIsDirty, false, recognizers)
    }

    // MARK: Recording (engine side)

    @inline(__always) private mutating func touch(view v: ViewID) {
        if !viewIsDirty[v] { viewIsDirty[v] = true; dirtyViews.append(v) }
    }

    @inline(__always) private mutating func touch(recognizer r: RecognizerID) {
        if !recognizerIsDirty[r] { recognizerIsDirty[r] = true; dirtyRecognizers.append(r) }
    }

    mutating func controlEvent(_ event: ControlEvent, of v: ViewID, at time: VirtualTime) {
        touch(view: v)
        controlEvents[v * ControlEvent.caseCount + event.index] += 1
        if event == .touchUpInside || event == .valueChanged { primaryAction(v, at: time) }
    }

    mutating func selection(of v: ViewID, at time: VirtualTime) {
        touch(view: v)
        selections[v] += 1
        primaryAction(v, at: time)
    }

    private mutating func primaryAction(_ v: ViewID, at time: VirtualTime) {
        primaryActions[v] += 1
        if firstPrimaryAction[v] == .never { firstPrimaryAction[v] = time }
    }

    /// A judged action of control `v` was performed (§5.5).
    mutating func performedAction(of v: ViewID, at time: VirtualTime) {
        touch(view: v)
        performedActions[v] += 1
        if firstPerformedAction[v] == .never { firstPerformedAction[v] = time }
    }

    mutating func highlighted(_ v: ViewID, at time: VirtualTime) {
        guard firstHighlight[v] == .never else { return }
        touch(view: v)
        firstHighlight[v] = time
    }

    mutating func unhighlighted(_ v: ViewID, at time: VirtualTime) {
        guard firstHighlight[v] != .never, firstUnhighlight[v] == .never else { return }
        firstUnhighlight[v] = time
    }

    @inline(__always) mutating func handled(by v: ViewID) {
        touch(view: v)
        handledCallbacks[v] += 1
    }

    @inline(__always) mutating func scrolled(_ v: ViewID, to offset: Point, from start: Point) {
        touch(view: v)
        finalOffsets[v] = offset
        let dx = abs(offset.x - start.x), dy = abs(offset.y - start.y)
        if dx > maxDisplacement[v].x { maxDisplacement[v].x = dx }
        if dy > maxDisplacement[v].y { maxDisplacement[v].y = dy }
    }

    /// A point the content passed through without stopping there (a bounce's peak): displacement only.
    mutating func reached(_ v: ViewID, _ offset: Point, from start: Point) {
        touch(view: v)
        let dx = abs(offset.x - start.x), dy = abs(offset.y - start.y)
        if dx > maxDisplacement[v].x { maxDisplacement[v].x = dx }
        if dy > maxDisplacement[v].y { maxDisplacement[v].y = dy }
    }

    mutating func zoomed(_ v: ViewID, to scale: Double, from initial: Double) {
        touch(view: v)
        let ratio = scale >= initial ? scale / initial : initial / scale
        if ratio > maxZoomRatio[v] { maxZoomRatio[v] = ratio }
    }

    mutating func dragged(_ v: ViewID) {
        touch(view: v)
        dragged[v] = true
    }

    @inline(__always) mutating func action(of r: RecognizerID, recognizing: Bool, at time: VirtualTime) {
        touch(recognizer: r)
        actions[r] += 1
        if recognizing && !recognized[r] {
            recognized[r] = true
            firstRecognized[r] = time
        }
    }

    mutating func dropped() { droppedTouches += 1 }

    mutating func touchedDown(hit: ViewID?) { if firstHit == nil { firstHit = .some(hit) } }

    mutating func touchedPrivateSwitch(_ v: ViewID) { if firstPrivateSwitch == nil { firstPrivateSwitch = v } }

    /// A touch dropped unseen by `r` (`nil`: the system); ``dropped()`` counts those of phase 4 only.
    mutating func drop(by r: RecognizerID?) { if firstDropBy == nil { firstDropBy = .some(r) } }

    mutating func cancelled(view v: ViewID, by r: RecognizerID?) { if firstCancel == nil { firstCancel = (v, r) } }

    mutating func filtered(view v: ViewID) { if firstFilteredView == nil { firstFilteredView = v } }

    mutating func withheld(ended: Bool, by r: RecognizerID) {
        if ended {
            if firstWithheldEndedBy == nil { firstWithheldEndedBy = r }
        } else if firstWithheldBeganBy == nil {
            firstWithheldBeganBy = r
        }
    }

    /// A back swipe began the run's first pop, or a later one (only the first is kept).
    mutating func popBegan(navigation: ViewID, recognizer r: RecognizerID, at time: VirtualTime) {
        guard pop == nil else { return }
        pop = PopRecord(navigation: navigation, recognizer: r, began: time, outcome: .began, ended: .never, progress: 0)
    }

    /// The first pop's back swipe sent an action: its progress, and its end.
    mutating func popProgressed(recognizer r: RecognizerID, phase: PopPhase, progress: Double, at time: VirtualTime) {
        guard pop?.recognizer == r, pop?.ended == .never else { return }
        pop!.progress = progress
        if phase == .finished || phase == .cancelled {
            pop!.outcome = phase
            pop!.ended = time
        }
    }

    @inline(__always) mutating func collected(_ r: RecognizerID) {
        guard !collected[r] else { return }
        touch(recognizer: r)
        collected[r] = true
    }

    @inline(__always) mutating func decided(_ r: RecognizerID, _ decision: RecognizerDecision, by other: RecognizerID = -1) {
        guard decisions[r] == .none else { return }
        touch(recognizer: r)
        decisions[r] = decision
        decidedBy[r] = other
    }

    /// Returns every changed entry to its initial value (`initialOffsets` for final offsets), in columns of this
    /// summary's own.
    mutating func reset(initialOffsets: [Point]) {
        makeColumnsUnique()
        for v in dirtyViews {
            viewIsDirty[v] = false
            for e in 0 ..< ControlEvent.caseCount { controlEvents[v * ControlEvent.caseCount + e] = 0 }
            selections[v] = 0
            finalOffsets[v] = initialOffsets[v]
            dragged[v] = false
            handledCallbacks[v] = 0
            firstHighlight[v] = .never
            firstUnhighlight[v] = .never
            firstPrimaryAction[v] = .never
            primaryActions[v] = 0
            maxDisplacement[v] = .zero
            maxZoomRatio[v] = 1
            performedActions[v] = 0
            firstPerformedAction[v] = .never
        }
        dirtyViews.removeAllKeepingStorage()
        for r in dirtyRecognizers {
            recognizerIsDirty[r] = false
            actions[r] = 0
            recognized[r] = false
            firstRecognized[r] = .never
            collected[r] = false
            decisions[r] = .none
            decidedBy[r] = -1
        }
        dirtyRecognizers.removeAllKeepingStorage()
        droppedTouches = 0
        clearFirsts()
    }

    /// Gives every column entries of its own where a copy (of the summary, or of the column) shares them, before the
    /// engine writes to them in place (`SummaryColumn`): one check per column per run, instead of one per write.
    mutating func makeColumnsUnique() {
        controlEvents.makeUnique(); selections.makeUnique(); actions.makeUnique(); recognized.makeUnique()
        firstRecognized.makeUnique(); finalOffsets.makeUnique(); dragged.makeUnique(); handledCallbacks.makeUnique()
        firstHighlight.makeUnique(); firstUnhighlight.makeUnique(); firstPrimaryAction.makeUnique()
        primaryActions.makeUnique(); maxDisplacement.makeUnique(); maxZoomRatio.makeUnique()
        performedActions.makeUnique(); firstPerformedAction.makeUnique(); collected.makeUnique()
        decisions.makeUnique(); decidedBy.makeUnique(); viewIsDirty.makeUnique(); recognizerIsDirty.makeUnique()
    }

    /// The run's first-of-a-kind records, back to none.
    @inline(__always)
    private mutating func clearFirsts() {
        firstHit = nil
        firstDropBy = nil
        firstCancel = nil
        firstFilteredView = nil
        firstWithheldBeganBy = nil
        firstWithheldEndedBy = nil
        pop = nil
        inferredReads = []
        firstPrivateSwitch = nil
    }

    // MARK: Reading

    /// The views whose entries this run changed, each once, in the order it first changed them: every view
    /// with a count, time, offset, displacement or zoom different from its initial value is listed (readers
    /// that look for those scan these, not every view of the tree).
    public var changedViews: [ViewID] { dirtyViews }
    /// The recognizers whose entries this run changed (sent an action, began or recognized, was collected or
    /// decided), each once, in the order it first changed them.
    public var changedRecognizers: [RecognizerID] { dirtyRecognizers }

    /// When recognizer `r` first began or recognized, if it did.
    public func firstRecognition(_ r: RecognizerID) -> VirtualTime? {
        firstRecognized[r] == .never ? nil : firstRecognized[r]
    }

    /// How far scroll view `view` got along `axis` from where it started.
    public func displacement(of view: ViewID, along axis: Axis) -> Double { maxDisplacement[view][axis] }

    /// How far zooming scroll view `view`'s zoom scale got from where it started, as a ratio ≥ 1.
    public func zoomRatio(of view: ViewID) -> Double { maxZoomRatio[view] }

    /// Count of `event` sent by `view`.
    public func count(_ event: ControlEvent, of view: ViewID) -> Int { controlEvents[view * ControlEvent.caseCount + event.index] }

    /// Equality compares what a run produced, not the bookkeeping of what to reset.
    public static func == (a: RunSummary, b: RunSummary) -> Bool {
        a.controlEvents == b.controlEvents && a.selections == b.selections && a.actions == b.actions
            && a.recognized == b.recognized && a.firstRecognized == b.firstRecognized && a.finalOffsets == b.finalOffsets
            && a.dragged == b.dragged && a.handledCallbacks == b.handledCallbacks && a.droppedTouches == b.droppedTouches
            && a.firstHighlight == b.firstHighlight && a.firstUnhighlight == b.firstUnhighlight
            && a.firstPrimaryAction == b.firstPrimaryAction
            && a.primaryActions == b.primaryActions && a.maxDisplacement == b.maxDisplacement && a.maxZoomRatio == b.maxZoomRatio
            && a.performedActions == b.performedActions && a.firstPerformedAction == b.firstPerformedAction
            && a.firstHit == b.firstHit && a.firstDropBy == b.firstDropBy && a.firstCancel?.view == b.firstCancel?.view
            && a.firstCancel?.by == b.firstCancel?.by && a.firstFilteredView == b.firstFilteredView
            && a.firstWithheldBeganBy == b.firstWithheldBeganBy && a.firstWithheldEndedBy == b.firstWithheldEndedBy
            && a.pop == b.pop && a.inferredReads == b.inferredReads && a.firstPrivateSwitch == b.firstPrivateSwitch
            && a.collected == b.collected && a.decisions == b.decisions && a.decidedBy == b.decidedBy
            && a.sheets == b.sheets && a.panels == b.panels
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(controlEvents); hasher.combine(actions); hasher.combine(finalOffsets); hasher.combine(droppedTouches)
    }
}

/// What first ended a recognizer's chance in a run (``RunSummary/decisions``): the engine's reason for a
/// failure, as a small code instead of the trace's text.
public enum RecognizerDecision: UInt8, Hashable, Sendable {
    /// It never failed (undecided, recognized, or cancelled after it began).
    case none
    /// Its own rules failed it: movement, timing, finger count, the touches ending first (§4.5).
    case ownGesture
    /// Its delegate's `gestureRecognizerShouldBegin` said no (G11).
    case delegateShouldBegin
    /// The view under the touch refused it in `gestureRecognizerShouldBegin` (G11, §5.4).
    case vetoedByView
    /// A scroll pan whose content had the touch, with `canCancelContentTouches` off (S7).
    case contentCannotBeCancelled
    /// A scroll pan whose content had the touch, and `touchesShouldCancel(in:)` said no (S7).
    case touchesShouldCancelFalse
    /// Another recognizer was already active and prevents it (G7); ``RunSummary/decidedBy`` names it.
    case blockedByActive
    /// Another recognizer began or recognized first and excluded it (G7); ``RunSummary/decidedBy`` names it.
    case excludedBy
    /// A recognizer it requires to fail recognized (G10); ``RunSummary/decidedBy`` names it.
    case requirementRecognized
    /// Disabled while it tracked (§4.1, §6.5).
    case disabled
    /// A scroll pan that left the drag to its parent scroll view (S11); it stays possible.
    case transferredToParent
}

extension ControlEvent {
    /// Number of control events.
    public static let caseCount = 11
    /// Position in `allCases`.
    @inlinable public var index: Int {
        switch self {
        case .touchDown: return 0
        case .touchDownRepeat: return 1
        case .touchDragInside: return 2
        case .touchDragOutside: return 3
        case .touchDragEnter: return 4
        case .touchDragExit: return 5
        case .touchUpInside: return 6
        case .touchUpOutside: return 7
        case .touchCancel: return 8
        case .valueChanged: return 9
        case .primaryActionTriggered: return 10
        }
    }
}
