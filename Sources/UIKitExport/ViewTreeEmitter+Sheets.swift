import TouchEngine

extension ViewTreeEmitter {
    /// A `sheet:` view as a comment: how the app presents it (spec M1–M7), which `SheetEmitter` writes as code
    /// (`presentSheets()` in `viewDidAppear`).
    func emitSheetComment(_ sheet: SheetSpec, into w: inout SwiftWriter) {
        let detents = sheet.detents.map { detent -> String in
            switch detent {
            case .large: return ".large()"
            case .medium: return ".medium()"
            case let .custom(id, height):
                return ".custom(identifier: .init(\(SwiftLiteral.string(id)))) { _ in \(SwiftLiteral.number(height)) }"
            }
        }
        var parts = [
            "sheet: present this view's controller with modalPresentationStyle = .pageSheet",
            "sheetPresentationController.detents = [\(detents.joined(separator: ", "))]",
            "selectedDetentIdentifier = \(sheet.detents[sheet.selectedDetent].identifier)"
        ]
        if sheet.isModalInPresentation { parts.append("isModalInPresentation = true") }
        if !sheet.prefersScrollingExpandsWhenScrolledToEdge { parts.append("prefersScrollingExpandsWhenScrolledToEdge = false") }
        if let k = sheet.largestUndimmedDetent { parts.append("largestUndimmedDetentIdentifier = \(sheet.detents[k].identifier)") }
        if let d = sheet.delegate {
            parts.append(
                "a presentation delegate" + (d.shouldDismiss.map { " whose presentationControllerShouldDismiss returns \($0)" } ?? "")
                    + (d.logsCallbacks ? " that logs its callbacks" : ""))
        }
        w.comment(parts.joined(separator: "; ") + "; viewDidAppear presents it so (presentSheets()).")
    }

    /// A `panel:` view as a comment: the library and settings it stands for (spec K1, K2).
    func emitPanelComment(_ panel: PanelSpec, into w: inout SwiftWriter) {
        let library = panel.policy == .floatingPanel ? "FloatingPanel (scenee/FloatingPanel)" : "PanModal (slackhq/PanModal)"
        let states = panel.states.map { "\($0.name) at y \(SwiftLiteral.number($0.top))" }.joined(separator: ", ")
        var text =
            "panel: this view is the surface of a \(library) panel, states \(states), starting at "
            + panel.states[panel.initialState].name
        if let list = panel.trackedScrollView { text += "; it tracks \(names.views[list])" }
        text += panel.removal ? "; it may be dragged away" : ""
        text += panel.pinsList ? "" : "; it does not hold its list still while it moves (a handoff without pinning, B21)"
        w.comment(text + ". The export does not add the library.")
    }
}
