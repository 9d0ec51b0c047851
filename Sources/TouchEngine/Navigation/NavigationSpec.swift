/// A `UINavigationController` in a scene (issue 32, touch-model-system N1–N11): its view `NC` (an ancestor of the
/// top view controller's root view and of its bar), the stack, and the switches that shape its two back swipes.
///
/// The navigation controller is declared on a view of the tree; `Scene.installNavigation(_:)` installs its
/// recognizers `<NC>.edge` (`interactivePopGestureRecognizer`, N2.5 + N3–N5) and `<NC>.content`
/// (`interactiveContentPopGestureRecognizer`, N6) on that view. Both carry this value in their kind
/// (`RecognizerKind.navigationPop`), so a prepared scene's recognizer tables cover it.
public struct NavigationSpec: Hashable, Sendable {
    /// The navigation controller's view (`NC`).
    public var view: ViewID
    /// `viewControllers.count`: 1 is the root (the default delegate refuses to pop, N4). Default 2.
    public var depth: Int = 2
    /// The visible navigation bar: an ordinary view of the tree inside `view` (nil: no visible bar). The edge swipe
    /// ignores touches that start inside it (N3); the content swipe does not.
    public var bar: ViewID? = nil
    /// `semanticContentAttribute` of the navigation controller's view: right-to-left mirrors every direction (N10).
    public var layoutDirection: LayoutDirection = .leftToRight
    /// `interactivePopGestureRecognizer.delegate` replaced by the app's own object: removes the guards of N3–N4
    /// (root refusal, direction, bar exclusion) [WIDE WordPress-iOS PR #6064]. Default false.
    public var delegateReplaced: Bool = false
    /// Whether `interactiveContentPopGestureRecognizer` exists (N1, N6); nil: `Parameters.iosVersion` ≥ 26 [INF].
    public var contentPop: Bool? = nil
    /// The leading-edge yield of N7.2 (scroll views' pans at their leading limit wait for the back swipes); nil:
    /// `Parameters.iosVersion` ≥ 18 [INF: verified in 18.2 and 26.1, unknown for 15–17].
    public var leadingEdgeYield: Bool? = nil

    public init(view: ViewID) { self.view = view }

    /// Whether the content pop exists under `parameters` (the switch, else the version).
    @inlinable public func hasContentPop(_ parameters: Parameters) -> Bool {
        contentPop ?? parameters.contentPopByVersion
    }

    /// Whether the leading-edge yield applies under `parameters` (the switch, else the version).
    @inlinable public func yieldsAtLeadingEdge(_ parameters: Parameters) -> Bool {
        leadingEdgeYield ?? parameters.leadingEdgeYieldByVersion
    }

    /// The leading screen edge: left, or right in right-to-left layouts (N1, N10).
    @inlinable public var leadingEdge: ScreenEdges { layoutDirection == .rightToLeft ? .right : .left }
}

/// `UIUserInterfaceLayoutDirection` of a navigation controller's view.
public enum LayoutDirection: String, Hashable, Sendable, CaseIterable {
    case leftToRight
    case rightToLeft
}

/// Which of a navigation controller's two back swipes a recognizer is.
public enum NavigationPopRole: String, Hashable, Sendable {
    /// `interactivePopGestureRecognizer` (`UINavigationController.edgeSwipe`), N2.5 + N3–N5.
    case edge
    /// `interactiveContentPopGestureRecognizer` (`UINavigationController.contentSwipe`, iOS 26), N6.
    case content
}

extension Scene {
    /// Installs the back swipes of the navigation controller `spec` on its view: `<NC>.edge` (edges = the leading
    /// edge, `delaysTouchesBegan` true, N2.2) and `<NC>.content` (requires the edge one to fail, no touch delay,
    /// cancels touches, N1/N6). The content one is installed whatever the version; a run treats it as absent when
    /// `spec.hasContentPop(parameters)` is false (so a sweep may vary `iosVersion`). The edge swipe's bar exclusion
    /// (N3) is its delegate's `shouldReceive`, unless the delegate is replaced. Call after the views (and before
    /// recognizers that refer to the two by name). Returns their ids.
    @discardableResult
    public mutating func installNavigation(_ spec: NavigationSpec) -> (edge: RecognizerID, content: RecognizerID) {
        let name = views[spec.view].name
        var edge = RecognizerSpec(name: name + ".edge", kind: .navigationPop(spec, role: .edge), view: spec.view)
        edge.delaysTouchesBegan = true
        if let bar = spec.bar, !spec.delegateReplaced { edge.policies.shouldReceive = .notInViews([bar]) }
        let edgeID = addRecognizer(edge)
        var content = RecognizerSpec(name: name + ".content", kind: .navigationPop(spec, role: .content), view: spec.view)
        content.policies.requireToFail = [edgeID]
        let contentID = addRecognizer(content)
        linkSheetsToBackSwipes()
        return (edgeID, contentID)
    }

    /// The navigation controllers of the scene, in the order they were installed (read from their edge swipes).
    public var navigations: [NavigationSpec] {
        recognizers.compactMap {
            if case .navigationPop(let spec, .edge) = $0.kind { return spec }
            return nil
        }
    }

    /// The edge and content swipes of the navigation controller on view `view`.
    public func navigationRecognizers(of view: ViewID) -> (edge: RecognizerID, content: RecognizerID)? {
        var edge: RecognizerID?, content: RecognizerID?
        for (i, r) in recognizers.enumerated() {
            guard case .navigationPop(let spec, let role) = r.kind, spec.view == view else { continue }
            if role == .edge { edge = i } else { content = i }
        }
        guard let edge, let content else { return nil }
        return (edge, content)
    }

    /// Changes navigation controller `view`'s declaration in both of its recognizers (a sweep axis, a test).
    public mutating func modifyNavigation(of view: ViewID, _ body: (inout NavigationSpec) -> Void) {
        guard let ids = navigationRecognizers(of: view), case .navigationPop(var spec, _) = recognizers[ids.edge].kind else { return }
        body(&spec)
        spec.view = view
        recognizers[ids.edge].kind = .navigationPop(spec, role: .edge)
        recognizers[ids.content].kind = .navigationPop(spec, role: .content)
        let exclusion: ShouldReceivePolicy = spec.bar.map { spec.delegateReplaced ? .always : .notInViews([$0]) } ?? .always
        recognizers[ids.edge].policies.shouldReceive = exclusion
    }
}
