import SeededRandom
import TouchEngine

/// A detail screen pushed on a `UINavigationController` (touch-model-system N11; docs/templates.md), as product,
/// album and stock pages ship it:
///
/// * `NC`, the navigation controller's view (controller `Nav`), stack depth 2–3, over the pushed screen's root `R`
///   (controller `VC`) and its visible bar `NavBar` with the system back button. Its back swipes `NC.edge` and
///   `NC.content` follow N2–N10 (the content pop from iOS 26).
/// * At the left edge, where the back swipe starts: a horizontal gallery (`Gallery`, a collection view of photo
///   cells as the App Store's screenshots row) at its start or scrolled; in about half the screens a chart
///   (`Chart`) that reads its own touches to scrub horizontally (Stocks, fitness apps; B17's chart scrub).
/// * In about 60 % of the screens a bottom toolbar (`Toolbar`) of 3–4 buttons, the first 8 pt from the left edge
///   (Safari's and Mail's toolbars; B16's late highlight under the back swipe's `delaysTouchesBegan`).
/// * Below, a table (`List`) of rows. In about half the screens the rows have a swipe-to-delete pan (Mail-style,
///   beginning on mostly horizontal movement: B14's row swipe); some rows hold a slider starting 16–20 pt from
///   the left edge (B15: volume, brightness) or a leading button 8–16 pt from it (B16: a play or check button).
enum PushedScreenTemplate {
    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let full = Rect(0, 0, Metrics.width, Metrics.height)
        let nc = b.view("NC", .view, full, in: nil) { $0.className = "UILayoutContainerView" }
        b.controller("Nav", for: nc)
        let r = b.view("R", .view, full, in: nc)
        b.controller("VC", for: r)
        var y = Metrics.top + 8

        y += gallery(&b, in: r, top: y, rng: &rng) + 8

        if rng.chance(0.5) {
            let h = rng.pt(140 ... 180)
            let chart = b.view("Chart", .view, Rect(0, y, Metrics.width, h), in: r) {
                $0.className = "ChartView"
                $0.touches = .logs
            }
            b.canvases.append(chart)
            y += h + 8
        }

        // In most screens a bottom toolbar whose first item sits 8 pt from the left edge (Safari's and Mail's
        // toolbars; B16: inside the back swipe's region).
        let toolbarHeight = rng.chance(0.6) ? 49.0 : 0
        // The list to the toolbar or the bottom, its rows on screen instantiated.
        let listFrame = Rect(0, y, Metrics.width, Metrics.height - Metrics.homeIndicator - toolbarHeight - y)
        let heights = (0 ..< rng.count(b.options.rows, atLeast: 8)).map { _ in rng.pt(56 ... 72) }
        let rows = ListLayout.rows(heights: heights, top: 0)
        let content = (rows.last.map { $0.y + $0.height } ?? 0) + Metrics.homeIndicator
        let offset = ListLayout.offset(content: content, visible: listFrame.size.height, rng: &rng, atTop: 0.7)
        let list = b.view("List", .tableView, listFrame, in: r) {
            $0.scroll?.contentSize = Size(Metrics.width, content)
            $0.boundsOrigin = Point(0, offset)
        }
        let swipeRows = rng.chance(0.5)
        for row in ListLayout.onScreen(rows, offset: offset, visible: listFrame.size.height) {
            let name = "Row\(row.index + 1)"
            let cell = b.view(name, .cell, Rect(0, row.y, Metrics.width, row.height), in: list) { $0.className = "UITableViewCell" }
            switch rng.int(0 ... 5) {
            case 0:
                let x = rng.pt(16 ... 20)
                b.view(
                    name + ".Slider", .slider, Rect(x, ((row.height - Metrics.sliderHeight) / 2).rounded(.down), Metrics.width - x - 60, Metrics.sliderHeight),
                    in: cell)
            case 1:
                b.view(name + ".Play", .button, Rect(rng.pt(8 ... 16), ((row.height - 44) / 2).rounded(.down), 44, 44), in: cell)
            default:
                b.view(name + ".Title", .label, Rect(Metrics.margin, (row.height - 20) / 2, 240, 20), in: cell)
            }
            if swipeRows {
                b.recognizer(name + ".swipe", .pan(minimumTouches: 1, maximumTouches: 1), on: cell, role: .swipePan) {
                    $0.policies.shouldBegin = .horizontal
                }
            }
        }
        if toolbarHeight > 0 {
            let top = Metrics.height - Metrics.homeIndicator - toolbarHeight
            let toolbar = b.view("Toolbar", .view, Rect(0, top, Metrics.width, toolbarHeight + Metrics.homeIndicator), in: r) {
                $0.className = "UIToolbar"
            }
            let items = rng.int(3 ... 4), step = ((Metrics.width - 16 - 44) / Double(items - 1)).rounded(.down)
            for i in 0 ..< items {
                b.view("Toolbar.Item\(i + 1)", .button, Rect(8 + Double(i) * step, 2, 44, 44), in: toolbar)
            }
        }
        b.navigationBar(in: nc, rng: &rng, back: true)
        var navigation = NavigationSpec(view: nc)
        navigation.depth = rng.int(2 ... 3)
        navigation.bar = b.scene.view(named: "NavBar")
        b.navigations.append(navigation)
    }

    /// The gallery at the left edge, `top` pt down the screen: its height.
    static func gallery(_ b: inout TreeBuilder, in r: ViewID, top: Double, rng: inout SplitMix64) -> Double {
        // The gallery at the left edge: at its start most of the time, else scrolled.
        let itemWidth = rng.pt(220 ... 280), items = rng.int(4 ... 8), spacing = 8.0
        let galleryHeight = rng.pt(180 ... 220)
        let contentWidth = Metrics.margin * 2 + Double(items) * (itemWidth + spacing) - spacing
        let galleryOffset = rng.chance(0.6) ? 0 : Double(rng.int(40 ... Int(contentWidth - Metrics.width)))
        let gallery = b.view("Gallery", .collectionView, Rect(0, top, Metrics.width, galleryHeight), in: r) {
            $0.scroll?.contentSize = Size(contentWidth, galleryHeight)
            $0.boundsOrigin = Point(galleryOffset, 0)
        }
        for i in 0 ..< items {
            let x = Metrics.margin + Double(i) * (itemWidth + spacing)
            guard x + itemWidth > galleryOffset && x < galleryOffset + Metrics.width else { continue }
            b.view("Gallery.Item\(i + 1)", .cell, Rect(x, 0, itemWidth, galleryHeight), in: gallery) { $0.className = "UICollectionViewCell" }
        }
        return galleryHeight
    }
}
