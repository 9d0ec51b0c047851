/// What an untraced run leaves behind: counters and final states, cheap enough for sweeps.
///
/// The engine fills it whatever the recorder; with `NoTrace` it is the only output of a run.
public struct RunSummary: Hashable, Sendable {
    /// `controlEvents[view * ControlEvent.allCases.count + event.index]`: how many times each control
    /// event was sent (flat, one allocation per run).
    public var controlEvents: [Int]
    /// How many times each cell was selected.
    public var selections: [Int]
    /// Actions sent by each recognizer.
    public var actions: [Int]
    /// Whether each recognizer began or recognized at least once.
    public var recognized: [Bool]
    /// When each recognizer first began or recognized (`.never` if it did not).
    public var firstRecognized: [VirtualTime]
    /// Final content offset of each view (bounds origin for non-scroll views).
    public var finalOffsets: [Point]
    /// Whether each scroll view was dragged.
    public var dragged: [Bool]
    /// `touches…` calls handled by each view (by the view itself, not forwarded).
    public var handledCallbacks: [Int]
    /// Touches dropped unseen.
    public var droppedTouches: Int
    /// When each view first became highlighted (`.never` if it did not).
    public var firstHighlight: [VirtualTime]
    /// When each view first performed its primary action: a control's TouchUpInside or ValueChanged, a
    /// cell's selection (`.never` if it did not).
    public var firstPrimaryAction: [VirtualTime]
    /// Primary actions of each view (TouchUpInside + ValueChanged + selections).
    public var primaryActions: [Int]
    /// The farthest each scroll view got from its initial offset, per axis (absolute points).
    public var maxDisplacement: [Point]

    init(views: Int, recognizers: Int) {
        controlEvents = Array(repeating: 0, count: views * ControlEvent.caseCount)
        selections = Array(repeating: 0, count: views)
        actions = Array(repeating: 0, count: recognizers)
        recognized = Array(repeating: false, count: recognizers)
        firstRecognized = Array(repeating: .never, count: recognizers)
        finalOffsets = Array(repeating: .zero, count: views)
        dragged = Array(repeating: false, count: views)
        handledCallbacks = Array(repeating: 0, count: views)
        droppedTouches = 0
        firstHighlight = Array(repeating: .never, count: views)
        firstPrimaryAction = Array(repeating: .never, count: views)
        primaryActions = Array(repeating: 0, count: views)
        maxDisplacement = Array(repeating: .zero, count: views)
    }

    /// Zeroes every counter in place.
    mutating func reset() {
        for i in controlEvents.indices { controlEvents[i] = 0 }
        for i in selections.indices { selections[i] = 0 }
        for i in actions.indices { actions[i] = 0; recognized[i] = false; firstRecognized[i] = .never }
        for i in finalOffsets.indices {
            finalOffsets[i] = .zero; dragged[i] = false; handledCallbacks[i] = 0
            firstHighlight[i] = .never; firstPrimaryAction[i] = .never; primaryActions[i] = 0; maxDisplacement[i] = .zero
        }
        droppedTouches = 0
    }

    /// Records a primary action of `view` at `time`.
    mutating func primaryAction(_ view: ViewID, at time: VirtualTime) {
        primaryActions[view] += 1
        if firstPrimaryAction[view] == .never { firstPrimaryAction[view] = time }
    }

    /// When recognizer `r` first began or recognized, if it did.
    public func firstRecognition(_ r: RecognizerID) -> VirtualTime? {
        firstRecognized[r] == .never ? nil : firstRecognized[r]
    }

    /// How far scroll view `view` got along `axis` from where it started.
    public func displacement(of view: ViewID, along axis: Axis) -> Double { maxDisplacement[view][axis] }

    /// Count of `event` sent by `view`.
    public func count(_ event: ControlEvent, of view: ViewID) -> Int { controlEvents[view * ControlEvent.caseCount + event.index] }
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
