import TouchEngine

/// A mail-style pager: a horizontal paging scroll view of 2–4 pages, each page a child view controller whose
/// view is a vertical table of message cells. Some cells carry a pan recognizer for swipe-to-delete whose
/// delegate lets it begin only on mostly horizontal movement (`gestureRecognizerShouldBegin(_:)` comparing the
/// pan's velocity components, G11), as UITableView's own swipe actions and shipped apps do (docs/templates.md):
/// a vertical drag on such a row scrolls its page. A pan that begins in every direction is not a pattern apps
/// ship; `swipePans.beginsInAnyDirection: true` asks "what if" (it then swallows vertical scrolls that start on
/// the row, touch-model §13 B3/B7, golden BUG-02). Cells are loaded for the current page and its neighbours
/// only, as a page view controller does.
enum PagerTemplate {
    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        let hasTabBar = rng.chance(0.5)
        let bottom = hasTabBar ? Metrics.tabBar + Metrics.homeIndicator : 0
        let tabsHeight = 44.0
        let frame = Rect(0, Metrics.top + tabsHeight, Metrics.width, Metrics.height - Metrics.top - tabsHeight - bottom)
        let pages = rng.int(2 ... 4)
        let current = rng.int(0 ... pages - 1)

        let pager = b.view("Pager", .scrollView, frame, in: r) {
            $0.scroll?.contentSize = Size(Metrics.width * Double(pages), frame.size.height)
            $0.scroll?.isPagingEnabled = true
            $0.boundsOrigin = Point(Metrics.width * Double(current), 0)
        }
        for p in 0 ..< pages {
            let heights = (0 ..< rng.count(b.options.rows, atLeast: 1, atMost: 500)).map { _ in rng.pt(64 ... 84) }
            let rows = ListLayout.rows(heights: heights, top: 0)
            let content = heights.reduce(0, +)
            let offset = p == current ? ListLayout.offset(content: content, visible: frame.size.height, rng: &rng) : 0
            let name = "Page\(p + 1)"
            let table = b.view(name, .tableView, Rect(Metrics.width * Double(p), 0, Metrics.width, frame.size.height), in: pager) {
                $0.scroll?.contentSize = Size(Metrics.width, content)
                $0.boundsOrigin = Point(0, offset)
            }
            b.controller(name + "VC", for: table)
            guard abs(p - current) <= 1 else { continue }
            let loaded = ListLayout.onScreen(rows, offset: offset, visible: frame.size.height)
            var swipes = loaded.map { _ in rng.chance(0.35) }
            // The template promises at least one swipe-to-delete cell on the current page.
            if p == current && !loaded.isEmpty && !swipes.contains(true) { swipes[rng.int(0 ... loaded.count - 1)] = true }
            for (k, row) in loaded.enumerated() {
                let cellName = "P\(p + 1).Cell\(row.index + 1)"
                let h = row.height
                let cell = b.view(cellName, .cell, Rect(0, row.y, Metrics.width, h), in: table) { $0.className = "UITableViewCell" }
                b.view(cellName + ".Sender", .label, Rect(Metrics.margin, 10, 240, 20), in: cell)
                b.view(cellName + ".Preview", .label, Rect(Metrics.margin, 34, 300, 18), in: cell)
                if rng.chance(0.3) {
                    b.view(cellName + ".Flag", .button, Rect(Metrics.width - Metrics.margin - 44, ((h - 44) / 2).rounded(.down), 44, 44), in: cell)
                }
                if swipes[k] {
                    b.recognizer(cellName + ".swipe", .pan(minimumTouches: 1, maximumTouches: .max), on: cell, role: .swipePan) {
                        $0.policies.shouldBegin = .horizontal
                    }
                }
            }
        }
        // Page titles under the navigation bar (in front of nothing: the pager starts below them).
        let tabs = b.view("Tabs", .view, Rect(0, Metrics.top, Metrics.width, tabsHeight), in: r)
        let w = (Metrics.width / Double(pages)).rounded(.down)
        for p in 0 ..< pages { b.view("Tabs.Page\(p + 1)", .button, Rect(Double(p) * w, 0, w, tabsHeight), in: tabs) }
        b.navigationBar(in: r, rng: &rng, back: false, trailing: "Compose")
        if hasTabBar { b.tabBar(in: r, rng: &rng) }
    }
}
