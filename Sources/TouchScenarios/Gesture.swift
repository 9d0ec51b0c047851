import TouchEngine

/// A family of touch scripts (issue 3 §3). Which handler a tap family means on which target is
/// `GestureIntents.tapIntent` (docs/defects.md, "What each gesture means").
public enum GestureFamily: String, Sendable, CaseIterable, Codable {
    /// Down and up in under 100 ms, no movement: activate a control or select a cell.
    case quickTap
    /// Down, ~300 ms still, up: activate or select.
    case heldTap
    /// Down, ~700 ms still, up: trigger the long-press handler of the target (or of the cell it is in); where
    /// there is none, a slow press that activates or selects on lift.
    case longPress
    /// Two quick taps: trigger the double-tap handler of the target (or of the cell it is in); where there is
    /// none, activate or select.
    case doubleTap
    /// A fast swipe along a scroll axis: scroll.
    case fastSwipe
    /// Hold ~300 ms, then drag along a scroll axis: scroll.
    case holdThenDrag
    /// A slow drag along a scroll axis: scroll.
    case slowDrag
    /// A drag at ~35° off the scroll axis: scroll.
    case diagonalDrag
    /// A quick drag starting on a control inside a scroll view: scroll.
    case dragFromControl
    /// A quick drag starting on a cell: scroll.
    case dragFromCell
    /// A quick drag starting on empty content: scroll.
    case dragFromEmpty
    /// Two fingers land on zoomable content in one UIEvent and spread (pinch out): zoom the scroll view in.
    /// Opt-in (not among `defaults`); last, so the other families keep their seeds.
    case pinchZoom
    // The system's gestures (touch-model-system §0.2), after the older families so those keep their seeds. Each aims
    // only at the elements of a pushed screen, a sheet or a panel (`ElementKind.navigation`, `.sheet`, `.panel`,
    // `.canvas`), so on other screens it makes no gesture.
    /// A rightward swipe from the leading edge of a pushed screen (x ≤ 8 pt, mirrored for right-to-left): go back.
    case backSwipe
    /// A downward pull of a sheet or panel: dismiss the sheet at its smallest detent, else move it to the next
    /// smaller detent or panel state.
    case pullDown
    /// An upward pull of a sheet or panel not at its largest detent or state: move it to the next larger one.
    case pullUp
    /// A stroke drawn in a canvas (a drawing or signature view): draw.
    case stroke

    /// The families a sweep runs when its config names none and builds none of the system's templates: every family
    /// except the opt-in `pinchZoom` and the system's families.
    public static let defaults: [GestureFamily] = allCases.filter { $0 != .pinchZoom && !systemFamilies.contains($0) }

    /// The system's families (`backSwipe`, `pullDown`, `pullUp`, `stroke`).
    public static let systemFamilies: [GestureFamily] = [.backSwipe, .pullDown, .pullUp, .stroke]

    /// The families a sweep runs when its config names none: `defaults`, and the system's families when one of
    /// `templates` builds their targets (a pushed screen, a sheet, a panel) or the sweep has real `screens` (an
    /// imported navigation controller or sheet is one; on a screen without any they aim at nothing).
    public static func defaults(for templates: [TreeTemplate], screens: Bool = false) -> [GestureFamily] {
        screens || templates.contains(where: \.hasSystemParts) ? defaults + systemFamilies : defaults
    }
}

/// What the user meant (issue 3 §3); the defect classifier compares it with what happened.
public enum Intent: Hashable, Sendable {
    /// Activate control `view` (TouchUpInside, or ValueChanged for sliders).
    case activate(ViewID)
    /// Select cell `view`.
    case select(ViewID)
    /// Make `handler`, a long-press or double-tap recognizer attached to `view`, fire its action (begin or
    /// recognize): the handler the user wanted, e.g. a cell's context menu or double tap to like.
    case trigger(ViewID, handler: RecognizerID)
    /// Scroll `view` along `axis` by at least `distance` points.
    case scroll(ViewID, axis: Axis, distance: Double)
    /// Zoom scroll view `view` by `factor` (the ratio of the fingers' final to initial distance: above 1 zooms
    /// in), as a zooming scroll view follows a pinch (§6.1).
    case zoom(ViewID, factor: Double)
    /// Nothing in particular.
    case nothing
    /// Pop the top view controller of the navigation controller whose view is `navigation` (touch-model-system
    /// §0.2 "go back"): achieved when a pop transition begins.
    case goBack(ViewID)
    /// Dismiss the sheet whose view is `sheet` (§0.2 "dismiss sheet"): achieved when it is dismissed.
    case dismissSheet(ViewID)
    /// Move the sheet `sheet` to its detent at index `detent` of its spec (§0.2 "resize sheet").
    case resizeSheet(ViewID, detent: Int)
    /// Move the library panel `panel` to its state at index `state` of its spec (§0.2 "move panel").
    case movePanel(ViewID, state: Int)
    /// Draw a stroke in `view`, a view that reads its own touches (a canvas, a signature pad, a chart's scrubber):
    /// the stroke is the view's; no system motion is meant.
    case draw(ViewID)

    /// The view an intent is about (the control, cell, scroll view, navigation, sheet, panel or canvas), nil for
    /// `nothing`.
    public var subject: ViewID? {
        switch self {
        case .activate(let v), .select(let v), .trigger(let v, _), .scroll(let v, _, _), .zoom(let v, _), .goBack(let v),
            .dismissSheet(let v), .resizeSheet(let v, _), .movePanel(let v, _), .draw(let v):
            return v
        case .nothing: return nil
        }
    }

    /// Whether the finger drags on purpose (a scroll, a system motion, a stroke) rather than taps.
    public var isDrag: Bool {
        switch self {
        case .scroll, .goBack, .dismissSheet, .resizeSheet, .movePanel, .draw: return true
        case .activate, .select, .trigger, .zoom, .nothing: return false
        }
    }
}

/// One generated touch script with its target and intent.
public struct Gesture: Hashable, Sendable {
    public var family: GestureFamily
    /// The element aimed at (a view id of the tree).
    public var target: ViewID
    public var intent: Intent
    public var script: [ScriptEvent]
    /// Time of the last finger lift (for action latency).
    public var liftTime: VirtualTime
    /// Time of the first touch-down (for highlight latency).
    public var downTime: VirtualTime
    public init(
        family: GestureFamily, target: ViewID, intent: Intent, script: [ScriptEvent], liftTime: VirtualTime,
        downTime: VirtualTime
    ) {
        self.family = family; self.target = target; self.intent = intent; self.script = script
        self.liftTime = liftTime; self.downTime = downTime
    }
}

/// Sampling of generated scripts (the `gestures:` section of a sweep config).
public struct GestureOptions: Hashable, Sendable {
    /// Move samples per second. Default 120 Hz.
    public var sampleRate: Double = 120
    /// Timing jitter: each sample time moves by up to ± this many ms (seeded).
    public var jitter: Double = 2
    public init() {}
}
