import TouchEngine

extension Scene {
    /// Builds the two-state panel `i` with `policy`'s library instead (touch-model-system K4, the `panel.library`
    /// axis): the same surface, list and tops, with the other library's state names (FloatingPanel `full`/`half`,
    /// PanModal `longForm`/`shortForm`, the smaller top first), its default removal (FloatingPanel none, PanModal
    /// `allowsDragToDismiss`) and its surface class. A state keeps its index, so a gesture's intent still names it.
    mutating func rebuildPanel(_ i: Int, with policy: PanelPolicy) {
        precondition(panels[i].states.count == 2, "only a two-state panel has a form in either library")
        let names = policy == .floatingPanel ? ("full", "half") : ("longForm", "shortForm")
        let expanded = panels[i].states[0].top <= panels[i].states[1].top ? 0 : 1
        panels[i].states[expanded].name = names.0
        panels[i].states[1 - expanded].name = names.1
        panels[i].policy = policy
        panels[i].removal = policy == .panModal
        setView(\.className, of: panels[i].view, to: PanelPolicy.surfaceClassName(policy))
    }
}

extension PanelPolicy {
    /// The class of the panel's surface view in a dump (`MapPanelTemplate`, `sweep export-uikit`'s comments).
    static func surfaceClassName(_ policy: PanelPolicy) -> String {
        policy == .floatingPanel ? "FloatingPanel.SurfaceView" : "PanModal.PanContainerView"
    }
}
