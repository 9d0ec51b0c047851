/// What the run state's caches promise, checked in debug builds (the test suite's) as the distributed layer's
/// `LeaseTable` checks its indexes after every event. A release build checks nothing.
///
/// Two depths, so that the checks cost a fraction of the debug engine's step and not a multiple of it:
/// - after every step and timer, every relation a step can break, each walk bounded by what the run has used (its
///   slots, its dirty controls, its armed timers, its recognizers);
/// - when a run ends (nothing left to run) and in the tests, also the walks over every slot and every view, which
///   find what a step left where the run had not been (a slot in use that the run never took, a control marked dirty
///   and not listed, a scroll view decelerating with no timer). Those states last until a reset, so the run's end
///   still sees any a step left.
extension Simulation {
    /// Stops the program with the first invariant a step broke (debug builds only; release builds compile this away).
    /// `fatalError`, not `preconditionFailure`: the debug build's engine is optimized, and `-O` drops a precondition's
    /// message.
    @inline(__always) func checkInvariantsInDebugBuilds() {
        #if DEBUG
            if let broken = stepInvariantViolation() { fatalError("Simulation invariant at \(now): \(broken)") }
        #endif
    }

    /// Stops the program with the first invariant only a whole walk finds (debug builds only), at a run's end: the
    /// step's own invariants were checked after its last step.
    @inline(__always) func checkAllInvariantsInDebugBuilds() {
        #if DEBUG
            if let broken = runEndInvariantViolation() { fatalError("Simulation invariant at the run's end, \(now): \(broken)") }
        #endif
    }

    /// The first invariant the state breaks between steps, or nil: each cache agrees with what it caches (the
    /// timers' earliest deadline and order, the touches' trackers, the committed marks, the waiting recognizers'
    /// count, the dirty controls, the slots in use, the watched inferred timers), and a step's scratch is empty.
    func invariantViolation() -> String? { stepInvariantViolation() ?? runEndInvariantViolation() }

    /// The invariants checked after every step: `invariantViolation()` but for its walks over every slot and view.
    func stepInvariantViolation() -> String? {
        if let broken = timers.invariantViolation() { return broken }
        return usedSlotViolation() ?? recognizerViolation() ?? listedControlViolation() ?? armedTimerViolation() ?? scratchViolation()
    }

    /// The walks over every slot and every view that the step's check leaves to a run's end.
    func runEndInvariantViolation() -> String? { unusedSlotViolation() ?? markedControlViolation() ?? scrollViewViolation() }

    /// The slots the run used: `slotsInUse` is within `slotsUsed` and is exactly those of them marked in use; each
    /// live touch's trackers hold every recognizer of its list that still tracks it in a non-terminal state (P4:
    /// phase 1 visits only those).
    private func usedSlotViolation() -> String? {
        if slotsInUse & ~slotsUsed != 0 { return "slots in use \(slotsInUse) are not all among the slots used \(slotsUsed)" }
        let slots = touches.elements, lists = recsStorage.elements, runtimes = recognizers.elements
        var used = slotsUsed
        while used != 0 {
            let i = used.trailingZeroBitCount
            used &= used - 1
            let inUse = slots[i].inUse
            if inUse != (slotsInUse & bit(i) != 0) { return "slot \(i) is \(inUse ? "" : "not ")in use, and the mask says otherwise" }
            let start = slots[i].recsStart, count = slots[i].recsCount, trackers = slots[i].trackers
            guard inUse && count <= 64 else { continue }
            for k in 0 ..< count {
                let id = lists[start + k]
                let state = runtimes[id].state
                let tracks = runtimes[id].touches & bit(i) != 0 && (state == .possible || state.isActive)
                if tracks && trackers & (1 << UInt64(k)) == 0 {
                    return "recognizer \(id) tracks slot \(i), which its trackers have dropped"
                }
            }
        }
        return nil
    }

    /// The slots the run never used are free (a slot is taken only through `slotsUsed`, which `reset` reads).
    private func unusedSlotViolation() -> String? {
        let slots = touches.elements
        for i in 0 ..< touches.count where slotsUsed & bit(i) == 0 && slots[i].inUse {
            return "slot \(i) is in use, and the run never took it"
        }
        return nil
    }

    /// The recognizers: each tracks only slots in use; one marked committed in the step is among the step's commits
    /// (which `beginStep` unmarks; a reset after its commit unmarks it earlier); `pendingCount` counts those waiting
    /// for their requirements; the inferred timers are watched from the earliest low end among them.
    private func recognizerViolation() -> String? {
        var pending = 0
        let runtimes = recognizers.elements
        for id in 0 ..< recognizers.count {
            if runtimes[id].touches & ~slotsInUse != 0 { return "recognizer \(id) tracks a slot not in use" }
            if runtimes[id].committedThisStep && !committedInStep.contains(id) {
                return "recognizer \(id) is marked committed in the step, and the step's commits \(committedInStep) miss it"
            }
            if runtimes[id].pending != .none { pending += 1 }
        }
        if pending != pendingCount { return "\(pending) recognizers wait for their requirements, the count says \(pendingCount)" }
        var watch = VirtualTime.never
        for timer in inferredTimers where timer.watchFrom < watch { watch = timer.watchFrom }
        if watch != inferredWatch { return "the inferred timers are watched from \(inferredWatch), their earliest is \(watch)" }
        return nil
    }

    /// The controls `reset` will restore: each listed in `dirtyControls` is marked.
    private func listedControlViolation() -> String? {
        let marks = controlIsDirty.elements
        for v in dirtyControls where !marks[v] { return "control \(v) is listed dirty and not marked" }
        return nil
    }

    /// The armed timers' owners, in one walk: a control with a highlight timer is marked dirty (so `reset` restores
    /// it), and a scroll view with a deceleration timer is decelerating.
    private func armedTimerViolation() -> String? {
        let marks = controlIsDirty.elements, scrollViews = scrolls.elements
        for armed in timers.others {
            switch armed.owner {
            case .controlHighlight(let v) where !marks[v]: return "control \(v) has a highlight timer and is not marked dirty"
            case .deceleration(let sv) where !scrollViews[sv].isDecelerating:
                return "scroll view \(sv) is not decelerating, and its timer says otherwise"
            default: continue
            }
        }
        return nil
    }

    /// No control is marked dirty without its entry in `dirtyControls` (`reset` restores only those listed).
    private func markedControlViolation() -> String? {
        let marks = controlIsDirty.elements
        var marked = 0
        for v in 0 ..< controlIsDirty.count where marks[v] { marked += 1 }
        if marked != dirtyControls.count { return "\(marked) controls are marked dirty, \(dirtyControls.count) listed" }
        return nil
    }

    /// A step's scratch: the event's slots and queued calls are empty between steps (the candidates and commits are
    /// cleared when the next step begins).
    private func scratchViolation() -> String? {
        if eventSlots != 0 || endingSlots != 0 || countedEnding != 0 { return "a multi-touch step's slots are left" }
        if !queuedCalls.isEmpty || queueingCalls { return "queued touches calls are left from a step" }
        return nil
    }

    /// Every decelerating scroll view has its deceleration timer armed.
    private func scrollViewViolation() -> String? {
        let scrollViews = scrolls.elements
        for sv in prepared.viewTables.scrollViewIDs where scrollViews[sv].isDecelerating {
            if timers.deadline(of: .deceleration(sv)) == .never {
                return "scroll view \(sv) is decelerating, and its timer says otherwise"
            }
        }
        return nil
    }
}
