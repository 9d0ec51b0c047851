import TouchEngine

extension ViewTreeEmitter {
    /// A `sheet:` view as a comment: how the app would present it (spec M1–M7). The export builds one view
    /// controller's tree and does not present sheets yet, so a device check presents it by hand.
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
        w.comment(parts.joined(separator: "; ") + ". The export does not present sheets yet.")
    }
}
