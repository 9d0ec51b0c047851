import TouchEngine
import TouchScenarios

/// What one scenario run means for the user's intent: which defect classes applied, which occurred, and
/// the latencies a tap produced.
public struct ScenarioVerdict: Hashable, Sendable {
    /// Classes this scenario can exhibit (the denominators).
    public var applicable = DefectSet()
    /// Classes it exhibited.
    public var defects = DefectSet()
    /// Touch-down to first highlight of the target, in ms (tap intents, when it highlighted).
    public var highlightLatency: Double?
    /// Last touch-up to the target's first primary action, in ms (tap intents, when it fired).
    public var actionLatency: Double?
    /// Set when the run is counted in no class although its intent has some (docs/defects.md, "Runs not
    /// counted"); `applicable` and `defects` are then empty.
    public var notCounted: NotCounted?
    public init() {}
}

/// Why a run is left out of every denominator (docs/defects.md, "Runs not counted").
public enum NotCounted: Int, Sendable, CaseIterable {
    /// A tap aimed at a text input (UITextField, a search field, UITextView): what UIKit's text interaction
    /// does with it is not documented, so the engine's plain-control model would be a guess.
    case textInput
    /// The system took the touch (a pull-down from the top edge, §8): the app never had the gesture.
    case systemGesture
    /// A drag meant to scroll a view that this configuration leaves nothing to scroll along the drag's axis (its
    /// content fits and it does not bounce): the drag was aimed where another configuration lets the view scroll
    /// (a real screen's `scrollViews.alwaysBounceVertical: [false, true]`); not moving is what UIKit is asked to do.
    case cannotScroll
    /// A touch that hit-tested to a UISwitch on iOS 26 or later (`RunSummary.firstPrivateSwitch`): the switch is driven
    /// by private recognizers on an internal subview and sends no UIControl tracking events (touch-model §5.4); how
    /// they arbitrate with the app's recognizers and scroll views is not recovered, so the engine does not model them
    /// and the run has no known outcome. Runs with an earlier `iosVersion` count as before.
    case privateSwitch

    /// The column-name form, e.g. `text_input`.
    public var name: String {
        switch self {
        case .textInput: return "text_input"
        case .systemGesture: return "system_gesture"
        case .cannotScroll: return "cannot_scroll"
        case .privateSwitch: return "private_switch"
        }
    }
}

/// Thresholds of docs/defects.md.
public enum DefectThresholds {
    /// Late feedback: the highlight appears more than this after touch-down (ms).
    public static let lateHighlight = 100.0
    /// Late action: the action fires more than this after the last touch-up (ms).
    public static let lateAction = 150.0
    /// Swallowed scroll: the intended scroll view moves less than this fraction of the intended distance.
    public static let scrollFraction = 0.5
    /// Invisible feedback: a highlight shorter than this (ms) may never reach the screen — one frame at 60 Hz.
    /// The engine's invisible highlights last 0 ms (on and off in the same turn) and a generated press lasts at
    /// least 40 ms, so on configs/quickstart.yaml any value from 0.001 to 39 ms counts the same runs: a fixed
    /// threshold, not a sweep axis (docs/defects.md).
    public static let minimumVisibleHighlight = 1000.0 / 60
    /// Swallowed zoom: the intended scroll view's zoom scale got less than this fraction of the intended zoom
    /// factor f, in ratio (logarithmic) terms: less than f^0.5 = √f from where it started (docs/defects.md).
    public static let zoomFraction = 0.5
}

/// Classifies a run against its gesture's intent (docs/defects.md).
public enum Classifier {
    public static let tapFamilies: Set<GestureFamily> = [.quickTap, .heldTap, .longPress, .doubleTap]

    public static func classify(gesture: Gesture, prepared: PreparedScene, summary: RunSummary) -> ScenarioVerdict {
        var verdict = ScenarioVerdict()
        let scene = prepared.scene
        if systemTookTouch(scene, summary) {
            verdict.notCounted = .systemGesture
            return verdict
        }
        // The engine does not model an iOS 26 switch's private recognizers (§5.4): a touch that reached one has no
        // known outcome. A tap aimed at a switch that something else took is still judged.
        if summary.firstPrivateSwitch != nil {
            verdict.notCounted = .privateSwitch
            return verdict
        }
        switch gesture.intent {
        case .activate(let target), .select(let target):
            if scene.kind(of: target).isTextInput {
                verdict.notCounted = .textInput
                break
            }
            verdict.applicable.insert(.deadButton)
            let fired = actionTime(of: target, scene: scene, summary: summary)
            if fired == .never { verdict.defects.insert(.deadButton) }
            guard GestureGenerator.isTapFamily(gesture.family) else { break } // `tapFamilies`, without hashing
            // A value control's feedback is its value, after the lift: its highlight is neither late nor missed.
            let valueControl = isValueControl(scene.kind(of: target))
            if !valueControl { verdict.applicable.insert(.lateFeedback) }
            verdict.applicable.insert(.lateAction)
            let lit = summary.firstHighlight[target]
            if lit != .never { verdict.highlightLatency = (lit - gesture.downTime).milliseconds }
            if fired != .never { verdict.actionLatency = (fired - gesture.liftTime).milliseconds }
            if showsPressByHighlight(scene.kind(of: target)) {
                verdict.applicable.insert(.invisibleFeedback)
                if fired != .never && !visiblePressHighlight(of: target, gesture: gesture, summary: summary) {
                    verdict.defects.insert(.invisibleFeedback)
                }
            }
            // A press whose feedback is never seen is not also late: there is nothing to be late (docs/defects.md).
            if !valueControl && !verdict.defects.contains(.invisibleFeedback) {
                if let h = verdict.highlightLatency, h > DefectThresholds.lateHighlight { verdict.defects.insert(.lateFeedback) }
                if lit == .never && fired != .never { verdict.defects.insert(.lateFeedback) }
            }
            if let a = verdict.actionLatency, a > DefectThresholds.lateAction { verdict.defects.insert(.lateAction) }
        case let .trigger(_, handler):
            classifyHandler(handler, gesture: gesture, scene: scene, summary: summary, into: &verdict)
        case let .scroll(target, axis, distance):
            classifyScroll(target, axis: axis, distance: distance, prepared: prepared, summary: summary, into: &verdict)
        case let .zoom(target, factor):
            classifyZoom(target, factor: factor, summary: summary, into: &verdict)
        case .nothing, .goBack, .dismissSheet, .resizeSheet, .movePanel, .draw:
            break
        }
        if hasSystemMotion(prepared) { classifySystemGestures(gesture, prepared: prepared, summary: summary, into: &verdict) }
        return verdict
    }

    /// Intent "scroll S along an axis by d": `swallowed_scroll` when S moved less than d/2, `wrong_scroller` when
    /// another scroll view moved that far instead, `ghost_tap` when a control or cell fired on the way (docs/defects.md).
    static func classifyScroll(
        _ target: ViewID, axis: Axis, distance: Double, prepared: PreparedScene, summary: RunSummary, into verdict: inout ScenarioVerdict
    ) {
        let scene = prepared.scene
        if !prepared.canScroll(target, along: axis) {
            verdict.notCounted = .cannotScroll
            return
        }
        verdict.applicable.insert(.swallowedScroll)
        verdict.applicable.insert(.ghostTap)
        verdict.applicable.insert(.wrongScroller)
        let half = distance * DefectThresholds.scrollFraction
        let moved = summary.displacement(of: target, along: axis)
        if moved < half {
            verdict.defects.insert(.swallowedScroll)
            // Only views the run changed can have moved (`RunSummary.changedViews`).
            for v in summary.changedViews where v != target {
                if summary.displacement(of: v, along: .horizontal) >= half
                    || summary.displacement(of: v, along: .vertical) >= half,
                    scene.isScrollView(v)
                {
                    verdict.defects.insert(.wrongScroller)
                    break
                }
            }
        }
        // A text input's TouchUpInside is the plain-control guess, not a known action: not a ghost tap.
        for v in summary.changedViews where firesPrimaryAction(v, scene, summary) && !scene.kind(of: v).isTextInput {
            verdict.defects.insert(.ghostTap)
            break
        }
        if !verdict.defects.contains(.ghostTap) {
            for r in summary.changedRecognizers where summary.actions[r] > 0 && isTapHandlerOfCellOrControl(r, scene) {
                verdict.defects.insert(.ghostTap)
                break
            }
        }
    }

    /// Intent "zoom S by f": `swallowed_zoom` applies, and is counted when S's zoom scale never got as far from
    /// its start as half the zoom in ratio terms: `max(s/s₀, s₀/s) < f^½` (f below 1 asks to zoom out and counts
    /// as 1/f). A zoom is a ratio, so half of ×2 is ×√2 ≈ 1.41, the rule swallowed_scroll's d/2 is for distances.
    static func classifyZoom(_ target: ViewID, factor: Double, summary: RunSummary, into verdict: inout ScenarioVerdict) {
        verdict.applicable.insert(.swallowedZoom)
        let wanted = factor >= 1 ? factor : 1 / factor
        // f^zoomFraction with zoomFraction ½: the square root (no libm in this module).
        if summary.zoomRatio(of: target) < wanted.squareRoot() { verdict.defects.insert(.swallowedZoom) }
    }

    /// When the target first did what the user wanted: its primary action (TouchUpInside, ValueChanged or
    /// selection) or the action of a tap recognizer attached to the target itself — how a cell, or a control
    /// whose app handles its taps with a recognizer on it (§5.4), does what a tap on it means.
    ///
    /// A control that declares actions (target-action or UIActions, §5.5) is judged by them: by when one of its
    /// actions for TouchUpInside, ValueChanged or PrimaryActionTriggered (or, when it registers none for those,
    /// any of its actions) was performed. Its TouchUpInside alone does nothing the user sees when the action it
    /// sends reaches no responder that performs it (docs/defects.md).
    static func actionTime(of target: ViewID, scene: Scene, summary: RunSummary) -> VirtualTime {
        var time = scene.declaresActions(target) ? summary.firstPerformedAction[target] : summary.firstPrimaryAction[target]
        let kind = scene.kind(of: target)
        guard kind == .cell || kind.isControl else { return time }
        // The earliest recognition: the order of the recognizers does not matter, and only changed ones recognized.
        for r in summary.changedRecognizers where summary.recognized[r] && scene.recognizers[r].view == target {
            if case .tap = scene.recognizers[r].kind, let t = summary.firstRecognition(r), t < time { time = t }
        }
        return time
    }

    /// Whether view `v` did what a tap on it means: a control that declares actions performed one (§5.5); any
    /// other control or cell sent TouchUpInside or ValueChanged, or was selected.
    static func firesPrimaryAction(_ v: ViewID, _ scene: Scene, _ summary: RunSummary) -> Bool {
        scene.declaresActions(v) ? summary.performedActions[v] > 0 : summary.primaryActions[v] > 0
    }

    /// Targets whose only built-in feedback for a press is their highlight: UIButton and custom controls.
    /// Value controls show their new value after the lift (a switch flips, a segment is selected) and a
    /// selected cell shows its selection, so a highlight they never show is not feedback the user missed.
    static func showsPressByHighlight(_ kind: ViewKind) -> Bool { kind == .button || kind == .control }

    /// Value controls (UISwitch, UISlider, UIStepper, UISegmentedControl, UIPageControl): their feedback is their new
    /// value, shown after the lift, so neither `late_feedback` nor `invisible_feedback` counts their highlight.
    static func isValueControl(_ kind: ViewKind) -> Bool {
        switch kind {
        case .switch, .slider, .stepper, .segmentedControl, .pageControl: return true
        default: return false
        }
    }

    /// Whether `target` showed its press highlight for at least one frame (`minimumVisibleHighlight`): its first
    /// highlight stayed on that long, before or after the lift. A highlight that first comes at the lift but stays
    /// lit (about 350 ms while an ancestor's double tap waits, B5) is seen — it is late, not invisible; one that
    /// goes on and off in the same instant at the lift (the 150 ms delay replayed at a quick tap's lift, B1) is
    /// never seen.
    static func visiblePressHighlight(of target: ViewID, gesture: Gesture, summary: RunSummary) -> Bool {
        let on = summary.firstHighlight[target], off = summary.firstUnhighlight[target]
        guard on != .never else { return false }
        return off == .never || (off - on).milliseconds >= DefectThresholds.minimumVisibleHighlight
    }

    /// Whether some finger of `script` is on the glass at `time`: down at or before it, lifted (or cancelled)
    /// after it. A highlight that turns on at the lift itself comes when the finger is already up.
    static func fingerDown(at time: VirtualTime, script: [ScriptEvent]) -> Bool {
        var downSince: [Int: VirtualTime] = [:]
        for event in script {
            switch event.action {
            case .down: downSince[event.touch] = event.time
            case .up, .cancel:
                if let start = downSince.removeValue(forKey: event.touch), start <= time, time < event.time { return true }
            default: break
            }
        }
        return downSince.values.contains { $0 <= time }
    }

    /// Whether a system gesture gate (the top edge's pull-down, §8) took the run's touch.
    static func systemTookTouch(_ scene: Scene, _ summary: RunSummary) -> Bool {
        for r in summary.changedRecognizers where summary.recognized[r] {
            if case .edgeGate = scene.recognizers[r].kind { return true }
        }
        return false
    }

    /// A tap recognizer that acts for a cell or a control it is attached to (its action is that view's action).
    static func isTapHandlerOfCellOrControl(_ r: RecognizerID, _ scene: Scene) -> Bool {
        guard case .tap = scene.recognizers[r].kind else { return false }
        let kind = scene.kind(of: scene.recognizers[r].view)
        return kind == .cell || kind.isControl
    }
}
