/// A custom `UIGestureRecognizer` subclass declared by its behaviour (issue 15 §4, `CustomBehavior`), and what
/// action handlers do besides being called.
extension Simulation {
    /// The subclass's `touches…` methods: leave `possible` at touch-down, after a delay or at touch-up; `changed`
    /// on every move while active (continuous); `ended` when the last touch lifts; fail as soon as the touches end
    /// without a recognition, on moving too far, or when its failure timer fires first (`customTimerFired`): the
    /// subclass fails as soon as it knows, so that those waiting on it go on (G12).
    mutating func customReceives(_ phase: TouchPhase, slot: Int, id: RecognizerID, behavior b: CustomBehavior) -> Verdict {
        let active = recognizers[id].state.isActive || recognizers[id].pending == .begin
        // A discrete one that recognized and waits for a failure requirement (G10) is done with its touches.
        let waitingToRecognize = recognizers[id].pending == .recognize
        switch phase {
        case .began:
            recognizers[id].touchesDown += 1
            guard recognizers[id].touchesDown == 1, !active, !waitingToRecognize else { return .none }
            switch b.begins {
            case .touchDown:
                return b.isContinuous
                    ? .begin(why(.note("its touchesBegan sets .began")))
                    : .recognize(why(.note("its touchesBegan sets .recognized")))
            case .delay, .touchUp, .never:
                // The delay to begin or the failure timer, whichever comes first (`CustomBehavior.timer`).
                if let t = b.timer { timers.set(id, now + t) }
                return .none
            }
        case .moved:
            if active { return b.isContinuous ? .change : .none }
            guard !waitingToRecognize, let allowable = b.allowableMovement else { return .none }
            let d = touches[slot].location.distance(to: touches[slot].downLocation)
            if d > allowable {
                return .fail(why(.threshold("moved \(fmt(d)) pt > allowable movement \(fmt(allowable)) pt")))
            }
            return .none
        case .ended:
            recognizers[id].touchesDown -= 1
            guard recognizers[id].touchesDown <= 0, !waitingToRecognize else { return .none }
            if active { return .end(why(.touchesEnded)) }
            if case .touchUp = b.begins {
                // Recognized: its failure timer no longer matters.
                timers.set(id, .never)
                return .recognize(why(.note("its touchesEnded sets .recognized")))
            }
            return .fail(why(.note("its touches ended before it recognized; it sets .failed")))
        case .cancelled:
            recognizers[id].touchesDown -= 1
            return active ? .cancel(why(.touchesCancelled)) : .fail(why(.touchesCancelled))
        }
    }

    /// The custom recognizer's timer (`CustomBehavior.timer`): its failure timer sets `.failed`, its delay
    /// `.began` or `.recognized`. Only a `possible` recognizer that is not already waiting to commit acts on it.
    mutating func customTimerFired(_ id: RecognizerID, behavior: CustomBehavior) -> Verdict {
        let name = scene.recognizers[id].name
        guard recognizers[id].state == .possible, recognizers[id].pending == .none else { return .none }
        if behavior.timerFails {
            if Recorder.isRecording { emit(.timer("\(name): its failure timer elapsed")) }
            return .fail(why(.timer("its timer fired before it recognized; it sets .failed")))
        }
        if Recorder.isRecording { emit(.timer("\(name): its delay elapsed")) }
        let reason = why(.timer("its first touch stayed down for the delay"))
        return behavior.isContinuous ? .begin(reason) : .recognize(reason)
    }

    /// The scenario's action handler (`ActionEffects`), after the action was sent. A pan's effects, on the actions
    /// of the states they list: move a view by the translation, then `setTranslation(.zero, in:)`. On the
    /// recognition (`began`, or `recognized` for a discrete recognizer): set a view's frame, toggle recognizers'
    /// `isEnabled`.
    mutating func performActionEffects(_ id: RecognizerID) {
        let state = recognizers[id].state
        let effects = scene.recognizers[id].actions
        if case .pan = recs[id].kind, let states = ActionStates(state) {
            if let move = effects.movesView, move.on.contains(states), let parent = views[move.view].parent {
                // translation(in: view.superview) keeps the view under the finger; another view reads it in its points.
                let t = convertVectorFromWindow(panTranslation(id), to: move.translationIn ?? parent)
                setFrame(move.view, Rect(origin: views[move.view].frame.origin + t, size: views[move.view].frame.size), by: id)
            }
            if effects.resetsTranslation.contains(states) {
                recognizers[id].translationOrigin = recognizers[id].lastCentroid
                // [DOC setTranslation(_:in:)]: "Changing the translation value resets the velocity of the pan."
                recognizers[id].velocity = .zero
                recognizers[id].hasVelocity = false
                if Recorder.isRecording { emit(.translationReset(recognizer: id)) }
            }
        }
        let recognizing = state == .began || (state == .ended && !recs[id].kind.isContinuous)
        guard recognizing else { return }
        if let change = effects.setsFrame { setFrame(change.view, change.frame, by: id) }
        for target in effects.togglesEnabled { toggleEnabled(target, by: id) }
    }

    /// An action handler's `view.frame = frame`: this run's views change; hit testing and every conversion use the
    /// new frame from now on (a touch keeps the view it hit, P2).
    mutating func setFrame(_ v: ViewID, _ frame: Rect, by id: RecognizerID) {
        views[v].frame = frame
        if Recorder.isRecording { emit(.frameSet(view: v, frame: frame, by: id)) }
    }

    /// An action handler's `target.isEnabled.toggle()` (§4.1): disabling one that tracks touches cancels it if
    /// active or fails it if possible, and it forgets its touches; enabling lets it track new touches only. A
    /// recognizer that disables itself keeps the touches of the gesture it just recognized (phase 4 still cancels
    /// them in its view).
    mutating func toggleEnabled(_ target: RecognizerID, by id: RecognizerID) {
        let enabled = !recognizers[target].isEnabled
        recognizers[target].isEnabled = enabled
        if Recorder.isRecording { emit(.enabledSet(recognizer: target, enabled: enabled, by: id)) }
        guard !enabled, target != id else { return }
        if recognizers[target].state.isActive {
            cancel(target, .disabled)
        } else if recognizers[target].state == .possible {
            fail(target, .disabled, .disabled)
        }
        recognizers[target].touches = 0
        mayHaveFinished = true
    }
}
