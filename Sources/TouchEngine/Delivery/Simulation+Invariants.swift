/// What the run state's caches promise, checked after every step in debug builds (the test suite's), as the
/// distributed layer's `LeaseTable` checks its indexes after every event. A release build checks nothing.
extension Simulation {
    /// Stops the program with the first broken invariant (debug builds only; release builds compile this away).
    @inline(__always) func checkInvariantsInDebugBuilds() {
        #if DEBUG
            if let broken = invariantViolation() { preconditionFailure("Simulation invariant at \(now): \(broken)") }
        #endif
    }

    /// The first invariant the state breaks between steps, or nil: each cache agrees with what it caches (the
    /// timers' earliest deadline and order, the touches' trackers, the committed marks, the waiting recognizers'
    /// count, the dirty controls, the slots in use, the watched inferred timers), and a step's scratch is empty.
    func invariantViolation() -> String? {
        if let broken = timers.invariantViolation() { return broken }
        return slotViolation() ?? recognizerViolation() ?? controlViolation() ?? scratchViolation()
    }

    /// The slots: `slotsInUse` is exactly the slots marked in use, within `slotsUsed`; each live touch's trackers hold
    /// every recognizer of its list that still tracks it in a non-terminal state (P4: phase 1 visits only those).
    private func slotViolation() -> String? {
        if slotsInUse & ~slotsUsed != 0 { return "slots in use \(slotsInUse) are not all among the slots used \(slotsUsed)" }
        for i in touches.indices where touches[i].inUse != (slotsInUse & bit(i) != 0) {
            return "slot \(i) is \(touches[i].inUse ? "" : "not ")in use, and the mask says otherwise"
        }
        for i in touches.indices where touches[i].inUse && touches[i].recsCount <= 64 {
            let start = touches[i].recsStart
            for k in 0 ..< touches[i].recsCount {
                let id = recsStorage[start + k]
                let state = recognizers[id].state
                let tracks = recognizers[id].touches & bit(i) != 0 && (state == .possible || state.isActive)
                if tracks && touches[i].trackers & (1 << UInt64(k)) == 0 {
                    return "recognizer \(id) tracks slot \(i), which its trackers have dropped"
                }
            }
        }
        return nil
    }

    /// The recognizers: each tracks only slots in use; one marked committed in the step is among the step's commits
    /// (which `beginStep` unmarks; a reset after its commit unmarks it earlier); `pendingCount` counts those waiting
    /// for their requirements; the inferred timers are watched from the earliest low end among them.
    private func recognizerViolation() -> String? {
        var pending = 0
        for id in recognizers.indices {
            if recognizers[id].touches & ~slotsInUse != 0 { return "recognizer \(id) tracks a slot not in use" }
            if recognizers[id].committedThisStep && !committedInStep.contains(id) {
                return "recognizer \(id) is marked committed in the step, and the step's commits \(committedInStep) miss it"
            }
            if recognizers[id].pending != .none { pending += 1 }
        }
        if pending != pendingCount { return "\(pending) recognizers wait for their requirements, the count says \(pendingCount)" }
        var watch = VirtualTime.never
        for timer in inferredTimers where timer.watchFrom < watch { watch = timer.watchFrom }
        if watch != inferredWatch { return "the inferred timers are watched from \(inferredWatch), their earliest is \(watch)" }
        return nil
    }

    /// The controls: `dirtyControls` lists exactly the views `controlIsDirty` marks, once each (`reset` restores them).
    private func controlViolation() -> String? {
        var listed = 0
        for v in dirtyControls {
            if !controlIsDirty[v] { return "control \(v) is listed dirty and not marked" }
            listed += 1
        }
        var marked = 0
        for v in controlIsDirty.indices where controlIsDirty[v] { marked += 1 }
        if marked != listed { return "\(marked) controls are marked dirty, \(listed) listed" }
        for armed in timers.others {
            if case .controlHighlight(let v) = armed.owner, !controlIsDirty[v] {
                return "control \(v) has a highlight timer and is not marked dirty"
            }
        }
        return nil
    }

    /// A step's scratch: the event's slots and queued calls are empty between steps (the candidates and commits are
    /// cleared when the next step begins), and a scroll view decelerates exactly while its timer is armed.
    private func scratchViolation() -> String? {
        if eventSlots != 0 || endingSlots != 0 || countedEnding != 0 { return "a multi-touch step's slots are left" }
        if !queuedCalls.isEmpty || queueingCalls { return "queued touches calls are left from a step" }
        for sv in prepared.viewTables.scrollViewIDs where scrolls[sv].isDecelerating != (timers.deadline(of: .deceleration(sv)) != .never) {
            return "scroll view \(sv) is \(scrolls[sv].isDecelerating ? "" : "not ")decelerating, and its timer says otherwise"
        }
        return nil
    }
}
