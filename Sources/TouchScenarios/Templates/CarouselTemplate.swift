import SeededRandom
import TouchEngine

/// A store front page (seed 002's shape): a vertical scroll view of sections, each a header with a
/// "See All" button over a horizontal collection view ("shelf") of item cells with a "Get" button, with
/// promotional banners and plain rows with buttons between the shelves.
enum CarouselTemplate {
    /// A block of the page's vertical content, top to bottom.
    enum Block {
        case shelf(itemWidth: Double, itemHeight: Double, items: Int), banner(Double), row(Double)

        /// The height it takes on the page, with its header and spacing.
        var height: Double {
            switch self {
            case let .shelf(_, h, _): return 44 + h + 16
            case let .banner(h): return h + 16
            case let .row(h): return h
            }
        }
    }

    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        let hasTabBar = rng.chance(0.6)
        let bottom = hasTabBar ? Metrics.tabBar + Metrics.homeIndicator : 0
        let frame = Rect(0, Metrics.top, Metrics.width, Metrics.height - Metrics.top - bottom)

        // Plan the vertical content: blocks stacked top to bottom.
        var blocks: [Block] = []
        let shelves = rng.int(1 ... 3)
        for s in 0 ..< shelves {
            if s > 0 || rng.chance(0.5) { blocks.append(rng.chance(0.5) ? .banner(rng.pt(120 ... 200)) : .row(rng.pt(56 ... 72))) }
            let width = rng.pt(100 ... 160)
            blocks.append(
                .shelf(
                    itemWidth: width, itemHeight: rng.pt(110 ... 200),
                    items: rng.count(b.options.rows, atLeast: 4, atMost: 16)))
        }
        for _ in 0 ..< rng.int(1 ... 4) { blocks.append(rng.chance(0.3) ? .banner(rng.pt(120 ... 200)) : .row(rng.pt(56 ... 72))) }
        let contentHeight = 8 + blocks.map(\.height).reduce(0, +)
        var offset = ListLayout.offset(content: contentHeight, visible: frame.size.height, rng: &rng, atTop: 0.7)
        // Keep at least one shelf (header and collection) fully on screen: the template promises a nested
        // horizontal collection a finger can reach.
        var shelfTops: [Double] = []
        var top = 8.0
        for block in blocks {
            if case .shelf = block { shelfTops.append(top) }
            top += block.height
        }
        let shelfHeight = { (i: Int) -> Double in
            var k = 0
            for block in blocks { if case .shelf = block { if k == i { return block.height }; k += 1 } }
            return 0
        }
        let onScreen = shelfTops.indices.contains { shelfTops[$0] >= offset && shelfTops[$0] + shelfHeight($0) <= offset + frame.size.height }
        if !onScreen {
            let maxOffset = max(0, contentHeight - frame.size.height)
            offset = min(maxOffset, max(0, rng.pick(shelfTops) - 8))
        }

        let home = b.view("Home", .scrollView, frame, in: r) {
            $0.scroll?.contentSize = Size(Metrics.width, contentHeight)
            $0.scroll?.alwaysBounceVertical = true
            $0.boundsOrigin = Point(0, offset)
        }
        var y = 8.0
        var shelf = 0, banner = 0, row = 0
        for block in blocks {
            switch block {
            case let .shelf(itemWidth, itemHeight, items):
                shelf += 1
                y += Self.shelf(shelf, top: y, itemWidth: itemWidth, itemHeight: itemHeight, items: items, in: home, &b, &rng)
            case let .banner(h):
                banner += 1
                let name = "Banner\(banner)"
                let view = b.view(name, .view, Rect(Metrics.margin, y, Metrics.width - 2 * Metrics.margin, h), in: home)
                b.view(name + ".Image", .imageView, Rect(0, 0, Metrics.width - 2 * Metrics.margin, h), in: view)
                b.view(name + ".Open", .button, Rect(Metrics.margin, h - 56, rng.pt(100 ... 160), 44), in: view)
                b.markEmpty(view)
                y += h + 16
            case let .row(h):
                row += 1
                let name = "Row\(row)"
                let view = b.view(name, .view, Rect(0, y, Metrics.width, h), in: home)
                b.view(name + ".Label", .label, Rect(Metrics.margin, (h - 20) / 2, 200, 20), in: view)
                b.view(name + ".Button", .button, Rect(Metrics.width - Metrics.margin - 80, ((h - 44) / 2).rounded(.down), 80, 44), in: view)
                b.markEmpty(view)
                y += h
            }
        }
        b.navigationBar(in: r, rng: &rng, back: false, trailing: "Account")
        if hasTabBar { b.tabBar(in: r, rng: &rng) }
    }

    /// Shelf `shelf` at `top`: its header with a "See All" button over a horizontal collection of item cells (some
    /// shelves scrolled); the height it takes.
    static func shelf(
        _ shelf: Int, top: Double, itemWidth: Double, itemHeight: Double, items: Int, in home: ViewID, _ b: inout TreeBuilder,
        _ rng: inout SplitMix64
    ) -> Double {
        let name = "Shelf\(shelf)"
        let header = b.view("Section\(shelf)", .view, Rect(0, top, Metrics.width, 44), in: home)
        b.view("Section\(shelf).Title", .label, Rect(Metrics.margin, 12, 220, 22), in: header)
        b.view("Section\(shelf).SeeAll", .button, Rect(Metrics.width - Metrics.margin - 64, 0, 64, 44), in: header)
        b.markEmpty(header)
        let spacing = rng.pt(8 ... 12)
        let collectionHeight = itemHeight + 16
        let contentWidth = 2 * Metrics.margin + Double(items) * (itemWidth + spacing) - spacing
        let shelfOffset =
            contentWidth > Metrics.width && rng.chance(0.3)
            ? Double(rng.int(0 ... Int(contentWidth - Metrics.width))) : 0
        let collection = b.view(name, .collectionView, Rect(0, top + 44, Metrics.width, collectionHeight), in: home) {
            $0.scroll?.contentSize = Size(contentWidth, collectionHeight)
            $0.boundsOrigin = Point(shelfOffset, 0)
        }
        for i in 0 ..< items {
            let x = Metrics.margin + Double(i) * (itemWidth + spacing)
            guard x + itemWidth > shelfOffset && x < shelfOffset + Metrics.width else { continue }
            let item = "\(name).Item\(i + 1)"
            let cell = b.view(item, .cell, Rect(x, 8, itemWidth, itemHeight), in: collection) {
                $0.className = "UICollectionViewCell"
            }
            b.view(item + ".Image", .imageView, Rect(0, 0, itemWidth, itemHeight - 44), in: cell)
            b.view(item + ".Get", .button, Rect(8, itemHeight - 40, min(72, itemWidth - 16), 32), in: cell)
        }
        return collectionHeight + 44 + 16
    }
}
