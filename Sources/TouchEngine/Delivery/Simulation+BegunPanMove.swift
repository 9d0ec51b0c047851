/// How the run steps a finger's move that only a begun scroll pan still tracks (``Simulation/movePath``).
///
/// Most script events in a sweep are such moves: once a scroll view's pan has begun and the other recognizers
/// have let the touch go, each move samples the pan, changes its state, sends its action and sets the content
/// offset, and the rest of the step finds nothing to do. `.specialised` (the default) runs those moves through
/// ``Simulation/moveBegunScrollPan(slot:pan:scrollView:)``, which does what the general step does for them
/// without asking which recognizers track the touch, what kind each is, which phase the touch is in and what the
/// verdict was; `.general` sends every move through ``Simulation/step(_:)``. Both give the same runs: the golden
/// traces, the shipped configs' report files and generated scenarios are compared with each (`BegunPanMoveTests`,
/// `BegunPanMoveSweepTests`).
public enum MovePath: Sendable, Hashable {
    case specialised
    case general
}

extension Simulation {
    /// The scroll pan, and its scroll view, when it is the only recognizer left tracking the touch in `slot` and it
    /// has begun: the case ``moveBegunScrollPan(slot:pan:scrollView:)`` steps. Nil otherwise (the general step
    /// then runs, and drops any recognizer that let the touch go from the touch's trackers).
    @inline(__always) func soleBegunScrollPan(slot: Int) -> (pan: RecognizerID, scrollView: ViewID)? {
        let mask = touches[slot].trackers
        // One tracker, in the first 64 listed (the general step's tracker path).
        guard mask != 0, mask & (mask &- 1) == 0, touches[slot].recsCount <= 64 else { return nil }
        let id = recsStorage[touches[slot].recsStart + mask.trailingZeroBitCount]
        guard case .scrollPan(let sv) = recs[id].kind, recognizers[id].state.isActive,
            recognizers[id].touches & bit(slot) != 0
        else { return nil }
        return (id, sv)
    }

    /// ``step(_:)`` for `.touch(slot, .moved)` when ``soleBegunScrollPan(slot:)`` found `pan`. Phase 1 is what the
    /// general step does with that one tracker: `scrollPanReceives` of an active pan samples its centroid and
    /// velocity and answers `.change`, and `apply` changes the state, sends the action and sets the offset. Phases
    /// 2–6 are the general step's own (``finishStep(_:)``): an action's effects may still start arbitration,
    /// cancel touches or finish recognizers.
    mutating func moveBegunScrollPan(slot: Int, pan id: RecognizerID, scrollView sv: ViewID) {
        specialisedMoves &+= 1
        beginStep()
        samplePan(id, centroid: centroid(id))
        if changeOnce(id) { updateScrollOffset(sv, pan: id) }
        queueingCalls = false
        finishStep(.touch(slot, .moved))
    }
}
