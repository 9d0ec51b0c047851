/// The six phases of one step (touch-model §10): recognizers first, then arbitration, actions, cancels,
/// releases of withheld touches, and finally delivery of the current phase to the view.
extension Simulation {
    enum StepEvent {
        /// A touch event for a slot.
        case touch(Int, TouchPhase)
        /// A recognizer's timer fired.
        case timer(RecognizerID)
        /// Code changed something (e.g. `isEnabled`); no touch is delivered.
        case code
        /// A multi-touch step: the touches of `eventTouches` changed in one UIEvent.
        case event
    }

    mutating func step(_ event: StepEvent) {
        beginStep()

        // Phase 1: deliver the event to the recognizers, in G2 order (P4).
        switch event {
        case let .touch(slot, phase) where phase != .began && touches[slot].recsCount <= 64:
            // Only the recognizers that may still track the touch (`TouchSlot.trackers`), in G2 order.
            let start = touches[slot].recsStart
            var mask = touches[slot].trackers
            while mask != 0 {
                let k = mask.trailingZeroBitCount
                mask &= mask &- 1
                let id = recsStorage[start + k]
                let s = recognizers[id].state
                // A recognizer that let the touch go, or reached a terminal state (which it leaves only by a reset that
                // lets its touches go, §4.1), gets no more of it (P5).
                guard recognizers[id].touches & bit(slot) != 0, s == .possible || s.isActive else {
                    touches[slot].trackers &= ~(1 &<< UInt64(k))
                    continue
                }
                apply(recognizerReceives(phase, slot: slot, id: id), to: id)
            }
        case let .touch(slot, phase):
            let start = touches[slot].recsStart, count = touches[slot].recsCount
            for k in 0 ..< count {
                let id = recsStorage[start + k]
                if phase == .began {
                    let s = recognizers[id].state
                    guard recognizers[id].isEnabled, s == .possible || s.isActive else { continue }
                    recognizers[id].touches |= bit(slot)
                    recognizers[id].engaged = true
                } else {
                    guard recognizers[id].touches & bit(slot) != 0 else { continue }
                    let s = recognizers[id].state
                    guard s == .possible || s.isActive else { continue }
                }
                apply(recognizerReceives(phase, slot: slot, id: id), to: id)
            }
        case let .timer(id):
            apply(recognizerTimerFired(id), to: id)
        case .code:
            break
        case .event:
            eventReachesRecognizers()
        }
        queueingCalls = event.isMultiTouch
        finishStep(event)
    }

    /// Phases 2 to 6 of a step whose phase 1 is done (``step(_:)``, ``moveBegunScrollPan(slot:pan:scrollView:)``).
    @inline(__always) mutating func finishStep(_ event: StepEvent) {
        // Phases 2 and 3: arbitration; actions are emitted as recognizers commit, in rank order (nothing to do without
        // a candidate or a recognizer waiting for its failure requirements).
        if !candidates.isEmpty || pendingCount > 0 { resolveCandidates() }

        // Phase 4: cancellations by recognizers that committed in this step. The touches a view loses in one step go
        // out in one `touchesCancelled` call, whether they came down in one event or several [DOC UIResponder: one
        // call per phase with the set of touches; INF for touches of separate events].
        if !committedInStep.isEmpty {
            let queueing = queueingCalls
            queueingCalls = true
            applyCancellations()
            sendQueuedCalls()
            queueingCalls = queueing
        }

        // Phase 5: release withheld began/ended phases no undecided recognizer delays any more.
        let released = releaseWithheldTouches()
        if queueingCalls { sendQueuedCalls() }

        // Phase 6: the current phase, unless the release already carried it.
        if case let .touch(slot, phase) = event, released & bit(slot) == 0 {
            deliverToView(slot: slot, phase: phase)
        }
        if case .event = event {
            for k in eventTouches.indices where released & bit(eventTouches[k].slot) == 0 {
                deliverToView(slot: eventTouches[k].slot, phase: eventTouches[k].phase)
            }
            sendQueuedCalls()
            queueingCalls = false
        }

        if mayHaveFinished {
            mayHaveFinished = false
            resetFinishedRecognizers()
            freeFinishedSlots()
        }
    }

    /// Clears the per-step bookkeeping (only the recognizers that committed last step carry a flag).
    @inline(__always) mutating func beginStep() {
        stepSerial &+= 1
        candidates.removeAllKeepingStorage()
        var k = 0
        while k < committedInStep.count {
            recognizers[committedInStep[k]].committedThisStep = false
            k += 1
        }
        committedInStep.removeAllKeepingStorage()
    }

    /// Applies a recognizer's verdict from phase 1.
    @inline(__always) mutating func apply(_ verdict: Verdict, to id: RecognizerID) {
        let state = recognizers[id].state
        switch verdict {
        case .none:
            break
        case .begin, .recognize:
            guard state == .possible, recognizers[id].pending == .none, !candidates.contains(id) else { return }
            candidates.append(id)
            candidateReasons[id] = verdict
        case let .fail(ref):
            if state == .possible { fail(id, reason(ref)) } else if state.isActive { cancel(id, reason(ref)) }
        case .change:
            if state.isActive && changeOnce(id) {
                if case .scrollPan(let sv) = recs[id].kind { updateScrollOffset(sv, pan: id) }
                if case .scrollZoom(let sv) = recs[id].kind { updateZoom(sv, pinch: id) }
            }
        case let .end(ref):
            if state.isActive {
                transition(id, to: .ended, reason(ref))
                sendAction(id)
                if case .scrollPan(let sv) = recs[id].kind { endDragging(sv, pan: id) }
                if case .scrollZoom(let sv) = recs[id].kind { endZooming(sv) }
                if Recorder.isRecording && prepared.recognizerTables.anyDelegateLogs { askAgainOnEnding(id) }
            } else if state == .possible && recognizers[id].pending == .begin {
                recognizers[id].pendingEnded = true
            }
        case let .cancel(ref):
            if state.isActive { cancel(id, reason(ref)) } else if state == .possible { fail(id, reason(ref)) }
        }
    }

    /// An active recognizer's `.change` verdict, at most once a step: the state `changed` and the action. False when
    /// it already changed in this step (the caller then moves nothing either).
    @inline(__always) mutating func changeOnce(_ id: RecognizerID) -> Bool {
        guard recognizers[id].changedInStep != stepSerial else { return false }
        recognizers[id].changedInStep = stepSerial
        transition(id, to: .changed, .note(""))
        sendAction(id)
        return true
    }

    // MARK: - Transitions

    mutating func transition(_ id: RecognizerID, to state: RecognizerState, _ reason: Reason) {
        let from = recognizers[id].state
        recognizers[id].state = state
        if state.isTerminal { mayHaveFinished = true }
        emit(.transition(recognizer: id, from: from, to: state, reason: reason))
    }

    /// `decision` is what the run summary keeps of `reason` (`reason` is text only when tracing); `by` the
    /// recognizer it names, if any.
    mutating func fail(
        _ id: RecognizerID, _ reason: Reason, _ decision: RecognizerDecision = .ownGesture,
        by other: RecognizerID = -1
    ) {
        summary.decided(id, decision, by: other)
        setPending(id, .none)
        recognizers[id].pendingEnded = false
        timers.set(id, .never)
        transition(id, to: .failed, reason)
    }

    mutating func cancel(_ id: RecognizerID, _ reason: Reason) {
        timers.set(id, .never)
        transition(id, to: .cancelled, reason)
        sendAction(id)
        if case .scrollPan(let sv) = recs[id].kind { endDragging(sv, pan: id) }
        if case .scrollZoom(let sv) = recs[id].kind { endZooming(sv) }
    }

    mutating func sendAction(_ id: RecognizerID) {
        summary.action(of: id, recognizing: recognizers[id].state == .began || recognizers[id].state == .ended, at: now)
        if Recorder.isRecording {
            var translation: Point?, measure: GestureMeasure?
            switch recs[id].kind {
            case _ where recs[id].kind.isPan: translation = convertVectorFromWindow(panTranslation(id), to: recs[id].view)
            case .pinch, .scrollZoom:
                measure = GestureMeasure(kind: .scale, value: recognizers[id].measure, velocity: recognizers[id].measureVelocity)
            case .rotation:
                measure = GestureMeasure(kind: .rotation, value: recognizers[id].measure, velocity: recognizers[id].measureVelocity)
            default: break
            }
            emit(.action(recognizer: id, state: recognizers[id].state, translation: translation, measure: measure))
        }
        // The handler acts after it has read the state (issue 15 §4); traced or not, the run depends on it.
        if recs[id].hasActionEffects { performActionEffects(id) }
        // The system's motion follows the action: a pop transition, a sheet or a panel (issue 32).
        switch recs[id].drives {
        case .none: break
        case .pop: popAction(id)
        case .sheet(let s): sheetPanActed(id, sheet: s)
        case .panel(let p): panelPanActed(id, panel: p)
        }
    }

    // MARK: - Phase 4

    mutating func applyCancellations() {
        guard !committedInStep.isEmpty else { return }
        // In rank order (deeper first, then most recently added), whatever order they committed in.
        if committedInStep.count > 1 {
            // Insertion sort by rank: the list is tiny and usually already in order.
            var i = 1
            while i < committedInStep.count {
                var j = i
                while j > 0 && rank[committedInStep[j]] < rank[committedInStep[j - 1]] {
                    committedInStep.swapAt(j, j - 1)
                    j -= 1
                }
                i += 1
            }
        }
        var k = 0
        while k < committedInStep.count {
            let id = committedInStep[k]
            k += 1
            let spec = recs[id]
            var mask = recognizers[id].touches
            while mask != 0 {
                let slot = mask.trailingZeroBitCount
                mask &= mask - 1
                if spec.cancelsTouchesInView || (spec.delaysTouchesBegan && touches[slot].delivery == .pending)
                    || (touches[slot].heldEnd && spec.delaysTouchesEnded)
                {
                    cancelForView(slot: slot, by: id)
                }
            }
        }
    }

    /// `cancelForView` of §10: a delivered touch gets `touchesCancelled`; an undelivered one is dropped.
    mutating func cancelForView(slot: Int, by id: RecognizerID?) {
        switch touches[slot].delivery {
        case .delivered:
            summary.cancelled(view: touches[slot].view, by: id)
            touches[slot].heldEnd = false
            touches[slot].delivery = .cancelled
            sendToResponders(
                slot: slot, phase: .cancelled, timestamp: touches[slot].timestamp,
                location: touches[slot].location)
        case .none, .pending:
            touches[slot].delivery = .dropped
            summary.dropped()
            summary.drop(by: id)
            emit(.dropped(touch: touches[slot].number, by: id))
        default:
            break
        }
    }

    // MARK: - Phase 5

    @inline(__always) mutating func releaseWithheldTouches() -> UInt64 {
        var released: UInt64 = 0
        var mask = slotsInUse
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            if touches[slot].delivery == .pending && undecidedDelayer(slot: slot, ended: false) == nil {
                released |= bit(slot)
                releaseDelayed(slot: slot)
            }
            if touches[slot].heldEnd && undecidedDelayer(slot: slot, ended: true) == nil {
                touches[slot].heldEnd = false
                touches[slot].delivery = .ended
                emit(.released(touch: touches[slot].number))
                sendToResponders(
                    slot: slot, phase: .ended, timestamp: touches[slot].timestamp,
                    location: touches[slot].location)
            }
        }
        return released
    }

    /// G5 replay: began with the original timestamp and location, then one follow-up of the current phase.
    mutating func releaseDelayed(slot: Int) {
        let u = touches[slot]
        emit(.released(touch: u.number))
        if filteredByMultiTouchRules(slot: slot) { return }
        touches[slot].delivery = .delivered
        sendToResponders(slot: slot, phase: .began, timestamp: u.downTime, location: u.downLocation)
        guard touches[slot].delivery == .delivered else { return }
        if u.phase == .ended {
            deliverToView(slot: slot, phase: .ended)
        } else if u.isLive && u.location != u.downLocation {
            sendToResponders(slot: slot, phase: .moved, timestamp: u.timestamp, location: u.location)
        }
    }

    /// The first recognizer (rank order) tracking the touch, still undecided, that delays its began
    /// (`ended == false`) or ended phase.
    @inline(__always) func undecidedDelayer(slot: Int, ended: Bool) -> RecognizerID? {
        let start = touches[slot].recsStart
        for k in 0 ..< touches[slot].recsCount {
            let id = recsStorage[start + k]
            guard recognizers[id].touches & bit(slot) != 0, recognizers[id].state == .possible else { continue }
            let spec = recs[id]
            if ended ? spec.delaysTouchesEnded : spec.delaysTouchesBegan { return id }
        }
        return nil
    }

    // MARK: - Phase 6

    mutating func deliverToView(slot: Int, phase: TouchPhase) {
        let u = touches[slot]
        guard u.view >= 0 else { return }
        switch u.delivery {
        case .cancelled, .dropped, .filtered, .ended: return
        default: break
        }
        if phase == .began {
            // A touch joining a gesture that already owns its touches is cancelled before it is seen (G4).
            if let owner = activeCanceller(slot: slot) {
                touches[slot].delivery = .dropped
                summary.drop(by: owner)
                emit(.dropped(touch: u.number, by: owner))
                return
            }
            if let delayer = undecidedDelayer(slot: slot, ended: false) {
                touches[slot].delivery = .pending
                summary.withheld(ended: false, by: delayer)
                emit(.withheld(touch: u.number, phase: .began, by: delayer))
                return
            }
            if filteredByMultiTouchRules(slot: slot) { return }
            touches[slot].delivery = .delivered
            sendToResponders(slot: slot, phase: .began, timestamp: u.timestamp, location: u.location)
            return
        }
        if u.delivery == .pending || u.delivery == .none { return }
        if phase == .ended, let delayer = undecidedDelayer(slot: slot, ended: true) {
            touches[slot].heldEnd = true
            summary.withheld(ended: true, by: delayer)
            emit(.withheld(touch: u.number, phase: .ended, by: delayer))
            return
        }
        if phase == .ended { touches[slot].delivery = .ended }
        if phase == .cancelled { touches[slot].delivery = .cancelled }
        sendToResponders(slot: slot, phase: phase, timestamp: u.timestamp, location: u.location)
    }

    @inline(__always) func activeCanceller(slot: Int) -> RecognizerID? {
        let start = touches[slot].recsStart
        for k in 0 ..< touches[slot].recsCount {
            let id = recsStorage[start + k]
            if recognizers[id].touches & bit(slot) != 0, recognizers[id].state.isActive,
                recs[id].cancelsTouchesInView
            {
                return id
            }
        }
        return nil
    }

    /// H5: a view without multiple touch that already tracks a touch, or an exclusive-touch conflict. A touch that
    /// lifts (or is cancelled) in the same UIEvent still counts: its view has not had its `touchesEnded` yet when
    /// the event's began touches go out (phase order) [INF].
    mutating func filteredByMultiTouchRules(slot: Int) -> Bool {
        let view = touches[slot].view
        let spec = views[view]
        var reason: String?
        var mask = slotsInUse & ~bit(slot)
        while mask != 0 {
            let other = mask.trailingZeroBitCount
            mask &= mask - 1
            guard touches[other].isLive || eventSlots & bit(other) != 0, touches[other].delivery == .delivered else { continue }
            let ov = touches[other].view
            if ov == view && !spec.isMultipleTouchEnabled { reason = "isMultipleTouchEnabled is false"; break }
            if ov != view && (spec.isExclusiveTouch || views[ov].isExclusiveTouch) {
                reason = "exclusive touch"; break
            }
        }
        guard let reason else { return false }
        summary.filtered(view: view)
        touches[slot].delivery = .filtered
        emit(.filtered(touch: touches[slot].number, view: view, reason: reason))
        return true
    }

}
