import TouchEngine

extension Scene {
    /// The nearest ancestor of `view` that is a scroll view, if any (the view itself does not count).
    func enclosingScrollView(of view: ViewID) -> ViewID? {
        // Read in place: `views[p].scroll != nil` copied each ancestor's scroll configuration.
        views.withUnsafeBufferPointer { specs in
            var v = specs[view].parent
            while let p = v {
                if specs[p].isScrollView { return p }
                v = specs[p].parent
            }
            return nil
        }
    }

    /// `isView(view, inside: ancestor)`, walking up only while the ids stay at or above `ancestor`'s: a superview
    /// always has a smaller id than its subviews (`addView` appends a view after its superview).
    func isView(_ view: ViewID, within ancestor: ViewID) -> Bool {
        var v: ViewID? = view
        while let current = v, current >= ancestor {
            if current == ancestor { return true }
            v = views[current].parent
        }
        return false
    }
}
