import SeededRandom
import TouchEngine

// MARK: - Geometry of a generated tree

/// Where fingers can land and which ways scroll views can move.
struct Geometry {
    let tree: GeneratedTree
    var scene: Scene { tree.scene }
    var window: Rect { Rect(origin: .zero, size: scene.windowSize) }
    /// The smallest visible extent (pt) a finger aims at (`TreeGenerator.minimumVisibleExtent`).
    static let minimumTarget = TreeGenerator.minimumVisibleExtent

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
            if forward >= GestureGenerator.minimumTravel { result.append((axis, -1, forward, false)) }
            if backward >= GestureGenerator.minimumTravel { result.append((axis, 1, backward, false)) }
            // A real screen's scroll view that can only bounce along the axis (its content fits; `alwaysBounce…`):
            // a finger drags it as far as the window lets it, and the content follows through the rubber band.
            // (Generated templates build their scroll views with content to scroll.)
            if tree.template == .screen, forward < GestureGenerator.minimumTravel, backward < GestureGenerator.minimumTravel {
                result.append((axis, -1, .infinity, true))
                result.append((axis, 1, .infinity, true))
            }
        }
        return result
    }
}

/// Ways a scroll view can move (``Geometry/moves(_:)``): per scrollable axis and finger direction (sign of the
/// finger's motion), the content room (pt), and whether it only bounces there (no content room: the content follows
/// the finger through the rubber band, S8). At most four, held inline: every drag asks for them, and an array
/// cost an allocation each time.
struct Moves: RandomAccessCollection {
    typealias Element = (axis: Axis, sign: Double, room: Double, bounces: Bool)
    private static let unused: Element = (.horizontal, 0, 0, false)
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
