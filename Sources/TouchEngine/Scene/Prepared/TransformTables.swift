/// Per view: the linear part of the map from window points to the view's bounds space (the inverse transforms of the
/// view and its ancestors), through which vectors (translations, velocities) convert; and window points to lengths
/// along the view's own axes (`windowToViewLinear` with each row scaled to unit length, so a displacement is measured
/// in window points along the view's x and y: thresholds are compared in window points, touch-model §0.2) and back.
struct TransformTables: PreparedTableGroup {
    var windowToViewLinear: [AffineTransform]
    var windowToAxes: [AffineTransform]
    var axesToWindow: [AffineTransform]

    init(_ scene: Scene, views: ViewTables) {
        var linear = Array(repeating: AffineTransform.identity, count: scene.views.count)
        var axes = linear, back = linear
        if views.anyTransform {
            var done = Array(repeating: false, count: scene.views.count)
            func compute(_ v: ViewID) {
                guard !done[v] else { return }
                var inherited = AffineTransform.identity
                if let parent = scene.views[v].parent { compute(parent); inherited = linear[parent] }
                var own = scene.views[v].transform.inverted ?? .identity
                own.tx = 0; own.ty = 0
                linear[v] = inherited.concatenating(own)
                let m = linear[v]
                let row1 = (m.a * m.a + m.c * m.c).squareRoot(), row2 = (m.b * m.b + m.d * m.d).squareRoot()
                let unit = AffineTransform(
                    a: row1 > 0 ? m.a / row1 : 1, b: row2 > 0 ? m.b / row2 : 0,
                    c: row1 > 0 ? m.c / row1 : 0, d: row2 > 0 ? m.d / row2 : 1, tx: 0, ty: 0)
                axes[v] = unit
                back[v] = unit.inverted ?? .identity
                done[v] = true
            }
            for v in scene.views.indices { compute(v) }
        }
        windowToViewLinear = linear
        windowToAxes = axes
        axesToWindow = back
    }

    /// The inputs: each view's transform and parent.
    static func sameInputs(_ pair: ScenePair, views: ViewTables) -> Bool {
        if pair.sameViewStorage { return true }
        let others = pair.other.viewTables.views
        return pair.viewsAgree { views.views[$0].transform == others[$0].transform && views.views[$0].parent == others[$0].parent }
    }
}
