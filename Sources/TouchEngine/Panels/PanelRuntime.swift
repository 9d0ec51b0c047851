/// One panel's state during a run (K1, K2).
struct PanelRuntime {
    /// The panel's top edge (window y) as shown now.
    var top: Double
    /// The state it rests in (or last rested in while moving).
    var state: Int
    /// The panel follows its pan in this drag (FloatingPanel: from the first `changed` the list does not keep).
    var interacting = false
    /// Top when the interaction started, and the pan's translation (window y) it is measured from.
    var startTop = 0.0
    var startTranslation = 0.0
    /// Where the tracked list is held while the panel moves (FloatingPanel K1.4/K1.6), or the offset PanModal last
    /// tracked (K2.4).
    var pinnedOffset = 0.0
    /// The list's offset and the panel's top at the previous action of the pan (double motion, §B).
    var lastListY = 0.0
    var lastTop = 0.0
    var removed = false
}

/// What a panel did, as a trace shows it (docs/trace-format.md, "Panels").
public enum PanelEvent: Hashable, Sendable {
    /// The panel's top edge moved to this window y.
    case top(Double)
    /// The panel starts following its pan; `overshoot` is the list's over-pull converted into panel movement (K1.6).
    case takesOver(overshoot: Double)
    /// The pan's callback is ignored and its translation reset (PanModal K2.3: anchored, list below its top).
    case ignored
    /// At release the rule chose this state (or removal).
    case release(projected: Double, velocity: Double, target: String)
    /// The panel rests in a new state.
    case state(String)
    /// The panel was dragged away.
    case removed
}

/// What a run did with a panel (``RunSummary/panels``).
public struct PanelOutcome: Hashable, Sendable {
    /// The state at the end (index into the spec's states).
    public var finalState: Int
    /// It was dragged away (removal, dismissal).
    public var removed = false
    /// The farthest its top got above where a drag started (points, ≥ 0).
    public var maxUpDisplacement = 0.0
    /// The panel's top moved at some time in the run.
    public var moved = false
    /// The farthest its top got below where a drag started (points, ≥ 0).
    public var maxDownDisplacement = 0.0
    /// In some sample both the panel and its tracked list moved by more than 0.5 pt (§B `double_motion`).
    public var doubleMotion = false
    public init(finalState: Int) { self.finalState = finalState }
}
