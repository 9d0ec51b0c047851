/// What a run produced, per object: the summary that golden tests and `sweep trace --json` assert.
///
/// Derived from a full trace by `Outcome(scene:trace:)`; every list is in time order (trace order).
public struct Outcome: Hashable, Sendable {
    /// One `touches…` call a responder received.
    public struct Callback: Hashable, Sendable {
        public var time: VirtualTime
        public var phase: TouchPhase
        public var touch: Int
        /// The UITouch's timestamp as the responder saw it (a replayed began keeps the original).
        public var timestamp: VirtualTime
        /// Window location as the responder saw it.
        public var location: Point
        /// `location(in: touch.view)`: in the hit view's bounds space, through every transform.
        public var local: Point = .zero
        public var hitView: ViewID
        public var handling: CallbackHandling
        /// Every touch number of the call, in order (`touch` first); one unless a multi-touch step sent several.
        public var touches: [Int]
        /// `UITouch.tapCount` of each touch of the call, in the order of `touches`.
        public var tapCounts: [Int]
        /// `event.allTouches`, by touch number, ascending.
        public var allTouches: [Int]
        /// The number of the UIEvent the call belongs to (`TraceEvent.event`).
        public var event: Int = 0
    }
    /// One control event.
    public struct ControlRecord: Hashable, Sendable {
        public var time: VirtualTime
        public var event: ControlEvent
        public var value: Double?
    }
    /// One registration a control invoked (§5.5).
    public struct ActionRecord: Hashable, Sendable {
        public var time: VirtualTime
        public var event: ControlEvent
        public var delivery: ActionDelivery
    }
    /// A timestamped boolean (highlight) or point (offset) or state.
    public struct Stamped<Value: Hashable & Sendable>: Hashable, Sendable {
        public var time: VirtualTime
        public var value: Value
    }
    /// A public recognizer transition or action.
    public struct RecognizerRecord: Hashable, Sendable {
        public var time: VirtualTime
        public var state: RecognizerState
        public var translation: Point?
        /// A pinch's scale or a rotation's rotation, with its velocity (actions only).
        public var measure: GestureMeasure? = nil
    }
    /// What happened to one scroll view.
    public struct ScrollRecord: Hashable, Sendable {
        public var initialOffset: Point
        public var finalOffset: Point
        public var offsets: [Stamped<Point>] = []
        public var notifications: [Stamped<ScrollNotification>] = []
        /// `isDragging` was true at some point.
        public var everDragged: Bool = false
        /// Zooming: the scene's `zoomScale`, each change, and the last one.
        public var initialZoom: Double = 1
        public var zooms: [Stamped<Double>] = []
        public var finalZoom: Double = 1
    }

    /// Hit-test view of each touch number (nil: no view).
    public var hitViews: [Int: ViewID?] = [:]
    public var callbacks: [Responder: [Callback]] = [:]
    public var controlEvents: [ViewID: [ControlRecord]] = [:]
    /// Registrations each control invoked, in order (§5.5).
    public var controlActions: [ViewID: [ActionRecord]] = [:]
    public var highlights: [ViewID: [Stamped<Bool>]] = [:]
    public var selections: [ViewID: [VirtualTime]] = [:]
    public var scrollViews: [ViewID: ScrollRecord] = [:]
    /// Public state transitions of each recognizer (resets excluded).
    public var transitions: [RecognizerID: [RecognizerRecord]] = [:]
    /// Actions sent by each recognizer.
    public var actions: [RecognizerID: [RecognizerRecord]] = [:]
    /// Touches dropped unseen (G5, S3), by touch number.
    public var dropped: [Int] = []
    /// `UITouch.tapCount` of each touch-down, by touch number, in order (a finger that taps three times: [1, 2, 3]).
    public var tapCounts: [Int: [Int]] = [:]
    /// One delegate question and its answer (issue 15 §4).
    public struct AskedRecord: Hashable, Sendable {
        public var time: VirtualTime
        public var question: DelegateQuestion
        public var answer: Bool
    }
    /// The delegate questions each recognizer's delegate was asked (only delegates that log are recorded).
    public var asked: [RecognizerID: [AskedRecord]] = [:]
    /// The pop transitions of each navigation controller (by its view), step by step (touch-model-system N9).
    public var pops: [ViewID: [Stamped<PopEvent>]] = [:]

    public init() {}

    /// Folds a trace into an outcome.
    public init(scene: Scene, trace: [TraceEvent]) {
        for (id, view) in scene.views.enumerated() where view.scroll != nil {
            let zoom = view.scroll?.zoomScale ?? 1
            scrollViews[id] = ScrollRecord(
                initialOffset: view.boundsOrigin, finalOffset: view.boundsOrigin,
                initialZoom: zoom, finalZoom: zoom)
        }
        for event in trace {
            let t = event.time
            switch event.kind {
            case let .hitTest(touch, view, _, _):
                hitViews[touch] = view
            case let .callback(responder, phase, touches, hitView, handling, allTouches):
                guard let first = touches.first else { break }
                callbacks[responder, default: []].append(
                    Callback(
                        time: t, phase: phase, touch: first.touch, timestamp: first.timestamp, location: first.location, local: first.local,
                        hitView: hitView, handling: handling, touches: touches.map(\.touch),
                        tapCounts: touches.map(\.tapCount), allTouches: allTouches, event: event.event))
            case let .touch(touch, .began, _):
                tapCounts[touch, default: []].append(1)
            case let .tapCount(touch, count, _):
                if var list = tapCounts[touch], !list.isEmpty {
                    list[list.count - 1] = count
                    tapCounts[touch] = list
                }
            case let .control(view, controlEvent, value):
                controlEvents[view, default: []].append(ControlRecord(time: t, event: controlEvent, value: value))
            case let .controlAction(view, controlEvent, delivery):
                controlActions[view, default: []].append(ActionRecord(time: t, event: controlEvent, delivery: delivery))
            case let .highlight(view, on):
                highlights[view, default: []].append(Stamped(time: t, value: on))
            case let .selected(view):
                selections[view, default: []].append(t)
            case let .offset(view, offset), let .frame(view, offset):
                scrollViews[view]?.offsets.append(Stamped(time: t, value: offset))
                scrollViews[view]?.finalOffset = offset
            case let .zoom(view, scale, _):
                scrollViews[view]?.zooms.append(Stamped(time: t, value: scale))
                scrollViews[view]?.finalZoom = scale
            case let .scroll(view, note):
                scrollViews[view]?.notifications.append(Stamped(time: t, value: note))
                if note == .dragging(true) { scrollViews[view]?.everDragged = true }
            case let .transition(recognizer, _, to, reason):
                if reason != .reset {
                    transitions[recognizer, default: []].append(RecognizerRecord(time: t, state: to, translation: nil))
                }
            case let .action(recognizer, state, translation, measure):
                actions[recognizer, default: []].append(
                    RecognizerRecord(
                        time: t, state: state, translation: translation,
                        measure: measure))
            case let .dropped(touch, _):
                dropped.append(touch)
            case let .asked(recognizer, question, answer):
                asked[recognizer, default: []].append(AskedRecord(time: t, question: question, answer: answer))
            case let .pop(pop):
                pops[pop.navigation, default: []].append(Stamped(time: t, value: pop))
            default:
                break
            }
        }
    }
}
