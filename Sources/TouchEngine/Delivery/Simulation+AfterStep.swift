/// After a step: what a step leaves to settle once every phase has run.
extension Simulation {
    // MARK: - After the step

    /// §4.1, P5: a recognizer in a terminal state resets once its touches are over, together with the
    /// recognizers it is linked to by failure requirements.
    mutating func resetFinishedRecognizers() {
        var n = 0
        while n < rankOrder.count {
            let id = rankOrder[n]
            n += 1
            guard recognizers[id].engaged || recognizers[id].state != .possible else { continue }
            guard readyToReset(id) else { continue }
            var linkedReady = true
            for k in prepared.requirements.linkedStart[id] ..< prepared.requirements.linkedStart[id + 1]
            where !readyToReset(prepared.requirements.linkedList[k]) { linkedReady = false }
            guard linkedReady, recognizers[id].state != .possible || recognizers[id].touches != 0 else { continue }
            reset(id)
        }
    }

    @inline(__always) func readyToReset(_ id: RecognizerID) -> Bool {
        if hasLiveTouches(id) { return false }
        let state = recognizers[id].state
        if state == .possible {
            return recognizers[id].pending == .none && timers[id] == .never
                && !recognizers[id].waitingForNextTap && !heldEndsDelayed(by: id)
        }
        return state.isTerminal
    }

    @inline(__always) func hasLiveTouches(_ id: RecognizerID) -> Bool {
        var mask = recognizers[id].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            if touches[slot].isLive { return true }
        }
        return false
    }

    @inline(__always) func heldEndsDelayed(by id: RecognizerID) -> Bool {
        var mask = recognizers[id].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            if touches[slot].heldEnd || touches[slot].delivery == .pending { return true }
        }
        return false
    }

    mutating func reset(_ id: RecognizerID) {
        let wasState = recognizers[id].state
        let enabled = recognizers[id].isEnabled
        setPending(id, .none)
        timers.set(id, .never)
        recognizers[id] = RecognizerRuntime(isEnabled: enabled)
        if wasState != .possible {
            emit(.transition(recognizer: id, from: wasState, to: .possible, reason: .reset))
        }
    }

    /// Frees slots of finished touches that no recognizer remembers.
    mutating func freeFinishedSlots() {
        var referenced: UInt64 = 0
        var i = 0
        while i < recognizers.count { referenced |= recognizers[i].touches; i += 1 }
        var mask = slotsInUse & ~referenced
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            if !touches[slot].isLive && !touches[slot].heldEnd && touches[slot].delivery != .pending {
                touches[slot].inUse = false
                slotsInUse &= ~bit(slot)
            }
        }
    }
}
