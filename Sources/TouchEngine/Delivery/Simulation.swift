/// One engine run: UIWindow.sendEvent's role, in virtual time.
///
/// The simulation owns all mutable state of a run in flat arrays indexed by view, recognizer and touch
/// slot; it allocates them once in `init` and nothing per event. `run()` interleaves the script with the
/// timers the run scheduled, processing each event with the six phases of touch-model §10.
///
/// Tie rule (P7): at equal times, script events come first in script order; then timers (`TimerQueue`):
/// recognizers' timers in recognizer order, then controls' highlight timers in view order, then scroll views'
/// deceleration and zoom-bounce timers in view order, then sheets' dismissals in sheet order.
public struct Simulation<Recorder: TraceRecorder> {
    public private(set) var prepared: PreparedScene
    public var recorder: Recorder
    private(set) var params: Parameters
    /// Plain-data tables of the prepared scene, held directly for cheap access. `views` is the prepared scene's
    /// until an action handler moves or resizes a view (issue 15 §4): then this run's copy changes (copy on
    /// write), and `reset` puts the prepared one back. Scenes without such handlers never copy it.
    var views: [ViewInfo] = []
    var recs: [RecognizerInfo] = []
    private(set) var rankOrder: [RecognizerID] = []
    private(set) var rank: [Int] = []
    private(set) var scrollDelayOf: [RecognizerID] = []
    private(set) var scrollPanOf: [RecognizerID] = []
    private(set) var controllerOf: [Int] = []

    var now = VirtualTime.zero
    var touches = RunTable(repeating: TouchSlot(), count: maxTouchSlots)
    var recognizers = RunTable(repeating: RecognizerRuntime(), count: 0)
    /// Every armed timer, and the next one due (P7).
    var timers = TimerQueue(recognizers: 0)
    /// Timers armed from an inferred parameter (`InferredParameter`) and still watched, and the earliest time one of
    /// them reaches its range's low end (`.never` when none is watched): `Simulation+Inferred.swift`.
    var inferredTimers: [InferredTimer] = []
    var inferredWatch = VirtualTime.never
    var scrolls = RunTable(repeating: ScrollRuntime(), count: 0)
    var controls = RunTable(repeating: ControlRuntime(), count: 0)
    /// Sorted recognizer lists of the touches (P3/G2), `recsCapacity` entries per slot.
    var recsStorage = RunTable<RecognizerID>(repeating: -1, count: 0)
    private(set) var recsCapacity = 0
    /// Candidates of the current step that want to begin or recognize, in rank order.
    var candidates: [RecognizerID] = []
    /// Recognizers that began or recognized in the current step (phase 4 cancels for them).
    var committedInStep: [RecognizerID] = []
    /// The verdict that made each candidate want to begin (indexed by recognizer).
    var candidateReasons: [Verdict] = []
    /// The reasons of a traced run's verdicts, which the verdicts name by position (`ReasonRef`); empty untraced.
    var verdictReasons: [Reason] = []
    /// Counters and final states every run keeps, traced or not.
    public internal(set) var summary = RunSummary(views: 0, recognizers: 0, initialOffsets: [])
    /// Whether no copy of `summary` can share its columns (`SummaryColumn`): true from a reset or rebind (which give
    /// the summary columns of its own) until a run starts, after which the summary may be read and copied.
    var summaryIsOwn = true
    /// The last touch lifted in this run (a touch-down soon after and near it counts on from its taps), nil before any.
    var lastLift: LastLift?
    /// The touches of the multi-touch step being run (one `UIEvent`), in script order.
    var eventTouches: [EventTouch] = []
    /// While a multi-touch step runs a phase, `touches…` calls wait here to go out one per view and phase.
    var queuedCalls: [QueuedCall] = []
    var queueingCalls = false
    /// Traced runs: how many UIEvents the run has delivered, and the number of the one being delivered (0 between
    /// steps: timers and frames belong to no UIEvent). The untraced path never touches them.
    var uiEvents = 0
    var uiEvent = 0
    /// The slots of `eventTouches` while their step runs (they are all in `event.allTouches`), else 0.
    var eventSlots: UInt64 = 0
    /// The slots of `eventTouches` that end or are cancelled in it, while their step runs, else 0.
    var endingSlots: UInt64 = 0
    /// The ending touches a recognizer's geometry still counts as down (`isDown`): `endingSlots` while phase 1 of a
    /// mixed event gives one recognizer its began and moved touches, else 0.
    var countedEnding: UInt64 = 0
    /// Serial number of the current step (a recognizer reports `changed` at most once per step).
    var stepSerial = 0
    /// Slots in use, as a bit mask (bit i = slot i).
    var slotsInUse: UInt64 = 0
    /// Slots used at all in this run (reset restores only these).
    var slotsUsed: UInt64 = 0
    /// Controls and cells whose runtime state changed in this run (reset restores only these).
    var dirtyControls: [ViewID] = []
    var controlIsDirty = RunTable(repeating: false, count: 0)
    /// Something may have finished in this step (a touch ended, a recognizer reached a terminal state or a
    /// timer fired): the reset and slot-freeing scans run only then.
    var mayHaveFinished = false
    /// Recognizers waiting for their failure requirements (so settling is skipped when there are none).
    var pendingCount = 0
    /// `pathMark[v] == pathStamp` while `collectRecognizers` runs: v is the hit view or one of its ancestors (P3).
    var pathMark = RunTable(repeating: 0, count: 0)
    var pathStamp = 0
    /// Traced runs: display frames before this time have been shown (`emitFrames`).
    var framesShownUntil = VirtualTime.zero
    /// The navigation controllers' back swipes (touch-model-system N1), in recognizer order; empty in most scenes.
    var navigationPops: [RecognizerID] = []
    /// The presented sheets' states (spec M1–M7); empty in scenes without a sheet.
    var sheetStates: [SheetRuntime] = []
    /// The library panels' states (spec K1, K2); empty in scenes without a panel.
    var panelStates: [PanelRuntime] = []

    /// How a move of a begun scroll pan that nothing else tracks is stepped (``MovePath``): `.general` only to test
    /// and measure the specialised path against the general step.
    public var movePath = MovePath.specialised
    /// How many moves ``moveBegunScrollPan(slot:pan:scrollView:)`` has stepped since the simulation was made (tests
    /// check that the specialised path they compare was taken).
    public internal(set) var specialisedMoves = 0

    /// Touch slots per run: fingers in flight plus finished touches recognizers still remember.
    static var maxSlots: Int { maxTouchSlots }

    /// The scene being run.
    public var scene: Scene { prepared.scene }

    public init(scene: Scene, recorder: Recorder) {
        self.init(prepared: PreparedScene(scene), recorder: recorder)
    }

    /// Every table starts empty (its declaration) and `bind(to:)` fills it for the scene, as it does when
    /// `rebind(to:)` moves the simulation on to another scene.
    public init(prepared: PreparedScene, recorder: Recorder) {
        self.prepared = prepared
        self.recorder = recorder
        params = prepared.scene.parameters
        dirtyControls.reserveCapacity(8)
        eventTouches.reserveCapacity(Self.maxSlots)
        queuedCalls.reserveCapacity(2 * Self.maxSlots)
        bind(to: prepared)
    }

    /// A scroll view that starts zoomed shows its zoom view scaled (issue 15 §2).
    mutating func startZoomed() {
        for zoom in prepared.viewTables.initiallyZoomed {
            applyZoomGeometry(zoom.zoomView, scale: prepared.viewTables.initialZoomScale[zoom.scrollView])
        }
    }

    /// Binds the simulation to another prepared scene in the state `init(prepared:recorder:)` gives, reusing its
    /// buffers (`EngineRunner` moving on to the next tree allocates nothing when the tree is no larger).
    mutating func rebind(to prepared: PreparedScene) {
        reset() // (which makes the tables unique)
        bind(to: prepared)
    }

    /// Gives every table the scene's contents, from empty tables (`init`) or from a reset run of another scene
    /// (`rebind`), which leaves every deadline at `.never`, every control clean and the summary at its initial values.
    private mutating func bind(to prepared: PreparedScene) {
        func refill<T>(_ array: inout [T], _ value: T, _ count: Int) {
            array.removeAllKeepingStorage()
            array.append(contentsOf: repeatElement(value, count: count))
        }
        self.prepared = prepared
        params = prepared.scene.parameters
        views = prepared.viewTables.views
        recs = prepared.recognizerTables.recs
        rankOrder = prepared.ranks.rankOrder
        rank = prepared.ranks.rank
        scrollDelayOf = prepared.ranks.scrollDelayOf
        scrollPanOf = prepared.ranks.scrollPanOf
        controllerOf = prepared.controllers.controllerOf
        (recs, navigationPops) = Self.navigationSwitches(recs, prepared.scene, params)
        let r = recs.count
        recognizers.refill(recs.lazy.map { RecognizerRuntime(isEnabled: $0.isEnabled) })
        timers.clear(recognizers: r)
        scrolls.refill(
            prepared.viewTables.views.indices.lazy.map {
                ScrollRuntime(offset: prepared.viewTables.views[$0].boundsOrigin, zoomScale: prepared.viewTables.initialZoomScale[$0])
            })
        controls.refill(prepared.viewTables.views.lazy.map { ControlRuntime(value: $0.value) })
        // A slot's recognizer list is read only up to its count, which a touch-down sets.
        if recsCapacity != max(r, 1) {
            recsCapacity = max(r, 1)
            recsStorage.refill(repeating: -1, count: Self.maxSlots * recsCapacity)
        }
        candidates.reserveCapacity(r)
        refill(&candidateReasons, .none, r)
        committedInStep.reserveCapacity(r)
        summary.rebind(views: views.count, recognizers: r, initialOffsets: prepared.viewTables.initialOffsets)
        summaryIsOwn = true
        if controlIsDirty.count != views.count { controlIsDirty.refill(repeating: false, count: views.count) }
        // Marks older than the stamp mean nothing, so a table of the right size is kept and the stamp keeps counting.
        if pathMark.count != views.count { pathMark.refill(repeating: 0, count: views.count) }
        eventTouches.removeAllKeepingStorage()
        queuedCalls.removeAllKeepingStorage()
        restartPresentations()
        startZoomed()
    }

    /// Gives this simulation its own run tables if a copy of it shares them (`RunTable`): a simulation is a value.
    mutating func makeTablesUnique() {
        // The tables are copied together with the simulation and made unique together, so they are shared together:
        // one check tells for all.
        guard !touches.isUnique() else { return }
        // A copied simulation: its summary's columns are shared with the copy's too.
        summary.makeColumnsUnique()
        touches.makeUnique()
        recognizers.makeUnique()
        timers.makeUnique()
        scrolls.makeUnique()
        controls.makeUnique()
        recsStorage.makeUnique()
        controlIsDirty.makeUnique()
        pathMark.makeUnique()
    }

    /// Returns the run state to its initial values in place, without allocating, so one simulation can
    /// run the same prepared scene again (with another script). `SimulationResetTests` holds the result against a new
    /// simulation, every stored property compared, so a property added without its reset here fails there.
    public mutating func reset() {
        makeTablesUnique()
        now = .zero
        var used = slotsUsed
        while used != 0 {
            let i = used.trailingZeroBitCount
            used &= used - 1
            touches[i] = TouchSlot()
        }
        slotsUsed = 0
        var r = 0
        while r < recognizers.count {
            if recognizers[r].engaged || recognizers[r].state != .possible || timers[r] != .never
                || recognizers[r].isEnabled != recs[r].isEnabled || recognizers[r].touches != 0
            {
                recognizers[r] = RecognizerRuntime(isEnabled: recs[r].isEnabled)
            }
            r += 1
        }
        timers.clear()
        // An action handler may have moved a view (issue 15 §4), or a zoom scaled one (§2): start from the prepared
        // tree again. Without either, `views` still shares the prepared scene's storage and this only swaps a reference.
        views = prepared.viewTables.views
        for sv in prepared.viewTables.scrollViewIDs {
            scrolls[sv] = ScrollRuntime(offset: views[sv].boundsOrigin, zoomScale: prepared.viewTables.initialZoomScale[sv])
        }
        startZoomed()
        for v in dirtyControls {
            controls[v] = ControlRuntime(value: views[v].value)
            controlIsDirty[v] = false
        }
        dirtyControls.removeAllKeepingStorage()
        candidates.removeAllKeepingStorage()
        committedInStep.removeAllKeepingStorage()
        verdictReasons.removeAllKeepingStorage()
        summary.reset(initialOffsets: prepared.viewTables.initialOffsets)
        summaryIsOwn = true
        lastLift = nil
        clearInferredTimers()
        uiEvents = 0
        uiEvent = 0
        stepSerial = 0
        pendingCount = 0
        slotsInUse = 0
        mayHaveFinished = false
        framesShownUntil = .zero
        // A scene without sheets or panels never had any: nothing to put back.
        if !sheetStates.isEmpty || !panelStates.isEmpty { restartPresentations() }
    }

    /// The sheets' and panels' states and summary records as the scene presents them, and their views placed there
    /// (spec M5, K4). Costs nothing in a scene that has neither and had neither before.
    mutating func restartPresentations() {
        if !sheetStates.isEmpty || !prepared.scene.sheets.isEmpty {
            sheetStates = Self.initialSheetStates(prepared.scene)
            summary.sheets = Self.initialSheetOutcomes(prepared.scene)
        }
        if !panelStates.isEmpty || !prepared.scene.panels.isEmpty {
            panelStates = Self.initialPanelStates(prepared.scene)
            summary.panels = Self.initialPanelOutcomes(prepared.scene)
        }
        if !sheetStates.isEmpty || !panelStates.isEmpty { placePresentedViews() }
    }

    /// Sets what a recognizer waits to become (G10), keeping `pendingCount` right.
    @inline(__always) mutating func setPending(_ id: RecognizerID, _ value: PendingTransition) {
        if recognizers[id].pending == .none && value != .none { pendingCount += 1 }
        if recognizers[id].pending != .none && value == .none { pendingCount -= 1 }
        recognizers[id].pending = value
    }

    /// Notes that a control's or cell's runtime state is about to change (so `reset` restores it).
    @inline(__always) mutating func markControlDirty(_ v: ViewID) {
        if !controlIsDirty[v] { controlIsDirty[v] = true; dirtyControls.append(v) }
    }

    // MARK: - Trace

    @inline(__always)
    mutating func emit(_ kind: TraceEventKind) {
        if Recorder.isRecording { recorder.record(TraceEvent(time: now, kind: kind, event: uiEvent)) }
    }

}

/// Touch slots per run (`Simulation.maxSlots`).
private let maxTouchSlots = 32

/// The last touch lifted: when, where, its tap count and its number (`UITouch.tapCount` of the next touch-down).
struct LastLift {
    var time: VirtualTime
    var location: Point
    var tapCount: Int
    var touch: Int
}

/// A simulation is a value; it may move between threads (not be shared) when its recorder can.
extension Simulation: Sendable where Recorder: Sendable {}
