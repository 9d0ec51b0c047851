/// The version-dependent defaults of the navigation back swipe (issue 32 §1: one `iosVersion` sets them, each
/// switch of a `NavigationSpec` can still be set on its own).
extension Parameters {
    /// `interactiveContentPopGestureRecognizer` exists from iOS 26 (N1) [DOC iOS 26; INF for apps built with the
    /// iOS 26 SDK].
    @inlinable public var contentPopByVersion: Bool { iosVersion >= OSVersion(26) }

    /// The leading-edge yield of N7.2 is on from iOS 18 [RE18+26; iOS 15–17 unknown, INF off].
    @inlinable public var leadingEdgeYieldByVersion: Bool { iosVersion >= OSVersion(18) }

    /// The pop's finish threshold for a navigation view `width` pt wide: `min(popFinishDistance / W,
    /// popFinishMaximumProgress)` (N9; 0.48 at 390 pt).
    @inlinable public func popFinishThreshold(width: Double) -> Double {
        width > 0 ? min(popFinishDistance / width, popFinishMaximumProgress) : popFinishMaximumProgress
    }
}
