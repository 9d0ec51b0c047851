import SeededRandom
import TouchEngine

/// A random composition: containers (plain views and scroll views, sometimes nested scroll views) stacking
/// children along an axis, leaves drawn from `options.kindMix`, up to `options.depth` levels below the root
/// with `options.fanOut` children per container. Frames are realistic sizes stacked inside their parent;
/// now and then a child sticks out of its parent's bounds (the H2 "visible but untappable" pattern).
enum RandomTemplate {
    /// Views stop being added past this count (the engine runs these trees millions of times).
    static let viewBudget = 140

    struct Context {
        var rng: SplitMix64
        var depth: Int
        var kinds: [ViewKind]
        var weights: [Double]
        var counters: [String: Int] = [:]

        mutating func name(_ base: String) -> String {
            let n = (counters[base] ?? 0) + 1
            counters[base] = n
            return base + String(n)
        }
    }

    static func build(_ b: inout TreeBuilder) {
        var rng = b.stream()
        let r = b.root()
        let depth = rng.count(b.options.depth, atLeast: 1, atMost: 6)
        // Dictionary lookups only, in `ViewKind.allCases` order: no hashing order reaches the output.
        var kinds: [ViewKind] = [], weights: [Double] = []
        for kind in ViewKind.allCases {
            if let w = b.options.kindMix[kind], w > 0, w.isFinite { kinds.append(kind); weights.append(w) }
        }
        if kinds.isEmpty { kinds = [.button, .view]; weights = [1, 1] }
        let hasNavBar = rng.chance(0.5)
        let top = hasNavBar ? Metrics.top : Metrics.statusBar
        var context = Context(rng: rng, depth: depth, kinds: kinds, weights: weights)
        // The screen's main container (level 1): a vertical scroll view or a plain content view below the bars.
        let mainIsScroll = context.rng.chance(0.6)
        let frame = Rect(0, top, Metrics.width, Metrics.height - top - (mainIsScroll ? 0 : Metrics.homeIndicator))
        container(
            &b, &context, kind: mainIsScroll ? .scrollView : .view, frame: frame, parent: r, axis: .vertical, level: 1,
            scrolling: false, parentScrolls: nil, name: "Main", forcedAxis: .vertical)
        if hasNavBar { b.navigationBar(in: r, rng: &context.rng, back: context.rng.chance(0.5), trailing: "Action") }
    }

    /// Stacks children of `parent` inside `area` (the parent's bounds coordinates) along `axis`. In a scroll
    /// view (`scrolling`) the stack may run past the area: the caller sizes the content to the returned extent.
    static func fill(
        _ b: inout TreeBuilder, _ c: inout Context, parent: ViewID, area: Rect, axis: Axis, level: Int,
        scrolling: Bool, parentScrolls: Axis?, until: Double? = nil
    ) -> Double {
        let count = c.rng.count(b.options.fanOut, atLeast: 1, atMost: 12)
        let cross: Axis = axis == .vertical ? .horizontal : .vertical
        let gap = c.rng.pt(8 ... 16)
        var cursor = area.origin[axis] + gap
        let limit = area.origin[axis] + (scrolling ? 2400 : area.size[axis])
        var index = 0
        // `fanOut` children, or more until the stack reaches `until` (a screen's main content, a scroll view's
        // overflowing content), never more than 24.
        while index < count || (until.map { cursor < area.origin[axis] + $0 } ?? false) {
            guard index < 24, b.scene.views.count < viewBudget else { break }
            index += 1
            var kind = c.kinds[c.rng.weighted(c.weights)]
            let canNest = level <= c.depth
            let isContainer: Bool
            switch kind {
            case .view: isContainer = canNest && c.rng.chance(0.7)
            case .scrollView, .tableView, .collectionView: isContainer = canNest
            default: isContainer = false
            }
            if !isContainer && (kind == .scrollView || kind == .tableView || kind == .collectionView) { kind = .view }
            let crossRoom = area.size[cross] - 2 * Metrics.margin
            guard crossRoom >= 44 else { break }

            // Size along the stack (main) and across it.
            var main: Double, across: Double
            if isContainer {
                if kind.isScrollView {
                    main = axis == .vertical ? c.rng.pt(140 ... 360) : c.rng.pt(200 ... 320)
                } else {
                    main = c.rng.pt(120 ... 320)
                }
                across = crossRoom
            } else {
                let size = leafSize(kind, crossRoom: crossRoom, axis: axis, rng: &c.rng)
                main = size[axis]; across = size[cross]
            }
            if cursor + main > limit {
                guard !scrolling, limit - cursor >= 44 else { break }
                main = limit - cursor // the last child takes what is left
            }
            var crossPosition = area.origin[cross] + Metrics.margin + (c.rng.chance(0.5) ? 0 : (crossRoom - across).rounded(.down))
            if !isContainer && c.rng.chance(0.08) {
                // Sticks out of the parent: only the part inside stays tappable (H2).
                crossPosition = area.origin[cross] + area.size[cross] - across + c.rng.pt(10 ... 40)
            }
            var origin = Point.zero
            origin[axis] = cursor
            origin[cross] = crossPosition
            var size = Point.zero
            size[axis] = main
            size[cross] = across
            let frame = Rect(origin: origin, size: Size(size.x, size.y))
            cursor += main + gap

            if isContainer {
                container(
                    &b, &c, kind: kind, frame: frame, parent: parent, axis: axis, level: level, scrolling: scrolling,
                    parentScrolls: parentScrolls)
            } else {
                leaf(&b, &c, kind: kind, frame: frame, parent: parent, scrolling: scrolling)
            }
        }
        return cursor
    }

    static func container(
        _ b: inout TreeBuilder, _ c: inout Context, kind: ViewKind, frame: Rect, parent: ViewID, axis: Axis,
        level: Int, scrolling: Bool, parentScrolls: Axis?, name: String? = nil, forcedAxis: Axis? = nil
    ) {
        if !kind.isScrollView {
            let box = b.view(name ?? c.name("Box"), .view, frame, in: parent)
            if scrolling { b.markEmpty(box) }
            let stack = forcedAxis ?? (c.rng.chance(0.8) ? .vertical : .horizontal)
            // The screen's main content view is filled to most of its height.
            _ = fill(
                &b, &c, parent: box, area: Rect(0, 0, frame.size.width, frame.size.height), axis: stack,
                level: level + 1, scrolling: false, parentScrolls: parentScrolls, until: level == 1 ? frame.size.height * 0.7 : nil)
            return
        }
        // A scroll view: across its parent's scroll axis when nested (a carousel in a feed), else mostly vertical.
        let scrollAxis: Axis
        if let forcedAxis {
            scrollAxis = forcedAxis
        } else if kind == .tableView {
            scrollAxis = .vertical
        } else if let outer = parentScrolls {
            scrollAxis = c.rng.chance(0.7) ? (outer == .vertical ? .horizontal : .vertical) : outer
        } else {
            scrollAxis = c.rng.chance(0.7) ? .vertical : .horizontal
        }
        let base = kind == .tableView ? "Table" : kind == .collectionView ? "Collection" : "Scroll"
        let sv = b.view(name ?? c.name(base), kind, frame, in: parent) {
            if c.rng.chance(0.3) {
                if scrollAxis == .vertical { $0.scroll?.alwaysBounceVertical = true } else { $0.scroll?.alwaysBounceHorizontal = true }
            }
        }
        let extent: Double
        if kind == .tableView {
            // A table holds cells.
            var y = 0.0
            let rows = max(c.rng.count(b.options.fanOut, atLeast: 2, atMost: 10), Int(frame.size.height / 60) + c.rng.int(0 ... 4))
            for _ in 0 ..< min(rows, 20) {
                guard b.scene.views.count < viewBudget else { break }
                let h = c.rng.pt(44 ... 80)
                leaf(&b, &c, kind: .cell, frame: Rect(0, y, frame.size.width, h), parent: sv, scrolling: true)
                y += h
            }
            extent = y
        } else {
            // Scroll views exist because their content overflows: mostly 1.2–3 frames of it, sometimes less.
            let overflow = c.rng.chance(0.8) ? frame.size[scrollAxis] * c.rng.double(1.2 ... 3) : nil
            extent = fill(
                &b, &c, parent: sv, area: Rect(0, 0, frame.size.width, frame.size.height), axis: scrollAxis, level: level + 1,
                scrolling: true, parentScrolls: scrollAxis, until: overflow)
        }
        let content = scrollAxis == .vertical ? Size(frame.size.width, max(extent, 0)) : Size(max(extent, 0), frame.size.height)
        let offset: Point =
            content[scrollAxis] > frame.size[scrollAxis] && c.rng.chance(0.3)
            ? (scrollAxis == .vertical
                ? Point(0, c.rng.pt(0 ... Int(content.height - frame.size.height)))
                : Point(c.rng.pt(0 ... Int(content.width - frame.size.width)), 0))
            : .zero
        b.scene.modifyView(sv) {
            $0.scroll?.contentSize = content
            $0.boundsOrigin = offset
        }
    }

    static func leafSize(_ kind: ViewKind, crossRoom: Double, axis: Axis, rng: inout SplitMix64) -> Size {
        func fit(_ w: Double) -> Double { min(w, crossRoom) }
        let size: Size
        switch kind {
        case .button: size = Size(fit(rng.pt(64 ... 200)), 44)
        case .control: size = Size(fit(rng.pt(44 ... 120)), rng.pt(44 ... 80))
        case .switch: size = Metrics.switchSize
        case .slider: size = Size(fit(rng.pt(150 ... 320)), Metrics.sliderHeight)
        case .stepper: size = Metrics.stepperSize
        case .segmentedControl: size = Size(fit(rng.pt(150 ... 300)), Metrics.segmentedHeight)
        case .pageControl: size = Size(fit(rng.pt(100 ... 160)), Metrics.pageControlHeight)
        case .textField: size = Size(fit(rng.pt(200 ... 358)), rng.pt(34 ... 44))
        case .textView: size = Size(fit(rng.pt(200 ... 358)), rng.pt(100 ... 200))
        case .label: size = Size(fit(rng.pt(80 ... 250)), rng.pt(20 ... 44))
        case .imageView: let s = rng.pt(40 ... 120); size = Size(fit(s), s)
        case .cell: size = Size(crossRoom, rng.pt(44 ... 80))
        default: size = Size(crossRoom, rng.pt(40 ... 120))
        }
        // Stacked horizontally, widths run along the stack.
        return axis == .vertical ? size : Size(min(size.width, 240), min(size.height, crossRoom))
    }

    static func leaf(_ b: inout TreeBuilder, _ c: inout Context, kind: ViewKind, frame: Rect, parent: ViewID, scrolling: Bool) {
        switch kind {
        case .cell:
            let name = c.name("Cell")
            let cell = b.view(name, .cell, frame, in: parent)
            b.view(name + ".Label", .label, Rect(Metrics.margin, (frame.size.height - 20) / 2, min(200, frame.size.width / 2), 20), in: cell)
            if c.rng.chance(0.4) && frame.size.width >= 120 {
                b.view(name + ".Button", .button, Rect(frame.size.width - Metrics.margin - 44, ((frame.size.height - 44) / 2).rounded(.down), 44, 44), in: cell)
            }
        case .textView:
            b.view(c.name("Text"), .textView, frame, in: parent) {
                $0.scroll?.contentSize = Size(frame.size.width, c.rng.chance(0.5) ? frame.size.height : frame.size.height + c.rng.pt(40 ... 300))
            }
        case .view:
            let v = b.view(c.name("Panel"), .view, frame, in: parent)
            if scrolling { b.markEmpty(v) }
        default:
            let base: String
            switch kind {
            case .button: base = "Button"
            case .control: base = "Control"
            case .switch: base = "Switch"
            case .slider: base = "Slider"
            case .stepper: base = "Stepper"
            case .segmentedControl: base = "Segments"
            case .pageControl: base = "Pages"
            case .textField: base = "Field"
            case .label: base = "Label"
            case .imageView: base = "Image"
            default: base = "View"
            }
            b.view(c.name(base), kind, frame, in: parent) {
                switch kind {
                case .switch: $0.value = c.rng.chance(0.5) ? 1 : 0
                case .slider: $0.value = (c.rng.double(0 ... 1) * 100).rounded() / 100
                default: break
                }
            }
        }
    }
}
