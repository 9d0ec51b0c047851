import TouchEngine

extension TraceJSON {
    /// The fields of a panel event after `"type": "panel"` and `"panel"` (docs/trace-format.md, "Panels").
    static func panelFields(_ event: PanelEvent) -> [(String, JSON)] {
        switch event {
        case .top(let top): return [("event", .string("top")), ("top", .number(top))]
        case .takesOver(let overshoot): return [("event", .string("takesOver")), ("overshoot", .number(overshoot))]
        case .ignored: return [("event", .string("ignored"))]
        case let .release(projected, velocity, target):
            return [
                ("event", .string("release")), ("projected", .number(projected)), ("velocity", .number(velocity)),
                ("target", .string(target))
            ]
        case .state(let name): return [("event", .string("state")), ("state", .string(name))]
        case .removed: return [("event", .string("removed"))]
        }
    }
}
