import TouchEngine

/// The targets a finger can be aimed at in a scene: reachable views that show enough of themselves, and the system's parts.
extension TreeGenerator {
    /// Whether touches can reach `view` at all (H1 on it and every ancestor).
    public static func isReachable(_ view: ViewID, in scene: Scene) -> Bool {
        var v: ViewID? = view
        while let c = v {
            let s = scene.views[c]
            if s.isHidden || !s.isUserInteractionEnabled || s.alpha < scene.parameters.hitTestAlphaThreshold { return false }
            if s.isAnimating && !s.allowsUserInteractionWhileAnimating { return false }
            v = s.parent
        }
        return true
    }

    /// The smallest visible extent (pt), across and along, of a view a finger is aimed at (docs/templates.md).
    public static let minimumVisibleExtent = 8.0

    /// The targets of a scene in document order: every enabled control, cell and scroll view (and the views in
    /// `empties`, and the `canvases` as `canvas` elements) that touches can reach and that shows at least
    /// ``minimumVisibleExtent`` each way in the window, minus what the `occluders` drawn in front of it cover and,
    /// on a phone with a home indicator, the indicator's strip; and the system's parts (``systemElements(of:)``), all
    /// in document order.
    public static func elements(
        of scene: Scene, empties: [ViewID] = [], occluders: [ViewID] = [], canvases: [ViewID] = []
    ) -> [Element] {
        var result: [Element] = []
        // A finger is never aimed under the home indicator: the system's home gesture owns that strip.
        let window = scene.windowSize
        let homeIndicator =
            window.height >= Metrics.homeIndicatorMinimumHeight
            ? Rect(0, window.height - Metrics.homeIndicator, window.width, Metrics.homeIndicator) : Rect(0, 0, 0, 0)
        // The views read in place (copying each view's spec out of the array cost more than the tests).
        scene.views.withUnsafeBufferPointer { specs in
            for v in specs.indices where v != 0 {
                let viewKind = specs[v].kind
                let kind: ElementKind
                if viewKind.isControl {
                    guard specs[v].isEnabled else { continue }
                    kind = .control(viewKind)
                } else if viewKind == .cell {
                    kind = .cell
                } else if viewKind.isScrollView {
                    kind = .scrollView(axes: scrollableAxes(of: v, in: scene))
                } else if empties.contains(v) {
                    kind = .empty
                } else if canvases.contains(v) {
                    kind = .canvas
                } else {
                    continue
                }
                guard isReachable(v, in: scene) else { continue }
                var rect = clippedWindowRect(of: v, in: scene)
                for o in occluders where o > v && !scene.isView(o, within: v) {
                    rect = subtract(rect, clippedWindowRect(of: o, in: scene))
                }
                rect = subtract(rect, homeIndicator)
                // Nobody aims at a sliver (a cell peeking 3 pt under the navigation bar or above the home indicator).
                guard rect.size.width >= minimumVisibleExtent, rect.size.height >= minimumVisibleExtent else { continue }
                result.append(Element(view: v, kind: kind, visibleRect: rect, scrollView: scene.enclosingScrollView(of: v)))
            }
        }
        let system = systemElements(of: scene).compactMap { e -> Element? in
            let rect = subtract(e.visibleRect, homeIndicator)
            guard rect.size.width >= minimumVisibleExtent, rect.size.height >= minimumVisibleExtent else { return nil }
            return Element(view: e.view, kind: e.kind, visibleRect: rect, scrollView: e.scrollView)
        }
        if !system.isEmpty {
            // In document order with the views' (a navigation controller's view comes before what it shows).
            result += system
            result.sort { $0.view < $1.view }
        }
        return result
    }

    /// The system's parts as targets, after the views: each navigation controller whose stack can pop (its
    /// leading 8 pt strip below its bar and above the home indicator, where a back swipe starts), each sheet and
    /// each panel (the part of it in the window).
    static func systemElements(of scene: Scene) -> [Element] {
        var result: [Element] = []
        for navigation in scene.navigations where navigation.depth > 1 && isReachable(navigation.view, in: scene) {
            let frame = clippedWindowRect(of: navigation.view, in: scene)
            let barBottom = navigation.bar.map { clippedWindowRect(of: $0, in: scene).maxY } ?? frame.minY
            let top = max(frame.minY, barBottom) + 16, bottom = frame.maxY - Metrics.homeIndicator
            guard bottom > top else { continue }
            let x = navigation.layoutDirection == .rightToLeft ? frame.maxX - 8 : frame.minX
            result.append(Element(view: navigation.view, kind: .navigation, visibleRect: Rect(x, top, 8, bottom - top), scrollView: nil))
        }
        for sheet in scene.sheets where isReachable(sheet.view, in: scene) {
            let rect = clippedWindowRect(of: sheet.view, in: scene)
            if !isEmpty(rect) { result.append(Element(view: sheet.view, kind: .sheet, visibleRect: rect, scrollView: nil)) }
        }
        for panel in scene.panels where isReachable(panel.view, in: scene) {
            let rect = clippedWindowRect(of: panel.view, in: scene)
            if !isEmpty(rect) { result.append(Element(view: panel.view, kind: .panel, visibleRect: rect, scrollView: nil)) }
        }
        return result
    }
}
