/// Arbitration between recognizers (touch-model §4.4, §5.4, S6–S7; §10 phase 2).
extension Simulation {
    /// Phase 2: each candidate, in rank order (deeper view first, then most recently added: the G7
    /// tie-break), tries to begin or recognize; then failure requirements are settled until stable.
    mutating func resolveCandidates() {
        var k = 0
        while k < candidates.count {
            let id = candidates[k]
            k += 1
            guard recognizers[id].state == .possible && recognizers[id].pending == .none else { continue }
            let verdict = candidateReasons[id]
            guard requirementsAllowAttempt(id, verdict: verdict) else { continue }
            attemptToBegin(id, verdict: verdict, afterRequirements: false)
        }
        settleFailureRequirements()
    }

    /// G10 at first attempt: fail if a requirement recognized; wait (pending) if one is undecided.
    mutating func requirementsAllowAttempt(_ id: RecognizerID, verdict: Verdict) -> Bool {
        switch requirementStatus(id) {
        case .satisfied:
            return true
        case .recognized(let b):
            fail(id, .requirementRecognized(b), .requirementRecognized, by: b)
            return false
        case .waiting:
            if case .recognize = verdict { setPending(id, .recognize) } else { setPending(id, .begin) }
            if Recorder.isRecording { emit(.pending(recognizer: id, waitingFor: undecidedRequirements(id))) }
            return false
        }
    }

    enum RequirementStatus { case satisfied, waiting, recognized(RecognizerID) }

    @inline(__always) func requirementStatus(_ id: RecognizerID) -> RequirementStatus {
        var waiting = false
        for k in prepared.requirements.requirementStart[id] ..< prepared.requirements.requirementStart[id + 1] {
            let b = prepared.requirements.requirementList[k]
            let s = recognizers[b].state
            switch s {
            case .began, .changed, .ended, .cancelled:
                return .recognized(b)
            case .possible:
                if participates(b) { waiting = true }
            case .failed:
                break
            }
        }
        // The leading-edge yield (touch-model-system N7.2): requirements decided at touch-down.
        if recognizers[id].yieldEdge >= 0 || recognizers[id].yieldContent >= 0 {
            switch yieldStatus(id) {
            case .recognized(let b): return .recognized(b)
            case .waiting: waiting = true
            case .satisfied: break
            }
        }
        return waiting ? .waiting : .satisfied
    }

    /// A possible recognizer that tracks no touch and waits for nothing is not part of this gesture; a
    /// failure requirement on it is satisfied [INF].
    @inline(__always) func participates(_ id: RecognizerID) -> Bool {
        recognizers[id].touches != 0 || timers[id] != .never || recognizers[id].pending != .none
            || recognizers[id].waitingForNextTap
    }

    func undecidedRequirements(_ id: RecognizerID) -> [RecognizerID] {
        (prepared.requirements.requirementStart[id] ..< prepared.requirements.requirementStart[id + 1]).map { prepared.requirements.requirementList[$0] }
            .filter { recognizers[$0].state == .possible && participates($0) } + undecidedYields(id)
    }

    /// Settles pending recognizers until nothing changes: one whose requirement recognized fails; one
    /// whose requirements all failed may now begin (G10).
    mutating func settleFailureRequirements() {
        guard pendingCount > 0 else { return }
        var changed = true
        while changed {
            changed = false
            var k = 0
            while k < rankOrder.count {
                let id = rankOrder[k]
                k += 1
                guard recognizers[id].pending != .none && recognizers[id].state == .possible else { continue }
                switch requirementStatus(id) {
                case .waiting:
                    continue
                case .recognized(let b):
                    fail(id, .requirementRecognized(b), .requirementRecognized, by: b)
                case .satisfied:
                    let because = why(.requirementsFailed)
                    let verdict: Verdict = recognizers[id].pending == .recognize ? .recognize(because) : .begin(because)
                    setPending(id, .none)
                    attemptToBegin(id, verdict: verdict, afterRequirements: true)
                }
                changed = true
            }
        }
    }

    /// The checks a recognizer passes when it actually leaves `possible` (G11, §5.4, S7, G7), then commit.
    mutating func attemptToBegin(_ id: RecognizerID, verdict: Verdict, afterRequirements: Bool) {
        let spec = recs[id]
        if spec.isNavigationPop, let refusal = navigationRefusal(id) {
            fail(id, refusal, .delegateShouldBegin)
            return
        }
        let shouldBegin = delegateShouldBegin(id)
        if Recorder.isRecording && spec.delegateLogs { emit(.asked(recognizer: id, question: .shouldBegin, answer: shouldBegin)) }
        if !shouldBegin {
            fail(id, .delegateShouldBegin, .delegateShouldBegin)
            return
        }
        if let veto = vetoingView(for: id) {
            fail(id, veto, .vetoedByView)
            return
        }
        if case .scrollPan(let sv) = spec.kind, let obstacle = contentTouchObstacle(scrollView: sv, pan: id) {
            fail(id, obstacle.reason, obstacle.decision)
            return
        }
        // The zoom pinch takes content touches back as the pan does (S7) [INF].
        if case .scrollZoom(let sv) = spec.kind, let obstacle = contentTouchObstacle(scrollView: sv, pan: id) {
            fail(id, obstacle.reason, obstacle.decision)
            return
        }
        if let blocker = activeBlocker(for: id) {
            fail(id, .blockedByActive(blocker), .blockedByActive, by: blocker)
            return
        }
        commit(id, verdict: verdict, afterRequirements: afterRequirements)
    }

    mutating func commit(_ id: RecognizerID, verdict: Verdict, afterRequirements: Bool) {
        let spec = recs[id]
        let continuous = spec.kind.isContinuous
        recognizers[id].committedThisStep = true
        committedInStep.append(id)
        timers.set(id, .never)
        if afterRequirements && continuous {
            // G10: a pan that begins after its requirements failed starts from zero translation.
            recognizers[id].translationOrigin = recognizers[id].lastCentroid
        }
        let reason: Reason
        switch verdict {
        case .begin(let r), .recognize(let r): reason = self.reason(r)
        default: reason = .note("")
        }
        transition(id, to: continuous ? .began : .ended, reason)
        sendAction(id)
        // The scroll view scrolls from its pan's action (willBeginDragging, then the offset).
        if case .scrollPan(let sv) = spec.kind { beginDragging(sv, pan: id) }
        if case .scrollZoom(let sv) = spec.kind { beginZooming(sv, pinch: id) }
        excludeOthers(by: id)
        if !navigationPops.isEmpty { failBackSwipesRequiring(id) }
        if case .edgeGate = spec.kind { systemTakesTouches(by: id) }
        if spec.togglesOthersOnBegin { toggleEnabled(for: id) }
        if afterRequirements && recognizers[id].pendingEnded {
            recognizers[id].pendingEnded = false
            transition(id, to: .ended, .touchesEnded)
            sendAction(id)
            if case .scrollPan(let sv) = spec.kind { endDragging(sv, pan: id) }
            if case .scrollZoom(let sv) = spec.kind { endZooming(sv) }
        }
    }

    /// G7: the recognizer that began or recognized fails every other undecided recognizer sharing a
    /// touch with it, unless the pair may recognize simultaneously (G8) or prevention is ruled out (G9).
    mutating func excludeOthers(by winner: RecognizerID) {
        let touchesOfWinner = recognizers[winner].touches
        var k = 0
        while k < rankOrder.count {
            let other = rankOrder[k]
            k += 1
            guard
                other != winner && recognizers[other].state == .possible
                    && recognizers[other].touches & touchesOfWinner != 0
            else { continue }
            if !prevents(winner, other) { continue }
            if Recorder.isRecording && prepared.recognizerTables.anyDelegateLogs { askSimultaneity(active: winner, possible: other) }
            if simultaneous(winner, other) { continue }
            fail(other, .excludedBy(winner), .excludedBy, by: winner)
        }
    }

    /// §8 [WWDC 2017-219]: a system gesture that recognizes takes its touches from the app. Every other
    /// recognizer sharing them fails, or is cancelled if it had begun (taps and long presses may see the touch
    /// alongside the gate, "although sometimes they will get cancelled if it's obvious later on that it's actually
    /// a system gesture"); phase 4 then cancels the view's touch, or drops it if it was still withheld.
    mutating func systemTakesTouches(by gate: RecognizerID) {
        let taken = recognizers[gate].touches
        var k = 0
        while k < rankOrder.count {
            let other = rankOrder[k]
            k += 1
            guard other != gate, recognizers[other].touches & taken != 0 else { continue }
            if recognizers[other].state == .possible {
                fail(other, .systemGesture(gate))
            } else if recognizers[other].state.isActive {
                cancel(other, .systemGesture(gate))
            }
        }
    }

    /// G7 "first wins": an active recognizer that shares a touch and would prevent this one.
    mutating func activeBlocker(for id: RecognizerID) -> RecognizerID? {
        let mine = recognizers[id].touches
        var k = 0
        while k < rankOrder.count {
            let other = rankOrder[k]
            k += 1
            guard other != id && recognizers[other].touches & mine != 0 else { continue }
            let s = recognizers[other].state
            guard s.isActive || (s == .ended && recognizers[other].committedThisStep) else { continue }
            if !prevents(other, id) { continue }
            if Recorder.isRecording && prepared.recognizerTables.anyDelegateLogs { askSimultaneity(active: other, possible: id) }
            if simultaneous(other, id) { continue }
            return other
        }
        return nil
    }

    /// G8: either delegate says yes; the system edge gate never competes. (A scroll view's delay
    /// recognizer cannot prevent anything, `canPrevent = none`, so its recognition never stops its own
    /// pan: the S2 ruling. The pan beginning does exclude the delay recognizer, §10 phase 2.)
    @inline(__always) func simultaneous(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
        prepared.arbitration.simultaneous[a * recs.count + b]
    }

    /// G9: `a.canPrevent(b) && b.canBePrevented(by: a)`. A tap cannot be prevented by a tap that needs
    /// fewer taps (so a double tap survives a single tap's recognition) [REPL Chameleon][WIDE]. Both are
    /// tabulated by `PreparedScene`.
    @inline(__always) func prevents(_ a: RecognizerID, _ b: RecognizerID) -> Bool {
        prepared.arbitration.prevents[a * recs.count + b]
    }

    /// G11: the delegate's `gestureRecognizerShouldBegin`.
    @inline(__always) func delegateShouldBegin(_ id: RecognizerID) -> Bool {
        // velocity(in: view), its direction along the view's own axes.
        let v = axesOf(recs[id].view, recognizers[id].velocity)
        switch recs[id].shouldBegin {
        case .always: return true
        case .never: return false
        case .horizontal: return abs(v.x) > abs(v.y)
        case .vertical: return abs(v.y) > abs(v.x)
        }
    }

    /// G11 / §5.4: `UIView.gestureRecognizerShouldBegin` of the view the touch is in, for recognizers of
    /// other views. Buttons (and the other listed controls) veto one-finger single taps; a slider vetoes
    /// parallel swipes from its thumb; a switch vetoes parallel pans from its knob.
    @inline(__always) func vetoingView(for id: RecognizerID) -> Reason? {
        let spec = recs[id]
        var mask = recognizers[id].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            let v = touches[slot].view
            guard v >= 0, v != spec.view else { continue }
            let kind = views[v].kind
            if kind.vetoesForeignSingleTaps, case .tap(1, 1) = spec.kind {
                return traced(.vetoedBy(v, "\(kind.uikitClass) handles one-finger single taps itself"))
            }
            if views[v].vetoesForeignPans && spec.kind.isPan {
                return traced(.vetoedBy(v, "its gestureRecognizerShouldBegin returns false for pans of other views"))
            }
            guard kind == .slider || kind == .switch else { continue }
            let travel = touches[slot].location - touches[slot].downLocation
            let parallel = abs(travel.x) >= abs(travel.y)
            let local = convertFromWindow(touches[slot].downLocation, to: v)
            if kind == .slider, case .swipe(let dirs, 1) = spec.kind, !dirs.isDisjoint(with: [.left, .right]),
                sliderThumbRect(v).contains(local)
            {
                return traced(.vetoedBy(v, "UISlider handles swipes parallel to it that start on the thumb"))
            }
            if kind == .switch, parallel, spec.kind.isPan, switchKnobRect(v).contains(local) {
                return traced(.vetoedBy(v, "UISwitch handles pans parallel to it that start on the knob"))
            }
        }
        return nil
    }

    /// S7: content already has a touch the scroll view may not take back: the trace's reason and the summary's code.
    @inline(__always) func contentTouchObstacle(scrollView sv: ViewID, pan: RecognizerID) -> (reason: Reason, decision: RecognizerDecision)? {
        guard views[sv].isScrollView else { return nil }
        var mask = recognizers[pan].touches
        while mask != 0 {
            let slot = mask.trailingZeroBitCount
            mask &= mask - 1
            // Only content can hold a touch back: a touch on the scroll view itself (its background) is the
            // scroll view's own, and dragging it scrolls whatever canCancelContentTouches says ([DOC]: "once the
            // content view starts tracking").
            guard touches[slot].delivery == .delivered, touches[slot].view >= 0, touches[slot].view != sv else { continue }
            if !views[sv].canCancelContentTouches {
                return (
                    traced(.contentTouchDelivery("content is tracking the touch and canCancelContentTouches is false")),
                    .contentCannotBeCancelled
                )
            }
            let view = touches[slot].view
            if !touchesShouldCancel(views[sv].touchesShouldCancel, view: view) {
                return (
                    traced(.contentTouchDelivery("touchesShouldCancel(in: \(scene.views[view].name)) returned false")),
                    .touchesShouldCancelFalse
                )
            }
        }
        return nil
    }

    @inline(__always) func touchesShouldCancel(_ policy: TouchesShouldCancelPolicy, view: ViewID) -> Bool {
        let kind = views[view].kind
        switch policy {
        case .default: return !kind.isControl
        case .always: return true
        case .never: return false
        case .controlsExceptTextInputsSlidersSwitches:
            return !(kind.isControl && (kind.isTextInput || kind == .slider || kind == .switch))
        }
    }

    /// §6.5: the action handler of `id` sets `isEnabled = false; isEnabled = true` on other recognizers.
    /// Each stops tracking (an active one is cancelled, an undecided one fails) and forgets its touches;
    /// it is enabled again at once, for new touches only.
    mutating func toggleEnabled(for id: RecognizerID) {
        for target in scene.recognizers[id].policies.toggleEnabledOnBegin {
            if Recorder.isRecording {
                emit(.timer("\(scene.recognizers[id].name)'s action toggles \(scene.recognizers[target].name).isEnabled"))
            }
            if recognizers[target].state.isActive {
                cancel(target, .disabled)
            } else if recognizers[target].state == .possible {
                fail(target, .disabled, .disabled)
            }
            recognizers[target].touches = 0
        }
    }

    /// `isEnabled` set from code (§4.1): an active recognizer is cancelled, an undecided one fails; its
    /// touches are dropped. Re-enabling lets it track new touches only.
    mutating func setEnabled(_ id: RecognizerID, _ enabled: Bool) {
        if Recorder.isRecording { emit(.timer("code sets \(scene.recognizers[id].name).isEnabled = \(enabled)")) }
        recognizers[id].isEnabled = enabled
        guard !enabled else { return }
        beginStep()
        if recognizers[id].state.isActive { cancel(id, .disabled) } else if recognizers[id].state == .possible { fail(id, .disabled, .disabled) }
        step(.code)
        // The recognizer forgets the touches it dropped.
        let enabledNow = recognizers[id].isEnabled
        setPending(id, .none)
        recognizers[id] = RecognizerRuntime(state: recognizers[id].state, isEnabled: enabledNow)
    }
}
