import SeededRandom
import TouchEngine

/// The `pinchZoom` family: two fingers land on a zooming scroll view's content in one UIEvent and spread apart
/// (a pinch out), intent "zoom the scroll view by the fingers' spread" (docs/defects.md, `swallowed_zoom`).
///
/// Seeded like the drags: the fingers land 70–140 pt apart around a point of the central half of the content's
/// visible rect, along a random direction; the spread asks for ×1.6–×2.6, never more than the zoom range has left
/// (`maximumZoomScale / zoomScale`, so "zoomed less than half" means swallowed, not clamped). Real pinches are not
/// symmetric: in 40% of them one finger stays put and the other moves (thumb and index), and the fingers' centre
/// drifts by up to 60% of the spread in a random direction [INF: a person's pinch moves its centre; the amount is
/// this generator's assumption, the same in every configuration]. Moves come at the gesture sample rate with the
/// drags' jitter, both fingers in one event per sample; both lift together one sample after the last move.
enum PinchZoom {
    /// The smallest zoom the family asks for: a zoom range with less room left is not aimed at.
    static let minimumFactor = 1.5

    /// A zooming scroll view (§6.1) with room to zoom in by at least `minimumFactor`, showing enough content for
    /// two fingers.
    static func canZoom(_ element: Element, in scene: Scene) -> Bool {
        guard case .scrollView = element.kind, let config = scene.views[element.view].scroll, config.zoomEnabled else { return false }
        return config.maximumZoomScale / config.zoomScale >= minimumFactor
            && element.visibleRect.size.width >= 160 && element.visibleRect.size.height >= 160
    }

    static func make(on element: Element, geometry: Geometry, rng: inout SplitMix64, script: inout ScriptBuilder) -> Gesture? {
        // A draw whose fingers would leave the content is drawn again (the same stream goes on), a few times.
        for _ in 0 ..< 8 {
            if let gesture = attempt(on: element, geometry: geometry, rng: &rng, script: &script) { return gesture }
        }
        return nil
    }

    static func attempt(on element: Element, geometry: Geometry, rng: inout SplitMix64, script: inout ScriptBuilder) -> Gesture? {
        guard let config = geometry.scene.views[element.view].scroll else { return nil }
        let rect = element.visibleRect
        let room = config.maximumZoomScale / config.zoomScale
        var factor = min(rng.double(1.6 ... 2.6), room)
        let span = half(rng.double(70 ... 140))
        let direction = unit(rng.double(-1 ... 1), rng.double(0.05 ... 1))
        let anchored = rng.chance(0.4)
        let driftShare = rng.double(0 ... 0.6)
        let driftDirection = unit(rng.double(-1 ... 1), rng.double(-1 ... 1))
        let duration = rng.double(250 ... 450)
        let centre = Point(
            half(rect.midX + rect.size.width * rng.double(-0.25 ... 0.25)),
            half(rect.midY + rect.size.height * rng.double(-0.25 ... 0.25)))
        let start1 = Point(half(centre.x - direction.x * span / 2), half(centre.y - direction.y * span / 2))
        let start2 = Point(half(centre.x + direction.x * span / 2), half(centre.y + direction.y * span / 2))
        guard geometry.isFree(start1, on: element), geometry.isFree(start2, on: element) else { return nil }
        // Shrink the spread until both fingers stay on the content.
        let inner = Rect(rect.minX + 2, rect.minY + 2, rect.size.width - 4, rect.size.height - 4)
        while factor >= minimumFactor {
            let spread = span * (factor - 1)
            let drift = driftDirection * (spread * driftShare)
            let end1 = anchored ? start1 + drift : start1 + drift - direction * (spread / 2)
            let end2 = anchored ? start2 + drift + direction * spread : start2 + drift + direction * (spread / 2)
            if inner.contains(end1) && inner.contains(end2) {
                script.reset()
                return pinch(
                    element.view, from: (start1, start2), to: (round(end1), round(end2)), duration: duration,
                    rng: &rng, script: &script)
            }
            factor = 1 + (factor - 1) * 0.8
        }
        return nil
    }

    static func pinch(
        _ sv: ViewID, from start: (Point, Point), to end: (Point, Point), duration: Double,
        rng: inout SplitMix64, script: inout ScriptBuilder
    ) -> Gesture {
        script.pair(0, .down(start.0), .down(start.1))
        let n = max(2, Int((duration / script.interval).rounded()))
        let times = script.sampleTimes(after: 0, count: n + 1, rng: &rng)
        for k in 1 ... n {
            let s = Double(k) / Double(n)
            let a = k == n ? end.0 : round(start.0 + (end.0 - start.0) * s)
            let b = k == n ? end.1 : round(start.1 + (end.1 - start.1) * s)
            script.pair(times[k - 1], .move(a), .move(b))
        }
        script.pair(times[n], .up(end.0), .up(end.1))
        let factor = distance(end.0, end.1) / distance(start.0, start.1)
        return script.gesture(.pinchZoom, target: sv, intent: .zoom(sv, factor: factor))
    }

    static func half(_ v: Double) -> Double { (v * 2).rounded(.down) / 2 }
    static func round(_ p: Point) -> Point { Point((p.x * 100).rounded() / 100, (p.y * 100).rounded() / 100) }
    static func distance(_ a: Point, _ b: Point) -> Double { ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot() }
    static func unit(_ x: Double, _ y: Double) -> Point {
        let length = (x * x + y * y).squareRoot()
        return length > 0 ? Point(x / length, y / length) : Point(1, 0)
    }
}
