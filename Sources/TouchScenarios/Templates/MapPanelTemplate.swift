import TouchEngine

/// A map with a library bottom panel over it (touch-model-system K4; docs/templates.md), as store locators,
/// ride and delivery apps ship it with scenee/FloatingPanel or slackhq/PanModal:
///
/// * `R` (controller `VC`): `Map`, a scroll view panning both ways (the map's own pan as a scroll view's), with
///   Locate and Layers buttons at the top right.
/// * `FP`, the panel's surface (controller `PanelVC`), with a grabber area `FP.Grabber` and the tracked list
///   `FP.List` (`track(scrollView:)` / `panScrollable`). FloatingPanel (about 60%): states full / half / tip at tops
///   100 / 422 / 760, shown at half or full, no removal. PanModal: long form (top 112, the top guide + 21 pt) and
///   short form (422), drag to dismiss on, shown at either. The list is at its top, or scrolled when the panel is
///   at its most expanded state.
enum MapPanelTemplate {
    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        b.view("Map", .scrollView, Rect(0, 0, Metrics.width, Metrics.height), in: r) {
            $0.scroll?.contentSize = Size(3000, 3000)
            $0.boundsOrigin = Point(1300, 1100)
        }
        b.view("Locate", .button, Rect(Metrics.width - 60, Metrics.statusBar + 8, 44, 44), in: r)
        b.view("Layers", .button, Rect(Metrics.width - 112, Metrics.statusBar + 8, 44, 44), in: r)

        let floating = rng.chance(0.6)
        // Drawn from a stream of its own, so the draws below are those of a panel with a tip.
        var layout = b.stream()
        let tip = layout.chance(0.5)
        let states =
            floating
            ? [PanelState(name: "full", top: 100), PanelState(name: "half", top: 422)] + (tip ? [PanelState(name: "tip", top: 760)] : [])
            : [PanelState(name: "longForm", top: Metrics.statusBar + 65), PanelState(name: "shortForm", top: 422)]
        var spec = PanelSpec(view: 0, policy: floating ? .floatingPanel : .panModal, states: states)
        spec.initialState = rng.chance(0.6) ? 1 : 0
        let top = states[spec.initialState].top
        let surface = b.view("FP", .view, Rect(0, top, Metrics.width, Metrics.height - states[0].top), in: r) {
            $0.className = PanelPolicy.surfaceClassName(spec.policy)
        }
        b.controller("PanelVC", for: surface)
        b.occluders.append(surface)
        b.view("FP.Grabber", .view, Rect(0, 0, Metrics.width, spec.grabberHeight), in: surface)
        let listFrame = Rect(0, spec.grabberHeight, Metrics.width, Metrics.height - states[0].top - spec.grabberHeight)
        let heights = (0 ..< rng.count(b.options.rows, atLeast: 12)).map { _ in rng.pt(60 ... 76) }
        let rows = ListLayout.rows(heights: heights, top: 0)
        let content = (rows.last.map { $0.y + $0.height } ?? 0) + Metrics.homeIndicator
        // The part of the list on screen at the shown state; scrolled only at the most expanded state.
        let visible = Metrics.height - top - spec.grabberHeight
        let offset = spec.initialState == 0 ? ListLayout.offset(content: content, visible: listFrame.size.height, rng: &rng, atTop: 0.5) : 0
        let list = b.view("FP.List", .tableView, listFrame, in: surface) {
            $0.scroll?.contentSize = Size(Metrics.width, content)
            $0.boundsOrigin = Point(0, offset)
        }
        for row in ListLayout.onScreen(rows, offset: offset, visible: visible) {
            let name = "FP.Row\(row.index + 1)"
            let cell = b.view(name, .cell, Rect(0, row.y, Metrics.width, row.height), in: list) { $0.className = "UITableViewCell" }
            b.view(name + ".Title", .label, Rect(Metrics.margin, (row.height - 20) / 2, 240, 20), in: cell)
        }
        spec.view = surface
        spec.trackedScrollView = list
        b.panels.append(spec)
    }
}
