/// What an untraced run leaves behind: counters and final states, cheap enough for sweeps.
///
/// The engine fills it whatever the recorder; with `NoTrace` it is the only output of a run. Entries are
/// indexed by view or recognizer id. Resetting touches only the entries the last run changed, so a
/// reused simulation pays for what a run did, not for the size of the tree.
public struct RunSummary: Hashable, Sendable {
    /// `controlEvents[view * ControlEvent.caseCount + event.index]`: how many times each control event
    /// was sent (flat, one allocation per run).
    public private(set) var controlEvents: [Int]
    /// How many times each cell was selected.
    public private(set) var selections: [Int]
    /// Actions sent by each recognizer.
    public private(set) var actions: [Int]
    /// Whether each recognizer began or recognized at least once.
    public private(set) var recognized: [Bool]
    /// When each recognizer first began or recognized (`.never` if it did not).
    public private(set) var firstRecognized: [VirtualTime]
    /// Final content offset of each scroll view (the initial offset for other views).
    public internal(set) var finalOffsets: [Point]
    /// Whether each scroll view was dragged.
    public private(set) var dragged: [Bool]
    /// `touches…` calls handled by each view (by the view itself, not forwarded).
    public private(set) var handledCallbacks: [Int]
    /// Touches dropped unseen.
    public private(set) var droppedTouches: Int
    /// When each view first became highlighted (`.never` if it did not).
    public private(set) var firstHighlight: [VirtualTime]
    /// When that first highlight ended (`.never` if it did not, or never began): with `firstHighlight`, how long
    /// the first highlight was on (the invisible-feedback class, docs/defects.md).
    public private(set) var firstUnhighlight: [VirtualTime]
    /// When each view first performed its primary action: a control's TouchUpInside or ValueChanged, a
    /// cell's selection (`.never` if it did not).
    public private(set) var firstPrimaryAction: [VirtualTime]
    /// Primary actions of each view (TouchUpInside + ValueChanged + selections).
    public private(set) var primaryActions: [Int]
    /// The farthest each scroll view got from its initial offset, per axis (absolute points).
    public private(set) var maxDisplacement: [Point]

    /// Views and recognizers whose entries changed since the last reset (each listed once).
    private var dirtyViews: [ViewID] = []
    private var viewIsDirty: [Bool]
    private var dirtyRecognizers: [RecognizerID] = []
    private var recognizerIsDirty: [Bool]

    init(views: Int, recognizers: Int, initialOffsets: [Point]) {
        controlEvents = Array(repeating: 0, count: views * ControlEvent.caseCount)
        selections = Array(repeating: 0, count: views)
        actions = Array(repeating: 0, count: recognizers)
        recognized = Array(repeating: false, count: recognizers)
        firstRecognized = Array(repeating: .never, count: recognizers)
        finalOffsets = initialOffsets
        dragged = Array(repeating: false, count: views)
        handledCallbacks = Array(repeating: 0, count: views)
        droppedTouches = 0
        firstHighlight = Array(repeating: .never, count: views)
        firstUnhighlight = Array(repeating: .never, count: views)
        firstPrimaryAction = Array(repeating: .never, count: views)
        primaryActions = Array(repeating: 0, count: views)
        maxDisplacement = Array(repeating: .zero, count: views)
        viewIsDirty = Array(repeating: false, count: views)
        recognizerIsDirty = Array(repeating: false, count: recognizers)
        dirtyViews.reserveCapacity(16)
        dirtyRecognizers.reserveCapacity(8)
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

    mutating func highlighted(_ v: ViewID, at time: VirtualTime) {
        guard firstHighlight[v] == .never else { return }
        touch(view: v)
        firstHighlight[v] = time
    }

    mutating func unhighlighted(_ v: ViewID, at time: VirtualTime) {
        guard firstHighlight[v] != .never, firstUnhighlight[v] == .never else { return }
        firstUnhighlight[v] = time
    }

    mutating func handled(by v: ViewID) {
        touch(view: v)
        handledCallbacks[v] += 1
    }

    mutating func scrolled(_ v: ViewID, to offset: Point, from start: Point) {
        touch(view: v)
        finalOffsets[v] = offset
        let dx = abs(offset.x - start.x), dy = abs(offset.y - start.y)
        if dx > maxDisplacement[v].x { maxDisplacement[v].x = dx }
        if dy > maxDisplacement[v].y { maxDisplacement[v].y = dy }
    }

    mutating func dragged(_ v: ViewID) {
        touch(view: v)
        dragged[v] = true
    }

    mutating func action(of r: RecognizerID, recognizing: Bool, at time: VirtualTime) {
        touch(recognizer: r)
        actions[r] += 1
        if recognizing && !recognized[r] {
            recognized[r] = true
            firstRecognized[r] = time
        }
    }

    mutating func dropped() { droppedTouches += 1 }

    /// Returns every changed entry to its initial value (`initialOffsets` for final offsets).
    mutating func reset(initialOffsets: [Point]) {
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
        }
        dirtyViews.removeAll(keepingCapacity: true)
        for r in dirtyRecognizers {
            recognizerIsDirty[r] = false
            actions[r] = 0
            recognized[r] = false
            firstRecognized[r] = .never
        }
        dirtyRecognizers.removeAll(keepingCapacity: true)
        droppedTouches = 0
    }

    // MARK: Reading

    /// When recognizer `r` first began or recognized, if it did.
    public func firstRecognition(_ r: RecognizerID) -> VirtualTime? {
        firstRecognized[r] == .never ? nil : firstRecognized[r]
    }

    /// How far scroll view `view` got along `axis` from where it started.
    public func displacement(of view: ViewID, along axis: Axis) -> Double { maxDisplacement[view][axis] }

    /// Count of `event` sent by `view`.
    public func count(_ event: ControlEvent, of view: ViewID) -> Int { controlEvents[view * ControlEvent.caseCount + event.index] }

    /// Equality compares what a run produced, not the bookkeeping of what to reset.
    public static func == (a: RunSummary, b: RunSummary) -> Bool {
        a.controlEvents == b.controlEvents && a.selections == b.selections && a.actions == b.actions
            && a.recognized == b.recognized && a.firstRecognized == b.firstRecognized && a.finalOffsets == b.finalOffsets
            && a.dragged == b.dragged && a.handledCallbacks == b.handledCallbacks && a.droppedTouches == b.droppedTouches
            && a.firstHighlight == b.firstHighlight && a.firstUnhighlight == b.firstUnhighlight
            && a.firstPrimaryAction == b.firstPrimaryAction
            && a.primaryActions == b.primaryActions && a.maxDisplacement == b.maxDisplacement
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(controlEvents); hasher.combine(actions); hasher.combine(finalOffsets); hasher.combine(droppedTouches)
    }
}

extension ControlEvent {
    /// Number of control events.
    public static let caseCount = 10
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
        }
    }
}
