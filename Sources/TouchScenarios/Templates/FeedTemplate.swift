import TouchEngine

/// A social feed: a table of 60–90 pt cells under a navigation bar (and sometimes above a tab bar). Each cell
/// has a like button, some a switch (e.g. "follow"); about a quarter carry a long-press recognizer (context
/// menu) and about 15% a tap recognizer that handles the tap instead of the table's selection.
enum FeedTemplate {
    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        let hasTabBar = rng.chance(0.5)
        let bottom = hasTabBar ? Metrics.tabBar + Metrics.homeIndicator : 0
        let tableFrame = Rect(0, Metrics.top, Metrics.width, Metrics.height - Metrics.top - bottom)

        // Plan every row; only rows on screen become cells (table reuse).
        let rowCount = rng.count(b.options.rows, atLeast: 1, atMost: 500)
        let headerHeight = rng.chance(0.6) ? rng.pt(44 ... 120) : 0
        let heights = (0 ..< rowCount).map { _ in rng.pt(60 ... 90) }
        let rows = ListLayout.rows(heights: heights, top: headerHeight)
        let contentHeight = headerHeight + heights.reduce(0, +)
        let offset = ListLayout.offset(content: contentHeight, visible: tableFrame.size.height, rng: &rng)
        let visible = ListLayout.onScreen(rows, offset: offset, visible: tableFrame.size.height)

        // Per visible cell: switch, recognizer (0 none, 1 long press, 2 tap, 3 double tap to like), avatar.
        var switches = visible.map { _ in rng.chance(0.35) }
        var recognizers = visible.map { _ -> Int in
            let x = rng.double(0 ... 1)
            return x < 0.15 ? 2 : x < 0.40 ? 1 : x < 0.60 ? 3 : 0
        }
        let avatars = visible.map { _ in rng.chance(0.6) }
        // The template promises at least one switch and one long-press cell on screen.
        if !visible.isEmpty {
            if !switches.contains(true) { switches[rng.int(0 ... visible.count - 1)] = true }
            if !recognizers.contains(1) {
                let candidates = visible.indices.filter { recognizers[$0] == 0 }
                recognizers[candidates.isEmpty ? rng.int(0 ... visible.count - 1) : rng.pick(candidates)] = 1
            }
        }

        let feed = b.view("Feed", .tableView, tableFrame, in: r) {
            $0.scroll?.contentSize = Size(Metrics.width, contentHeight)
            $0.boundsOrigin = Point(0, offset)
        }
        if headerHeight > 0 {
            let header = b.view("Feed.Header", .view, Rect(0, 0, Metrics.width, headerHeight), in: feed)
            b.view("Feed.Header.Title", .label, Rect(Metrics.margin, 12, 240, 22), in: header)
            b.markEmpty(header)
        }
        for (k, row) in visible.enumerated() {
            let name = "Cell\(row.index + 1)"
            let h = row.height
            let cell = b.view(name, .cell, Rect(0, row.y, Metrics.width, h), in: feed) { $0.className = "UITableViewCell" }
            let content = b.view(name + ".Content", .view, Rect(0, 0, Metrics.width, h), in: cell) {
                $0.className = "UITableViewCellContentView"
            }
            let textX = avatars[k] ? 72.0 : Metrics.margin
            if avatars[k] { b.view(name + ".Avatar", .imageView, Rect(Metrics.margin, ((h - 40) / 2).rounded(.down), 40, 40), in: content) }
            b.view(name + ".Title", .label, Rect(textX, 10, 200, 20), in: content)
            b.view(name + ".Subtitle", .label, Rect(textX, 34, 200, 18), in: content)
            let likeX = Metrics.width - Metrics.margin - 44
            b.view(name + ".Like", .button, Rect(likeX, ((h - 44) / 2).rounded(.down), 44, 44), in: content)
            if switches[k] {
                let s = Metrics.switchSize
                b.view(name + ".Switch", .switch, Rect(likeX - 8 - s.width, ((h - s.height) / 2).rounded(.down), s.width, s.height), in: content) {
                    $0.value = rng.chance(0.5) ? 1 : 0
                }
            }
            switch recognizers[k] {
            case 1: b.recognizer(name + ".longPress", .longPress(touches: 1), on: cell, role: .longPress)
            case 2: b.recognizer(name + ".tap", .tap(taps: 1, touches: 1), on: cell, role: .cellTap)
            // Double tap to like (photo feeds): not vetoed by the Like button, it holds its touchesEnded (B5).
            case 3: b.recognizer(name + ".doubleTap", .tap(taps: 2, touches: 1), on: cell, role: .doubleTap)
            default: break
            }
        }
        b.navigationBar(in: r, rng: &rng, back: rng.chance(0.5), trailing: "Compose")
        if hasTabBar { b.tabBar(in: r, rng: &rng) }
    }
}
