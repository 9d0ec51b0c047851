extension TraceText {
    /// A panel's trace line (docs/trace-format.md, "Panels"): `FP.top = 322`, `FP state = full`, …
    public static func describe(_ event: PanelEvent, panel n: String) -> String {
        switch event {
        case .top(let top): return "\(n).top = \(fmt(top))"
        case .takesOver(let overshoot):
            return overshoot > 0
                ? "\(n) takes the drag over from its list, which is pinned at its top; its \(fmt(overshoot)) pt over-pull moves the panel (K1.6)"
                : "\(n) takes the drag over: the panel follows its pan"
        case .ignored: return "\(n) ignores its pan's callback and resets its translation: anchored, the list is below its top (K2.3)"
        case let .release(projected, velocity, target):
            return "\(n) released moving \(fmt(velocity)) pt/ms: projected top \(fmt(projected)) → \(target)"
        case .state(let name): return "\(n) state = \(name)"
        case .removed: return "\(n) is removed: dragged off screen"
        }
    }
}
