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
    public init() {}
}

/// Thresholds of docs/defects.md.
public enum DefectThresholds {
    /// Late feedback: the highlight appears more than this after touch-down (ms).
    public static let lateHighlight = 100.0
    /// Late action: the action fires more than this after the last touch-up (ms).
    public static let lateAction = 150.0
    /// Swallowed scroll: the intended scroll view moves less than this fraction of the intended distance.
    public static let scrollFraction = 0.5
}

/// Classifies a run against its gesture's intent (docs/defects.md).
public enum Classifier {
    public static let tapFamilies: Set<GestureFamily> = [.quickTap, .heldTap, .longPress, .doubleTap]

    public static func classify(gesture: Gesture, prepared: PreparedScene, summary: RunSummary) -> ScenarioVerdict {
        var verdict = ScenarioVerdict()
        let scene = prepared.scene
        switch gesture.intent {
        case .activate(let target), .select(let target):
            verdict.applicable.insert(.deadButton)
            let fired = actionTime(of: target, scene: scene, summary: summary)
            if fired == .never { verdict.defects.insert(.deadButton) }
            guard tapFamilies.contains(gesture.family) else { break }
            verdict.applicable.insert(.lateFeedback)
            verdict.applicable.insert(.lateAction)
            let lit = summary.firstHighlight[target]
            if lit != .never { verdict.highlightLatency = (lit - gesture.downTime).milliseconds }
            if fired != .never { verdict.actionLatency = (fired - gesture.liftTime).milliseconds }
            if let h = verdict.highlightLatency, h > DefectThresholds.lateHighlight { verdict.defects.insert(.lateFeedback) }
            if lit == .never && fired != .never { verdict.defects.insert(.lateFeedback) }
            if let a = verdict.actionLatency, a > DefectThresholds.lateAction { verdict.defects.insert(.lateAction) }
        case let .trigger(_, handler):
            classifyHandler(handler, gesture: gesture, scene: scene, summary: summary, into: &verdict)
        case let .scroll(target, axis, distance):
            verdict.applicable.insert(.swallowedScroll)
            verdict.applicable.insert(.ghostTap)
            verdict.applicable.insert(.wrongScroller)
            let half = distance * DefectThresholds.scrollFraction
            let moved = summary.displacement(of: target, along: axis)
            if moved < half {
                verdict.defects.insert(.swallowedScroll)
                for v in scene.views.indices where v != target && scene.views[v].scroll != nil {
                    if summary.displacement(of: v, along: .horizontal) >= half
                        || summary.displacement(of: v, along: .vertical) >= half {
                        verdict.defects.insert(.wrongScroller)
                        break
                    }
                }
            }
            for v in scene.views.indices where summary.primaryActions[v] > 0 {
                verdict.defects.insert(.ghostTap)
                break
            }
            if !verdict.defects.contains(.ghostTap) {
                for r in scene.recognizers.indices where summary.actions[r] > 0 && isTapHandlerOfCellOrControl(r, scene) {
                    verdict.defects.insert(.ghostTap)
                    break
                }
            }
        case .nothing:
            break
        }
        return verdict
    }

    /// When the target first did what the user wanted: its primary action (TouchUpInside, ValueChanged or
    /// selection) or the action of a tap recognizer attached to the target itself — how a cell, or a control
    /// whose app handles its taps with a recognizer on it (§5.4), does what a tap on it means.
    static func actionTime(of target: ViewID, scene: Scene, summary: RunSummary) -> VirtualTime {
        var time = summary.firstPrimaryAction[target]
        let kind = scene.views[target].kind
        guard kind == .cell || kind.isControl else { return time }
        for r in scene.recognizers.indices where scene.recognizers[r].view == target && summary.recognized[r] {
            if case .tap = scene.recognizers[r].kind, let t = summary.firstRecognition(r), t < time { time = t }
        }
        return time
    }

    /// A tap recognizer that acts for a cell or a control it is attached to (its action is that view's action).
    static func isTapHandlerOfCellOrControl(_ r: RecognizerID, _ scene: Scene) -> Bool {
        guard case .tap = scene.recognizers[r].kind else { return false }
        let kind = scene.views[scene.recognizers[r].view].kind
        return kind == .cell || kind.isControl
    }
}
