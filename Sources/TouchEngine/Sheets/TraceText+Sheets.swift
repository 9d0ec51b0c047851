extension TraceText {
    /// A sheet's trace line (docs/trace-format.md, "Sheets"): `S.top = 62`, `S selectedDetentIdentifier = large`, …
    public static func describe(_ event: SheetEvent, sheet n: String, scene: Scene) -> String {
        switch event {
        case .top(let top): return "\(n).top = \(fmt(top))"
        case let .handoff(list, drives, why):
            let name = scene.views[list].name
            return drives ? "\(n): \(name)'s drag drives the sheet (M3.1)" : "\(n): \(name)'s drag does not drive the sheet: \(why)"
        case let .release(projected, velocity, target):
            let to: String
            switch target {
            case .detent(let id): to = "detent \(id)"
            case .dismissed: to = "dismissed"
            }
            return "\(n) released moving \(fmt(velocity)) pt/ms: projected top \(fmt(projected)) → \(to)"
        case .detent(let id): return "\(n) selectedDetentIdentifier = \(id)"
        case .attemptRefused: return "\(n): the release meant to dismiss, but dismissal is refused"
        case .dismissing: return "\(n) is dismissed: it animates off screen"
        case .dismissed: return "\(n): the dismissal animation finished"
        case .dimmingTook(let touch):
            return "\(n)'s dimming view takes touch \(touch): the presenting view does not get it (tap-outside dismissal is not modelled)"
        case let .delegate(call, answer):
            return "\(n) delegate: \(call.rawValue)" + (answer.map { " → \($0)" } ?? "")
        }
    }
}
