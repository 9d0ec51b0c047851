/// Target-action (touch-model §5.5): a control that declares actions invokes its registrations for each event it
/// sends, in registration order, and follows its trigger event with `.primaryActionTriggered`.
extension Simulation {
    /// Invokes control `v`'s registrations for `event`; after the control's primary-action trigger, sends
    /// `.primaryActionTriggered` too (`Parameters.combinedPrimaryActionDispatch` decides how).
    mutating func sendActions(_ v: ViewID, for event: ControlEvent) {
        let triggersPrimary = event != .primaryActionTriggered && ControlEvent.primaryActionTrigger(of: views[v].kind) == event
        guard triggersPrimary else {
            invokeRegistrations(v, matching: .of(event), label: { _ in event })
            return
        }
        if params.combinedPrimaryActionDispatch {
            // One pass over the registrations for either event, each invoked once [INF, the alternative].
            summary.controlEvent(.primaryActionTriggered, of: v, at: now)
            emit(.control(view: v, event: .primaryActionTriggered, value: nil))
            invokeRegistrations(v, matching: [.of(event), .of(.primaryActionTriggered)]) {
                $0.contains(event) ? event : .primaryActionTriggered
            }
        } else {
            // The default [INF]: the trigger's registrations, then PrimaryActionTriggered as an event of its own.
            invokeRegistrations(v, matching: .of(event), label: { _ in event })
            send(v, .primaryActionTriggered)
        }
    }

    /// Invokes, in registration order, each registration of `v` whose events meet `events`; `label` names the
    /// event a registration is invoked for.
    private mutating func invokeRegistrations(
        _ v: ViewID, matching events: ControlEventSet,
        label: (ControlEventSet) -> ControlEvent
    ) {
        let table = prepared.targetActions.actionTable[v]
        for action in table where !action.events.isDisjoint(with: events) {
            let event = label(action.events)
            if action.delivery.performed && prepared.targetActions.judgedEvents[v].contains(event) {
                summary.performedAction(of: v, at: now)
            }
            if Recorder.isRecording { emit(.controlAction(view: v, event: event, delivery: action.delivery)) }
        }
    }
}
