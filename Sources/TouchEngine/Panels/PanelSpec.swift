/// A library bottom panel (spec K1, K2): a surface view `view` over the content, moved by its own pan `<view>.pan`
/// between named states, handing drags off with one tracked scroll view by the rules of the library it copies.
///
/// The panel's top edge is the surface view's frame origin y in window points (a subview of the window or of a
/// container at the window's origin); the engine moves the view at run time, so later touches hit it where it is.
public struct PanelSpec: Hashable, Sendable {
    public var view: ViewID
    public var policy: PanelPolicy
    /// The states and their tops (window y), most expanded first is not required: the smallest top is the most
    /// expanded. FloatingPanel: any names (full, half, tip); PanModal: `longForm` and `shortForm`.
    public var states: [PanelState]
    /// The state at t = 0 (index into `states`).
    public var initialState: Int = 0
    /// FloatingPanel's `track(scrollView:)` / PanModal's `panScrollable`: the list the panel hands drags off with.
    public var trackedScrollView: ViewID? = nil
    /// Height of the grabber area at the top of the surface (FloatingPanel, K1.3/K1.5): a drag from there moves the
    /// panel whatever the list does.
    public var grabberHeight: Double = 36
    /// The panel may be dragged away: FloatingPanel's removal interaction (K1.7), PanModal's `allowsDragToDismiss`
    /// (K2.6).
    public var removal: Bool
    /// The library holds the tracked list still while the panel moves (FloatingPanel K1.4 since scenee/FloatingPanel
    /// PR #221, PanModal's halt of K2.4). False: the handoff of older FloatingPanel releases and of hand-written
    /// panels that recognize with the list without pinning it, where list and panel move together (B21). Default
    /// true.
    public var pinsList = true
    /// The pan the scene installed for it (`Scene.addPanel`).
    public internal(set) var pan: RecognizerID = -1

    public init(view: ViewID, policy: PanelPolicy, states: [PanelState]) {
        self.view = view; self.policy = policy; self.states = states
        removal = policy == .panModal
    }
}

/// Whose handoff and release rules a panel follows.
public enum PanelPolicy: String, Hashable, Sendable, CaseIterable {
    /// scenee/FloatingPanel (K1).
    case floatingPanel
    /// slackhq/PanModal (K2).
    case panModal
}

/// One named resting position of a panel.
public struct PanelState: Hashable, Sendable {
    public var name: String
    /// The panel's top edge (window y) in this state.
    public var top: Double
    public init(name: String, top: Double) { self.name = name; self.top = top }
}

extension Scene {
    /// Adds `spec` as a panel and installs its pan `<FP>.pan` on the surface view: a plain pan (default flags). It
    /// recognizes simultaneously with the tracked scroll view's recognizers (K1.3, K2.1). Returns its index.
    @discardableResult
    public mutating func addPanel(_ spec: PanelSpec) -> Int {
        var spec = spec
        let index = panels.count
        var pan = RecognizerSpec(name: views[spec.view].name + ".pan", kind: .panelPan(panel: index), view: spec.view)
        if let list = spec.trackedScrollView, let own = scrollRecognizers(of: list) {
            pan.policies.simultaneousWith = .only([own.pan, own.delay])
        }
        spec.pan = addRecognizer(pan)
        panels.append(spec)
        return index
    }

    /// The panel whose surface is `v`, if any.
    public func panel(of v: ViewID) -> Int? { panels.firstIndex { $0.view == v } }
}
