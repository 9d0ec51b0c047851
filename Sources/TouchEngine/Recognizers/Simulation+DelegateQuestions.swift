/// The delegate questions of arbitration as traced runs record them (issue 15 §4): G8's
/// `shouldRecognizeSimultaneouslyWith` and G10's `shouldRequireFailureOf` / `shouldBeRequiredToFailBy`.
///
/// Only delegates that log (`RecognizerSpec.delegateLogs`) are recorded, and only traced runs ask: the answers are
/// fixed policies, already folded into `PreparedScene`'s tables (`simultaneous`, the requirement lists), so asking
/// changes nothing a run decides and the summary fast path never asks. The system's edge gates are not app objects
/// and are never asked about.
extension Simulation {
    /// Traced runs: the G8 questions asked when `active` would exclude `possible` (prevention allowed by both
    /// classes, G9): first the delegate of the one that would be excluded, then, unless it said yes, the other's
    /// [REPL WinObjC `_UIGestureCoordinator`] — the order is not documented [INF]. The answers are the ones the
    /// `simultaneous` table combines.
    mutating func askSimultaneity(active: RecognizerID, possible: RecognizerID) {
        if case .edgeGate = recs[active].kind { return }
        if case .edgeGate = recs[possible].kind { return }
        let first = scene.recognizers[possible].policies.simultaneousWith.contains(active)
        if recs[possible].delegateLogs {
            emit(.asked(recognizer: possible, question: .shouldRecognizeSimultaneously(with: active), answer: first))
        }
        guard !first, recs[active].delegateLogs else { return }
        let second = scene.recognizers[active].policies.simultaneousWith.contains(possible)
        emit(.asked(recognizer: active, question: .shouldRecognizeSimultaneously(with: possible), answer: second))
    }

    /// Traced runs: G8 asked again when a continuous recognizer ends. "Exclusion is performed whenever the state of
    /// an included recognizer changes": with a pan and a tap allowed to recognize together, the question asked when
    /// the pan began is "asked again because we have a state change" at the lift, where the pan ends and the tap
    /// recognizes [WWDC 2017-219]. So each undecided recognizer sharing a touch with `id`, that `id` could prevent
    /// (G9), is asked about `id` once more (its delegate first, as `askSimultaneity`). Moves (`changed`) ask
    /// nothing: the session names the begin and the lift, not every move [INF].
    mutating func askAgainOnEnding(_ id: RecognizerID) {
        let mine = recognizers[id].touches
        for other in rankOrder
        where other != id && recognizers[other].state == .possible
            && recognizers[other].touches & mine != 0 && prevents(id, other)
        {
            askSimultaneity(active: id, possible: other)
        }
    }

    /// Traced runs: G10's delegate questions for the touch in `slot`, which just went down and was given its
    /// recognizers (after their `shouldReceive`). Apple: each is "called once per attempt to recognize, so failure
    /// requirements can be determined lazily and may be set up between recognizers across view hierarchies" [DOC];
    /// when in the attempt is not documented. The engine asks when a pair comes to share a touch [INF]: for each
    /// ordered pair (A, B) of recognizers that take this touch (enabled, possible or active, not a gate) and do not
    /// already share another touch still down, in G2 order, A's delegate is asked
    /// `gestureRecognizer(A, shouldRequireFailureOf: B)` and then, unless it said yes ("returning true is guaranteed
    /// to set up the failure requirement" [DOC]), B's delegate `gestureRecognizer(B, shouldBeRequiredToFailBy: A)`
    /// [INF order; WWDC 2017-219: the two "go both ways … that might be called the one way or the other way first",
    /// so a delegate must answer both consistently]. The answers are the ones `PreparedScene.dynamicRequirements`
    /// folds into the requirement lists.
    mutating func askFailureRequirements(slot: Int) {
        let start = touches[slot].recsStart, count = touches[slot].recsCount
        for i in 0 ..< count {
            let a = recsStorage[start + i]
            guard takesNewTouch(a) else { continue }
            for j in 0 ..< count where j != i {
                let b = recsStorage[start + j]
                guard takesNewTouch(b), recs[a].delegateLogs || recs[b].delegateLogs,
                    !shareAnotherLiveTouch(a, b, besides: slot)
                else { continue }
                let first = scene.recognizers[a].policies.delegateRequiresFailureOf.contains(b)
                if recs[a].delegateLogs { emit(.asked(recognizer: a, question: .shouldRequireFailure(of: b), answer: first)) }
                guard !first, recs[b].delegateLogs else { continue }
                let second = scene.recognizers[b].policies.delegateRequiredToFailBy.contains(a)
                emit(.asked(recognizer: b, question: .shouldBeRequiredToFail(by: a), answer: second))
            }
        }
    }

    /// A recognizer of a new touch's list that will take it in phase 1 (and may be asked about it).
    private func takesNewTouch(_ id: RecognizerID) -> Bool {
        if case .edgeGate = recs[id].kind { return false }
        let s = recognizers[id].state
        return recognizers[id].isEnabled && (s == .possible || s.isActive)
    }

    /// Both recognizers were given another touch that is still down: the pair was asked when that one went down.
    private func shareAnotherLiveTouch(_ a: RecognizerID, _ b: RecognizerID, besides slot: Int) -> Bool {
        var mask = slotsInUse & ~bit(slot)
        while mask != 0 {
            let other = mask.trailingZeroBitCount
            mask &= mask - 1
            guard touches[other].isLive else { continue }
            let list = recsStorage.elements(touches[other].recsStart ..< touches[other].recsStart + touches[other].recsCount)
            if list.contains(a) && list.contains(b) { return true }
        }
        return false
    }
}
