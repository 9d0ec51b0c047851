import TouchEngine

extension TraceJSON {
    /// The fields of a sheet event after `"type": "sheet"` and `"sheet"` (docs/trace-format.md, "Sheets").
    static func sheetFields(_ event: SheetEvent, _ scene: Scene) -> [(String, JSON)] {
        switch event {
        case .top(let top): return [("event", .string("top")), ("top", .number(top))]
        case let .handoff(list, drives, why):
            var fields: [(String, JSON)] = [
                ("event", .string("handoff")), ("list", .string(scene.views[list].name)), ("drives", .bool(drives))
            ]
            if !drives { fields.append(("why", .string(why))) }
            return fields
        case let .release(projected, velocity, target):
            let to: String
            switch target {
            case .detent(let id): to = id
            case .dismissed: to = "dismissed"
            }
            return [
                ("event", .string("release")), ("projected", .number(projected)), ("velocity", .number(velocity)),
                ("target", .string(to))
            ]
        case .detent(let id): return [("event", .string("detent")), ("detent", .string(id))]
        case .attemptRefused: return [("event", .string("attemptRefused"))]
        case .dismissing: return [("event", .string("dismissing"))]
        case .dismissed: return [("event", .string("dismissed"))]
        case .dimmingTook(let touch): return [("event", .string("dimmingTook")), ("touch", .number(Double(touch)))]
        case let .delegate(call, answer):
            var fields: [(String, JSON)] = [("event", .string("delegate")), ("method", .string(call.rawValue))]
            if let answer { fields.append(("answer", .bool(answer))) }
            return fields
        }
    }
}
