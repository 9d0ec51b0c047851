/// Timers: the earliest deadline among recognizers and views (P7), and firing it.
extension Simulation {
    // MARK: - Timers

    enum TimerOwner {
        case none
        case recognizer(RecognizerID)
        case controlHighlight(ViewID)
        case deceleration(ViewID)
        case zoomBounce(ViewID)
        case sheetDismissal(Int)
    }

    mutating func earliestTimer() -> (time: VirtualTime, owner: TimerOwner) {
        if deadlinesStale {
            var best = VirtualTime.never
            var id = -1
            for i in deadlines.indices where deadlines[i] < best { best = deadlines[i]; id = i }
            earliestDeadline = best
            earliestDeadlineOwner = id
            deadlinesStale = false
        }
        var best = earliestDeadline
        var owner = earliestDeadlineOwner >= 0 ? TimerOwner.recognizer(earliestDeadlineOwner) : .none
        if armedViewTimers > 0 {
            if viewTimersStale { findEarliestViewTimer() }
            // At equal times the recognizer's timer comes first (P7).
            if earliestViewTimer < best { best = earliestViewTimer; owner = earliestViewTimerOwner }
        }
        // Then the sheets' dismissal animations, in sheet order.
        if !sheetStates.isEmpty { earliestSheetTimer(before: &best, owner: &owner) }
        return (best, owner)
    }

    /// Scans the armed view timers (`highlightTimerViews`, `scrollTimerViews`) in P7 order (controls' highlight timers
    /// in view order, then each scroll view's deceleration and zoom bounce in view order; the first of equal times
    /// wins) into `earliestViewTimer`.
    mutating func findEarliestViewTimer() {
        var best = VirtualTime.never
        var owner = TimerOwner.none
        for v in highlightTimerViews where controls[v].unhighlightDeadline < best {
            best = controls[v].unhighlightDeadline; owner = .controlHighlight(v)
        }
        for v in scrollTimerViews {
            if scrolls[v].decelEnd < best { best = scrolls[v].decelEnd; owner = .deceleration(v) }
            if scrolls[v].zoomBounceEnd < best { best = scrolls[v].zoomBounceEnd; owner = .zoomBounce(v) }
        }
        earliestViewTimer = best
        earliestViewTimerOwner = owner
        viewTimersStale = false
    }

    mutating func fire(_ owner: TimerOwner) {
        switch owner {
        case .none: break
        case .recognizer(let id):
            setDeadline(id, .never)
            mayHaveFinished = true
            step(.timer(id))
        case .controlHighlight(let v):
            setUnhighlightDeadline(v, .never)
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
