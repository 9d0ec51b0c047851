/// A timer armed from an inferred parameter: its recognizer, the deadline it was armed with, and when its range's low
/// end passes (armed at `t`, deadline `t + value`, watched from `t + range.lowerBound`).
struct InferredTimer {
    let id: RecognizerID
    let deadline: VirtualTime
    let watchFrom: VirtualTime
    let parameter: InferredParameter
}

/// How a run notes the inferred parameters its verdict may depend on (`RunSummary.inferredReads`): where a decision
/// compares something with one of them, it notes the parameter when the outcome would differ somewhere in the range.
extension Simulation {
    /// Notes `parameter` unconditionally: the decision comes out otherwise somewhere in its range.
    @inline(__always) mutating func noteInferred(_ parameter: InferredParameter) {
        summary.inferredReads.insert(InferredParameterSet(parameter))
    }

    /// Notes `parameter` when `quantity`, compared with it, lies in its range (so the comparison's outcome differs
    /// between the range's ends).
    @inline(__always) mutating func noteInferred(_ parameter: InferredParameter, comparing quantity: Double) {
        if parameter.range.contains(quantity) { noteInferred(parameter) }
    }

    /// Notes `parameter` when `decide` gives a different answer at either end of its range than at `current`.
    @inline(__always) mutating func noteInferred<Outcome: Equatable>(
        _ parameter: InferredParameter, current: Double, _ decide: (Double) -> Outcome
    ) {
        let now = decide(current)
        if decide(parameter.range.lowerBound) != now || decide(parameter.range.upperBound) != now { noteInferred(parameter) }
    }

    /// Arms recognizer `id`'s timer `value` ms from now, `value` being `parameter`'s, and watches it: if the timer is
    /// still armed when an event comes at or after `now + range.lowerBound` (its own firing included), the run
    /// depends on the parameter — at the range's low end the timer would have fired before that event.
    @inline(__always) mutating func setInferredDeadline(_ id: RecognizerID, _ parameter: InferredParameter, _ value: Duration) {
        let deadline = now + value
        timers.set(id, deadline)
        let from = now + .ms(parameter.range.lowerBound)
        inferredTimers.append(InferredTimer(id: id, deadline: deadline, watchFrom: from, parameter: parameter))
        if from < inferredWatch { inferredWatch = from }
    }

    /// Before an event at `now`: notes the parameters of the watched timers still armed whose low end has passed,
    /// and stops watching those and the timers cleared or re-armed since.
    @inline(__always) mutating func checkInferredTimers() {
        guard now >= inferredWatch else { return }
        var earliest = VirtualTime.never
        var kept = 0
        for k in inferredTimers.indices {
            let timer = inferredTimers[k]
            guard timers[timer.id] == timer.deadline else { continue }
            if now >= timer.watchFrom {
                noteInferred(timer.parameter)
                continue
            }
            inferredTimers[kept] = timer
            kept += 1
            if timer.watchFrom < earliest { earliest = timer.watchFrom }
        }
        inferredTimers.removeLast(inferredTimers.count - kept)
        inferredWatch = earliest
    }

    /// Forgets the watched timers (a run's start).
    mutating func clearInferredTimers() {
        inferredTimers.removeAll(keepingCapacity: true)
        inferredWatch = .never
    }
}

extension Simulation {
    /// The edge gate's regions (§8): notes the bottom gate's depth when the touch-down lies within its range of a
    /// watched side or bottom edge, and the top area's height when it lies within that range of the top.
    @inline(__always) mutating func noteEdgeGateRegions(_ p: Point, size: Size, edges: ScreenEdges) {
        if edges.contains(.top) { noteInferred(.topEdgeGateRegion, comparing: p.y) }
        if edges.contains(.bottom) { noteInferred(.edgeGateRegion, comparing: size.height - p.y) }
        if edges.contains(.left) { noteInferred(.edgeGateRegion, comparing: p.x) }
        if edges.contains(.right) { noteInferred(.edgeGateRegion, comparing: size.width - p.x) }
    }

    /// The back swipe's edge region (N2.3): notes it when `p` lies within its range of a watched edge.
    @inline(__always) mutating func noteEdgeRegion(_ p: Point, _ edges: ScreenEdges) {
        let size = views[0].frame.size
        if edges.contains(.left) { noteInferred(.edgeRegion, comparing: p.x) }
        if edges.contains(.right) { noteInferred(.edgeRegion, comparing: size.width - p.x) }
        if edges.contains(.top) { noteInferred(.edgeRegion, comparing: p.y) }
        if edges.contains(.bottom) { noteInferred(.edgeRegion, comparing: size.height - p.y) }
    }
}

extension Simulation {
    /// Whether recognizer `id`'s finger rested `flingRestInterval` or longer between its last movement and now (its
    /// lift): a release at rest does not fly (errata). Notes the interval when the rest lies within its range.
    @inline(__always) mutating func restedBeforeLift(_ id: RecognizerID) -> Bool {
        let rest = now - recognizers[id].lastSampleTime
        noteInferred(.flingRestInterval, comparing: rest.milliseconds)
        return rest >= params.flingRestInterval
    }
}
