import TouchEngine

extension ScenarioWriter.Writer {
    /// A view's `sheet:` block (docs/scenario-format.md, "Sheets"): only what differs from the defaults.
    mutating func sheet(_ spec: SheetSpec, indent pad: Int) {
        line("sheet:", pad)
        let names = spec.detents.map(\.identifier)
        if spec.detents != [.large] {
            let items = spec.detents.map { detent -> String in
                switch detent {
                case .large: return "large"
                case .medium: return "medium"
                case let .custom(id, height): return "{id: \(ScenarioWriter.id(id)), height: \(ScenarioWriter.number(height))}"
                }
            }
            line("detents: [" + items.joined(separator: ", ") + "]", pad + 2)
        }
        line("selected: " + ScenarioWriter.id(names[spec.selectedDetent]), pad + 2)
        if spec.isModalInPresentation { line("modal: true", pad + 2) }
        if let d = spec.delegate {
            var parts: [String] = []
            if let answer = d.shouldDismiss { parts.append("shouldDismiss: \(answer)") }
            parts.append("logs: \(d.logsCallbacks)")
            line("delegate: {" + parts.joined(separator: ", ") + "}", pad + 2)
        }
        if !spec.prefersScrollingExpandsWhenScrolledToEdge { line("expandsOnScroll: false", pad + 2) }
        if let k = spec.largestUndimmedDetent { line("undimmedUpTo: " + ScenarioWriter.id(names[k]), pad + 2) }
    }

    /// A view's `panel:` block (docs/scenario-format.md, "Panels").
    mutating func panel(_ spec: PanelSpec, indent pad: Int) {
        line("panel:", pad)
        line("policy: " + spec.policy.rawValue, pad + 2)
        let states = spec.states.map { ScenarioWriter.id($0.name) + ": " + ScenarioWriter.number($0.top) }
        line("states: {" + states.joined(separator: ", ") + "}", pad + 2)
        line("state: " + ScenarioWriter.id(spec.states[spec.initialState].name), pad + 2)
        if let list = spec.trackedScrollView { line("tracks: " + ScenarioWriter.id(scene.views[list].name), pad + 2) }
        if spec.grabberHeight != 36 { line("grabber: " + ScenarioWriter.number(spec.grabberHeight), pad + 2) }
        if spec.removal != (spec.policy == .panModal) { line("removal: \(spec.removal)", pad + 2) }
        if !spec.pinsList { line("pinsList: false", pad + 2) }
    }
}
