import SeededRandom
import TouchEngine

/// The system's gesture families (touch-model-system §0.2): a back swipe at a pushed screen's leading edge, pulls
/// of a sheet or panel, strokes in a canvas. Their intents are read from the base tree (the sheet's shown detent,
/// the panel's state), never from a configuration's axes.
enum SystemGestureFamilies {
    static func canAim(_ family: GestureFamily, kind: ElementKind) -> Bool {
        switch (family, kind) {
        case (.backSwipe, .navigation), (.pullDown, .sheet), (.pullDown, .panel), (.pullUp, .sheet), (.pullUp, .panel),
            (.stroke, .canvas):
            return true
        default:
            return false
        }
    }

    /// Whether `sv` is the tracked list of a panel resting below its most expanded state: the library holds such a
    /// list and moves the panel instead (K1.4, K2.4), so a drag on it means "move the panel" (`pullUp`, `pullDown`),
    /// never "scroll the list".
    ///
    /// The same for a vertical list in a sheet shown below its largest detent that expands on scroll (M6): a drag on
    /// it grows the sheet first (SH-04), so it means "resize the sheet".
    static func isHeldByItsPanel(_ sv: ViewID, in scene: Scene) -> Bool {
        if !scene.panels.isEmpty, let panel = scene.panels.first(where: { $0.trackedScrollView == sv }) {
            let most = panel.states.indices.min { panel.states[$0].top < panel.states[$1].top }
            return panel.initialState != most
        }
        guard !scene.sheets.isEmpty, TreeGenerator.canScroll(sv, along: .vertical, in: scene),
            let sheet = scene.sheets.first(where: { scene.isView(sv, inside: $0.view) }), sheet.prefersScrollingExpandsWhenScrolledToEdge
        else { return false }
        let tops = sheet.detents.map { $0.top(windowHeight: scene.windowSize.height, parameters: scene.parameters) }
        return tops[sheet.selectedDetent] > (tops.min() ?? 0)
    }

    static func make(
        _ family: GestureFamily, element: Element, tree: GeneratedTree, rng: inout SplitMix64, script: inout ScriptBuilder
    ) -> Gesture? {
        switch family {
        case .backSwipe: return backSwipe(element, tree: tree, rng: &rng, script: &script)
        case .pullDown, .pullUp: return pull(family, element, tree: tree, rng: &rng, script: &script)
        case .stroke: return stroke(element, tree: tree, rng: &rng, script: &script)
        default: return nil
        }
    }

    /// From 2–8 pt inside the leading edge (the element's strip), 140–260 pt toward the trailing edge in 120–250 ms,
    /// drifting up to 6 pt vertically: what a user does to go back (N2, N5).
    static func backSwipe(_ element: Element, tree: GeneratedTree, rng: inout SplitMix64, script: inout ScriptBuilder) -> Gesture? {
        guard let navigation = tree.scene.navigations.first(where: { $0.view == element.view }) else { return nil }
        let rect = element.visibleRect
        let rtl = navigation.layoutDirection == .rightToLeft
        let inset = Double(rng.int(4 ... 16)) / 2
        let x = rtl ? rect.maxX - inset : rect.minX + inset
        let y = rng.double(rect.minY ... rect.maxY).rounded()
        let travel = rng.pt(140 ... 260)
        let drift = Double(rng.int(-12 ... 12)) / 2
        let end = Point(rtl ? x - travel : x + travel, y + drift)
        script.drag(from: Point(x, y), to: end, hold: 0, duration: rng.double(120 ... 250), profile: .linear, rng: &rng)
        return script.gesture(.backSwipe, target: element.view, intent: .goBack(navigation.view))
    }

    /// A pull of a sheet or panel from a point in its top 200 pt (its header, grabber or the top of its list; never on
    /// a canvas, where a finger draws), toward the next resting place: down to the next smaller detent or state, or,
    /// for a sheet at its smallest detent, a 260–420 pt flick in 150–250 ms that dismisses it; up to the next larger
    /// one. A move to another detent or state travels 80–110 % of the distance between the two (the finger
    /// overshoots or stops short, as people do) in 300–500 ms, slowing at the end: a placed move, not a flick.
    static func pull(
        _ family: GestureFamily, _ element: Element, tree: GeneratedTree, rng: inout SplitMix64, script: inout ScriptBuilder
    ) -> Gesture? {
        let scene = tree.scene
        let down = family == .pullDown
        let top = element.visibleRect.minY
        var travel: Double
        let intent: Intent
        var dismissing = false
        if let sheet = scene.sheets.first(where: { $0.view == element.view }) {
            let tops = sheet.detents.map { $0.top(windowHeight: scene.windowSize.height, parameters: scene.parameters) }
            let here = tops[sheet.selectedDetent]
            let next = tops.indices.filter { down ? tops[$0] > here : tops[$0] < here }
                .min { abs(tops[$0] - here) < abs(tops[$1] - here) }
            if let next {
                travel = abs(tops[next] - here) * rng.double(0.8 ... 1.1)
                intent = .resizeSheet(sheet.view, detent: next)
            } else if down {
                travel = rng.pt(260 ... 420)
                intent = .dismissSheet(sheet.view)
                dismissing = true
            } else {
                return nil
            }
        } else if let panel = scene.panels.first(where: { $0.view == element.view }) {
            let here = panel.states[panel.initialState].top
            let next = panel.states.indices.filter { down ? panel.states[$0].top > here : panel.states[$0].top < here }
                .min { abs(panel.states[$0].top - here) < abs(panel.states[$1].top - here) }
            guard let next else { return nil }
            travel = abs(panel.states[next].top - here) * rng.double(0.8 ... 1.1)
            intent = .movePanel(panel.view, state: next)
        } else {
            return nil
        }
        let window = scene.windowSize
        var startY = (top + rng.double(8 ... 200)).rounded()
        let x = rng.double(element.visibleRect.minX + 24 ... element.visibleRect.maxX - 24).rounded()
        let onCanvas = tree.roles.canvases.contains {
            scene.isView($0, inside: element.view) && TreeGenerator.windowFrame(of: $0, in: scene).contains(Point(x, startY))
        }
        // Not on a canvas: on the header above it.
        if onCanvas { startY = (top + rng.double(8 ... 48)).rounded() }
        travel = (travel * 2).rounded(.down) / 2
        // The finger stays in the window: a pull is cut to the room there is (and not made if little is left).
        let room = down ? window.height - 2 - startY : startY - 2
        travel = min(travel, room)
        guard travel >= GestureGenerator.minimumTravel else { return nil }
        let drift = Double(rng.int(-8 ... 8)) / 2
        let end = Point(x + drift, down ? startY + travel : startY - travel)
        let duration = dismissing ? rng.double(150 ... 250) : rng.double(300 ... 500)
        script.drag(from: Point(x, startY), to: end, hold: 0, duration: duration, profile: dismissing ? .linear : .smooth, rng: &rng)
        return script.gesture(family, target: element.view, intent: intent)
    }

    /// A stroke in a canvas: from a point with room, 60–160 pt in any direction, in 250–600 ms (a signature's line,
    /// a chart scrubbed, a drawn mark).
    static func stroke(_ element: Element, tree: GeneratedTree, rng: inout SplitMix64, script: inout ScriptBuilder) -> Gesture? {
        let rect = element.visibleRect
        guard rect.size.width >= 40, rect.size.height >= 40 else { return nil }
        let start = Point(rng.double(rect.minX + 8 ... rect.maxX - 8).rounded(), rng.double(rect.minY + 8 ... rect.maxY - 8).rounded())
        let angle = rng.double(0 ... 2 * Double.pi)
        let length = rng.pt(60 ... 160)
        let (c, s) = unitVector(angle)
        var end = Point(start.x + c * length, start.y + s * length)
        // Kept inside the canvas: the stroke is shortened toward its start where it would leave it.
        func inside(_ p: Point) -> Bool { p.x >= rect.minX + 2 && p.x <= rect.maxX - 2 && p.y >= rect.minY + 2 && p.y <= rect.maxY - 2 }
        var k = 1.0
        while !inside(end) && k > 0.2 {
            k -= 0.1
            end = Point(start.x + c * length * k, start.y + s * length * k)
        }
        guard inside(end), length * k >= GestureGenerator.minimumTravel else { return nil }
        end = Point(end.x.rounded(), end.y.rounded())
        script.drag(from: start, to: end, hold: 0, duration: rng.double(250 ... 600), profile: .smooth, rng: &rng)
        return script.gesture(.stroke, target: element.view, intent: .draw(element.view))
    }

    /// (cos a, sin a) for a in 0…2π, without Foundation: folded into −π/2 … π/2 (around 0 or π), then through
    /// t = tan(a/2) with |a/2| ≤ 45°: cos = (1 − t²)/(1 + t²), sin = 2t/(1 + t²).
    static func unitVector(_ a: Double) -> (Double, Double) {
        var angle = a, sign = 1.0
        if angle > Double.pi { angle -= 2 * Double.pi }
        if angle > Double.pi / 2 { angle -= Double.pi; sign = -1 } else if angle < -Double.pi / 2 { angle += Double.pi; sign = -1 }
        let t = GestureGenerator.tan(angle / 2)
        let c = (1 - t * t) / (1 + t * t), s = 2 * t / (1 + t * t)
        return (sign * c, sign * s)
    }
}
