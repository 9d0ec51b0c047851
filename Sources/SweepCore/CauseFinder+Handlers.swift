import TouchEngine

extension CauseFinder {
    /// Why handler `handler` (on `view`) never fired for a gesture meant to trigger it: the touch never reached
    /// it (hit test, H1–H3), it failed (its reason: a threshold, a timer, another recognizer winning, G7), or it
    /// was cancelled.
    static func handlerCause(_ handler: RecognizerID, on view: ViewID, trace: [TraceEvent], scene: Scene) -> String {
        let name = scene.recognizers[handler].name
        for event in trace {
            switch event.kind {
            case let .hitTest(_, hit, _, recognizers) where !recognizers.contains(handler):
                let place = hit.map { scene.views[$0].name } ?? "no view"
                return "the touch hit \(place), which \(name) on \(scene.views[view].name) does not see (H1–H3)"
            case let .transition(r, _, to, reason) where r == handler && (to == .failed || to == .cancelled):
                return "\(name) \(to == .failed ? "failed" : "was cancelled"): " + TraceText.describe(reason, scene: scene)
            default:
                break
            }
        }
        return "\(name) never fired"
    }
}
