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
            guard case .scrollView = element.kind else { return nil }
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
            guard let scrollView = sv else { return nil }
            return drag(
                family, from: start, target: element.view, scrollView: scrollView, moves: moves, geometry: geometry, rng: &rng,
                script: &script)

        case .pinchZoom:
            return PinchZoom.make(on: element, geometry: geometry, rng: &rng, script: &script)
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
            if room >= minimumTravel { options.append((move.axis, move.sign, room)) }
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
        return script.gesture(family, target: target, intent: .scroll(scrollView, axis: choice.axis, distance: travel))
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

// MARK: - Geometry of a generated tree

/// Where fingers can land and which ways scroll views can move.
struct Geometry {
    let tree: GeneratedTree
    var scene: Scene { tree.scene }
    var window: Rect { Rect(origin: .zero, size: scene.windowSize) }
    /// The smallest visible extent (pt) a finger aims at.
    static let minimumTarget = 8.0

    /// Elements drawn in front of `element` that would catch a finger aimed at it: later in document order
    /// (its descendants or later subtrees), not a transparent overlay, not containing it.
    /// With `allowingDescendants` (a drag that scrolls the element) its own content does not count.
    func occluders(of element: Element, allowingDescendants: Bool = false) -> [Rect] {
        occluders(ofView: element.view, allowingDescendants: allowingDescendants)
    }

    /// ``occluders(of:allowingDescendants:)`` of the element of `view`.
    func occluders(ofView view: ViewID, allowingDescendants: Bool) -> [Rect] {
        var rects: [Rect] = []
        _ = visitOccluders(of: view, allowingDescendants: allowingDescendants) {
            rects.append($0)
            return true
        }
        return rects
    }

    /// Whether `p` is on one of the occluders of the element of `view` (``occluders(of:allowingDescendants:)``),
    /// without listing them.
    func isOccluded(_ p: Point, behind view: ViewID, allowingDescendants: Bool = false) -> Bool {
        !visitOccluders(of: view, allowingDescendants: allowingDescendants) { !$0.contains(p) }
    }

    /// Calls `body` with the rect of each occluder of the element of `view` (``occluders(of:allowingDescendants:)``)
    /// in order while it returns true; false when `body` stopped the walk.
    private func visitOccluders(of view: ViewID, allowingDescendants: Bool, _ body: (Rect) -> Bool) -> Bool {
        let scene = tree.scene, overlays = tree.roles.overlays
        // The elements read in place (copying each out of the array cost more than the tests).
        return tree.elements.withUnsafeBufferPointer { elements in
            guard let index = elements.firstIndex(where: { $0.view == view }) else { return true }
            for k in (index + 1) ..< elements.count {
                let other = elements[k].view
                if overlays.contains(other) { continue }
                if scene.isView(view, within: other) { continue }
                if allowingDescendants && scene.isView(other, within: view) { continue }
                if !body(elements[k].visibleRect) { return false }
            }
            return true
        }
    }

    /// A point of `element.visibleRect` free of occluders: a seeded point near the centre if free, else the
    /// first free point of a grid, visited from a seeded start. Whole or half points. With `owner` (the view of
    /// a scroll view element being dragged), the occluders are the owner's, its own content excepted; `avoided`
    /// rects are blocked too.
    func landingPoint(
        on element: Element, rng: inout SplitMix64, occludersOf owner: ViewID? = nil,
        avoiding avoided: [Rect] = []
    ) -> Point? {
        let rect = element.visibleRect
        // Nobody aims at a sliver (a cell peeking 3 pt under the navigation bar).
        guard rect.size.width >= Self.minimumTarget, rect.size.height >= Self.minimumTarget else { return nil }
        let blocked = owner ?? element.view, allowingDescendants = owner != nil
        func snap(_ p: Point) -> Point {
            var q = Point((p.x * 2).rounded(.down) / 2, (p.y * 2).rounded(.down) / 2)
            if !rect.contains(q) { q = clamp(q, to: rect) }
            return q
        }
        // Fingers land near the middle: within the central half.
        let centre = snap(
            Point(
                rect.midX + rect.size.width * rng.double(-0.25 ... 0.25),
                rect.midY + rect.size.height * rng.double(-0.25 ... 0.25)))
        // Mostly free: tested without listing the occluders; the grid below tests many points against the list.
        if rect.contains(centre) && !avoided.contains(where: { $0.contains(centre) })
            && !isOccluded(centre, behind: blocked, allowingDescendants: allowingDescendants)
        {
            return centre
        }
        let blockers = occluders(ofView: blocked, allowingDescendants: allowingDescendants) + avoided
        func free(_ p: Point) -> Bool { rect.contains(p) && !blockers.contains { $0.contains(p) } }
        let n = 8
        let offset = rng.int(0 ... n * n - 1)
        for k in 0 ..< n * n {
            let cell = (k + offset) % (n * n)
            let i = cell % n, j = cell / n
            let p = snap(
                Point(
                    rect.minX + rect.size.width * (Double(i) + 0.5) / Double(n),
                    rect.minY + rect.size.height * (Double(j) + 0.5) / Double(n)))
            if free(p) { return p }
        }
        return nil
    }

    /// Whether a finger at `p` lands on `element` (inside its visible rect, on nothing drawn in front of it).
    func isFree(_ p: Point, on element: Element) -> Bool {
        element.visibleRect.contains(p) && !isOccluded(p, behind: element.view)
    }

    /// `p` moved inside `rect` (half-open: at most half a point short of the max edges).
    func clamp(_ p: Point, to rect: Rect) -> Point {
        Point(min(max(p.x, rect.minX), rect.maxX - 0.5), min(max(p.y, rect.minY), rect.maxY - 0.5))
    }

    /// The ways scroll view `sv` can move from its current offset: per scrollable axis and finger direction
    /// (sign of the finger's motion), the content room (pt) in that direction, when at least the minimum.
    func moves(_ sv: ViewID) -> Moves {
        // The fields read in place (copying the view's spec and scroll configuration cost more than the rest).
        let fields = scene.views.withUnsafeBufferPointer { specs -> (inset: EdgeInsets, size: Size, frame: Rect, origin: Point)? in
            if case .none = specs[sv].scroll { return nil }
            return (specs[sv].scroll!.contentInset, specs[sv].scroll!.contentSize, specs[sv].frame, specs[sv].boundsOrigin)
        }
        guard let (inset, contentSize, frame, origin) = fields else { return Moves() }
        var result = Moves()
        for axis in Axis.allCases where TreeGenerator.canScroll(sv, along: axis, in: scene) {
            let lead = axis == .horizontal ? inset.left : inset.top
            let trail = axis == .horizontal ? inset.right : inset.bottom
            let low = -lead
            let high = max(low, contentSize[axis] + trail - frame.size[axis])
            let offset = origin[axis]
            // Finger toward −axis: content offset grows (room up to the maximum); toward +axis: it shrinks.
            let forward = high - offset, backward = offset - low
            if forward >= GestureGenerator.minimumTravel { result.append((axis, -1, forward)) }
            if backward >= GestureGenerator.minimumTravel { result.append((axis, 1, backward)) }
        }
        return result
    }
}

/// Ways a scroll view can move (``Geometry/moves(_:)``): per scrollable axis and finger direction (sign of the
/// finger's motion), the content room (pt). At most four, held inline: every drag asks for them, and an array
/// cost an allocation each time.
struct Moves: RandomAccessCollection {
    typealias Element = (axis: Axis, sign: Double, room: Double)
    private static let unused: Element = (.horizontal, 0, 0)
    private var items: (Element, Element, Element, Element) = (unused, unused, unused, unused)
    private var used = 0

    var startIndex: Int { 0 }
    var endIndex: Int { used }

    subscript(i: Int) -> Element {
        precondition(i >= 0 && i < used, "index out of range")
        switch i {
        case 0: return items.0
        case 1: return items.1
        case 2: return items.2
        default: return items.3
        }
    }

    /// Adds `move` after the others (two directions per axis: at most four in all).
    mutating func append(_ move: Element) {
        switch used {
        case 0: items.0 = move
        case 1: items.1 = move
        case 2: items.2 = move
        case 3: items.3 = move
        default: preconditionFailure("more than four moves")
        }
        used += 1
    }
}

// MARK: - Script building

/// Accumulates one touch's script: taps and sampled drags.
struct ScriptBuilder {
    enum Profile { case linear, smooth, easeIn }

    let options: GestureOptions
    private(set) var events: [ScriptEvent] = []
    /// The time of the last event (ms).
    private(set) var time: Double = 0
    private var firstDown: Double?
    private var lastUp: Double = 0

    init(options: GestureOptions) { self.options = options }

    mutating func reset() { events = []; time = 0; firstDown = nil; lastUp = 0 }

    var interval: Double { 1000 / max(options.sampleRate, 1) }

    private mutating func add(_ t: Double, _ action: ScriptAction) {
        let vt = VirtualTime.ms(t)
        events.append(ScriptEvent(time: vt, touch: 1, action: action))
        time = vt.milliseconds
        switch action {
        case .down: if firstDown == nil { firstDown = time }
        case .up: lastUp = time
        default: break
        }
    }

    /// Two fingers (touches 1 and 2) that change in one UIEvent (`sameEvent`) at `t`.
    mutating func pair(_ t: Double, _ first: ScriptAction, _ second: ScriptAction) {
        add(t, first)
        events.append(ScriptEvent(time: .ms(t), touch: 2, action: second, sameEvent: true))
    }

    /// Seeded sample times after `start`: sample `k` at `start + k × interval` ± jitter, strictly increasing, in
    /// whole microseconds (the drags' timing).
    mutating func sampleTimes(after start: Double, count n: Int, rng: inout SplitMix64) -> [Double] {
        let dt = interval
        let jitter = max(0, min(options.jitter, dt * 0.45))
        var last = start, times: [Double] = []
        for k in 1 ... n {
            var t = start + Double(k) * dt + (jitter > 0 ? rng.double(-jitter ... jitter) : 0)
            t = (t * 1000).rounded() / 1000
            if t <= last + 0.001 { t = last + 0.001 }
            last = t
            times.append(t)
        }
        return times
    }

    /// Down at `startingAt` (default 0), up `hold` ms later at the same point.
    mutating func tap(at p: Point, hold: Double, startingAt start: Double = 0) {
        events.reserveCapacity(events.count + 2)
        add(start, .down(p))
        add(start + max(hold, 1), .up(p))
    }

    /// Down at `from` at t = 0, still for `hold` ms, then moves sampled at the sample rate (with jitter)
    /// along the profile to `to` over `duration` ms, then the lift one sample later at `to`.
    mutating func drag(from: Point, to: Point, hold: Double, duration: Double, profile: Profile, rng: inout SplitMix64) {
        let dt = interval
        let n = max(1, Int((duration / dt).rounded()))
        // The down, the n moves and the lift, appended without growing the array step by step.
        events.reserveCapacity(events.count + n + 2)
        add(0, .down(from))
        let jitter = max(0, min(options.jitter, dt * 0.45))
        var last = 0.0
        func next(_ nominal: Double) -> Double {
            var t = nominal + (jitter > 0 ? rng.double(-jitter ... jitter) : 0)
            t = Self.rounded(t * 1000) / 1000
            if t <= last + 0.001 { t = last + 0.001 }
            last = t
            return t
        }
        for k in 1 ... n {
            let s = Double(k) / Double(n)
            let f: Double
            switch profile {
            case .linear: f = s
            case .smooth: f = s * s * (3 - 2 * s)
            case .easeIn: f = s * (0.5 + 0.5 * s)
            }
            var p = k == n ? to : Point(from.x + (to.x - from.x) * f, from.y + (to.y - from.y) * f)
            p = Point(Self.rounded(p.x * 100) / 100, Self.rounded(p.y * 100) / 100)
            // A move changes none of `add`'s bookkeeping (first down, last up) but `time`, which the lift below
            // sets: appended directly.
            events.append(ScriptEvent(time: .ms(next(hold + Double(k) * dt)), touch: 1, action: .move(p)))
        }
        add(next(hold + Double(n + 1) * dt), .up(to))
    }

    /// `x.rounded()` (to nearest, halves away from zero), the same double, without the libm call that rounding
    /// compiles to on baseline x86-64 (a drag rounds each sample's time and point). For 0 ≤ x < 2^52 the
    /// truncation `Double(Int64(x))` and the fraction `x − whole` are exact, so comparing the fraction with ½
    /// decides; any other x (negative, huge, NaN) takes `rounded()`.
    @inline(__always)
    static func rounded(_ x: Double) -> Double {
        guard x >= 0, x < 0x1p52 else { return x.rounded() }
        let whole = Double(Int64(x))
        return x - whole >= 0.5 ? whole + 1 : whole
    }

    func gesture(_ family: GestureFamily, target: ViewID, intent: Intent) -> Gesture {
        Gesture(
            family: family, target: target, intent: intent, script: events, liftTime: .ms(lastUp),
            downTime: .ms(firstDown ?? 0))
    }
}
