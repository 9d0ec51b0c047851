/// Timers: firing the one `TimerQueue.next()` says is due (P7).
extension Simulation {
    // MARK: - Timers

    mutating func fire(_ owner: TimerOwner) {
        switch owner {
        case .none: break
        case .recognizer(let id):
            timers.set(id, .never)
            mayHaveFinished = true
            step(.timer(id))
        case .controlHighlight(let v):
            timers.set(.controlHighlight(v), .never)
            if Recorder.isRecording { emit(.timer("minimum highlight of \(scene.views[v].name) elapsed")) }
            setHighlighted(v, false)
        case .deceleration(let v):
            finishDeceleration(v)
        case .zoomBounce(let v):
            finishZoomBounce(v)
        case .sheetDismissal(let s):
            finishSheetDismissal(s)
        }
    }
}
