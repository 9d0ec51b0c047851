import TouchEngine

extension Scene {
    /// The nearest ancestor of `view` that is a scroll view, if any (the view itself does not count).
    func enclosingScrollView(of view: ViewID) -> ViewID? {
        // Read in place: `views[p].scroll != nil` copied each ancestor's scroll configuration.
        views.withUnsafeBufferPointer { specs in
            var v = specs[view].parent
            while let p = v {
                if case .some = specs[p].scroll { return p }
                v = specs[p].parent
            }
            return nil
        }
    }
}
