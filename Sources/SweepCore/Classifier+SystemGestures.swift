import TouchEngine
import TouchScenarios

/// The system's gestures (touch-model-system §0.2, §B; docs/defects.md "The system's gestures"): what a run did
/// with a back swipe, a sheet or a panel, against what the user meant.
extension Classifier {
    /// How far (points) a sheet or panel pulled toward dismissal counts as an accidental dismissal although it
    /// settled back: far enough that the screen visibly came loose under the finger (§B).
    public static let accidentalDismissDisplacement = 100.0
    /// The same for a stroke (`draw`): a sheet or panel that moved this far under the stroke took it from the canvas
    /// (its pan began past its 10 pt hysteresis and cancelled the canvas's touches, M2, B19), however far it went.
    public static let strokeTakenDisplacement = 10.0

    /// Whether the run's scene has a system motion a classifier must look at: a navigation controller that can pop,
    /// a sheet or a panel. Scenes without one skip `classifySystemGestures` (the older classes' runs pay nothing).
    static func hasSystemMotion(_ prepared: PreparedScene) -> Bool {
        !prepared.poppableNavigations.isEmpty || !prepared.scene.sheets.isEmpty || !prepared.scene.panels.isEmpty
    }

    /// Adds the system-gesture classes that apply to this run, and those it shows:
    /// - `swallowed_back`: intent go back on a navigation controller that can pop; no pop began on it.
    /// - `accidental_back`: any other intent on a scene with a navigation controller that can pop; a pop began.
    /// - `accidental_dismiss`: any intent in a scene with a sheet or panel, except dismissing that sheet; a sheet
    ///   was dismissed or a panel removed, or one was pulled ≥ 100 pt toward dismissal (unless the intent was to
    ///   move that sheet or panel, whose travel is meant; ≥ 10 pt under a stroke, which it took from the canvas).
    /// - `stuck_sheet`: intent dismiss or resize a sheet, or move a panel; it never moved half the way toward the
    ///   detent or state meant (``stuck(_:scene:summary:)``).
    /// - `double_motion`: a dragging intent in a scene with a sheet or panel; a list and its sheet or panel moved
    ///   in one sample.
    static func classifySystemGestures(
        _ gesture: Gesture, prepared: PreparedScene, summary: RunSummary, into verdict: inout ScenarioVerdict
    ) {
        let scene = prepared.scene
        let intent = gesture.intent
        if !prepared.poppableNavigations.isEmpty {
            if case .goBack(let navigation) = intent {
                verdict.applicable.insert(.swallowedBack)
                if summary.pop?.navigation != navigation { verdict.defects.insert(.swallowedBack) }
            } else {
                verdict.applicable.insert(.accidentalBack)
                if summary.pop != nil { verdict.defects.insert(.accidentalBack) }
            }
        }
        guard !scene.sheets.isEmpty || !scene.panels.isEmpty else { return }
        verdict.applicable.insert(.accidentalDismiss)
        if accidentallyDismissed(intent, scene: scene, summary: summary) { verdict.defects.insert(.accidentalDismiss) }
        switch intent {
        case .dismissSheet, .resizeSheet, .movePanel:
            verdict.applicable.insert(.stuckSheet)
            if stuck(intent, scene: scene, summary: summary) { verdict.defects.insert(.stuckSheet) }
        default: break
        }
        if intent.isDrag {
            verdict.applicable.insert(.doubleMotion)
            if summary.sheets.contains(where: \.doubleMotion) || summary.panels.contains(where: \.doubleMotion) {
                verdict.defects.insert(.doubleMotion)
            }
        }
    }

    /// A sheet dismissed or a panel removed that the intent did not ask for, or one pulled ≥ 100 pt toward
    /// dismissal that the intent did not mean to move.
    static func accidentallyDismissed(_ intent: Intent, scene: Scene, summary: RunSummary) -> Bool {
        var threshold = accidentalDismissDisplacement
        if case .draw = intent { threshold = strokeTakenDisplacement }
        for (i, sheet) in scene.sheets.enumerated() where summary.sheets.indices.contains(i) {
            let outcome = summary.sheets[i]
            switch intent {
            case .dismissSheet(sheet.view): continue
            case .resizeSheet(sheet.view, _): if outcome.dismissed { return true }
            default:
                if outcome.dismissed || outcome.maxDismissDisplacement >= threshold { return true }
            }
        }
        for (i, panel) in scene.panels.enumerated() where summary.panels.indices.contains(i) {
            let outcome = summary.panels[i]
            if case .movePanel(panel.view, _) = intent {
                if outcome.removed { return true }
            } else if outcome.removed || outcome.maxDownDisplacement >= threshold {
                return true
            }
        }
        return false
    }

    /// The sheet or panel the intent is about never got going (touch-model-system §0.2: the intent is achieved when
    /// the transition begins): it moved less than half the way toward the detent or state meant (toward dismissal:
    /// half the way off screen) and was not dismissed. A dismissal refused by design (the app was asked,
    /// `didAttemptToDismiss`) is not stuck; a panel dragged away when the intent was to move it is an accidental
    /// dismissal, not a stuck one; a flick that carries it past the state meant has achieved the move.
    static func stuck(_ intent: Intent, scene: Scene, summary: RunSummary) -> Bool {
        let height = scene.windowSize.height, parameters = scene.parameters
        switch intent {
        case .dismissSheet(let v):
            guard let i = scene.sheets.firstIndex(where: { $0.view == v }), summary.sheets.indices.contains(i) else { return false }
            let outcome = summary.sheets[i], spec = scene.sheets[i]
            let start = spec.detents[spec.selectedDetent].top(windowHeight: height, parameters: parameters)
            return !outcome.dismissed && !outcome.attempted && outcome.maxDismissDisplacement < (height - start) / 2
        case let .resizeSheet(v, detent):
            guard let i = scene.sheets.firstIndex(where: { $0.view == v }), summary.sheets.indices.contains(i) else { return false }
            let outcome = summary.sheets[i], spec = scene.sheets[i]
            let start = spec.detents[spec.selectedDetent].top(windowHeight: height, parameters: parameters)
            let target = spec.detents[detent].top(windowHeight: height, parameters: parameters)
            let toward = target > start ? outcome.maxDismissDisplacement : outcome.maxRiseDisplacement
            return !outcome.dismissed && toward < abs(target - start) / 2
        case let .movePanel(v, state):
            guard let i = scene.panels.firstIndex(where: { $0.view == v }), summary.panels.indices.contains(i) else { return false }
            let outcome = summary.panels[i], spec = scene.panels[i]
            let start = spec.states[spec.initialState].top, target = spec.states[state].top
            let toward = target > start ? outcome.maxDownDisplacement : outcome.maxUpDisplacement
            return !outcome.removed && toward < abs(target - start) / 2
        default:
            return false
        }
    }
}
