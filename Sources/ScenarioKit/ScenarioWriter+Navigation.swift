import TouchEngine

extension ScenarioWriter {
    /// `[top, left, bottom, right]`, the edges of `edges` in that order.
    static func edges(_ edges: ScreenEdges) -> String {
        var names: [String] = []
        if edges.contains(.top) { names.append("top") }
        if edges.contains(.left) { names.append("left") }
        if edges.contains(.bottom) { names.append("bottom") }
        if edges.contains(.right) { names.append("right") }
        return "[" + names.joined(separator: ", ") + "]"
    }
}

extension ScenarioWriter.Writer {
    /// The `navigation:` block of view `v` when a navigation controller is declared on it (what differs from the
    /// defaults, in the loader's key order), else nil.
    func navigation(of v: ViewID) -> String? {
        guard navigationViews.contains(v), let ids = scene.navigationRecognizers(of: v), case .navigationPop(let spec, _) = scene.recognizers[ids.edge].kind
        else { return nil }
        var parts: [String] = []
        if spec.depth != 2 { parts.append("depth: \(spec.depth)") }
        if let bar = spec.bar { parts.append("bar: " + viewName(bar)) }
        if spec.layoutDirection != .leftToRight { parts.append("layoutDirection: " + spec.layoutDirection.rawValue) }
        if spec.delegateReplaced { parts.append("delegateReplaced: true") }
        if !scene.recognizers[ids.edge].delaysTouchesBegan { parts.append("edgeDelaysTouchesBegan: false") }
        if !scene.recognizers[ids.edge].isEnabled { parts.append("edgeEnabled: false") }
        if let v = spec.contentPop { parts.append("contentPop: \(v)") }
        if !scene.recognizers[ids.content].isEnabled { parts.append("contentPopEnabled: false") }
        if let v = spec.leadingEdgeYield { parts.append("leadingEdgeYield: \(v)") }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
