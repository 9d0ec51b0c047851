/// Multi-touch steps: one `UIEvent` that changes several touches at once (two fingers down together, or one
/// finger moving while another lifts).
///
/// UIKit updates every touch of the event, gives each recognizer its touches of the event, then sends each
/// view one `touches…` call per phase with the set of its touches [DOC UIResponder.touchesBegan(_:with:): "A set
/// of UITouch instances that represent the touches for the starting phase of the event"; UIEvent.touches(for:)].
/// The step runs the six phases of §10 once for the whole event; the calls of a phase wait in `queuedCalls` and
/// go out one per view and phase, in the order their first touch came.
///
/// A mixed event (touches in several phases) runs its touches in phase order — began, moved, ended, cancelled —
/// keeping script order within a phase, whatever order the script lists them in: the touch samples, each
/// recognizer's calls and the views' calls all follow it [INF: UIKit hands recognizers and views one set per
/// phase (UIGestureRecognizer.touchesBegan(_:with:) [DOC]: "the touches in the began phase"); sets carry no
/// order, so the only order the engine can take is the phases'. The `UITouch.Phase` order is the one
/// re-implementations that group an event's touches by phase use].
extension Simulation {
    /// Runs the script events of one UIEvent (same time, `sameEvent` after the first) as one step.
    mutating func performEvent(_ events: ArraySlice<ScriptEvent>) {
        eventTouches.removeAllKeepingStorage()
        // One pass per phase (code first: the loader never puts code in an event; a scene built in code runs it on
        // its own, first), so a mixed event runs in phase order without sorting (no allocation).
        for rank in 0 ... 4 {
            for event in events where event.action.phaseRank == rank {
                switch event.action {
                case .down(let p):
                    if let slot = beginTouch(number: event.touch, at: p) { eventTouches.append(EventTouch(slot: slot, phase: .began)) }
                case .move(let p):
                    if let slot = moveTouch(number: event.touch, to: p) { eventTouches.append(EventTouch(slot: slot, phase: .moved)) }
                case .up(let p):
                    if let slot = liftTouch(number: event.touch, at: p) { eventTouches.append(EventTouch(slot: slot, phase: .ended)) }
                case .cancel:
                    if let slot = cancelTouch(number: event.touch) { eventTouches.append(EventTouch(slot: slot, phase: .cancelled)) }
                case .setRecognizerEnabled(let id, let enabled):
                    setEnabled(id, enabled)
                }
            }
        }
        guard !eventTouches.isEmpty else { return }
        eventSlots = 0
        endingSlots = 0
        for k in eventTouches.indices {
            eventSlots |= bit(eventTouches[k].slot)
            if eventTouches[k].phase == .ended || eventTouches[k].phase == .cancelled { endingSlots |= bit(eventTouches[k].slot) }
        }
        if Recorder.isRecording && eventTouches.count > 1 {
            emit(
                .touchEvent(
                    touches: eventTouches.map { touches[$0.slot].number }, phases: eventTouches.map(\.phase),
                    allTouches: allTouchNumbers(with: 0)))
        }
        step(.event)
        eventSlots = 0
        endingSlots = 0
        for k in eventTouches.indices where eventTouches[k].phase == .ended || eventTouches[k].phase == .cancelled {
            scrollTouchEnded(eventTouches[k].slot)
        }
    }

    /// Phase 1 of a multi-touch step: each recognizer, in G2 order, receives its touches of the event (a touch's
    /// list is a subsequence of `rankOrder`), in phase order; a recognizer that left `possible` or an active state
    /// on one of them gets no more. A touch that ends in this event still counts as down (`isDown`) while the
    /// recognizer takes the event's began and moved touches, so a finger moving in the same frame another lifts is
    /// measured against it (pan centroid, pinch span) [INF: UIKit's touches of one event all hold their new
    /// locations when the first phase's call runs]; from the recognizer's first ended or cancelled touch on, it
    /// counts as up, as for a lift on its own.
    mutating func eventReachesRecognizers() {
        for id in rankOrder {
            countedEnding = endingSlots
            for k in eventTouches.indices {
                let slot = eventTouches[k].slot, phase = eventTouches[k].phase
                let s = recognizers[id].state
                guard s == .possible || s.isActive else { break }
                if phase == .ended || phase == .cancelled { countedEnding = 0 }
                if phase == .began {
                    guard recognizers[id].isEnabled, collected(id, slot: slot) else { continue }
                    recognizers[id].touches |= bit(slot)
                    recognizers[id].engaged = true
                } else {
                    guard recognizers[id].touches & bit(slot) != 0 else { continue }
                }
                apply(recognizerReceives(phase, slot: slot, id: id), to: id)
            }
            countedEnding = 0
        }
    }

    /// Whether a touch is down for a recognizer's geometry: live, or ending in the event being run while the
    /// recognizer still takes that event's began and moved touches (`countedEnding`).
    @inline(__always) func isDown(_ slot: Int) -> Bool {
        touches[slot].isLive || countedEnding & bit(slot) != 0
    }

    /// Whether the recognizer was collected for the touch at touch-down (P3).
    @inline(__always) func collected(_ id: RecognizerID, slot: Int) -> Bool {
        let start = touches[slot].recsStart
        for k in 0 ..< touches[slot].recsCount where recsStorage[start + k] == id { return true }
        return false
    }

    /// `event.allTouches`: the touches still down, those of the multi-touch event being run and those in `slots`
    /// (the touches of a call), by number.
    func allTouchNumbers(with slots: UInt64) -> [Int] {
        let slots = slots | eventSlots
        var numbers: [Int] = []
        var mask = slotsInUse | slots
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            guard touches[slot].isLive || slots & bit(slot) != 0 else { continue }
            if !numbers.contains(touches[slot].number) { numbers.append(touches[slot].number) }
        }
        return numbers.sorted()
    }

    /// Sends the queued calls: one per hit view and phase, with every queued touch of that view and phase, in
    /// the order their first touch was queued.
    mutating func sendQueuedCalls() {
        while let first = queuedCalls.first {
            var group: UInt64 = 0
            for other in queuedCalls where other.phase == first.phase && touches[other.slot].view == touches[first.slot].view {
                group |= bit(other.slot)
            }
            sendCall(phase: first.phase, slots: group)
            // Drop the calls just sent, keeping the others in order.
            var kept = 0
            for j in queuedCalls.indices where !(queuedCalls[j].phase == first.phase && group & bit(queuedCalls[j].slot) != 0) {
                queuedCalls[kept] = queuedCalls[j]
                kept += 1
            }
            queuedCalls.removeSubrange(kept ..< queuedCalls.count)
        }
    }
}

extension Simulation.StepEvent {
    /// Whether the step is a multi-touch UIEvent (its `touches…` calls are grouped per view).
    var isMultiTouch: Bool {
        if case .event = self { return true }
        return false
    }
}
