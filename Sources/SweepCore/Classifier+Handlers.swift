import TouchEngine
import TouchScenarios

extension Classifier {
    /// Intent "trigger `handler`" (a long-press or double-tap recognizer the target or its cell handles; docs/defects.md,
    /// "What each gesture means"): the handler's action is success, whatever happened to the view's own touch.
    /// - `dead_button` applies: counted when the handler never begins or recognizes.
    /// - `late_action` applies to a double-tap handler: it fires at the last touch-up (§4.5), so more than 150 ms
    ///   after it is late (a failure requirement holding it). A long-press handler fires while the finger is still
    ///   down (after `minimumPressDuration`), so a latency from the lift means nothing and the class does not apply.
    /// - `late_feedback` does not apply: the handler draws its own feedback (a context menu's preview, a heart),
    ///   and the view's highlight is cancelled by design when the handler takes the touch (G4; B11 is about a
    ///   press that was *not* meant as a long press).
    static func classifyHandler(
        _ handler: RecognizerID, gesture: Gesture, scene: Scene, summary: RunSummary,
        into verdict: inout ScenarioVerdict
    ) {
        verdict.applicable.insert(.deadButton)
        let fired = summary.firstRecognition(handler)
        if fired == nil { verdict.defects.insert(.deadButton) }
        guard case .tap = scene.recognizers[handler].kind else { return }
        verdict.applicable.insert(.lateAction)
        guard let fired else { return }
        let latency = (fired - gesture.liftTime).milliseconds
        verdict.actionLatency = latency
        if latency > DefectThresholds.lateAction { verdict.defects.insert(.lateAction) }
    }
}
