import TouchEngine

/// The `expect:` block of a scenario: what a run must produce (docs/scenario-format.md, "Expectations").
///
/// Built by `Expectations.parse(node:file:scene:)` with every name already resolved against the scene, and
/// checked by `check(scene:trace:outcome:)`, which returns one `ExpectationFailure` per broken statement.
/// Objects the block does not name are not checked. Each list is a glob pattern over the observed list:
/// entries must match one to one, in order, and `"..."` matches any run of observed entries (none included).
///
/// Numbers (times in ms, points, offsets, translations) compare with a tolerance of `tolerance`.
public struct Expectations: Hashable, Sendable {
    /// Absolute tolerance for every number compared.
    public static let tolerance = 1e-6
    /// Pinch scales and rotations (`scale=`, `rotation=` on recognizer entries) compare within this: the text trace
    /// writes them to three decimals.
    public static let measureTolerance = 0.0005

    /// `hit:` — the hit-test view of each touch.
    public var hit: [HitExpectation] = []
    /// `callbacks:` — the `touches…` calls each responder received, in order.
    public var callbacks: [ListExpectation<CallbackEntry>] = []
    /// `controls:` — the control events each control sent, in order.
    public var controls: [ListExpectation<ControlEntry>] = []
    /// `controlActions:` — the registrations each control invoked, in order (§5.5).
    public var controlActions: [ListExpectation<ControlActionEntry>] = []
    /// `highlights:` — `isHighlighted` changes of controls and cells.
    public var highlights: [ListExpectation<HighlightEntry>] = []
    /// `selections:` — times at which cells were selected.
    public var selections: [ListExpectation<TimeEntry>] = []
    /// `recognizers:` — public state transitions of each recognizer (resets excluded).
    public var recognizers: [ListExpectation<RecognizerEntry>] = []
    /// `actions:` — actions each recognizer sent, with the state they reported.
    public var actions: [ListExpectation<RecognizerEntry>] = []
    /// `scroll:` — one assertion per entry about a scroll view's offset, flags and delegate calls.
    public var scroll: [ScrollExpectation] = []
    /// `tapCounts:` — the `UITouch.tapCount` of each touch-down of a finger, in order.
    public var tapCounts: [ListExpectation<TapCountEntry>] = []
    /// `dropped:` — touches dropped before their view ever heard of them.
    public var dropped: ListExpectation<TouchNumberEntry>? = nil
    /// `order:` — chains of trace events that must occur in the given order.
    public var order: [OrderExpectation] = []
    /// `asked:` — the delegate questions each recognizer's delegate was asked, in order (issue 15 §4).
    public var asked: [ListExpectation<AskedEntry>] = []
    /// `samples:` — what a pinch's `scale` or a rotation's `rotation` reads at chosen times (issue 31 §2).
    public var samples: [SampleExpectation] = []
    /// `pop:` — the steps of each navigation controller's pop transitions, in order (touch-model-system N9).
    public var pops: [ListExpectation<PopEntry>] = []
    /// `sheet:` — assertions about each presented sheet: its top, detent, dismissal and delegate calls (spec M1–M7).
    public var sheet: [SheetExpectation] = []
    /// `panel:` — assertions about each library panel: its top, state, removal and handoff (spec K1, K2).
    public var panel: [PanelExpectation] = []

    public init() {}

    /// Whether the block asserts nothing.
    public var isEmpty: Bool {
        hit.isEmpty && callbacks.isEmpty && controls.isEmpty && controlActions.isEmpty && highlights.isEmpty && selections.isEmpty
            && recognizers.isEmpty && actions.isEmpty && scroll.isEmpty && tapCounts.isEmpty && dropped == nil && order.isEmpty && asked.isEmpty
            && samples.isEmpty && pops.isEmpty && sheet.isEmpty && panel.isEmpty
    }

    /// How many statements the block makes (one per object list, scroll entry, hit or order entry).
    public var count: Int {
        hit.count + callbacks.count + controls.count + controlActions.count + highlights.count + selections.count + recognizers.count
            + actions.count + scroll.count + tapCounts.count + (dropped == nil ? 0 : 1) + order.count + asked.count + samples.count
            + pops.count
            + sheet.count + panel.count
    }
}

/// One broken expectation: where it is in the file, what it asked for and what the run did.
///
/// Rendered as `expect.controls.B (line 40): expected [TouchDown@150, TouchUpInside@400], got [TouchDown@150,
/// TouchDragInside@300, TouchUpInside@400]`.
public struct ExpectationFailure: CustomStringConvertible, Hashable, Sendable {
    /// Path of the statement inside the file, e.g. `expect.controls.B` or `expect.order[0]`.
    public var path: String
    /// 1-based line of the statement in the scenario file (0 when unknown).
    public var line: Int
    /// What the statement asked for, in the file's notation.
    public var expected: String
    /// What the run produced, in the same notation.
    public var observed: String

    public init(path: String, line: Int, expected: String, observed: String) {
        self.path = path; self.line = line; self.expected = expected; self.observed = observed
    }

    public var description: String {
        let place = line > 0 ? "\(path) (line \(line))" : path
        return "\(place): expected \(expected), got \(observed)"
    }
}

// MARK: - Statements

/// `hit: {n: V}` — touch `n` was hit-tested to `view` (nil: `none`, nothing was hit).
public struct HitExpectation: Hashable, Sendable {
    public var path: String
    public var line: Int
    public var touch: Int
    public var view: ViewID?
    /// The name as written (`none` for nil).
    public var viewName: String
}

/// What a list statement is about.
public enum ExpectationSubject: Hashable, Sendable {
    /// A view or view controller (`callbacks:`).
    case responder(Responder)
    /// A view (`controls:`, `highlights:`, `selections:`).
    case view(ViewID)
    /// A gesture recognizer (`recognizers:`, `actions:`).
    case recognizer(RecognizerID)
    /// The whole run (`dropped:`).
    case run
    /// A finger, by touch number (`tapCounts:`).
    case touch(Int)
}

/// One item of a list pattern.
public enum PatternItem<Entry: Hashable & Sendable>: Hashable, Sendable {
    /// An entry that must match exactly one observed entry.
    case entry(Entry)
    /// `"..."`: any run of observed entries, possibly empty.
    case anything
}

/// A list statement: the observed list for `subject` must match `pattern`.
public struct ListExpectation<Entry: Hashable & Sendable>: Hashable, Sendable {
    /// Path of the statement, e.g. `expect.callbacks.B`.
    public var path: String
    public var line: Int
    public var subject: ExpectationSubject
    public var pattern: [PatternItem<Entry>]
}

/// One scroll-view assertion (`scroll:` entries are independent statements, not a list pattern).
public struct ScrollExpectation: Hashable, Sendable {
    public var path: String
    /// Line of the entry itself.
    public var line: Int
    public var view: ViewID
    public var assertion: ScrollAssertion
}

/// A chain of trace events that must occur in the given order (each before the next).
public struct OrderExpectation: Hashable, Sendable {
    public var path: String
    public var line: Int
    public var events: [OrderEvent]
}
