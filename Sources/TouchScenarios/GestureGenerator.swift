import SeededRandom
import TouchEngine

/// Seeded touch scripts with an intent (issue 3 §3), aimed at an element of a generated tree.
///
/// Pure and deterministic: `(family, tree, placement, seed, options)` always gives the same gesture. Every
/// script starts with touch 1 going down at t = 0; moves come at `options.sampleRate` with up to
/// ±`options.jitter` ms of seeded jitter per sample (times strictly increasing); a drag's last move is at the
/// lift point and its `up` follows one sample later at the same point (S8: the lift does not move a pan).
///
/// Where the finger lands: a point of the target's `visibleRect` not covered by another element drawn in
/// front of it (a cell's own button, a panel above a list) — what a user aiming at the target would touch,
/// whatever the hit test then does (finding out is the sweep's job). Drags go along a scrollable axis, toward
/// content that exists (never farther than the content can move, so "moved less than half" means swallowed),
/// and stay inside the window.
public enum GestureGenerator {
    /// Families whose intent is to activate or select the target, or to trigger its long-press or double-tap
    /// handler (`GestureIntents.tapIntent`).
    public static let tapFamilies: [GestureFamily] = [.quickTap, .heldTap, .longPress, .doubleTap]
    /// Families whose intent is to scroll the target scroll view.
    public static let scrollFamilies: [GestureFamily] = [.fastSwipe, .holdThenDrag, .slowDrag, .diagonalDrag]

    /// `tapFamilies.contains(family)`, without reading the array.
    public static func isTapFamily(_ family: GestureFamily) -> Bool {
        switch family {
        case .quickTap, .heldTap, .longPress, .doubleTap: true
        default: false
        }
    }

    /// `scrollFamilies.contains(family)`, without reading the array.
    static func isScrollFamily(_ family: GestureFamily) -> Bool {
        switch family {
        case .fastSwipe, .holdThenDrag, .slowDrag, .diagonalDrag: true
        default: false
        }
    }

    /// The families that can aim at `element` (given what the element alone says; the generator may still
    /// find no room to drag it).
    public static func families(for element: Element) -> [GestureFamily] {
        switch element.kind {
        case .control(let kind):
            var families = kind == .slider ? [] : tapFamilies
            if element.scrollView != nil { families.append(.dragFromControl) }
            return families
        case .cell:
            return tapFamilies + (element.scrollView != nil ? [.dragFromCell] : [])
        case .scrollView(let axes):
            return axes.isEmpty ? [] : scrollFamilies
        case .empty:
            return element.scrollView != nil ? [.dragFromEmpty] : []
        case .navigation: return [.backSwipe]
        case .sheet, .panel: return [.pullDown, .pullUp]
        case .canvas: return [.stroke]
        }
    }

    /// Whether `family` can aim at `element`: ``families(for:)``, and `pinchZoom` at a zooming scroll view with
    /// room to zoom in (``PinchZoom/canZoom(_:in:)``).
    static func canAim(_ family: GestureFamily, at element: Element, in scene: Scene) -> Bool {
        if family == .pinchZoom { return PinchZoom.canZoom(element, in: scene) }
        return canAim(family, kind: element.kind, inScrollView: element.scrollView != nil)
    }

    /// ``canAim(_:at:in:)`` for a family other than `pinchZoom`, from the element's kind and whether it is in a
    /// scroll view: `families(for: element).contains(family)`, without building the list (every element, every
    /// family).
    static func canAim(_ family: GestureFamily, kind: ElementKind, inScrollView: Bool) -> Bool {
        switch kind {
        case .control(let kind):
            if isTapFamily(family) { return kind != .slider }
            return family == .dragFromControl && inScrollView
        case .cell:
            if isTapFamily(family) { return true }
            return family == .dragFromCell && inScrollView
        case .scrollView(let axes):
            return !axes.isEmpty && isScrollFamily(family)
        case .empty:
            return family == .dragFromEmpty && inScrollView
        case .navigation, .sheet, .panel, .canvas:
            return SystemGestureFamilies.canAim(family, kind: kind)
        }
    }

    /// A gesture of `family` on an element of `tree` chosen from `(seed, placement)`, or nil when the tree has
    /// no element the family can aim at.
    public static func generate(
        _ family: GestureFamily, on tree: GeneratedTree, placement: Int, seed: UInt64,
        options: GestureOptions
    ) -> Gesture? {
        generate(family, on: tree, placement: placement, seed: seed, options: options, candidates: candidates(family, on: tree))
    }

    /// The elements `family` can aim at on `tree` (indices into `tree.elements`, in order), among which
    /// ``generate(_:on:placement:seed:options:)`` chooses: the same for every placement.
    public static func candidates(_ family: GestureFamily, on tree: GeneratedTree) -> [Int] {
        // The elements read in place (copying each out of the array cost more than the test).
        tree.elements.withUnsafeBufferPointer { elements in
            var result: [Int] = []
            result.reserveCapacity(elements.count)
            for i in elements.indices {
                // `canAim(family, at: elements[i], in: tree.scene)`, reading the element's fields without a copy of it.
                let aims =
                    family == .pinchZoom
                    ? PinchZoom.canZoom(elements[i], in: tree.scene)
                    : canAim(family, kind: elements[i].kind, inScrollView: elements[i].scrollView != nil)
                if aims { result.append(i) }
            }
            return result
        }
    }

    /// ``generate(_:on:placement:seed:options:)`` with the family's `candidates` on `tree` found once for all
    /// its placements.
    public static func generate(
        _ family: GestureFamily, on tree: GeneratedTree, placement: Int, seed: UInt64,
        options: GestureOptions, candidates: [Int]
    ) -> Gesture? {
        let familyKey = UInt64(GestureFamily.allCases.firstIndex(of: family)!)
        var rng = SplitMix64(seed: seed, UInt64(bitPattern: Int64(placement)), familyKey)
        guard !candidates.isEmpty else { return nil }
        // Start at a seeded candidate; if it has no room for the gesture, try the next ones in order.
        let start = rng.int(0 ... candidates.count - 1)
        var builder = ScriptBuilder(options: options)
        for k in 0 ..< candidates.count {
            let element = tree.elements[candidates[(start + k) % candidates.count]]
            var attempt = rng
            builder.reset()
            if let gesture = make(family, element: element, tree: tree, rng: &attempt, script: &builder) { return gesture }
        }
        return nil
    }

    /// A gesture of `family` aimed at `tree.elements[element]` itself (a real screen's sweep aims every family at
    /// every element), or nil when the family cannot aim at it or finds no room on it.
    public static func generate(
        _ family: GestureFamily, on tree: GeneratedTree, element: Int, seed: UInt64,
        options: GestureOptions
    ) -> Gesture? {
        guard tree.elements.indices.contains(element), canAim(family, at: tree.elements[element], in: tree.scene) else { return nil }
        var rng = SplitMix64(seed: seed, UInt64(element), UInt64(GestureFamily.allCases.firstIndex(of: family)!))
        var builder = ScriptBuilder(options: options)
        return make(family, element: tree.elements[element], tree: tree, rng: &rng, script: &builder)
    }

    // MARK: Families

    static func make(
        _ family: GestureFamily, element: Element, tree: GeneratedTree, rng: inout SplitMix64,
        script: inout ScriptBuilder
    ) -> Gesture? {
        let geometry = Geometry(tree: tree)
        switch family {
        case .quickTap, .heldTap, .longPress, .doubleTap:
            guard let point = geometry.landingPoint(on: element, rng: &rng) else { return nil }
            let intent = GestureIntents.tapIntent(family, element: element, scene: tree.scene)
            switch family {
            case .quickTap: script.tap(at: point, hold: rng.double(40 ... 95))
            case .heldTap: script.tap(at: point, hold: rng.double(260 ... 340))
            case .longPress: script.tap(at: point, hold: rng.double(650 ... 750))
            default:
                script.tap(at: point, hold: rng.double(40 ... 90))
                // Second tap 120–250 ms after the first touch-down, at least 30 ms after the first lift.
                let second = max(script.time + 30, rng.double(120 ... 250))
                let nudge = Point(Double(rng.int(-4 ... 4)) / 2, Double(rng.int(-4 ... 4)) / 2)
                var again = geometry.clamp(point + nudge, to: element.visibleRect)
                if !geometry.isFree(again, on: element) { again = point }
                script.tap(at: again, hold: rng.double(40 ... 90), startingAt: second)
            }
            return script.gesture(family, target: element.view, intent: intent)

        case .fastSwipe, .holdThenDrag, .slowDrag, .diagonalDrag:
            guard case .scrollView = element.kind, !SystemGestureFamilies.isHeldByItsPanel(element.view, in: tree.scene) else { return nil }
            let rect: Rect
            if tree.roles.overlays.contains(element.view) {
                // A transparent overlay is grabbed by what it shows: its panel and the panel's content.
                let area = tree.elements.filter { $0.view != element.view && tree.scene.isView($0.view, inside: element.view) }
                    .map(\.visibleRect)
                guard !area.isEmpty else { return nil }
                rect = area[rng.int(0 ... area.count - 1)]
            } else {
                // The element's own rect, drawn as from a list of one (the draw keeps the stream as it was).
                rect = element.visibleRect
                _ = rng.int(0 ... 0)
            }
            let probe = Element(view: element.view, kind: element.kind, visibleRect: rect, scrollView: element.scrollView)
            // A finger meant to scroll does not land on a row whose swipe handler takes every way it can scroll.
            let moves = geometry.moves(element.view)
            var axes: [Axis] = []
            for move in moves where !axes.contains(move.axis) { axes.append(move.axis) }
            let swipeRows = GestureIntents.swipeRects(inside: element.view, claiming: axes, in: tree.scene)
            guard let start = geometry.landingPoint(on: probe, rng: &rng, occludersOf: element.view, avoiding: swipeRows) else { return nil }
            return drag(
                family, from: start, target: element.view, scrollView: element.view, moves: moves, geometry: geometry, rng: &rng,
                script: &script)

        case .dragFromControl, .dragFromCell, .dragFromEmpty:
            guard let start = geometry.landingPoint(on: element, rng: &rng) else { return nil }
            // The nearest enclosing scroll view that has room to move.
            var sv = element.scrollView
            var moves = Moves()
            while let s = sv {
                moves = geometry.moves(s)
                if !moves.isEmpty { break }
                sv = geometry.scene.enclosingScrollView(of: s)
            }
            guard let scrollView = sv, !SystemGestureFamilies.isHeldByItsPanel(scrollView, in: tree.scene) else { return nil }
            return drag(
                family, from: start, target: element.view, scrollView: scrollView, moves: moves, geometry: geometry, rng: &rng,
                script: &script)

        case .pinchZoom:
            return PinchZoom.make(on: element, geometry: geometry, rng: &rng, script: &script)

        case .backSwipe, .pullDown, .pullUp, .stroke:
            return SystemGestureFamilies.make(family, element: element, tree: tree, rng: &rng, script: &script)
        }
    }

    /// Finger travel (pt) and duration (ms) of each drag family.
    static func shape(_ family: GestureFamily) -> (travel: ClosedRange<Double>, duration: ClosedRange<Double>, hold: ClosedRange<Double>?) {
        switch family {
        case .fastSwipe: return (150 ... 400, 80 ... 150, nil)
        case .holdThenDrag: return (120 ... 300, 150 ... 300, 280 ... 320)
        case .slowDrag: return (100 ... 300, 600 ... 900, nil)
        case .diagonalDrag: return (150 ... 350, 120 ... 250, nil)
        default: return (120 ... 300, 100 ... 200, nil) // the dragFrom… families: a quick drag
        }
    }

    /// The shortest drag a gesture makes (shorter rooms are not aimed at).
    static let minimumTravel = 40.0

    /// A drag of `family` from `start` that scrolls `scrollView`, whose `moves` are `geometry.moves(scrollView)`
    /// (the caller has them already), or nil when no way has room.
    static func drag(
        _ family: GestureFamily, from start: Point, target: ViewID, scrollView: ViewID,
        moves: Moves, geometry: Geometry, rng: inout SplitMix64,
        script: inout ScriptBuilder
    ) -> Gesture? {
        let window = geometry.window
        // Each possible (axis, direction): how far the finger may travel (content room and window room). An axis a
        // swipe handler under the finger takes is a swipe of that row, not a scroll (GestureIntents.swipeAxes).
        let swiped = GestureIntents.swipeAxes(at: start, inside: scrollView, in: geometry.scene)
        var options = Moves()
        for move in moves where !swiped.contains(move.axis) {
            // Finger toward −axis (sign −1) moves the content toward +offset; its window room is start − margin.
            let windowRoom = move.sign < 0 ? start[move.axis] - 2 : window.size[move.axis] - 2 - start[move.axis]
            let room = min(move.room, windowRoom)
            if room >= minimumTravel { options.append((move.axis, move.sign, room, move.bounces)) }
        }
        guard !options.isEmpty else { return nil }
        let choice = options[rng.int(0 ... options.count - 1)]
        let shape = shape(family)
        var travel = min(rng.double(shape.travel), choice.room)
        travel = (travel * 2).rounded(.down) / 2
        var end = start
        end[choice.axis] += choice.sign * travel
        if family == .diagonalDrag {
            // ~35° off the axis, toward whichever side has room.
            let cross: Axis = choice.axis == .vertical ? .horizontal : .vertical
            let angle = rng.double(30 ... 40) * Double.pi / 180
            var off = travel * tan(angle)
            let up = start[cross] - 2, down = window.size[cross] - 2 - start[cross]
            var sign = rng.chance(0.5) ? 1.0 : -1.0
            if (sign > 0 ? down : up) < off { sign = -sign }
            off = min(off, sign > 0 ? down : up)
            end[cross] += sign * (off * 2).rounded(.down) / 2
        }
        let duration = rng.double(shape.duration)
        let profile: ScriptBuilder.Profile = family == .slowDrag ? .smooth : family == .holdThenDrag ? .easeIn : .linear
        script.drag(
            from: start, to: end, hold: shape.hold.map { rng.double($0) } ?? 0, duration: duration, profile: profile,
            rng: &rng)
        // A view that only bounces moves by the rubber band of the finger's travel past the pan's hysteresis (S8).
        let distance = choice.bounces ? bounceDistance(travel, scrollView: scrollView, axis: choice.axis, scene: geometry.scene) : travel
        return script.gesture(family, target: target, intent: .scroll(scrollView, axis: choice.axis, distance: distance))
    }

    /// How far a finger's `travel` drags the content of a scroll view that can only bounce: S8's rubber band
    /// `(1 − 1/(x·c/d + 1))·d` of the travel past the hysteresis, `d` the view's size along the axis.
    static func bounceDistance(_ travel: Double, scrollView: ViewID, axis: Axis, scene: Scene) -> Double {
        AxisMotion.rubberBand(
            max(0, travel - scene.parameters.scrollHysteresis), scene.views[scrollView].frame.size[axis],
            scene.parameters.rubberBandCoefficient)
    }

    /// tan without Foundation (|x| ≤ 45°): sin/cos by Taylor series.
    static func tan(_ x: Double) -> Double {
        var s = 0.0, c = 0.0, term = 1.0
        for n in 0 ..< 12 {
            // term = x^n / n!
            if n > 0 { term *= x / Double(n) }
            switch n % 4 {
            case 0: c += term
            case 1: s += term
            case 2: c -= term
            default: s -= term
            }
        }
        return s / c
    }
}
