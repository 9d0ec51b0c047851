extension Scene {
    /// N7.6: a sheet's dismiss pan waits for the back swipes of every navigation controller inside the sheet to fail,
    /// so a back swipe in a navigation controller presented as a sheet pops rather than dragging the sheet [RE18+26
    /// `_needsDynamicDependentRequirementForGestureRecognizer:` for the sheet's interactive dismissal]. A static
    /// requirement (G10) does it: one on a back swipe that holds no touch is satisfied, so the sheet's drags outside
    /// the navigation controller, or that are no back swipe (the edge swipe fails at touch-down away from the edge,
    /// the content swipe on vertical travel), do not wait. Called by ``addSheet(_:)`` and
    /// ``installNavigation(_:)`` whichever comes last; adding a requirement twice is a no-op.
    mutating func linkSheetsToBackSwipes() {
        for sheet in sheets where sheet.dismissPan >= 0 {
            for navigation in navigations where isView(navigation.view, inside: sheet.view) {
                guard let swipes = navigationRecognizers(of: navigation.view) else { continue }
                for swipe in [swipes.edge, swipes.content] where !recognizers[sheet.dismissPan].policies.requireToFail.contains(swipe) {
                    recognizers[sheet.dismissPan].policies.requireToFail.append(swipe)
                }
            }
        }
    }
}
