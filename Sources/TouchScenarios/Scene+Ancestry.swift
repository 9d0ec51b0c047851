import TouchEngine

extension Scene {
    /// The nearest ancestor of `view` that is a scroll view, if any (the view itself does not count).
    func enclosingScrollView(of view: ViewID) -> ViewID? {
        var v = views[view].parent
        while let p = v {
            if views[p].scroll != nil { return p }
            v = views[p].parent
        }
        return nil
    }
}
