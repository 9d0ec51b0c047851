import SeededRandom
import TouchEngine

/// A settings screen: an inset-grouped table of sections, each a header and cells holding a trailing
/// control — switches, segmented controls, steppers, disclosure buttons — plus a tips card with a page
/// control and sometimes a full-width destructive button ("Sign Out").
enum SettingsTemplate {
    enum Accessory: CaseIterable { case `switch`, segmented, stepper, button, pageControl, none }

    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        let hasTabBar = rng.chance(0.4)
        let bottom = hasTabBar ? Metrics.tabBar + Metrics.homeIndicator : 0
        let frame = Rect(0, Metrics.top, Metrics.width, Metrics.height - Metrics.top - bottom)

        // Plan sections of rows; one row of each promised kind (segmented, page control) in the first section.
        struct Row { var section: Int; var accessory: Accessory; var y: Double; var height: Double }
        var rows: [Row] = []
        var headers: [(Int, Double)] = []
        let sections = rng.int(2 ... 4)
        var y = 16.0
        for s in 0 ..< sections {
            headers.append((s, y))
            y += 38
            let count = rng.count(b.options.controls, atLeast: s == 0 ? 3 : 1, atMost: 12)
            var kinds = (0 ..< count).map { _ in [Accessory.switch, .segmented, .stepper, .button, .none][rng.weighted([5, 2, 1, 2, 2])] }
            if s == 0 {
                kinds[0] = .segmented
                kinds[1] = .pageControl
                // Shuffle within the first four rows only: they stay on screen.
                let head = min(4, kinds.count)
                let perm = rng.permutation(head)
                kinds.replaceSubrange(0 ..< head, with: perm.map { kinds[$0] })
            }
            for kind in kinds {
                let h = kind == .pageControl ? rng.pt(120 ... 160) : kind == .segmented ? 56 : rng.pt(44 ... 52)
                rows.append(Row(section: s, accessory: kind, y: y, height: h))
                y += h
            }
            y += 20
        }
        let signOut = rng.chance(0.5)
        let signOutY = y
        if signOut { y += 44 + 20 }
        let contentHeight = y + 20
        // Keep the first section on screen (offset at most to its header).
        let maxOffset = min(max(0, contentHeight - frame.size.height), 16)
        let offset = maxOffset > 0 && rng.chance(0.3) ? Double(rng.int(0 ... Int(maxOffset))) : 0

        let table = b.view("Settings", .tableView, frame, in: r) {
            $0.scroll?.contentSize = Size(Metrics.width, contentHeight)
            $0.boundsOrigin = Point(0, offset)
        }
        let cellX = Metrics.margin, cellW = Metrics.width - 2 * Metrics.margin
        var rowIndex = 0
        var nextHeader = 0
        func visible(_ top: Double, _ h: Double) -> Bool { top + h > offset && top < offset + frame.size.height }
        for row in rows {
            while nextHeader < headers.count && headers[nextHeader].1 <= row.y {
                let (s, hy) = headers[nextHeader]
                nextHeader += 1
                guard visible(hy, 38) else { continue }
                let header = b.view("Section\(s + 1)", .view, Rect(0, hy, Metrics.width, 38), in: table)
                b.view("Section\(s + 1).Title", .label, Rect(cellX + 16, 14, 200, 18), in: header)
                b.markEmpty(header)
            }
            rowIndex += 1
            guard visible(row.y, row.height) else { continue }
            let name = "S\(row.section + 1).Row\(rowIndex)"
            let h = row.height
            let cell = b.view(name, .cell, Rect(cellX, row.y, cellW, h), in: table) { $0.className = "UITableViewCell" }
            if row.accessory != .pageControl { b.view(name + ".Label", .label, Rect(16, (h - 20) / 2, 150, 20), in: cell) }
            accessory(row.accessory, of: name, in: cell, width: cellW, height: h, &b, &rng)
        }
        if signOut && visible(signOutY, 44) {
            b.view("SignOut", .button, Rect(cellX, signOutY, cellW, 44), in: table)
        }
        b.navigationBar(in: r, rng: &rng, back: rng.chance(0.5))
        if hasTabBar { b.tabBar(in: r, rng: &rng) }
    }

    /// A row's trailing control (or a tips card with its page control), in its cell of `width` × `height`.
    static func accessory(
        _ kind: Accessory, of name: String, in cell: ViewID, width cellW: Double, height h: Double, _ b: inout TreeBuilder,
        _ rng: inout SplitMix64
    ) {
        let trailing = cellW - 16
        switch kind {
        case .switch:
            let s = Metrics.switchSize
            b.view(name + ".Switch", .switch, Rect(trailing - s.width, (h - s.height) / 2, s.width, s.height), in: cell) {
                $0.value = rng.chance(0.5) ? 1 : 0
            }
        case .segmented:
            let w = rng.pt(150 ... 180)
            b.view(name + ".Segments", .segmentedControl, Rect(trailing - w, (h - Metrics.segmentedHeight) / 2, w, Metrics.segmentedHeight), in: cell) {
                $0.value = Double(rng.int(0 ... 2))
            }
        case .stepper:
            let s = Metrics.stepperSize
            b.view(name + ".Stepper", .stepper, Rect(trailing - s.width, (h - s.height) / 2, s.width, s.height), in: cell) {
                $0.value = Double(rng.int(0 ... 10))
            }
        case .button:
            b.view(name + ".Detail", .button, Rect(trailing - 80, ((h - 44) / 2).rounded(.down), 80, 44), in: cell)
        case .pageControl:
            b.view(name + ".Tips", .imageView, Rect(16, 12, cellW - 32, h - 12 - 34), in: cell)
            b.view(name + ".Pages", .pageControl, Rect((cellW - 120) / 2, h - 30, 120, Metrics.pageControlHeight), in: cell) {
                $0.value = Double(rng.int(0 ... 3))
            }
        case .none:
            break
        }
    }
}
