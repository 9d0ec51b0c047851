import TouchEngine

/// What a gesture means where it lands: the handler the user wants (docs/defects.md, "What each gesture
/// means"). The gesture generator asks it on the base tree, before a configuration applies its axes, so an
/// intent never depends on the configuration it is judged under.
public enum GestureIntents {
    /// The intent of tap family `family` aimed at `element`:
    /// - a long press where the target or an ancestor (its cell) has a long-press handler: trigger that handler
    ///   (a context menu; UIButton does not veto long presses, touch-model §5.4, so the cell's handler takes a
    ///   long press that starts on a button inside it);
    /// - a double tap where the target or an ancestor has a double-tap handler: trigger that handler (double tap
    ///   to like; UIButton vetoes only single taps, §5.4);
    /// - otherwise activate the control or select the cell: UIControl tracking has no time limit (§5.1), so a
    ///   held press still sends TouchUpInside on lift, and a table selects a cell on touch-up however long it
    ///   was held; a double tap activates with its first tap.
    public static func tapIntent(_ family: GestureFamily, element: Element, scene: Scene) -> Intent {
        let wanted: HandlerKind?
        switch family {
        case .longPress: wanted = .longPress
        case .doubleTap: wanted = .doubleTap
        default: wanted = nil
        }
        if let wanted, let (view, recognizer) = handler(wanted, for: element.view, in: scene) {
            return .trigger(view, handler: recognizer)
        }
        return element.kind == .cell ? .select(element.view) : .activate(element.view)
    }

    /// The handlers a tap family can mean.
    public enum HandlerKind: Sendable {
        /// A one-finger `UILongPressGestureRecognizer`.
        case longPress
        /// A one-finger `UITapGestureRecognizer` with `numberOfTapsRequired == 2`.
        case doubleTap

        func matches(_ kind: RecognizerKind) -> Bool {
            switch (self, kind) {
            case (.longPress, .longPress(touches: 1)), (.doubleTap, .tap(taps: 2, touches: 1)): return true
            default: return false
            }
        }
    }

    /// The enabled handler of `kind` that covers `view`: on `view` itself or its nearest ancestor that has one.
    /// UIKit gives a long press or a double tap to such a recognizer whatever the finger is on (controls veto only
    /// single taps, §5.4; recognizers of every ancestor see the touch, P3), so an app that installs one there has
    /// decided what that gesture does on that area. With several on one view, the one added last (the one
    /// UIKit's tie rule favours, G7).
    public static func handler(_ kind: HandlerKind, for view: ViewID, in scene: Scene) -> (view: ViewID, recognizer: RecognizerID)? {
        var v: ViewID? = view
        while let current = v {
            if let r = scene.recognizers.indices.last(where: {
                scene.recognizers[$0].view == current && scene.recognizers[$0].isEnabled && kind.matches(scene.recognizers[$0].kind)
            }) {
                return (current, r)
            }
            v = scene.views[current].parent
        }
        return nil
    }

    /// The axes along which a drag starting at window point `p` belongs to a swipe handler rather than to a
    /// scroll view: a pan recognizer on a view under the finger, strictly inside `scrollView`, whose delegate
    /// lets it begin only for movement along one axis (`shouldBegin: horizontal` or `vertical`, G11) —
    /// swipe-to-delete as UITableView's own swipe actions and apps' `gestureRecognizerShouldBegin(_:)` do it. A
    /// drag along that axis there means "swipe that row" (a Mail user knows a sideways drag on a message
    /// reveals its actions), so it is not generated as a scroll. A pan that begins in any direction claims
    /// nothing: it swallows scrolls (touch-model §13 B3, B7) and the sweep should count them.
    static func swipeAxes(at p: Point, inside scrollView: ViewID, in scene: Scene) -> [Axis] {
        var axes: [Axis] = []
        forEachSwipeHandler(inside: scrollView, in: scene) { view, axis in
            if !axes.contains(axis), TreeGenerator.clippedWindowRect(of: view, in: scene).contains(p) { axes.append(axis) }
        }
        return axes
    }

    /// The window rects of the views inside `scrollView` whose swipe handlers claim every axis in `axes`
    /// (where a finger aiming to scroll `scrollView` along those axes does not land).
    static func swipeRects(inside scrollView: ViewID, claiming axes: [Axis], in scene: Scene) -> [Rect] {
        guard !axes.isEmpty else { return [] }
        var rects: [Rect] = []
        forEachSwipeHandler(inside: scrollView, in: scene) { view, claimed in
            guard axes.allSatisfy({ $0 == claimed }) else { return }
            let rect = TreeGenerator.clippedWindowRect(of: view, in: scene)
            if !TreeGenerator.isEmpty(rect) { rects.append(rect) }
        }
        return rects
    }

    /// Calls `body` with the view and the axis of every swipe handler inside `scrollView`, in recognizer order: an
    /// enabled pan whose delegate lets it begin only along one axis (`shouldBegin: horizontal` or `vertical`), on a
    /// reachable view strictly inside `scrollView`. The recognizers are read in place (copying each spec out of the
    /// array cost more than the tests), the delegate's rule first: it rules out nearly every recognizer at once.
    static func forEachSwipeHandler(inside scrollView: ViewID, in scene: Scene, _ body: (ViewID, Axis) -> Void) {
        scene.recognizers.withUnsafeBufferPointer { specs in
            for r in specs.indices {
                let axis: Axis
                switch specs[r].policies.shouldBegin {
                case .horizontal: axis = .horizontal
                case .vertical: axis = .vertical
                case .always, .never: continue
                }
                let view = specs[r].view
                guard case .pan = specs[r].kind, specs[r].isEnabled, view != scrollView, scene.isView(view, within: scrollView),
                    TreeGenerator.isReachable(view, in: scene)
                else { continue }
                body(view, axis)
            }
        }
    }
}
