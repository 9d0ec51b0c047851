import SeededRandom
import TouchEngine

/// A map or list screen with a drawer (seed 002, WWDC 2014-235, golden SV-18): content below, and above it a
/// full-screen transparent scroll view `Sheet` whose content is the drawer panel plus empty space, scrolled so
/// the panel peeks in from the bottom (Maps style) or the top (a pull-down panel, SV-18's shape).
///
/// The overlay is built as apps ship it (docs/templates.md): its `hitTest` passes touches on its empty area
/// through to the content below (H3; Pulley's `PulleyPassthroughScrollView` does the same) and its
/// `panGestureRecognizer` is moved to `R` so a drag anywhere still scrolls it (§6.5) — seed 002's and WWDC
/// 2014-235's recipe, golden SV-18. The naive overlay that takes every touch below it (B12, the bug those
/// sources start from) is a "what if": `overlay.passThrough: false` and `overlay.panMoved: false`. Elements
/// below the overlay are listed, minus the part the opaque panel hides: a user sees them and aims at them.
enum DrawerTemplate {
    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        if rng.chance(0.5) {
            mapContent(&b, in: r, rng: &rng)
        } else {
            listContent(&b, in: r, rng: &rng)
        }

        let fromBottom = rng.chance(0.65)
        let panelHeight = rng.pt(fromBottom ? 360 ... 640 : 300 ... 560)
        let peek = rng.pt(fromBottom ? 120 ... 320 : 100 ... 240)
        let contentHeight = Metrics.height + panelHeight
        // Bottom drawer: empty space, then the panel; offset = peek shows `peek` points of it.
        // Top drawer: the panel, then empty space; offset = panelHeight − peek shows its last `peek` points.
        let panelY = fromBottom ? Metrics.height : 0
        let offset = fromBottom ? peek : panelHeight - peek
        let sheet = b.view("Sheet", .scrollView, Rect(0, 0, Metrics.width, Metrics.height), in: r) {
            $0.className = "OverlayScrollView"
            $0.scroll?.contentSize = Size(Metrics.width, contentHeight)
            $0.boundsOrigin = Point(0, offset)
            $0.hitTestOverride = .passThrough
            $0.scroll?.panHost = r
        }
        let panel = b.view("Sheet.Panel", .view, Rect(0, panelY, Metrics.width, panelHeight), in: sheet)
        b.markEmpty(panel)
        b.occluders.append(panel)
        // Panel content, laid out from the edge that peeks in.
        let grabberY = fromBottom ? 6.0 : panelHeight - 11
        b.view("Sheet.Grabber", .imageView, Rect((Metrics.width - 36) / 2, grabberY, 36, 5), in: panel)
        var items: [(String, ViewKind, Double, Double)] = [("Sheet.Search", .textField, 36, 0)]
        let rows = rng.count(b.options.rows, atLeast: 2, atMost: 6)
        for i in 0 ..< rows { items.append(("Sheet.Row\(i + 1)", .cell, rng.pt(52 ... 64), 0)) }
        if rng.chance(0.5) { items.append(("Sheet.Action", .button, 50, 0)) }
        var y = 20.0
        for i in items.indices { items[i].3 = y; y += items[i].2 + 8 }
        for (name, kind, h, itemY) in items where itemY + h <= panelHeight - 8 {
            let top = fromBottom ? itemY : panelHeight - itemY - h
            switch kind {
            case .cell:
                let cell = b.view(name, .cell, Rect(0, top, Metrics.width, h), in: panel)
                b.view(name + ".Title", .label, Rect(Metrics.margin, (h - 20) / 2, 220, 20), in: cell)
                if rng.chance(0.4) {
                    b.view(name + ".Go", .button, Rect(Metrics.width - Metrics.margin - 44, ((h - 44) / 2).rounded(.down), 44, 44), in: cell)
                }
            default:
                b.view(name, kind, Rect(Metrics.margin, top, Metrics.width - 2 * Metrics.margin, h), in: panel)
            }
        }
        b.overlays.append(sheet)
        b.overlayPanHosts.append(r)
    }

    /// A map: a plain canvas with tappable pins and a few floating buttons.
    static func mapContent(_ b: inout TreeBuilder, in r: ViewID, rng: inout SplitMix64) {
        let map = b.view("Map", .view, Rect(0, 0, Metrics.width, Metrics.height), in: r) { $0.className = "MKMapView" }
        let pins = rng.count(b.options.controls, atLeast: 2, atMost: 8)
        for i in 0 ..< pins {
            let x = rng.pt(16 ... 330), y = rng.pt(110 ... 520)
            b.view("Map.Pin\(i + 1)", .button, Rect(x, y, 44, 44), in: map) { $0.className = "MKAnnotationView" }
        }
        b.view("Map.Locate", .button, Rect(Metrics.width - 60, Metrics.statusBar + 8, 44, 44), in: map)
        b.view("Map.Layers", .button, Rect(Metrics.width - 60, Metrics.statusBar + 60, 44, 44), in: map)
    }

    /// A list under a navigation bar.
    static func listContent(_ b: inout TreeBuilder, in r: ViewID, rng: inout SplitMix64) {
        let frame = Rect(0, Metrics.top, Metrics.width, Metrics.height - Metrics.top)
        let heights = (0 ..< rng.count(b.options.rows, atLeast: 1, atMost: 500)).map { _ in rng.pt(44 ... 72) }
        let rows = ListLayout.rows(heights: heights, top: 0)
        let content = heights.reduce(0, +)
        let offset = ListLayout.offset(content: content, visible: frame.size.height, rng: &rng)
        let list = b.view("List", .tableView, frame, in: r) {
            $0.scroll?.contentSize = Size(Metrics.width, content)
            $0.boundsOrigin = Point(0, offset)
        }
        for row in ListLayout.onScreen(rows, offset: offset, visible: frame.size.height) {
            let name = "Item\(row.index + 1)"
            let cell = b.view(name, .cell, Rect(0, row.y, Metrics.width, row.height), in: list)
            b.view(name + ".Title", .label, Rect(Metrics.margin, (row.height - 20) / 2, 240, 20), in: cell)
            if rng.chance(0.5) {
                b.view(name + ".Info", .button, Rect(Metrics.width - Metrics.margin - 44, ((row.height - 44) / 2).rounded(.down), 44, 44), in: cell)
            }
        }
        b.navigationBar(in: r, rng: &rng, back: true, trailing: "Filter")
    }
}
