import TouchEngine

// `expect.controlActions` (§5.5): the registrations a control invoked, in order.

/// `<receiver>.<action>@<t> [for <Event>]` — one registration a control invoked: `VC.save@100` (an action that
/// `VC` performed, sent to it or found up the responder chain), `UIAction.open@100` (a UIAction's handler ran),
/// `nobody.share@100` (an action no responder performed). `for <Event>` also checks the control event.
public struct ControlActionEntry: Hashable, Sendable, CustomStringConvertible {
    /// A responder's name, `UIAction` or `nobody`.
    public var receiver: String
    public var action: String
    public var time: Double
    /// The control event; nil: not checked.
    public var event: ControlEvent?

    public init(receiver: String, action: String, time: Double, event: ControlEvent? = nil) {
        self.receiver = receiver; self.action = action; self.time = time; self.event = event
    }

    public var description: String {
        "\(receiver).\(action)@\(formatNumber(time))" + (event.map { " for \($0.rawValue)" } ?? "")
    }

    /// The entry a record is written as (with its event when `withEvent`).
    static func of(_ record: Outcome.ActionRecord, scene: Scene, withEvent: Bool) -> ControlActionEntry {
        ControlActionEntry(
            receiver: receiverName(record.delivery, scene), action: record.delivery.handler.name,
            time: record.time.milliseconds, event: withEvent ? record.event : nil)
    }

    static func receiverName(_ delivery: ActionDelivery, _ scene: Scene) -> String {
        if case .uiAction = delivery.handler { return "UIAction" }
        guard let receiver = delivery.receiver else { return "nobody" }
        switch receiver {
        case .view(let v): return scene.views[v].name
        case .controller(let c): return scene.controllers[c].name
        }
    }

    func matches(_ record: Outcome.ActionRecord, scene: Scene) -> Bool {
        let observed = Self.of(record, scene: scene, withEvent: event != nil)
        return observed.receiver == receiver && observed.action == action && observed.event == event
            && abs(observed.time - time) <= Expectations.tolerance
    }
}

extension EntryGrammar {
    static func controlAction(_ text: String) -> Result<ControlActionEntry, EntryError> {
        let usage = "expected '<receiver>.<action>@<t> [for <Event>]', the receiver a responder, UIAction or nobody"
        var s = EntryScanner(text)
        s.skipSpaces()
        guard let dotted = s.word(), let dot = dotted.lastIndex(of: "."), dot != dotted.startIndex,
            dotted.index(after: dot) != dotted.endIndex
        else {
            return .failure(.init("is malformed; \(usage)"))
        }
        guard let time = s.atTime() else { return .failure(.init("needs '@<time in ms>' after '\(dotted)'")) }
        var event: ControlEvent?
        s.skipSpaces()
        if s.take("for") {
            s.skipSpaces()
            let names = ControlEvent.allCases.map(\.rawValue).joined(separator: ", ")
            guard let name = s.letters(), let e = ControlEvent(rawValue: name) else {
                return .failure(.init("needs a control event after 'for' (\(names))"))
            }
            event = e
            s.skipSpaces()
        }
        guard s.isAtEnd else { return .failure(.init("has unexpected text '\(s.rest)'; \(usage)")) }
        return .success(
            ControlActionEntry(
                receiver: String(dotted[..<dot]), action: String(dotted[dotted.index(after: dot)...]),
                time: time, event: event))
    }
}

extension Expectations {
    func checkControlActions(scene: Scene, outcome: Outcome) -> [ExpectationFailure] {
        var failures: [ExpectationFailure] = []
        for e in controlActions {
            guard case .view(let view) = e.subject else { continue }
            let withEvent = e.pattern.contains { if case .entry(let entry) = $0 { return entry.event != nil } else { return false } }
            failures += e.check(
                outcome.controlActions[view] ?? [], matches: { $0.matches($1, scene: scene) },
                render: { ControlActionEntry.of($0, scene: scene, withEvent: withEvent).description })
        }
        return failures
    }
}
